"""Weapon types and special weapons (seed 000 [28]-[32], [46])."""

import pytest

from rules.engine.systems.base import EngineError
from rules.engine.systems.grimdark.weapons import (
    close_combat_ignores_armour,
    close_combat_strength,
    parse_weapon,
    strikes_at_initiative_one,
)

BOLTER = parse_weapon({"name": "Bolter", "range": 24, "S": 4, "AP": 5, "type": "rapid_fire"})
PISTOL = parse_weapon({"name": "Bolt pistol", "range": 12, "S": 4, "AP": 5, "type": "pistol"})
HEAVY = parse_weapon(
    {"name": "Heavy bolter", "range": 36, "S": 5, "AP": 4, "type": "heavy", "shots": 3}
)
ASSAULT = parse_weapon(
    {"name": "Big gun", "range": 36, "S": 5, "AP": 5, "type": "assault", "shots": 3}
)


def test_rapid_fire_two_shots_within_twelve_inches_even_after_moving():  # seed 000 [29]
    assert BOLTER.shots_at(10, moved=True) == 2
    assert BOLTER.shots_at(10, moved=False) == 2


def test_rapid_fire_one_shot_at_long_range_only_if_stationary():  # seed 000 [29]
    assert BOLTER.shots_at(20, moved=False) == 1
    assert BOLTER.shots_at(20, moved=True) == 0
    assert BOLTER.shots_at(25, moved=False) == 0


def test_pistol_two_shots_stationary_one_after_moving():  # seed 000 [29]
    assert PISTOL.shots_at(8, moved=False) == 2
    assert PISTOL.shots_at(8, moved=True) == 1


def test_charging_after_firing_by_weapon_type():  # seed 000 [29][36]
    assert not BOLTER.allows_charge(1)
    assert PISTOL.allows_charge(1)
    assert not PISTOL.allows_charge(2)
    assert ASSAULT.allows_charge(3)
    assert not HEAVY.allows_charge(3)
    assert BOLTER.allows_charge(0)


def test_assault_and_heavy_fire_their_number_of_shots():  # seed 000 [28][29]
    assert ASSAULT.shots_at(30, moved=True) == 3
    assert HEAVY.shots_at(30, moved=False) == 3


def test_barrage_is_always_pinning_and_has_a_minimum_range():  # seed 000 [31]
    mortar = parse_weapon(
        {
            "name": "Mortar",
            "range": 48,
            "min_range": 12,
            "S": 4,
            "AP": 6,
            "type": "heavy",
            "special": ["blast", "barrage"],
        }
    )
    assert mortar.pinning
    assert mortar.shots_at(10, moved=False) == 0
    assert mortar.shots_at(20, moved=False) == 1


def test_ordnance_uses_the_large_blast():  # seed 000 [29][30]
    cannon = parse_weapon(
        {"name": "Battle cannon", "range": 72, "S": 8, "AP": 3, "type": "ordnance"}
    )
    assert cannon.large_blast
    assert cannon.main


def test_template_range_is_the_teardrop():  # seed 000 [31], NOT IN SEED 8" size
    flamer = parse_weapon(
        {"name": "Flamer", "S": 4, "AP": 5, "type": "assault", "special": ["template"]}
    )
    assert flamer.template
    assert flamer.range == 8.0


def test_poisoned_parameter_sets_the_to_wound_roll():  # seed 000 [46]
    venom = parse_weapon({"name": "Venom", "type": "close_combat", "special": ["poisoned(2)"]})
    plain = parse_weapon({"name": "Venom", "type": "close_combat", "special": ["poisoned"]})
    assert venom.poisoned == 2
    assert plain.poisoned == 4


def test_power_fist_doubles_strength_to_ten_and_strikes_at_one():  # seed 000 [46]
    fist = parse_weapon({"name": "Fist", "type": "close_combat", "special": ["power_fist"]})
    assert close_combat_strength(4, fist) == 8
    assert close_combat_strength(6, fist) == 10
    assert strikes_at_initiative_one(fist)
    assert close_combat_ignores_armour(fist)


def test_thunder_hammer_is_a_power_fist():  # seed 000 [46]
    hammer = parse_weapon({"name": "Hammer", "type": "close_combat", "special": ["thunder_hammer"]})
    assert close_combat_strength(4, hammer) == 8
    assert strikes_at_initiative_one(hammer)


@pytest.mark.parametrize("special", ["power_weapon", "lightning_claws", "force_weapon"])
def test_power_weapons_ignore_armour_at_normal_initiative(special):  # seed 000 [46]
    weapon = parse_weapon({"name": "W", "type": "close_combat", "special": [special]})
    assert close_combat_ignores_armour(weapon)
    assert not strikes_at_initiative_one(weapon)
    assert close_combat_strength(4, weapon) == 4


def test_plain_and_heavy_ccw_do_not_ignore_armour():  # seed 000 [46]
    for special in ("ccw", "heavy_ccw", "witchblade"):
        weapon = parse_weapon({"name": "W", "type": "close_combat", "special": [special]})
        assert not close_combat_ignores_armour(weapon)


def test_close_combat_uses_the_users_strength():  # seed 000 [41]
    assert close_combat_strength(3, None) == 3


def test_unknown_special_rule_is_rejected():
    with pytest.raises(EngineError) as err:
        parse_weapon({"name": "X", "type": "assault", "special": ["laser_eyes"]})
    assert err.value.code == "weapon.special_unknown"


def test_unknown_weapon_type_is_rejected():
    with pytest.raises(EngineError) as err:
        parse_weapon({"name": "X", "type": "salvo"})
    assert err.value.code == "weapon.type_unknown"
