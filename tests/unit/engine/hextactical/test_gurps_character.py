"""Character points (NOT IN SEED: GURPS 4e Basic Set) and the catalogue templates' costs."""

from pathlib import Path

import pytest
import yaml

from rules.engine.systems.base import EngineError
from rules.engine.systems.hextactical import character

CATALOGUES = Path(__file__).resolve().parents[4] / "armybuilder" / "catalogues" / "hextactical"


def test_attribute_costs_per_level():
    assert character.attribute_cost({"ST": 11, "DX": 12, "IQ": 9, "HT": 10}) == 10 + 40 - 20
    assert character.attribute_cost({"HP": 2, "Will": 1, "Per": -1, "FP": 1}) == 4 + 5 - 5 + 3
    assert character.attribute_cost({"BasicSpeed": 0.5, "BasicMove": -1}) == 10 - 5
    with pytest.raises(EngineError) as error:
        character.attribute_cost({"BasicSpeed": 0.3})
    assert error.value.code == "profile.BasicSpeed"


@pytest.mark.parametrize(
    ("difficulty", "costs"),
    [
        ("E", {0: 1, 1: 2, 2: 4, 3: 8, 4: 12}),
        ("A", {-1: 1, 0: 2, 1: 4, 2: 8, 3: 12}),
        ("H", {-2: 1, -1: 2, 0: 4, 1: 8}),
        ("VH", {-3: 1, -2: 2, -1: 4, 0: 8, 1: 12}),
    ],
)
def test_skill_cost_progression(difficulty, costs):
    for relative, points in costs.items():
        assert character.skill_cost(difficulty, relative) == points
        assert character.skill_level(12, difficulty, points) == 12 + relative


def test_skill_points_between_levels_buy_the_lower_level():
    assert character.skill_level(10, "A", 3) == 10
    assert character.skill_level(10, "A", 11) == 12


def test_derived_stats_and_defences():
    stats = character.derived_stats({"ST": 12, "DX": 13, "IQ": 11, "HT": 12, "HP": 2, "Per": 1})
    assert stats["HP"] == 14
    assert stats["Will"] == 11
    assert stats["Per"] == 12
    assert stats["FP"] == 12
    assert stats["BasicSpeed"] == 6.25
    assert stats["BasicMove"] == 6
    assert stats["Dodge"] == 9
    assert character.parry(14) == 10
    assert character.parry(13, -1) == 8
    assert character.block(13) == 9


def test_template_points_adds_attributes_skills_and_traits():
    unit = {
        "profile": {"ST": 11, "DX": 12},
        "extra": {
            "skills": [{"name": "Spear", "attribute": "DX", "difficulty": "A", "points": 8}],
            "traits": [{"name": "Combat Reflexes", "points": 15}, {"name": "Greed", "points": -15}],
        },
    }
    assert character.template_points(unit) == 10 + 40 + 8


def test_every_catalogue_unit_costs_its_template_points():
    files = sorted(CATALOGUES.glob("*.yaml"))
    assert len([f for f in files if not f.name.startswith("_")]) >= 2
    for path in files:
        if path.name.startswith("_"):
            continue
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        assert len(data["units"]) >= 8
        for unit in data["units"]:
            assert unit["cost"] == character.template_points(unit), (path.name, unit["slug"])
            assert unit["size"] == {"min": 1, "max": 1}
