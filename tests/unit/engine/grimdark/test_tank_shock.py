"""Tank shock and Death or Glory (NOT IN SEED: published 4e pp.58-73, Tank Shock; the
Morale check it forces, 4e p.47)."""

import pytest

from rules.engine.systems.grimdark.movement import move_by_policy
from rules.engine.systems.grimdark.tankshock import (
    can_tank_shock,
    death_or_glory,
    death_or_glory_attack,
    shockable,
    stop_chance,
    tank_shock,
)

from .conftest import MARINE, ScriptedDice, unit_data
from .test_battle import SWARM, SYSTEM, WARDENS
from .test_rule_defects import locked_pair

HULL = {"BS": 4, "front": 11, "side": 11, "rear": 10}
FIST = {"name": "Power fist", "type": "close_combat", "special": ["power_fist"], "count": 1}
MELTA = {"name": "Meltagun", "range": 12, "S": 8, "AP": 1, "type": "assault", "special": ["melta"]}


def tank(extra=None):
    return unit_data(
        "tank",
        unit_type="vehicle",
        size=1,
        profile=HULL,
        category="Heavy Support",
        extra={"vehicle_types": ["tank"], **(extra or {})},
    )


def shock_battle(make_battle, squad=None, dice=()):
    battle = make_battle(
        [(tank(), (36, 10))], [(squad or unit_data("squad"), (36, 16))], dice=ScriptedDice(dice)
    )
    return battle, battle.units[0], battle.units[1]


def test_only_mobile_tanks_without_passengers_shock_unlocked_infantry(make_battle):
    battle, hull, squad = shock_battle(make_battle)
    assert can_tank_shock(battle, hull)
    assert shockable(squad)
    assert not shockable(hull)  # a vehicle is never tank-shocked
    hull.immobilised = True
    assert not can_tank_shock(battle, hull)
    hull.immobilised = False
    hull.vehicle_kinds = frozenset({"skimmer"})
    assert not can_tank_shock(battle, hull)
    hull.vehicle_kinds = frozenset({"tank"})
    hull.passengers = "someone"
    assert not can_tank_shock(battle, hull)
    locked_pair(battle)
    assert not shockable(squad)


def test_a_failed_morale_check_falls_back_at_once(make_battle):
    battle, hull, squad = shock_battle(make_battle, dice=[6, 5, 3, 3])  # 11 > Ld 8, fall back 6"
    start = hull.position
    tank_shock(battle, hull, squad, start)
    assert squad.falling_back
    assert any("fails its morale check" in e.text for e in battle.events.events)


def test_a_passing_unit_moves_aside_and_lets_the_tank_through(make_battle):
    battle, hull, squad = shock_battle(make_battle, dice=[2, 3])
    start = hull.position
    battle.moved_to(hull, squad.position)  # the tank drove onto the squad
    tank_shock(battle, hull, squad, start)
    assert not squad.falling_back
    assert squad.count == 10
    assert battle.gap(hull, squad) == pytest.approx(1.0)


def test_fearless_units_pass_the_test(make_battle):
    battle, hull, squad = shock_battle(make_battle, squad=unit_data("bugs", rules=["fearless"]))
    tank_shock(battle, hull, squad, hull.position)
    assert not squad.falling_back


def test_tank_hunters_pass_the_test(make_battle):
    # digest §36 "Tank Hunters: +1 penetration; passes tank-shock tests" (issue 18 review):
    # the dice that fail the plain squad's check (11 > Ld 8) leave the tank hunters in place
    for rules, falls_back in (([], True), (["tank_hunters"], False)):
        squad = unit_data("hunters", rules=rules)
        battle, hull, squad = shock_battle(make_battle, squad=squad, dice=[6, 5, 3, 3])
        tank_shock(battle, hull, squad, hull.position)
        assert squad.falling_back is falls_back, rules
    assert any("Tank Hunters, stand firm" in e.text for e in battle.events.events)


def test_stop_chance_counts_glancing_and_penetrating_results():
    # AV 11, S8 fist-less krak-like blow: D6+8 glances on a 3 (immobilised 4-5 or destroyed 6:
    # 3/6) and penetrates on 4-6 (immobilised, destroyed, destroyed, explodes: 4/6)
    from rules.engine.systems.grimdark.damage import Attack

    attack = Attack(dice=1, hit_on=None, strength=8, ap=None)
    assert stop_chance(attack, 11) == pytest.approx(1 / 6 * 3 / 6 + 3 / 6 * 4 / 6)
    assert stop_chance(Attack(dice=1, hit_on=None, strength=3, ap=None), 11) == 0.0


def test_death_or_glory_uses_the_models_best_attack(make_battle):
    battle, hull, squad = shock_battle(
        make_battle, squad=unit_data("squad", weapons=[FIST, dict(MELTA, count=1)])
    )
    sergeant = squad.models[0]
    assert death_or_glory_attack(battle, squad, sergeant, hull).strength == 8  # fist 2 × S4
    gunner = next(m for m in squad.models if m.ranged)
    assert death_or_glory_attack(battle, squad, gunner, hull).melta


def test_death_or_glory_that_fails_crushes_the_model(make_battle):
    battle, hull, squad = shock_battle(make_battle, dice=[1])  # D6 1 + S4 vs AV 11
    assert not death_or_glory(battle, squad, squad.models[0], hull)
    assert squad.count == 9
    assert any("is crushed" in e.text for e in battle.events.events)


def test_death_or_glory_that_stops_the_tank_halts_it_in_front_of_the_model(make_battle):
    squad = unit_data("squad", weapons=[FIST])
    # morale 2+3 passes; fist S8 + 6 = 14 penetrates AV 11; damage 4: destroyed
    battle, hull, squad = shock_battle(make_battle, squad=squad, dice=[2, 3, 6, 4])
    start = hull.position
    battle.moved_to(hull, squad.position)
    tank_shock(battle, hull, squad, start)
    assert hull.count == 0
    assert squad.count == 10
    assert any("stops tank" in e.text for e in battle.events.events)


def test_the_ai_drives_an_empty_transport_through_a_wavering_unit(make_battle):
    battle = make_battle(
        [(tank({"transport_capacity": 10}), (36, 10))],
        [(unit_data("squad", profile=dict(MARINE, Ld=6)), (36, 18))],
        dice=ScriptedDice([6, 6, 3, 3]),
    )
    hull, squad = battle.units
    move_by_policy(battle, hull)
    assert any("tank-shocks squad" in e.text for e in battle.events.events)
    assert squad.falling_back


def test_tank_shocks_happen_in_sample_battles():
    lines = [
        e.text
        for mission in ("annihilation", "secure-and-control")
        for seed in range(6)
        for e in SYSTEM.resolve_battle(WARDENS, SWARM, mission, seed).events
        if "tank-shocks" in e.text
    ]
    assert lines
