"""Point-built 250-CP combatants: priced, derived, built and played (GURPS 4e Basic Set)."""

from __future__ import annotations

import pytest

from rules.engine.systems import get_system
from rules.engine.systems.base import EngineError
from rules.engine.systems.hextactical.catalogue import template_problems
from rules.engine.systems.hextactical.character import template_points
from rules.engine.systems.hextactical.combatant import build_combatant
from rules.engine.systems.hextactical.pointbuy.derived import basic_lift, derive, encumbrance
from rules.engine.systems.hextactical.pointbuy.sheet import price, read_sheet
from rules.engine.systems.hextactical.pointbuy.unit import sheet_unit
from tests.pointbuy_parties import PARTIES, party_roster, party_units

SYSTEM = get_system("hextactical")
MAREN = PARTIES["wardens"][0]["sheet"]


@pytest.mark.parametrize("side", ["wardens", "reivers"])
def test_every_fixture_combatant_costs_250_and_prices_as_its_template(side):
    for unit in party_units(side):
        assert unit["cost"] == 250
        assert template_points(unit) == 250  # character.template_points reads the same unit
        assert template_problems(unit, unit["slug"]) == []


def test_price_by_heading():  # B10 character points by heading
    priced = price(read_sheet(MAREN))
    assert priced.as_dict()["attributes"] == 20 + 100 + 20 + 30  # ST12 DX15 IQ11 HT13
    assert priced.secondary == 4 + 5 + 3  # HP+2, Will+1, FP+1
    assert (priced.disadvantages, priced.quirks, priced.techniques) == (-15, -2, 3)
    assert priced.total == 250


def test_derived_values_with_combat_reflexes_enhanced_defences_and_encumbrance():
    derived = derive(read_sheet(MAREN))
    # Basic Speed (13+15)/4 = 7; Dodge 7+3 +1 CR (B43) +1 Enhanced Dodge (B51) −1 Light (B17)
    assert derived["Dodge"] == 11
    # Broadsword DX+4 = 19: Parry 3 + 9 + 1 CR + 1 Enhanced Parry (B51, B376)
    assert derived["Parry"] == {"Broadsword": 14}
    # Shield DX+2 = 17: Block 3 + 8 + 1 CR (B375)
    assert derived["Block"] == {"Medium shield": 12}
    # 38 lb at Basic Lift 29 lb is Light: Move 7 × 0.8 = 5 (B17)
    assert derived["encumbrance"] == {"level": 1, "name": "Light"}
    assert (derived["BasicMove"], derived["Move"]) == (7, 5)
    swing = next(a for a in derived["attacks"] if a["mode"] == "swing")
    assert (swing["as_written"], swing["dice"], swing["reach"]) == ("sw+1 cut", "1d+3 cut", "1")
    assert (derived["HP"], derived["FP"]) == (14, 14)
    assert derived["injury"]["major_wound"] == 8  # more than HP/2 (B420)
    assert derived["injury"]["dead"] == -70  # −5×HP (B423)


def test_basic_lift_and_encumbrance_levels():  # B15, B17
    assert basic_lift(10) == 20
    assert basic_lift(12) == 29
    assert [encumbrance(w, 20)[1] for w in (20, 40, 60, 120, 200)] == [
        "None",
        "Light",
        "Medium",
        "Heavy",
        "Extra-Heavy",
    ]


def test_striking_st_and_damage_resistance_reach_the_engine():  # B88, B46
    odo = build_combatant(party_units("wardens")[1], "a")
    # ST 14 + Striking ST 1 = 15: swing 2d+1, greatsword sw+3 → 2d+4
    assert odo.weapons[0].modes[0].damage.label() == "2d+4 cut"
    skarn = build_combatant(party_units("reivers")[0], "a")
    assert skarn.dr == 2 + 1  # leather armour 2 + DR 1
    assert skarn.has("combat-reflexes")
    assert skarn.has("high-pain-threshold")


def test_increased_basic_move_is_the_basic_move_adjustment():  # B17
    tam = party_units("reivers")[2]
    assert tam["profile"]["BasicMove"] == 1
    assert "Increased Basic Move" not in [t["name"] for t in tam["extra"]["traits"]]


def test_a_bad_sheet_names_the_field():
    with pytest.raises(EngineError) as error:
        read_sheet({"traits": [{"name": "Enhanced Dodge", "level": 0}]})
    assert error.value.code == "sheet.traits[0].level"
    with pytest.raises(EngineError) as error:
        read_sheet({"skills": [{"name": "Broadsword", "level": -2}]})
    assert error.value.code == "sheet.skills[0].level"
    with pytest.raises(EngineError) as error:
        sheet_unit({"equipment": ["lightsaber"]}, slug="x")
    assert error.value.code == "sheet.equipment[0].item"


def test_a_battle_between_two_250_cp_point_built_parties():
    wardens = SYSTEM.build_army(party_roster("wardens"))
    reivers = SYSTEM.build_army(party_roster("reivers"))
    report = SYSTEM.resolve_battle(wardens, reivers, "skirmish", 7, log=False)
    again = SYSTEM.resolve_battle(wardens, reivers, "skirmish", 7, log=False)
    assert report.turns_played >= 1
    assert report.winner in ("a", "b", None)
    assert [u.name for u in report.units][:3] == [m["sheet"]["name"] for m in PARTIES["wardens"]]
    assert (report.winner, report.turns_played) == (again.winner, again.turns_played)


def test_equipment_beyond_the_starting_wealth_is_a_catalogue_problem():  # B27
    sheet = {"name": "Rich", "equipment": ["plate"], "wealth": 1000}
    unit = sheet_unit(sheet, slug="rich")
    assert template_problems(unit, "rich") == [
        "rich: equipment costs $4000, more than the starting wealth of $1000 "
        "(GURPS 4e Basic Set p.B27)"
    ]
    assert template_problems(sheet_unit({**sheet, "wealth": 5000}, slug="rich"), "rich") == []


def test_the_retreat_note_and_shield_db_say_what_the_engine_plays():
    """Retreat is +3 to Dodge and +1 to Block and to parries, +3 only to a fencing parry
    (p.B377; digest "Retreat"; ``defence.RETREAT_OTHER``), and a ready shield's DB adds to
    every active defence against an attack from the front (p.B287), as ``defence`` adds it."""
    derived = derive(read_sheet(MAREN))  # carries a medium shield, DB 2
    assert derived["retreat"] == (
        "Retreat: +3 Dodge, +1 Block and Parry (+3 Parry with a fencing weapon)"
    )
    assert derived["shield_db"] == 2
    assert derived["shield_note"] == "Shield DB +2 to Dodge, Parry and Block from the front"
    bare = derive(read_sheet({**MAREN, "equipment": ["broadsword"]}))
    assert (bare["shield_db"], bare["shield_note"]) == (0, "")
    from types import SimpleNamespace

    from rules.engine.systems.hextactical.summary import combatant_rows

    unit = SimpleNamespace(id="u1", name="Maren", points=250, unit=party_units("wardens")[0])
    rows = combatant_rows(SimpleNamespace(units=[unit]))
    assert "Shield DB +2 to Dodge, Parry and Block from the front" in rows["u1"]["defences"]
