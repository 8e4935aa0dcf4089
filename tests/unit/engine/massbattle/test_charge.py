"""Charges: conditions, facing charged, multiple chargers, melee outcome (seed 003 §4-§5, §7)."""

from __future__ import annotations

import math

import pytest

from rules.engine.systems.massbattle.ai import MassBattlePolicy, plan_charges
from rules.engine.systems.massbattle.battle import melee_phase
from rules.engine.systems.massbattle.charge import ChargePlan, can_charge, place_charges
from rules.engine.systems.massbattle.footprint import distance
from rules.engine.systems.massbattle.melee import strike
from rules.engine.systems.massbattle.settings import MassBattleSettings
from tests.unit.engine.massbattle.helpers import ScriptedDice, piece, state, unit


def test_charge_needs_target_within_double_speed():  # seed 003 §4: leader ≤ 2×Sp
    charger = unit("c", y=10)
    near = unit("n", side="b", y=21, facing=270.0)  # front edge at 19.4: 7.8" from leader
    far = unit("f", side="b", x=36, y=25, facing=270.0)
    assert can_charge(state([charger, near]), charger, near) is not None
    assert can_charge(state([charger, far]), charger, far) is None


def test_charge_needs_target_in_front_arc_and_visible():  # seed 003 §4 charge conditions
    charger = unit("c", y=20)
    behind = unit("b", side="b", y=14, facing=90.0)
    assert can_charge(state([charger, behind]), charger, behind) is None
    target = unit("t", side="b", y=28, facing=270.0)
    wall = piece("blocking", 36, 24.5, 12, 2)
    assert can_charge(state([charger, target], [wall]), charger, target) is None


def test_war_engines_cannot_charge():  # seed 003 §4
    engine = unit("w", unit_type="war_engine", size=1, y=20)
    target = unit("t", side="b", y=26, facing=270.0)
    assert can_charge(state([engine, target]), engine, target) is None


@pytest.mark.parametrize(
    ("x", "y", "facing"), [(36, 26, "front"), (25, 30, "right"), (47, 30, "left"), (36, 36, "rear")]
)
def test_facing_charged_is_where_the_leader_stands(x, y, facing):  # seed 003 §5 flank/rear
    target = unit("t", side="b", x=36, y=30, facing=270.0)
    towards = math.degrees(math.atan2(30 - y, 36 - x))
    charger = unit("c", x=x, y=y, facing=towards)
    plan = can_charge(state([charger, target]), charger, target)
    assert plan is not None
    assert plan.facing == facing


def test_charger_contacts_with_leader_facing_the_centre():  # seed 003 §5 charge move
    charger = unit("c", x=33, y=12)
    target = unit("t", side="b", x=36, y=22, facing=270.0)
    st = state([charger, target])
    placed = place_charges(st, [can_charge(st, charger, target)])
    assert len(placed) == 1
    assert charger.fp.leader() == pytest.approx((36.0, 22 - target.fp.depth / 2))
    assert distance(charger.fp, target.fp) == pytest.approx(0.0, abs=1e-6)


def test_multiple_chargers_share_the_contact_width():  # seed 003 §5 multiple charges, fig. F
    a1 = unit("a1", x=30, y=12)
    a2 = unit("a2", x=42, y=12)
    target = unit("t", side="b", x=36, y=22, size=40, facing=270.0)  # horde 8" wide
    st = state([a1, a2, target])
    placed = place_charges(st, [can_charge(st, a1, target), can_charge(st, a2, target)])
    assert {p.charger.id for p in placed} == {"a1", "a2"}
    assert a1.fp.x == pytest.approx(34.0)
    assert a2.fp.x == pytest.approx(38.0)


def test_charger_without_room_must_do_something_else():  # seed 003 §5: no room, no charge
    charger = unit("c", x=36, y=12)
    target = unit("t", side="b", x=36, y=22, facing=270.0)
    st = state([charger, target], [piece("blocking", 36, 18.6, 6, 1.2)])
    plan = can_charge(st, charger, target)
    assert plan is None or place_charges(st, [plan]) == []


def test_charge_through_area_terrain_is_hindered():  # seed 003 §5
    charger = unit("c", x=36, y=10)
    target = unit("t", side="b", x=36, y=22, facing=270.0)
    st = state([charger, target], [piece("area", 36, 15, 8, 2)])
    placed = place_charges(st, [can_charge(st, charger, target)])
    assert placed
    assert placed[0].hindered


def test_target_behind_obstacle_is_defended():  # seed 003 §5 defended obstacles
    charger = unit("c", x=36, y=10)
    target = unit("t", side="b", x=36, y=22, facing=270.0)
    st = state([charger, target], [piece("obstacle", 36, 19.8, 8, 0.4)])
    plan = can_charge(st, charger, target)
    assert plan is not None
    assert plan.defended


def test_flank_charge_doubles_and_rear_charge_triples_in_the_melee():  # seed 003 §7
    counts = {}
    for facing in ("front", "left", "rear"):
        attacker = unit("a", At=10, Me=4)
        target = unit("t", side="b", De=4)
        dice = ScriptedDice([1] * 40)
        strike(state([attacker, target], dice=dice), ChargePlan(attacker, target, facing, 1.0))
        counts[facing] = 40 - len(dice.script)
    assert counts == {"front": 10, "left": 20, "rear": 30}


def test_unrouted_target_repulses_the_charger_one_inch():  # seed 003 §7 after the nerve test
    charger = unit("c", x=36, y=12, At=2, Me=4)
    target = unit("t", side="b", x=36, y=22, facing=270.0, De=4, Ne=10)
    st = state([charger, target], dice=ScriptedDice([5, 5, 5, 5, 3, 3]))
    plans = place_charges(st, [can_charge(st, charger, target)])
    melee_phase(st, "a", [plans], MassBattlePolicy())
    assert target.alive
    assert target.damage == 2
    assert distance(charger.fp, target.fp) == pytest.approx(1.0, abs=1e-6)


def test_victor_of_a_rout_pivots_or_moves():  # seed 003 §7 after a rout
    charger = unit("c", x=36, y=12, At=4, Me=4)
    target = unit("t", side="b", x=36, y=22, facing=270.0, De=4, Ne=0)
    st = state([charger, target], dice=ScriptedDice([5, 5, 5, 5, 5, 5, 5, 5, 6, 6, 3]))
    plans = place_charges(st, [can_charge(st, charger, target)])
    melee_phase(st, "a", [plans], MassBattlePolicy())
    assert not target.alive
    assert charger.routed_enemies == 1


def test_a_charge_pivots_at_most_90_degrees():  # seed 003 §4: one pivot up to 90°, as Advance
    # The horde's front is in the charger's front arc, but reaching it needs a 118° turn.
    charger = unit("c", x=42.7, y=27.6, facing=208.0)
    target = unit("t", side="b", x=36, y=30, size=40, facing=270.0)
    assert can_charge(state([charger, target]), charger, target) is None
    ahead = unit("c2", x=40.0, y=24.0, facing=150.0)  # 60° turn: allowed
    assert can_charge(state([ahead, target]), ahead, target) is not None


@pytest.mark.parametrize(("any_direction", "allowed"), [(True, True), (False, False)])
def test_an_individual_charges_in_any_direction_by_setting(any_direction, allowed):
    # seed 003 §10 Individual: "may shoot and charge in any direction" lifts the 90° limit
    # The target is behind the hero: charging its front needs a 180° turn.
    hero = unit("h", unit_type="hero", size=1, x=40.0, y=24.0, facing=270.0, rules=["individual"])
    target = unit("t", side="b", x=36, y=30, size=40, facing=270.0)
    st = state([hero, target])
    st.settings = MassBattleSettings(individual_charge_any_direction=any_direction)
    assert (can_charge(st, hero, target) is not None) is allowed


def _charged_front_and_flank(multi_charge_test: str) -> tuple[list[str], list]:
    """A front and a flank charger on one target, planned by the AI and fought."""
    front = unit("f", x=36, y=22, facing=90.0, At=10)
    flank = unit("l", x=46, y=30, facing=180.0, At=10)
    target = unit("t", side="b", x=36, y=30, facing=270.0, Ne=30)
    st = state([front, flank, target])
    st.settings = MassBattleSettings(multi_charge_test=multi_charge_test)
    melees = plan_charges(st, "a", {})
    melee_phase(st, "a", melees, MassBattlePolicy())
    tests = [e.text for e in st.log.events if "nerve test" in e.text]
    return tests, melees


def test_a_target_charged_on_two_facings_takes_one_nerve_test():
    # seed 003 §5 multiple charges, §7 one test at the end of each melee: one
    # melee per target, a single test after all its chargers (multi_charge_test="combined")
    tests, melees = _charged_front_and_flank("combined")
    assert len(melees) == 1
    assert {p.facing for p in melees[0]} == {"front", "left"}
    assert len(tests) == 1


def test_separate_reading_tests_after_each_charger():  # seed 003 §5 alternative reading
    tests, _melees = _charged_front_and_flank("separate")
    assert len(tests) == 2


@pytest.mark.parametrize("behind", ["blocking", "table_edge"])
def test_a_blocked_recoil_still_breaks_contact(behind):
    # seed 003 §7: a target that holds repulses the attacker 1"; where the attacker cannot
    # go back, the target is nudged away (seed 003 §5: touching enemies are moved apart)
    rear = 17.2 if behind == "blocking" else 0.0  # the charger's rear edge (depth 3.2")
    charger = unit("c", x=36, y=rear + 1.6, At=2, Me=4)
    target = unit("t", side="b", x=36, y=rear + 4.8, facing=270.0, De=4, Ne=10)
    terrain = [piece("blocking", 36, rear - 0.5, 6, 1.0)] if behind == "blocking" else []
    st = state([charger, target], terrain, dice=ScriptedDice([5, 5, 5, 5, 3, 3]))
    assert distance(charger.fp, target.fp) == pytest.approx(0.0, abs=1e-6)
    melee_phase(st, "a", [[ChargePlan(charger, target, "front", 0.0)]], MassBattlePolicy())
    assert target.alive
    assert distance(charger.fp, target.fp) == pytest.approx(1.0, abs=1e-6)


def test_a_boxed_in_recoil_nudges_the_enemy_behind():  # seed 003 §5 nudge, §7 recoil
    charger = unit("c", x=36, y=12, At=2, Me=4)  # 3.2" deep: y 10.4 to 13.6
    target = unit("t", side="b", x=36, y=15.2, facing=270.0, De=4, Ne=10)
    behind_target = unit("bt", side="b", x=36, y=18.4, facing=270.0)
    behind_charger = unit("bc", side="b", x=36, y=8.8, facing=270.0)
    st = state([charger, target, behind_target, behind_charger])
    st.dice = ScriptedDice([5, 5, 5, 5, 3, 3])
    melee_phase(st, "a", [[ChargePlan(charger, target, "front", 0.0)]], MassBattlePolicy())
    assert distance(charger.fp, target.fp) == pytest.approx(1.0, abs=1e-6)
    assert behind_charger.fp.y == pytest.approx(7.8)


@pytest.mark.parametrize(("speed", "charges"), [(8, True), (6.2, False)])
def test_a_charge_takes_the_shortest_route_around_a_blocker(speed, charges):
    # seed 003 §5: the charger "must take the shortest route around blocking terrain and
    # other units", with room along the whole route; a detour may add no more than the
    # charge distance left (2×Sp minus the leader's reach, here 11.8")
    charger = unit("c", x=36, y=6, Sp=speed)  # 4" frontage
    target = unit("t", side="b", x=36, y=21, size=40, facing=270.0)  # front edge y 19.4
    rock = piece("blocking", 36, 13, 1.0, 1.0)  # on the straight line; corners still seen
    st = state([charger, target], [rock])
    plan = can_charge(st, charger, target)
    assert plan is not None
    placed = place_charges(st, [plan])
    assert bool(placed) is charges
    if charges:
        assert len(placed[0].route.turns) == 2  # past two corners of the rock
        assert placed[0].route.length > 11.8
        assert distance(charger.fp, target.fp) == pytest.approx(0.0, abs=1e-6)


def test_an_enemy_a_charger_touches_is_nudged_apart():
    # seed 003 §5: a charger touching enemy units other than its target nudges them
    # slightly so they no longer touch ("把目标以外的敌军稍稍移动,使双方不再接触")
    charger = unit("c", x=36, y=10)
    target = unit("t", side="b", x=36, y=21, facing=270.0)  # x 34-38, front edge y 19.4
    hero = unit("h", side="b", unit_type="hero", size=1, x=38.5, y=18.9, facing=270.0)
    st = state([charger, target, hero])
    placed = place_charges(st, [can_charge(st, charger, target)])
    assert placed
    assert distance(charger.fp, target.fp) == pytest.approx(0.0, abs=1e-6)
    assert distance(charger.fp, hero.fp) > 0.01
    assert distance(charger.fp, hero.fp) <= 0.5


def test_a_recoil_from_a_contact_along_the_flank_breaks_it():
    # seed 003 §7 recoil 1", §5 "使双方不再接触": a surged unit touching a hero with its flank
    # slides along it when backing; the two are nudged apart (audit: 1 in 100 games)
    attacker = unit("w", x=35.5, y=31.1, facing=270.0, At=1)  # x 33.5-37.5
    hero = unit("h", side="b", unit_type="hero", size=1, x=33.0, y=30.07, facing=180.0)
    st = state([attacker, hero], dice=ScriptedDice([2] * 6))
    melee_phase(st, "a", [[ChargePlan(attacker, hero, "front", 0.0)]], MassBattlePolicy())
    assert distance(attacker.fp, hero.fp) > 0.01


@pytest.mark.parametrize(("roll", "charges"), [(3, False), (4, True)])
def test_unclear_sight_of_a_charge_target_is_rolled_for(roll, charges):
    # seed 003 §3: "if visibility is unclear, roll a D6: 4+ visible"; unclear = the leader
    # sees one of the target's five sample points (here its front-right corner)
    charger = unit("c", x=36, y=10, Sp=7)
    target = unit("t", side="b", x=36, y=21, facing=270.0)
    wall = piece("blocking", 34.6, 15, 4.2, 1.0)  # hides all but the corner (38, 19.4)
    st = state([charger, target], [wall], dice=ScriptedDice([roll]))
    assert can_charge(st, charger, target) is not None
    melees = plan_charges(st, "a", {})
    assert bool(melees) is charges
    assert "unclear sight" in st.log.events[0].text


def test_a_nudged_target_is_not_pushed_into_another_attacker():
    # seed 003 §7 recoil, §5 nudge "使双方不再接触" (so they no longer touch): a rear charger
    # boxed in by friends nudges the target away, but not into the front charger that has
    # just stepped back 1" (audit, tests/unit/engine/massbattle/audit.py: one in 100 games)
    target = unit("t", side="b", unit_type="hero", size=1, x=36, y=20, facing=270.0, Ne=10)
    front = unit("f", x=36, y=19.5 - 1.0 - 1.6, facing=90.0, At=1)  # 1" from its front
    rear = unit("r", x=36, y=20.5 + 1.6, facing=270.0, At=1)  # on the target's rear
    walls = [piece("blocking", 36, 23.7 + 0.5, 6, 1.0)]  # boxes the rear charger in
    st = state([target, front, rear], walls, dice=ScriptedDice([2] * 6))  # all miss
    melee_phase(st, "a", [[ChargePlan(rear, target, "rear", 0.0)]], MassBattlePolicy())
    assert target.alive
    assert distance(front.fp, target.fp) > 0.01
    assert distance(rear.fp, target.fp) > 0.01


@pytest.mark.parametrize(("bow_range", "charges"), [(24, False), (3, True)])
def test_archers_shoot_rather_than_charge_a_hero_they_barely_hurt(bow_range, charges):
    # AI: a charge is worth its expected damage (seed 003 §7); a shot after a Halt (§6)
    # worth as much keeps a shooting unit in place
    bows = [{"name": "Bows", "kind": "bow", "range": bow_range}]
    archers = unit("a", Ra=4, Me=5, At=8, weapons=bows)
    hero = unit(
        "h", side="b", unit_type="hero", size=1, y=17, facing=270.0, rules=["individual"], De=5
    )
    other = unit("o", side="b", x=20, y=25, facing=270.0)
    melees = plan_charges(state([archers, hero, other]), "a", {})
    assert bool(melees) is charges


def test_a_boxed_in_charger_steps_back_once_the_other_charger_has():
    # seed 003 §7 recoil 1", §5 "使双方不再接触": the front charger's recoil is blocked by a
    # wall and the target's nudge by the rear charger; after the rear charger steps back
    # the front one tries again and the target is nudged off it (battle.melee_phase)
    target = unit("t", side="b", x=36, y=20, facing=270.0, Ne=10)  # y 18.4 to 21.6
    front = unit("f", x=36, y=16.8, facing=90.0, At=1)  # y 15.2 to 18.4
    rear = unit("r", x=36, y=23.2, facing=270.0, At=1)  # y 21.6 to 24.8
    walls = [piece("blocking", 36, 14.7, 6, 1.0)]  # behind the front charger
    st = state([target, front, rear], walls, dice=ScriptedDice([2] * 6))  # all miss
    plans = [ChargePlan(front, target, "front", 0.0), ChargePlan(rear, target, "rear", 0.0)]
    melee_phase(st, "a", [plans], MassBattlePolicy())
    assert distance(front.fp, target.fp) > 0.01
    assert distance(rear.fp, target.fp) > 0.01
