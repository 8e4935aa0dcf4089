"""Point-buy cost tables against the GURPS 4e Basic Set (page cited per test)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from rules.engine.systems.base import EngineError
from rules.engine.systems.hextactical.pointbuy import costs
from rules.engine.systems.hextactical.pointbuy.traits import TRAITS, find_trait


@pytest.mark.parametrize(
    ("name", "score", "points"),
    [
        ("ST", 11, 10),  # p.B14: ±10 per level
        ("ST", 8, -20),
        ("HT", 13, 30),  # p.B15: ±10 per level
        ("DX", 12, 40),  # p.B15: ±20 per level
        ("DX", 9, -20),
        ("IQ", 14, 80),  # p.B15: ±20 per level
        ("IQ", 10, 0),
    ],
)
def test_attribute_costs(name, score, points):  # B14–15
    assert costs.attribute_points(name, score) == points


@pytest.mark.parametrize(
    ("name", "adjustment", "points"),
    [
        ("HP", 2, 4),  # p.B16: ±2 per HP
        ("Will", 1, 5),  # p.B16: ±5 per level
        ("Per", -2, -10),  # p.B16: ±5 per level
        ("FP", 3, 9),  # p.B16: ±3 per FP
        ("BasicSpeed", 0.25, 5),  # p.B17: ±5 per 0.25
        ("BasicSpeed", -0.5, -10),
        ("BasicMove", 2, 10),  # p.B17: ±5 per yard
    ],
)
def test_secondary_costs(name, adjustment, points):  # B16–17
    assert costs.secondary_points(name, adjustment) == points


def test_basic_speed_needs_quarter_steps():  # B17
    with pytest.raises(EngineError) as error:
        costs.secondary_points("BasicSpeed", 0.1)
    assert error.value.code == "secondary.BasicSpeed"


# p.B170 skill cost table: points by relative level −3 … +8, per difficulty.
TABLE = {
    "E": {0: 1, 1: 2, 2: 4, 3: 8, 4: 12, 5: 16, 6: 20, 7: 24, 8: 28},
    "A": {-1: 1, 0: 2, 1: 4, 2: 8, 3: 12, 4: 16, 5: 20, 6: 24, 7: 28, 8: 32},
    "H": {-2: 1, -1: 2, 0: 4, 1: 8, 2: 12, 3: 16, 4: 20, 5: 24, 6: 28, 7: 32, 8: 36},
    "VH": {-3: 1, -2: 2, -1: 4, 0: 8, 1: 12, 2: 16, 3: 20, 4: 24, 5: 28, 6: 32, 7: 36, 8: 40},
}


@pytest.mark.parametrize("difficulty", list(TABLE))
def test_skill_cost_table(difficulty):  # B170
    for level in range(-3, 9):
        if level in TABLE[difficulty]:
            assert costs.skill_points(difficulty, level) == TABLE[difficulty][level], level
        else:
            with pytest.raises(EngineError):
                costs.skill_points(difficulty, level)


@pytest.mark.parametrize(("difficulty", "start"), [("E", 0), ("A", -1), ("H", -2), ("VH", -3)])
def test_one_point_buys_the_difficulty_start(difficulty, start):  # B170
    assert costs.skill_points(difficulty, start) == 1
    with pytest.raises(EngineError):
        costs.skill_points(difficulty, start - 1)


@pytest.mark.parametrize(
    ("difficulty", "levels", "points"), [("A", 0, 0), ("A", 3, 3), ("H", 1, 2), ("H", 4, 5)]
)
def test_technique_costs(difficulty, levels, points):  # B230
    assert costs.technique_points(difficulty, levels) == points


TRAIT_COSTS = yaml.safe_load(
    (
        Path(__file__).resolve().parents[3] / "fixtures" / "hextactical" / "trait_costs.yaml"
    ).read_text(encoding="utf-8")
)


@pytest.mark.parametrize(("name", "level", "variant", "points", "page"), TRAIT_COSTS)
def test_trait_costs(name, level, variant, points, page):
    assert page.startswith("B"), name  # every row cites its Basic Set page
    assert find_trait(name).cost(level, variant) == points


@pytest.mark.parametrize(("roll", "points"), [(6, -20), (9, -15), (12, -10), (15, -5)])
def test_self_control_multiplies_a_disadvantage(roll, points):  # B120
    assert find_trait("Bad Temper").cost(1, "", roll) == points


def test_every_trait_cites_a_page_and_says_whether_it_fights():
    for trait in TRAITS:
        assert trait.page.startswith("B"), trait.name
        assert trait.played in ("", "rule", "mapped"), trait.name
        assert not trait.played or trait.combat, trait.name


def test_code_of_honor_spelling_finds_the_same_trait():
    assert find_trait("Code of Honor") is find_trait("Code of Honour")
