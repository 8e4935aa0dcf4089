"""The one validator over point-built hextactical combatants: points per combatant,
disadvantage cap, quirk cap, party total and one leader (``_system.yaml``; GURPS 4e Basic Set
p.B11 disadvantage limit, p.B162 quirks)."""

from __future__ import annotations

import copy

from armybuilder.validation import validate_roster
from rules.engine.systems.hextactical.pointbuy.unit import sheet_unit
from tests.pointbuy_parties import PARTIES, party_units
from tests.unit.armybuilder.test_system_rules import faction, payload, system


def _validate(units, entries, limit=1500):
    return validate_roster(
        payload("hextactical", "wardens", entries, limit),
        system=system("hextactical"),
        factions={"wardens": faction("hextactical", "wardens", *units)},
    )


def test_a_party_of_three_250_cp_combatants_is_legal():
    units = party_units("wardens")
    result = _validate(units, [(u["slug"], 1) for u in units])
    assert result.is_valid, result.violations
    assert result.points == 750


def test_two_leaders_are_illegal():
    units = party_units("wardens")
    result = _validate(units, [("wardens-1", 1), ("wardens-1", 1)])
    assert result.codes() == ["party.leaders"]
    assert result.violations[0].path == "units[1]"  # the second leader


def test_a_combatant_over_250_cp_and_the_party_total():
    sheet = copy.deepcopy(PARTIES["wardens"][1]["sheet"])
    sheet["attributes"]["DX"] = 16
    units = [sheet_unit(sheet, slug="odo", category="Fighter")]
    result = _validate(units, [("odo", 1)], limit=250)
    assert result.codes() == ["party.points", "combatant.points"]
    assert result.violations[1].path == "units[0]"


def test_quirks_have_their_own_cap_of_five():  # B162
    sheet = copy.deepcopy(PARTIES["wardens"][1]["sheet"])
    sheet["traits"] += [{"name": "Quirk", "note": f"habit {n}"} for n in range(5)]
    units = [sheet_unit(sheet, slug="odo", category="Fighter")]
    result = _validate(units, [("odo", 1)])
    assert result.codes() == ["combatant.quirks"]
    assert "Quirks -6" in result.violations[0].message


def test_quirks_do_not_count_against_the_disadvantage_cap():  # B11, B162
    sheet = copy.deepcopy(PARTIES["wardens"][1]["sheet"])
    sheet["traits"] += [
        {"name": "Bad Sight"},
        {"name": "Lame", "variant": "no legs"},
        {"name": "One Eye"},
        {"name": "Berserk", "self_control": 6},
        {"name": "Bloodlust", "self_control": 15},
        {"name": "Quirk"},
        {"name": "Quirk"},
    ]
    units = [sheet_unit(sheet, slug="odo", category="Fighter")]
    # Bad Temper −10, Bad Sight −25, No Legs −30, One Eye −15, Berserk −20, Bloodlust −5 = −105
    assert _validate(units, [("odo", 1)]).is_valid
    sheet["traits"].append({"name": "Cowardice", "self_control": 6})  # −20 more: −125 … ok
    sheet["traits"].append({"name": "Overconfidence"})  # −5 more: −130, over the cap
    units = [sheet_unit(sheet, slug="odo", category="Fighter")]
    assert _validate(units, [("odo", 1)]).codes() == ["combatant.disadvantages"]
