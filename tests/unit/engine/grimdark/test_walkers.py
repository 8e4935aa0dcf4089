"""Walkers in close combat (seed 000 [8]-[10][19][30]; NOT IN SEED: 4e pp.58-73, Walkers)."""

import pytest

from rules.engine.systems.base import EngineError
from rules.engine.systems.grimdark import assault
from rules.engine.systems.grimdark.damage import Outcome
from rules.engine.systems.grimdark.rosters import make_unit, validate_unit
from rules.engine.systems.grimdark.shooting import shooting_phase
from rules.engine.systems.grimdark.walkers import combat_wounds, fights, hit_on_walker

from .conftest import GAUNT, ScriptedDice, unit_data

DCCW = {"name": "Warframe fist", "type": "close_combat", "special": ["dreadnought_ccw"]}
WALKER_PROFILE = {"WS": 4, "BS": 4, "S": 6, "front": 12, "side": 12, "rear": 10, "I": 4, "A": 2}


def walker(uid: str = "walker", weapons=None, profile=None):
    return unit_data(
        uid,
        unit_type="vehicle",
        size=1,
        profile=profile or WALKER_PROFILE,
        weapons=weapons if weapons is not None else [DCCW],
        category="Elites",
        extra={"vehicle_types": ["walker"]},
    )


def test_a_walker_profile_needs_weapon_skill_strength_initiative_and_attacks():
    # 4e pp.58-73: a walker fights like a model, so its profile carries WS, S, I and A
    with pytest.raises(EngineError) as err:
        validate_unit(walker(profile={"BS": 4, "front": 12, "side": 12, "rear": 10}))
    assert err.value.code == "unit.profile_missing"
    model = make_unit(walker(), "a").models[0]
    assert (model.ws, model.s, model.i, model.a) == (4, 6, 4, 2)
    assert model.melee is not None
    assert model.melee.cc_special == "dreadnought_ccw"


def test_walkers_fight_and_charge_other_vehicles_do_not(make_battle):
    # seed 000 [36]: vehicles never charge; 4e pp.58-73: walkers assault like infantry
    tank = unit_data(
        "tank", unit_type="vehicle", size=1, profile={"BS": 4, "front": 12, "side": 11, "rear": 10}
    )
    battle = make_battle([(walker(), (10, 10)), (tank, (30, 10))], [(unit_data("foe"), (10, 16))])
    me, hull, _ = battle.units
    assert fights(me)
    assert not fights(hull)
    assert assault.can_charge(battle, me)
    assert not assault.can_charge(battle, hull)


def test_blows_against_a_walker_hit_on_weapon_skill_and_strike_front_armour(make_battle):
    # 4e pp.58-73 ✓: hits on WS vs WS (seed 000 [40] chart), penetration on the front armour
    battle = make_battle([(unit_data("me"), (10, 10))], [(walker(), (10, 14))])
    me, target = battle.units
    target.moved = 12.0  # a moving tank is hit on 6s; a walker's speed does not matter
    attack = assault.melee_attack(battle, me, me.models[0], target, 2)
    assert attack.hit_on == hit_on_walker(me.models[0], target) == 4  # WS4 vs WS4
    assert attack.close_combat


def test_dreadnought_close_combat_weapon_doubles_strength_and_ignores_armour(make_battle):
    # 4e pp.58-73 ✓: a power weapon that doubles the walker's S (max 10)
    battle = make_battle([(walker(), (10, 10))], [(unit_data("foe"), (10, 14))])
    me, foe = battle.units
    attack = assault.melee_attack(battle, me, me.models[0], foe, 2)
    assert attack.strength == 10  # S6 doubled, capped at 10
    assert attack.ignore_armour
    assert attack.hit_on == 4  # WS4 against the marines' WS4


def test_a_second_dreadnought_weapon_adds_an_attack_and_damage_removes_one(make_battle):
    # 4e pp.58-73: one bonus attack per extra Dreadnought weapon; immobilised or stunned
    # walkers fight with one attack fewer (≈, published 5th-edition p.73 restating 4e)
    two = walker(weapons=[DCCW, dict(DCCW, name="Second fist")])
    battle = make_battle([(two, (10, 10))], [(unit_data("foe"), (10, 14))])
    me = battle.units[0]
    assert assault.attacks_of(me, me.models[0], battle.ptc) == 3
    me.immobilised = True
    assert assault.attacks_of(me, me.models[0], battle.ptc) == 2


def test_glancing_and_penetrating_hits_on_a_walker_count_for_the_combat_result(make_battle):
    battle = make_battle([(unit_data("me"), (10, 10))], [(walker(), (10, 14))])
    me, target = battle.units
    results = ["glancing shaken", "penetrating stunned"]
    out = Outcome(hits=3, wounds=2, unsaved=2, vehicle_results=results)
    assert combat_wounds(target, out) == 2
    assert combat_wounds(me, Outcome(unsaved=1)) == 1


def test_a_walker_charges_strikes_and_is_struck_back(make_battle):
    # the whole round: the walker charges gaunts, strikes at I4 with S10 power blows, the
    # survivors strike its front armour (S3 cannot hurt AV12), the walker wins and never tests
    battle = make_battle(
        [(walker(), (10, 10))],
        [(unit_data("gaunts", size=10, profile=GAUNT), (10, 14))],
        dice=ScriptedDice([], seed=3),
    )
    me, gaunts = battle.units
    assault.assault_phase(battle)
    texts = [e.text for e in battle.events.events]
    assert me.charged
    assert me.count == 1
    assert gaunts.count < 10
    assert any("walker strikes gaunts at I4" in t for t in texts)
    assert any("gaunts strikes walker" in t and "no damage" in t for t in texts)
    assert not any("walker fails" in t or "walker passes" in t for t in texts)


def test_an_immobilised_walker_is_struck_on_its_rear_armour_only_under_the_setting(make_battle):
    # digest §36.6 "Hits go on the rear AV (walkers: front)" (4e pp.58-73, Walkers); the
    # setting walker_melee_armour="rear_when_immobilised" plays the later restatements'
    # reading (an immobilised walker cannot turn to face its attackers). A S4 blow with a
    # D6 of 6 makes 10: nothing against front AV12, glancing against rear AV10.
    from dataclasses import replace

    from rules.engine.systems.grimdark.damage import Attack, resolve_attack

    blow = Attack(dice=1, hit_on=None, strength=4, ap=None, close_combat=True)
    for setting, immobilised, expected in (
        ("front", True, []),
        ("rear_when_immobilised", False, []),
        ("rear_when_immobilised", True, ["glancing"]),
    ):
        battle = make_battle(
            [(unit_data("me"), (10, 10))], [(walker(), (10, 14))], dice=ScriptedDice([6, 1])
        )
        battle.settings = replace(battle.settings, walker_melee_armour=setting)
        me, target = battle.units
        target.immobilised = immobilised
        out = resolve_attack(battle, blow, target, None, me)
        assert [r.split()[0] for r in out.vehicle_results] == expected, setting


MULTI_MELTA = {"name": "Multi-melta", "range": 24, "S": 8, "AP": 1, "type": "heavy"}


def test_a_walker_may_charge_after_firing_a_heavy_weapon(make_battle):
    # seed 000 [36] note: units that may move and fire heavy weapons may assault after
    # firing; a walker is such a unit (4e pp.58-73) as a monstrous creature is
    # (test_rule_defects::test_monstrous_creature_may_charge_after_firing_a_heavy_weapon)
    battle = make_battle(
        [(walker(weapons=[DCCW, MULTI_MELTA]), (10, 10))],
        [(unit_data("foe", size=10, profile=GAUNT), (10, 18))],
        dice=ScriptedDice([1] * 10),
    )
    me, foe = battle.units
    me.moved = 6.0  # it walked up this turn
    shooting_phase(battle)
    fired = [e.data["weapon"] for e in battle.events.events if " fires " in e.text]
    assert fired == ["Multi-melta"]
    assert me.shot_at == foe.id
    assert assault.can_charge(battle, me)
    assert foe in assault.charge_targets(battle, me)


def test_an_immobilised_walker_that_wins_does_not_consolidate(make_battle):
    # defect found by the whole-battle check (test_vehicle_damage, seed 16 after the 0.7.0
    # templates): an immobilised walker whose foe was wiped out consolidated 3" and later
    # piled in; consolidating is a move (seed 000 [43]) and an immobilised vehicle never
    # moves again (digest §36 damage table, 4e p.61): it is freed where it stands
    from rules.engine.systems.grimdark.aftermath import consolidate_winners, pile_in

    battle = make_battle(
        [(walker(), (10, 10)), (unit_data("pal"), (10, 26))],
        [(unit_data("gaunts", size=1, profile=GAUNT), (10, 14)), (unit_data("far"), (10, 20))],
    )
    me, pal, gaunts, far = battle.units
    me.immobilised, me.locked, me.foes = True, True, [gaunts.id]
    far.foes, pal.foes = [pal.id], [far.id]  # the combat's other fight goes on, 4.7" away
    gaunts.wipe()
    before = me.position
    pile_in(battle, [me, pal, far])
    consolidate_winners(battle, [me], 3.0)
    assert me.position == before
    assert not me.locked
    assert far.id not in me.foes
    me.locked = True
    consolidate_winners(battle, [me], 3.0)  # its last foe gone: freed, but it stays put
    assert me.position == before


def test_an_immobilised_or_stunned_walker_does_not_charge(make_battle):
    # defect found by the whole-battle check (test_vehicle_damage, seed 5 once the sight
    # lines were recomputed when a blocker moves, engine 0.8.0): a walker immobilised in
    # close combat charged the next turn. A charge is a move: an immobilised vehicle never
    # moves again and a stunned crew may not move next turn (digest §36.6 damage tables,
    # 4e p.61)
    battle = make_battle([(walker(), (10, 10))], [(unit_data("foe"), (10, 16))])
    me, _ = battle.units
    assert assault.can_charge(battle, me)
    me.immobilised = True
    assert not assault.can_charge(battle, me)
    me.immobilised = False
    me.stunned_turn = battle.ptc
    assert not assault.can_charge(battle, me)
    me.stunned_turn = battle.ptc - 1  # stunned for a turn that is over
    assert assault.can_charge(battle, me)
    me.stunned_turn = battle.ptc + 1  # stunned now, for its next turn: this one is free
    assert assault.can_charge(battle, me)


def test_a_walker_held_in_place_neither_piles_in_nor_consolidates_nor_plans_a_charge(
    make_battle,
):
    # the same rule for the other moves of the assault phase (seed 000 [43][44]; digest
    # §36.6, 4e p.61): stunned for this turn, a walker whose foe is gone does not pile in on
    # the enemy 4" away; immobilised, it is freed where it stands after a massacre and no D6
    # is rolled for the consolidation it does not make; and the AI does not hold its fire
    # for a charge it cannot make
    from rules.engine.systems.grimdark.aftermath import consolidate_winners, pile_in
    from rules.engine.systems.grimdark.ai import GrimdarkPolicy

    battle = make_battle(
        [(walker(), (10, 10)), (unit_data("pal"), (30, 10))],
        [(unit_data("gone", size=1, profile=GAUNT), (10, 13)), (unit_data("near"), (10, 19))],
        dice=ScriptedDice([6]),
    )
    me, pal, gone, near = battle.units
    me.locked, me.foes, gone.foes = True, [gone.id], [me.id]
    near.foes, pal.foes = [pal.id], [near.id]
    gone.wipe()
    me.stunned_turn = battle.ptc
    before = me.position
    assert 0.0 < battle.gap(me, near) <= 6.0
    pile_in(battle, [me, pal, gone, near])
    assert near.id not in me.foes
    me.stunned_turn = battle.ptc + 1  # stunned for its next turn: it piles in now
    pile_in(battle, [me, pal, gone, near])
    assert near.id in me.foes
    me.foes = [gone.id]
    me.stunned_turn = -1
    me.immobilised = True
    consolidate_winners(battle, [me], None)
    assert not me.locked
    assert me.position == before
    assert battle.dice.script == [6]  # the massacre's D6 was not rolled
    assert not GrimdarkPolicy().plans_charge(battle, me, [near])
    me.immobilised = False
    assert GrimdarkPolicy().plans_charge(battle, me, [near])


def test_an_immobilised_walker_left_behind_by_a_hit_and_run_stays_put(make_battle):
    # same check, same seed: the foe of an immobilised walker hit and ran, and the walker
    # consolidated 3" after it (4e pp.74-76 hit and run; seed 000 [43], 4e p.61)
    from rules.engine.systems.grimdark import special_rules

    from .conftest import BOLTER, ScriptedDice

    raiders = unit_data("raiders", size=5, weapons=[BOLTER], rules=["hit_and_run"])
    battle = make_battle(
        [(walker(), (30, 23)), (unit_data("far"), (30, 40))],
        [(raiders, (30, 20))],
        dice=ScriptedDice([4, 5, 5, 5]),  # I test 4 ≤ I4, then 3D6 = 15"
    )
    me, _, runners = battle.units
    me.foes, runners.foes = [runners.id], [me.id]
    me.locked = runners.locked = True
    me.immobilised = True
    before = me.position
    special_rules.hit_and_run(battle)
    assert not runners.locked
    assert not me.locked
    assert me.position == before
    assert not any("consolidates" in e.text for e in battle.events.events)
