"""Rosters, catalogues and samples (4e pp.50-51, pp.77-80; docs/catalogue-format.md)."""

import pytest

from armybuilder.rosterdata import load_faction, sample_roster_data
from rules.engine.systems import get_system
from rules.engine.systems.base import EngineError
from rules.engine.systems.grimdark.resolve import resolve_battle
from rules.engine.systems.grimdark.rosters import make_unit

from .conftest import BOLTER, unit_data

SYSTEM = get_system("grimdark")
SAMPLES = {"iron-wardens-strike-force": "iron-wardens", "chitin-host-swarm": "chitin-host"}


def test_system_is_registered_with_missions():
    assert SYSTEM.slug == "grimdark"
    assert SYSTEM.default_mission in SYSTEM.missions
    assert {
        "cleanse",
        "secure-and-control",
        "seek-and-destroy",
        "recon",
        "take-and-hold",
        "annihilation",
    } == set(SYSTEM.missions)
    assert all(m.max_turns == 6 for m in SYSTEM.missions.values())


@pytest.mark.parametrize("faction", sorted(set(SAMPLES.values())))
def test_catalogues_have_eight_unit_types_with_options(faction):
    catalogue = load_faction("grimdark", faction)
    assert len(catalogue["units"]) >= 8
    assert sum(1 for u in catalogue["units"] if u.get("options")) >= 8
    assert any(o.get("max_per") for u in catalogue["units"] for o in u.get("options", []))
    assert any(
        "sergeant" in o.get("effects", {}).get("add_rules", [])
        for u in catalogue["units"]
        for o in u.get("options", [])
    )


@pytest.mark.parametrize(("sample", "faction"), sorted(SAMPLES.items()))
def test_samples_are_legal_fifteen_hundred_point_armies(sample, faction):
    roster = sample_roster_data("grimdark", sample)
    assert roster["faction"] == faction
    assert 1400 <= roster["points"] <= 1500
    categories = [u["category"] for u in roster["units"]]
    assert 1 <= categories.count("HQ") <= 2
    assert 2 <= categories.count("Troops") <= 6
    for category in ("Elites", "Fast Attack", "Heavy Support"):
        assert categories.count(category) <= 3
    types = {u["unit_type"] for u in roster["units"]}
    assert "infantry" in types
    assert types & {"vehicle", "monstrous_creature"}
    assert any(w.get("type") == "heavy" for u in roster["units"] for w in u["weapons"])
    assert any("independent_character" in u["rules"] for u in roster["units"])
    SYSTEM.build_army(roster)


@pytest.mark.parametrize(
    ("roster", "code"),
    [
        ("nope", "roster.invalid"),
        ({"units": []}, "roster.no_units"),
        ({"system": "skirmish", "units": [unit_data("x")]}, "roster.system_mismatch"),
        ({"units": [unit_data("x", unit_type="zeppelin")]}, "unit.type_unknown"),
        ({"units": [unit_data("x", size=0)]}, "unit.size_invalid"),
        ({"units": [unit_data("x", profile={"WS": 4})]}, "unit.profile_missing"),
        ({"units": [unit_data("x", rules=["flying_circus"])]}, "unit.rule_unknown"),
        ({"units": [unit_data("x"), unit_data("x")]}, "roster.duplicate_id"),
        (
            {"units": [unit_data("x", weapons=[{"name": "Gun", "type": "laser"}])]},
            "weapon.type_unknown",
        ),
    ],
)
def test_build_army_rejects_unplayable_rosters(roster, code):
    with pytest.raises(EngineError) as err:
        SYSTEM.build_army(roster)
    assert err.value.code == code


def test_resolve_battle_needs_built_armies():
    with pytest.raises(EngineError) as err:
        resolve_battle({"units": []}, {"units": []}, "annihilation", 1)
    assert err.value.code == "army.invalid"


def test_special_weapons_go_to_separate_models_and_sergeant_leads():
    heavy = {
        "name": "Heavy bolter",
        "range": 36,
        "S": 5,
        "AP": 4,
        "type": "heavy",
        "shots": 3,
        "count": 1,
    }
    fist = {"name": "Fist", "type": "close_combat", "special": ["power_fist"], "count": 1}
    unit = make_unit(
        unit_data("sq", size=10, weapons=[dict(BOLTER, count=9), heavy, fist], rules=["sergeant"]),
        "a",
    )
    assert unit.models[0].name == "Sergeant"
    assert unit.models[0].a == 2
    assert unit.models[0].melee is not None
    assert unit.models[0].melee.name == "Fist"
    carriers = [
        k for k, m in enumerate(unit.models) if any(w.name == "Heavy bolter" for w in m.ranged)
    ]
    assert len(carriers) == 1
    assert all(len(m.ranged) == 1 for m in unit.models)
    assert unit.leadership == 9


def test_independent_character_joins_a_unit_and_uses_best_leadership():  # 4e pp.50-51
    report = SYSTEM.resolve_battle(
        SYSTEM.build_army(sample_roster_data("grimdark", "iron-wardens-strike-force")),
        SYSTEM.build_army(sample_roster_data("grimdark", "chitin-host-swarm")),
        "annihilation",
        4,
    )
    captain = next(u for u in report.units if u.name == "Captain Ostrel Varn")
    assert captain.extra["joined"]
    host = next(u for u in report.units if u.id == captain.extra["joined"] and u.side == "a")
    assert host.extra["unit_type"] == "infantry"


@pytest.mark.parametrize("sample", sorted(SAMPLES))
def test_samples_pass_the_army_builder_validator(sample):
    from armybuilder.rosterdata import CATALOGUE_DIR, load_sample_roster, load_yaml
    from armybuilder.validation import validate_roster

    payload = load_sample_roster("grimdark", sample)
    system = load_yaml(CATALOGUE_DIR / "grimdark" / "_system.yaml")
    factions = {payload["faction"]: load_faction("grimdark", payload["faction"])}
    result = validate_roster(payload, system=system, factions=factions)
    assert result.is_valid, result.codes()
    assert result.points <= 1500
