"""Skimmers and fast vehicles moving fast (NOT IN SEED ≈: 4e pp.58-73; published 4e p.58
http://redelf.narod.ru/w40k/rulebook4/92.html and p.59 .../94.html, checked with the
``search`` tool; see ``rules.engine.systems.grimdark.skimmers``)."""

import math
from dataclasses import replace
from itertools import pairwise

import pytest

from armybuilder.rosterdata import sample_roster_data
from rules.engine.geometry import DIFFICULT, IMPASSABLE, Point, Rect, TerrainArea
from rules.engine.systems.grimdark import movement
from rules.engine.systems.grimdark.ai import GrimdarkPolicy
from rules.engine.systems.grimdark.damage import (
    Attack,
    apply_vehicle_damage,
    fast_skimmer,
    resolve_vehicle_hits,
)
from rules.engine.systems.grimdark.skimmers import (
    JINK,
    cruises_for_free,
    moves_fast_for_free,
    skimmer_must_test,
)

from .conftest import GAUNT, ScriptedDice, unit_data
from .test_battle import SWARM, SYSTEM

HULL = {"BS": 3, "front": 10, "side": 10, "rear": 10}
LANCE = {"name": "Bright lance", "range": 36, "S": 8, "AP": 2, "type": "heavy", "count": 1}
CATAPULT = {"name": "Catapult", "range": 12, "S": 4, "AP": 5, "type": "assault", "shots": 2}
WALL = TerrainArea("Wall", Rect(0, 14, 72, 4), IMPASSABLE, None, 3)
WOOD = TerrainArea("Wood", Rect(5, 5, 10, 10), DIFFICULT, 5, 2)


def skimmer(uid="sk", kinds=("skimmer", "fast"), weapons=None):
    extra = {"vehicle_types": list(kinds)}
    return unit_data(
        uid,
        unit_type="vehicle",
        size=1,
        profile=HULL,
        weapons=[LANCE, CATAPULT] if weapons is None else weapons,
        category="Fast Attack",
        extra=extra,
    )


def far_foe():
    return [(unit_data("foe", profile=GAUNT), (60, 44))]


def test_a_skimmer_flies_over_impassable_terrain_a_tank_goes_round(make_battle):
    # 4e p.58 (92.html): skimmers "skim swiftly over rough terrain"; others route around
    battle = make_battle(
        [(skimmer(), (10, 8)), (skimmer("tank", ("tank",)), (40, 8))],
        far_foe(),
        dice=ScriptedDice([]),
        terrain=[WALL],
    )
    sk, tank, _ = battle.units
    assert movement.move_unit(battle, sk, Point(10, 40), 12.0) == pytest.approx(12.0)
    assert sk.position == Point(10, 20)  # straight across the wall
    movement.move_unit(battle, tank, Point(40, 40), 12.0)
    assert tank.position.y < 14.0  # the wall spans the table: the tank cannot cross


def test_a_skimmer_never_lands_on_impassable_terrain(make_battle):
    # 4e pp.58-73 ≈ (later books' published wording: it may not end its move over it)
    battle = make_battle([(skimmer(), (10, 8))], far_foe(), dice=ScriptedDice([]), terrain=[WALL])
    sk = battle.units[0]
    moved = movement.move_unit(battle, sk, Point(10, 40), 8.0)  # would end at y 16, on the wall
    assert not any(a.kind == IMPASSABLE for a in battle.table.areas_at(sk.position))
    assert sk.position.y == pytest.approx(14.0, abs=0.05)
    assert moved == pytest.approx(6.0, abs=0.05)


@pytest.mark.parametrize(
    ("rule", "start", "end", "expected"),
    [
        ("start_or_end", (10, 10), (10, 22), True),  # takes off from the wood
        ("start_or_end", (30, 2), (10, 10), True),  # lands in it
        ("start_or_end", (10, 2), (10, 22), False),  # flies over it
        ("end", (10, 10), (10, 22), False),
        ("end", (30, 2), (10, 10), True),
        ("none", (30, 2), (10, 10), False),
    ],
)
def test_which_skimmer_moves_take_a_terrain_test(make_battle, rule, start, end, expected):
    # setting ``skimmer_terrain_test``: start or end in difficult terrain (5e/HH wording) ≈
    battle = make_battle([(skimmer(), end)], far_foe(), dice=ScriptedDice([]), terrain=[WOOD])
    battle.settings = replace(battle.settings, skimmer_terrain_test=rule)
    sk = battle.units[0]
    assert skimmer_must_test(battle, sk, Point(*start), 12.0) is expected
    assert not skimmer_must_test(battle, sk, Point(*start), 0.0)  # only a moving skimmer


def test_a_fast_skimmer_failing_its_take_off_test_crashes(make_battle):
    # 4e pp.58-73 ≈: immobilised while moving fast = destroyed (setting on, the default)
    battle = make_battle([(skimmer(), (10, 10))], far_foe(), dice=ScriptedDice([1]), terrain=[WOOD])
    sk = battle.units[0]
    moved = movement.move_unit(battle, sk, Point(10, 40), 12.0)
    assert moved > 6.0
    assert sk.count == 0
    assert battle.table.terrain[-1].name == "Wreck of sk"


@pytest.mark.parametrize(("crashes", "limit"), [(False, 12.0), (True, 5.0)])
def test_a_skimmer_failing_its_terrain_test_is_only_immobilised(make_battle, crashes, limit):
    # with the setting off, or after moving no more than 6", a failed test immobilises
    battle = make_battle([(skimmer(), (10, 10))], far_foe(), dice=ScriptedDice([1]), terrain=[WOOD])
    battle.settings = replace(battle.settings, terrain_crashes_fast_skimmers=crashes)
    sk = battle.units[0]
    movement.move_unit(battle, sk, Point(10, 40), limit)
    assert sk.count == 1
    assert sk.immobilised


def test_a_skimmer_passing_its_terrain_test_flies_on(make_battle):
    battle = make_battle([(skimmer(), (10, 10))], far_foe(), dice=ScriptedDice([2]), terrain=[WOOD])
    sk = battle.units[0]
    movement.move_unit(battle, sk, Point(10, 40), 12.0)
    assert sk.count == 1
    assert not sk.immobilised
    assert battle.dice.script == []  # the one test was rolled


def test_a_fast_skimmer_without_guns_crashes_on_weapon_destroyed(make_battle):
    # 4e pp.58-73 ≈: no weapon left → immobilised instead, and immobilised fast → destroyed
    battle = make_battle([(skimmer(weapons=[]), (10, 10))], far_foe(), dice=ScriptedDice([]))
    sk = battle.units[0]
    sk.moved = 12.0
    apply_vehicle_damage(battle, sk, "weapon_destroyed")
    assert sk.count == 0
    assert fast_skimmer(sk, 6.0) is False  # "more than 6""
    assert fast_skimmer(sk, 6.5) is True


def test_fast_vehicles_cruise_12_inches_when_it_costs_no_gun(make_battle):
    # 4e p.59 (94.html): fast ≤ 12" fires one main weapon and all defensive ones
    battle = make_battle(
        [
            (skimmer(), (10, 10)),
            (skimmer("twin", weapons=[LANCE, dict(LANCE, name="Second lance")]), (20, 10)),
            (skimmer("buggy", ("fast",)), (30, 10)),
            (skimmer("grav", ("skimmer",)), (40, 10)),
        ],
        far_foe(),
        dice=ScriptedDice([]),
    )
    sk, twin, buggy, grav = battle.units[:4]
    policy = GrimdarkPolicy()
    assert [policy.move_limit(battle, u) for u in (sk, twin, buggy, grav)] == [12.0, 6.0, 12.0, 6.0]
    assert cruises_for_free(buggy)
    assert not moves_fast_for_free(buggy)
    assert moves_fast_for_free(sk)
    assert not moves_fast_for_free(twin)


def test_a_fast_skimmer_jinks_instead_of_holding_and_then_only_takes_glancing_hits(make_battle):
    # battle level: the movement phase moves it fast, the enemy's lascannon hit then glances
    battle = make_battle(
        [(skimmer(), (36, 10)), (skimmer("twin", weapons=[LANCE, LANCE]), (20, 10))],
        [(unit_data("foe", profile=GAUNT), (36, 40))],
        dice=ScriptedDice([6, 1]),
    )
    sk, twin, foe = battle.units
    movement.movement_phase(battle)
    assert twin.moved == 0.0  # two main weapons: it holds to fire both
    assert sk.moved == pytest.approx(JINK)
    assert sk.position.y == pytest.approx(10.0, abs=0.01)  # square to the enemy
    assert fast_skimmer(sk)
    battle.active, battle.ptc = "b", 2
    out = resolve_vehicle_hits(battle, Attack(1, None, 9, 2), 1, sk, foe)  # 6 + 9 > 10
    assert out.vehicle_results == ["glancing shaken"]


def test_a_skimmer_flying_over_difficult_terrain_takes_no_test(make_battle):
    # digest quick reference "Skimmers: no (pass over)"; a tank crossing the wood tests
    battle = make_battle(
        [(skimmer(), (10, 2)), (skimmer("tank", ("tank",)), (12, 2))],
        far_foe(),
        dice=ScriptedDice([1, 1]),
        terrain=[WOOD],
    )
    sk, tank, _ = battle.units
    movement.move_unit(battle, sk, Point(10, 40), 20.0)
    assert not sk.immobilised
    assert battle.dice.script == [1, 1]
    movement.move_unit(battle, tank, Point(12, 40), 12.0)
    assert tank.immobilised
    assert battle.dice.script == [1]


def test_a_fast_skimmer_moves_fast_through_sample_battles():
    # battle level (4e pp.58-73 ≈): a Vyper-like fast skimmer added to the Wardens keeps
    # moving more than 6" a turn, so the Swarm's hits on it can only glance
    data = sample_roster_data("grimdark", "iron-wardens-strike-force")
    data["units"].append(dict(skimmer("vyper"), unit="vyper", points=60))
    wardens = SYSTEM.build_army(data)
    moves = []
    for seed in range(2):
        report = SYSTEM.resolve_battle(wardens, SWARM, "annihilation", seed)
        track = [u for turn in report.positions for u in turn if u.id == "vyper" and u.alive]
        moves += [math.hypot(b.x - a.x, b.y - a.y) for a, b in pairwise(track)]
    assert len(moves) >= 6
    assert sum(1 for m in moves if 6.0 < m <= 12.0) >= len(moves) - 1
