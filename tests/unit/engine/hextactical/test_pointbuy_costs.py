"""Point-buy cost tables against the GURPS 4e Basic Set (page cited per test)."""

from __future__ import annotations

import pytest

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


@pytest.mark.parametrize(
    ("name", "level", "variant", "points"),
    [
        ("Combat Reflexes", 1, "", 15),  # B43
        ("Enhanced Dodge", 2, "", 30),  # B51: 15/level
        ("Enhanced Parry", 1, "", 5),  # B51: 5/level for one skill
        ("Enhanced Block", 3, "", 15),  # B51: 5/level
        ("Extra Attack", 1, "", 25),  # B53: 25/attack
        ("Weapon Master", 1, "one weapon", 20),  # B99
        ("Weapon Master", 1, "all weapons", 45),  # B99
        ("Trained by a Master", 1, "", 30),  # B93
        ("High Pain Threshold", 1, "", 10),  # B59
        ("Hard to Kill", 3, "", 6),  # B58: 2/level
        ("Hard to Subdue", 2, "", 4),  # B59: 2/level
        ("Damage Resistance", 2, "", 10),  # B46: 5/level
        ("Fit", 1, "", 5),  # B55
        ("Very Fit", 1, "", 15),  # B55
        ("Unfazeable", 1, "", 15),  # B95
        ("Ambidexterity", 1, "", 5),  # B39
        ("Peripheral Vision", 1, "", 15),  # B74
        ("Striking ST", 2, "", 10),  # B88: 5/level
        ("Lifting ST", 3, "", 9),  # B65: 3/level
        ("Increased Basic Move", 2, "", 10),  # B17: 5/yard
        ("Berserk", 1, "", -10),  # B124
        ("Bad Temper", 1, "", -10),  # B124
        ("Cowardice", 1, "", -10),  # B129
        ("Overconfidence", 1, "", -5),  # B148
        ("Code of Honour", 1, "pirate's", -5),  # B127
        ("Code of Honour", 1, "soldier's", -10),
        ("Code of Honour", 1, "chivalry", -15),
        ("Bloodlust", 1, "", -10),  # B125
        ("One Eye", 1, "", -15),  # B147
        ("Bad Sight", 1, "", -25),  # B123
        ("Lame", 1, "crippled leg", -10),  # B141
        ("Lame", 1, "missing leg", -20),
        ("Lame", 1, "no legs", -30),
        ("Quirk", 1, "", -1),  # B162
    ],
)
def test_trait_costs(name, level, variant, points):
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
