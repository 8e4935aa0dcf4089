"""Dice tables, each row cites its seed page."""

import pytest

from rules.engine.systems.grimdark import tables


@pytest.mark.parametrize(("bs", "need"), [(1, 6), (2, 5), (3, 4), (4, 3), (5, 2), (6, 2), (10, 2)])
def test_to_hit_by_ballistic_skill(bs, need):  # seed 000 [22]: BS4 hits on 3+
    assert tables.to_hit_shooting(bs) == need


def test_bs_zero_cannot_shoot():  # seed 000 [12]: 0 means no ability
    assert tables.to_hit_shooting(0) is None


@pytest.mark.parametrize(
    ("attacker", "defender", "need"),
    [
        (4, 3, 3),
        (4, 4, 4),
        (4, 8, 4),
        (4, 9, 5),
        (3, 7, 5),
        (1, 1, 4),
        (1, 3, 5),
        (10, 10, 4),
        (2, 4, 4),
        (2, 5, 5),
        (5, 1, 3),
    ],
)
def test_weapon_skill_against_weapon_skill(attacker, defender, need):  # seed 000 [40]
    assert tables.to_hit_close_combat(attacker, defender) == need


@pytest.mark.parametrize(
    ("strength", "toughness", "need"),
    [
        (4, 4, 4),
        (4, 3, 3),
        (4, 2, 2),
        (4, 5, 5),
        (4, 6, 6),
        (4, 7, 6),
        (4, 8, None),
        (1, 1, 4),
        (10, 10, 4),
        (3, 7, None),
        (8, 4, 2),
        (9, 10, 5),
    ],
)
def test_strength_against_toughness(strength, toughness, need):  # seed 000 [23]
    assert tables.to_wound(strength, toughness) == need


@pytest.mark.parametrize(
    ("ap", "save", "allowed"),
    [
        (4, 4, False),
        (4, 5, False),
        (4, 3, True),
        (5, 3, True),
        (2, 2, False),
        (None, 6, True),
        (1, 2, False),
    ],
)
def test_armour_piercing_against_save(ap, save, allowed):  # seed 000 [24]: AP ≤ save denies
    assert tables.armour_save_allowed(ap, save) is allowed


def test_cover_is_chosen_when_ap_denies_armour():  # seed 000 [25] chaplain example
    assert tables.best_save(3, 3, cover=3, invulnerable=4) == 3


def test_invulnerable_save_ignores_ap():  # seed 000 [25]
    assert tables.best_save(3, 2, invulnerable=5) == 5


def test_cover_save_never_better_than_two_plus():  # seed 000 [25]
    assert tables.best_save(None, None, cover=1) == 2


def test_heavy_close_combat_weapon_caps_armour_at_four_plus():  # seed 000 [46]
    assert tables.best_save(2, None, armour_cap=4) == 4


@pytest.mark.parametrize(
    ("strength", "toughness", "dies"), [(8, 4, True), (7, 4, False), (6, 3, True), (10, 6, False)]
)
def test_instant_death_needs_double_toughness(strength, toughness, dies):  # seed 000 [27]
    assert tables.instant_death(strength, toughness) is dies


def test_leadership_test_passes_on_equal():  # seed 000 [13]
    assert tables.passes_leadership(8, 8)
    assert not tables.passes_leadership(9, 8)


def test_morale_roll_of_two_always_passes():  # NOT IN SEED: published 4e p.47
    assert tables.passes_morale(2, 1)
    assert not tables.passes_morale(3, 2)


def test_penetration_glancing_and_lance():  # NOT IN SEED ≈; lance seed 000 [32]
    assert tables.penetration_result(12, 12) == "glancing"
    assert tables.penetration_result(13, 12) == "penetrating"
    assert tables.penetration_result(11, 12) is None
    assert tables.penetration_result(13, 14, lance=True) == "penetrating"


def test_damage_tables_and_open_topped():  # NOT IN SEED ≈ (4e pp.58-73)
    assert tables.vehicle_damage("glancing", 1) == "shaken"
    assert tables.vehicle_damage("penetrating", 4) == "destroyed"
    assert tables.vehicle_damage("penetrating", 5, open_topped=True) == "explodes"


def test_assaulting_vehicles_needs_more_as_they_move():  # NOT IN SEED ≈
    assert tables.close_combat_hit_on_vehicle(0) == 1
    assert tables.close_combat_hit_on_vehicle(5) == 4
    assert tables.close_combat_hit_on_vehicle(10) == 6
