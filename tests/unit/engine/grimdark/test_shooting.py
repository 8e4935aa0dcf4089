"""Shooting rules in play (seed 000 [18]-[32], [44])."""

import statistics

from rules.engine.dice import Dice
from rules.engine.systems.grimdark import shooting, tables, templates, volleys
from rules.engine.systems.grimdark.damage import (
    Attack,
    allocate_wounds,
    armour_facing,
    penetration_roll,
    wound_order,
)
from rules.engine.systems.grimdark.shooting import gets_hot
from rules.engine.systems.grimdark.volleys import Volley
from rules.engine.systems.grimdark.weapons import parse_weapon

from .conftest import BOLTER, GAUNT, MARINE, ScriptedDice, unit_data

MELTAGUN = {
    "name": "Meltagun",
    "range": 12,
    "S": 8,
    "AP": 1,
    "type": "assault",
    "shots": 1,
    "special": ["melta"],
}
BUNKER_TANK = {"BS": 3, "front": 12, "side": 12, "rear": 12}
HEAVY_BOLTER = {"name": "Heavy bolter", "range": 36, "S": 5, "AP": 4, "type": "heavy", "shots": 3}


def test_heavy_weapon_cannot_fire_after_moving(make_battle):  # seed 000 [29]
    battle = make_battle(
        [(unit_data("dev", weapons=[HEAVY_BOLTER]), (10, 10))],
        [(unit_data("foe", profile=GAUNT), (10, 30))],
    )
    shooter, _target = battle.units
    shooter.moved = 3.0
    assert volleys.weapon_can_fire(shooter, shooter.models[0].ranged[0], 18, True) == 0
    shooter.moved = 0.0
    assert volleys.weapon_can_fire(shooter, shooter.models[0].ranged[0], 18, True) == 3


def test_monstrous_creatures_move_and_fire_heavy_weapons(make_battle):  # seed 000 [29]
    beast = unit_data("beast", unit_type="monstrous_creature", size=1, weapons=[HEAVY_BOLTER])
    battle = make_battle([(beast, (10, 10))], [(unit_data("foe"), (10, 30))])
    unit = battle.units[0]
    unit.moved = 6.0
    assert volleys.weapon_can_fire(unit, unit.models[0].ranged[0], 18, True) == 3


def test_locked_units_are_not_targets(make_battle):  # seed 000 [44]
    battle = make_battle(
        [(unit_data("me", weapons=[BOLTER]), (10, 10))],
        [(unit_data("locked"), (10, 20)), (unit_data("free"), (30, 20))],
    )
    battle.units[1].locked = True
    assert [u.id for u in shooting.eligible_targets(battle, battle.units[0])] == ["free"]


def test_failed_target_priority_fires_at_the_nearest(make_battle):  # seed 000 [19]
    coward = unit_data("me", weapons=[BOLTER], profile=dict(MARINE, Ld=2))
    battle = make_battle(
        [(coward, (10, 10))],
        [(unit_data("near"), (10, 18)), (unit_data("far"), (40, 30))],
        dice=ScriptedDice([6, 6]),
    )
    me, near, far = battle.units
    assert shooting.target_priority(battle, me, far, [near, far]) is near


def test_passed_target_priority_fires_at_the_chosen_target(make_battle):  # seed 000 [19]
    battle = make_battle(
        [(unit_data("me", weapons=[BOLTER]), (10, 10))],
        [(unit_data("near"), (10, 18)), (unit_data("far"), (40, 30))],
        dice=ScriptedDice([1, 2]),
    )
    me, near, far = battle.units
    assert shooting.target_priority(battle, me, far, [near, far]) is far


def test_nearest_large_target_needs_no_test(make_battle):  # seed 000 [19]
    tank = unit_data(
        "tank", unit_type="vehicle", size=1, profile={"BS": 3, "front": 12, "side": 11, "rear": 10}
    )
    coward = unit_data("me", weapons=[BOLTER], profile=dict(MARINE, Ld=2))
    battle = make_battle(
        [(coward, (10, 10))],
        [(unit_data("near"), (10, 18)), (tank, (40, 30))],
        dice=ScriptedDice([6, 6]),
    )
    me, near, tank_unit = battle.units
    assert shooting.target_priority(battle, me, tank_unit, [near, tank_unit]) is tank_unit


def test_falling_back_units_are_ignored_for_nearest(make_battle):  # seed 000 [19]
    battle = make_battle(
        [(unit_data("me"), (10, 10))],
        [(unit_data("running"), (10, 14)), (unit_data("next"), (10, 25))],
    )
    me, running, following = battle.units
    running.falling_back = True
    assert shooting.nearest_target(battle, me, [running, following], large=False) is following


def test_gets_hot_wounds_the_firer_on_low_rolls(make_battle):  # seed 000 [30]
    plasma = {
        "name": "Plasma",
        "range": 24,
        "S": 7,
        "AP": 2,
        "type": "rapid_fire",
        "special": ["gets_hot"],
    }
    naked = unit_data("me", size=2, weapons=[plasma], profile=dict(MARINE, Sv="-"))
    battle = make_battle([(naked, (10, 10))], [(unit_data("foe"), (10, 18))])
    me = battle.units[0]
    volley = Volley(me.models[0].ranged[0], 4, carriers=2, shots=4, models=me.models)
    gets_hot(battle, me, volley, [1, 2, 3, 6])  # two shots each: 1 and 2 overheat
    assert me.count == 0


def test_twin_linked_rerolls_misses(make_battle):  # seed 000 [30]
    twin = {
        "name": "Twin",
        "range": 24,
        "S": 4,
        "AP": 5,
        "type": "assault",
        "shots": 1,
        "special": ["twin_linked"],
    }
    battle = make_battle(
        [(unit_data("me", size=1, weapons=[twin], profile=dict(MARINE, BS=3)), (10, 10))],
        [(unit_data("foe", size=30, profile=GAUNT), (10, 18))],
    )
    attack = shooting.base_attack(
        battle.units[0].models, battle.units[0].models[0].ranged[0], 1, 4, 12.0
    )
    assert attack.reroll_hits


def test_template_ignores_cover_and_auto_hits(make_battle):  # seed 000 [31]
    flamer = parse_weapon(
        {"name": "Flamer", "S": 4, "AP": 5, "type": "assault", "special": ["template"]}
    )
    battle = make_battle([(unit_data("me"), (10, 10))], [(unit_data("foe"), (10, 18))])
    attack = shooting.base_attack(battle.units[0].models, flamer, 5, None, 4.0)
    assert attack.ignore_cover
    assert attack.hit_on is None


def test_sniper_wounds_on_four_regardless_of_toughness(make_battle):  # seed 000 [32]
    rifle = parse_weapon(
        {"name": "Rifle", "range": 36, "AP": 6, "type": "heavy", "special": ["sniper"]}
    )
    battle = make_battle([(unit_data("me"), (10, 10))], [(unit_data("foe"), (10, 18))])
    attack = shooting.base_attack(battle.units[0].models, rifle, 1, 2, 20.0)
    assert attack.wound_on == 4
    assert attack.sniper


def test_blast_hits_more_models_when_centred(make_battle):  # seed 000 [30]
    battle = make_battle(
        [(unit_data("me"), (10, 10))], [(unit_data("foe", size=30, profile=GAUNT), (10, 30))]
    )
    target = battle.units[1]
    centred = templates.models_under_template(battle, target, target.position, 2.5)
    missed = templates.models_under_template(battle, target, target.position.offset(0, 30), 2.5)
    assert centred >= 1
    assert missed == 0


def test_wounds_spill_across_multi_wound_models(make_battle):  # seed 000 [26]
    brutes = unit_data("foe", size=3, profile=dict(MARINE, W=2, Sv="-"))
    battle = make_battle([(unit_data("me"), (10, 10))], [(brutes, (10, 18))])
    target = battle.units[1]
    unsaved, slain, _ = allocate_wounds(battle, target, 3, 0, 4, None, None)
    assert (unsaved, slain) == (3, 1)
    assert sorted(m.wounds for m in target.models) == [0, 1, 2]


def test_instant_death_kills_multi_wound_models_outright(make_battle):  # seed 000 [27]
    heroes = unit_data("foe", size=3, profile=dict(MARINE, W=3, Sv="-"))
    battle = make_battle([(unit_data("me"), (10, 10))], [(heroes, (10, 18))])
    _, slain, _ = allocate_wounds(battle, battle.units[1], 2, 0, 8, None, None)
    assert slain == 2


def test_bike_toughness_bonus_is_ignored_for_instant_death(make_battle):  # seed 000 [27]
    bikers = unit_data(
        "foe", unit_type="bike", size=1, profile=dict(MARINE, T=5, T_base=4, W=2, Sv="-")
    )
    battle = make_battle([(unit_data("me"), (10, 10))], [(bikers, (10, 18))])
    _, slain, _ = allocate_wounds(battle, battle.units[1], 1, 0, 8, None, None)
    assert slain == 1


def test_no_armour_wounds_are_removed_before_saves(make_battle):  # seed 000 [24]
    squad = unit_data("foe", size=2, profile=dict(MARINE, Sv=2))
    battle = make_battle(
        [(unit_data("me"), (10, 10))], [(squad, (10, 18))], dice=ScriptedDice([6, 6, 6])
    )
    unsaved, slain, _ = allocate_wounds(battle, battle.units[1], 1, 1, 4, None, None)
    assert (unsaved, slain) == (1, 1)


def test_nominated_model_takes_the_first_wound(make_battle):  # seed 000 [26]
    squad = unit_data("foe", size=3, rules=["sergeant"], profile=dict(MARINE, Sv="-"))
    battle = make_battle([(unit_data("me"), (10, 10))], [(squad, (10, 18))])
    target = battle.units[1]
    allocate_wounds(battle, target, 1, 0, 4, None, None, nominate=True)
    assert target.models[0].wounds == 0  # the sergeant
    assert target.count == 2


def test_melta_adds_a_die_to_penetration():  # seed 000 [31]
    dice = Dice(3)
    battle = type("B", (), {"dice": dice})()
    plain = [penetration_roll(battle, Attack(1, 2, 8, 1)) for _ in range(3000)]
    melta = [penetration_roll(battle, Attack(1, 2, 8, 1, melta=True)) for _ in range(3000)]
    assert abs(statistics.mean(plain) - 11.5) < 0.15
    assert abs(statistics.mean(melta) - 15.0) < 0.2


def test_sniper_rolls_two_dice_against_armour():  # seed 000 [32]
    battle = type("B", (), {"dice": Dice(4)})()
    rolls = [penetration_roll(battle, Attack(1, 2, 0, 6, sniper=True)) for _ in range(3000)]
    assert min(rolls) >= 2
    assert max(rolls) <= 12
    assert abs(statistics.mean(rolls) - 7.0) < 0.15


def test_rending_adds_a_die_on_a_six_against_armour():  # seed 000 [32]
    battle = type("B", (), {"dice": ScriptedDice([6, 4])})()
    assert penetration_roll(battle, Attack(1, 2, 4, None, rending=True)) == 14


def test_shooting_casualties_of_a_quarter_force_a_morale_check(make_battle):  # seed 000 [26]
    battle = make_battle(
        [(unit_data("me"), (10, 10))],
        [(unit_data("foe", profile=dict(GAUNT, Ld=2)), (10, 30))],
        dice=ScriptedDice([6, 6, 6, 6, 6]),
    )
    target = battle.units[1]
    target.models_at_phase_start = 10
    for model in target.models[:3]:
        model.wounds = 0
    target.refresh()
    target.casualties_this_phase = 3
    shooting.shooting_casualty_check(battle, target)
    assert target.falling_back


def test_pinning_weapons_pin_on_a_failed_test(make_battle):  # seed 000 [32]
    from rules.engine.systems.grimdark.morale import pinning_test

    battle = make_battle(
        [(unit_data("me"), (10, 10))],
        [(unit_data("foe", profile=dict(GAUNT, Ld=5)), (10, 30))],
        dice=ScriptedDice([6, 6]),
    )
    target = battle.units[1]
    pinning_test(battle, target)
    assert target.pinned_turn == battle.next_own_turn(target)


def test_bikers_fire_rapid_fire_at_long_range_after_moving(make_battle):  # NOT IN SEED 4e p.53
    bikes = unit_data("bk", unit_type="bike", size=3, weapons=[BOLTER])
    battle = make_battle([(bikes, (10, 10))], [(unit_data("foe"), (10, 40))])
    unit = battle.units[0]
    unit.moved = 12.0
    assert volleys.weapon_can_fire(unit, unit.models[0].ranged[0], 20, True) == 1


def test_battery_places_further_shells_touching_the_first(make_battle):  # seed 000 [31]
    battle = make_battle([(unit_data("me"), (10, 10))], [(unit_data("foe"), (10, 40))])
    aim = battle.units[1].position
    centres = templates.shell_centres(battle, aim, 3, 1.5, False, True, 90.0)
    assert len(centres) == 3
    first = centres[0][0]
    for later, _ in centres[1:]:
        assert abs(later.distance(first) - 3.0) < 1e-9  # touching: two radii apart


def _melta_battle(make_battle, gap, script):
    """A lone meltagunner ``gap`` inches (edge to edge) from a 12/12/12 tank."""
    gunner = unit_data("gunner", size=1, weapons=[MELTAGUN])
    tank = unit_data("tank", unit_type="vehicle", size=1, profile=BUNKER_TANK)
    battle = make_battle([(gunner, (10, 10))], [(tank, (10, 40))], dice=ScriptedDice(list(script)))
    me, target = battle.units
    target.position = type(target.position)(10, 10 + me.radius + target.radius + gap)
    assert abs(battle.gap(me, target) - gap) < 1e-9
    return battle, me, target


def test_melta_die_only_within_half_range(make_battle):
    # seed 000 [31]: melta rolls an extra armour-penetration die within half maximum range
    _, me, _ = _melta_battle(make_battle, 7.0, [])
    melta = me.models[0].ranged[0]
    assert not shooting.base_attack(me.models, melta, 1, 3, 7.0).melta
    assert shooting.base_attack(me.models, melta, 1, 3, 6.0).melta
    assert shooting.base_attack(me.models, melta, 1, 3, 5.0).melta


def test_meltagun_at_seven_inches_rolls_no_extra_penetration_die(make_battle):
    # seed 000 [31]: a 12" meltagun at 7" is beyond half range: D6 3 + S8 = 11 < AV12
    battle, me, tank = _melta_battle(make_battle, 7.0, [6, 3, 4, 1])
    volley = Volley(me.models[0].ranged[0], 4, 1, 1, me.models)
    out = shooting.fire_volley(battle, me, volley, tank, None)
    assert out.hits == 1
    assert out.vehicle_results == []


def test_meltagun_at_five_inches_adds_a_penetration_die(make_battle):
    # seed 000 [31]: at 5" (within 6") 3 + S8 + melta 4 = 15 > AV12: penetrating, D6 1
    battle, me, tank = _melta_battle(make_battle, 5.0, [6, 3, 4, 1])
    volley = Volley(me.models[0].ranged[0], 4, 1, 1, me.models)
    out = shooting.fire_volley(battle, me, volley, tank, None)
    assert out.vehicle_results == [f"penetrating {tables.vehicle_damage('penetrating', 1)}"]


TWIN_BLAST = {
    "name": "Twin blaster",
    "range": 24,
    "S": 4,
    "AP": 6,
    "type": "assault",
    "shots": 1,
    "special": ["blast"],
}


def _blast_at_horde(make_battle, special, script):
    weapon = dict(TWIN_BLAST, special=special)
    horde = unit_data("foe", size=30, profile=dict(GAUNT, Sv="-"))
    battle = make_battle(
        [(unit_data("me", size=1, weapons=[weapon]), (10, 10))],
        [(horde, (10, 30))],
        dice=ScriptedDice(script),
    )
    me, foe = battle.units
    volley = Volley(me.models[0].ranged[0], 4, 1, 1, me.models)
    return shooting.fire_volley(battle, me, volley, foe, None)


def test_twin_linked_blast_rerolls_a_missed_to_hit_roll(make_battle):
    # seed 000 [30]: twin-linked re-rolls missed to-hit rolls; blasts roll to hit as normal
    assert _blast_at_horde(make_battle, ["blast", "twin_linked"], [1, 5]).hits >= 1
    assert _blast_at_horde(make_battle, ["blast"], [1, 5]).hits == 0


def test_roll_to_hit_rerolls_misses_and_keeps_first_dice_for_gets_hot(make_battle):
    # seed 000 [30]: re-roll each miss once; Gets Hot reads the first roll (GETS_HOT_ON_REROLLS)
    battle = make_battle([(unit_data("me"), (10, 10))], [(unit_data("foe"), (10, 30))])
    battle.dice = ScriptedDice([1, 5, 2, 6, 1])
    final, hot = shooting.roll_to_hit(battle, 3, 3, reroll=True)
    assert final == [6, 5, 1]
    assert hot == ([1, 5, 2, 6, 1] if tables.GETS_HOT_ON_REROLLS else [1, 5, 2])


def test_gets_hot_weapon_keeps_rending_sixes(make_battle):
    # seed 000 [30][32]: a gets-hot weapon's shots still hit normally, and a to-hit 6 from a
    # rending weapon is a wound with no armour save (the 2+ save die of 6 does not help)
    hot_ripper = {
        "name": "Hot ripper",
        "range": 24,
        "S": 4,
        "type": "assault",
        "shots": 1,
        "special": ["gets_hot", "rending"],
    }
    battle = make_battle(
        [(unit_data("me", size=1, weapons=[hot_ripper]), (10, 10))],
        [(unit_data("foe", size=5, profile=dict(MARINE, Sv=2)), (10, 30))],
        dice=ScriptedDice([6, 6, 6, 6]),
    )
    me, foe = battle.units
    volley = Volley(me.models[0].ranged[0], 4, 1, 1, me.models)
    out = shooting.fire_volley(battle, me, volley, foe, None)
    assert (out.hits, out.wounds, out.slain) == (1, 1, 1)
    assert me.count == 1  # a 6 does not overheat


def test_walkers_are_hit_on_front_armour_in_close_combat(make_battle):
    # NOT IN SEED, 4e pp.58-73: close-combat hits strike rear armour, a walker's front
    walker = unit_data(
        "walker",
        unit_type="vehicle",
        size=1,
        profile={"BS": 4, "front": 12, "side": 11, "rear": 10},
        extra={"vehicle_types": ["walker"]},
    )
    tank = unit_data(
        "tank", unit_type="vehicle", size=1, profile={"BS": 4, "front": 12, "side": 11, "rear": 10}
    )
    battle = make_battle([(unit_data("me"), (10, 10))], [(walker, (10, 20)), (tank, (30, 20))])
    me, walker_unit, tank_unit = battle.units
    assert armour_facing(walker_unit, me, close_combat=True) == 12
    assert armour_facing(tank_unit, me, close_combat=True) == 10


def test_owner_puts_the_nominated_model_on_a_saveable_wound():
    # seed 000 [24][26]: the owner picks which wound the nominated model saves against (a
    # boltgun wound, not the meltagun's); no-save wounds then remove models at once
    assert wound_order(4, 2, False, nominate=True) == [False, True, True, False, False, False]
    assert wound_order(4, 2, False, nominate=False) == [True, True, False, False, False, False]
    assert wound_order(0, 3, False, nominate=True) == [True, True, True]
    assert wound_order(2, 1, True, nominate=True) == [True, True, True]


def test_nominated_sergeant_saves_while_rending_wounds_take_troopers(make_battle):
    # seed 000 [26]: 3 wounds on 3 models let the firer nominate the sergeant; the owner
    # gives him the saveable wound (save 6 passes) and loses the two troopers to rending
    squad = unit_data("foe", size=3, rules=["sergeant"], profile=dict(MARINE, Sv=3))
    battle = make_battle(
        [(unit_data("me"), (10, 10))], [(squad, (10, 18))], dice=ScriptedDice([6, 6, 6])
    )
    target = battle.units[1]
    sergeant = max(target.models, key=lambda m: m.value)
    unsaved, slain, _ = allocate_wounds(battle, target, 1, 2, 4, None, None, nominate=True)
    assert (unsaved, slain) == (2, 2)
    assert sergeant.wounds == 1
    assert target.count == 1
