"""Reserves and the mission levels (NOT IN SEED: 4e p.84 Reserves, pp.74-76 Deep Strike,
pp.80-83 the standard missions' Alpha/Gamma/Omega special rules, pp.84-87 VPs)."""

from dataclasses import replace

from armybuilder.rosterdata import sample_roster_data
from rules.engine.systems.grimdark import SYSTEM, assault
from rules.engine.systems.grimdark.missions import (
    deploys_by_own_rule,
    level_victory_points,
    night_fight,
    victory_points,
    winner,
)
from rules.engine.systems.grimdark.movement import movement_phase
from rules.engine.systems.grimdark.reserves import (
    arrive_from_reserve,
    reserve_roll_needed,
    starts_in_reserve,
)
from rules.engine.systems.grimdark.settings import GrimdarkSettings
from rules.engine.systems.grimdark.volleys import counts_as_moved

from .conftest import ScriptedDice, unit_data

HEAVY = {"name": "Lascannon", "range": 48, "S": 9, "AP": 2, "type": "heavy"}
TRANSPORT = {"BS": 4, "front": 11, "side": 11, "rear": 10}


def test_reserves_arrive_on_four_three_then_two_from_turn_two():
    # 4e p.84 ✓: "Turn 1 (N/A), Turn 2 (4+), Turn 3 (3+), Turn 4+ (2+)"
    assert [reserve_roll_needed(t) for t in range(1, 8)] == [None, 4, 3, 2, 2, 2, 2]


def test_a_reserve_rolls_the_turns_number(make_battle):
    battle = make_battle([], [(unit_data("late"), (36, 44))], dice=ScriptedDice([3, 3]))
    late = battle.units[0]
    late.reserve = True
    battle.active = "b"
    battle.turn = 2
    arrive_from_reserve(battle)  # a 3 is not enough in turn 2
    assert late.reserve
    battle.turn = 3
    arrive_from_reserve(battle)  # a 3 arrives in turn 3
    assert not late.reserve


def test_a_reserve_moves_on_from_its_deployment_zone_edge_and_counts_as_moved(make_battle):
    # every 4e mission page: "reserves move on from the player's deployment zone board edge"
    battle = make_battle(
        [(unit_data("late"), (0, 0))],
        [(unit_data("foe"), (50, 40))],
        dice=ScriptedDice([6]),
        mission="seek-and-destroy",
    )
    late, foe = battle.units
    late.reserve = True
    battle.turn = 2
    arrive_from_reserve(battle)
    assert late.position.y == late.radius  # at side a's long edge
    assert late.position.x == foe.position.x  # level with the enemy it goes for
    movement_phase(battle)
    assert late.position.y > late.radius
    assert counts_as_moved(late)
    assert assault.can_charge(battle, late)  # unlike a deep strike, it may assault
    assert any("arrives from reserve at its table edge" in e.text for e in battle.events.events)


def test_who_starts_in_reserve_by_level(make_battle):
    # deep strikers choose (the AI keeps heavy-weapon shooters on the table: they could not
    # fire on landing); Omega's Escalation holds back all but Troops, HQ and transports (≈)
    units = [
        unit_data("drop", rules=["deep_strike"], category="Elites"),
        unit_data("guns", rules=["deep_strike"], weapons=[HEAVY], category="Heavy Support"),
        unit_data("line"),
        unit_data("boss", size=1, category="HQ"),
        unit_data("elite", category="Elites"),
        unit_data(
            "hull",
            unit_type="vehicle",
            size=1,
            profile=TRANSPORT,
            category="Fast Attack",
            extra={"transport_capacity": 10},
        ),
    ]
    battle = make_battle([(u, (10 + 5 * k, 5)) for k, u in enumerate(units)], [])
    alpha = {u.id for u in battle.units if starts_in_reserve(battle, u)}
    assert alpha == {"drop"}
    battle.settings = GrimdarkSettings(mission_level="omega")
    omega = {u.id for u in battle.units if starts_in_reserve(battle, u)}
    assert omega == {"drop", "guns", "elite"}


def test_dusk_and_dawn_makes_the_first_turn_a_night_fight(make_battle):
    # 4e pp.80-83: Gamma and Omega have Dusk & Dawn (≈ night fighting in game turn 1)
    battle = make_battle([(unit_data("me"), (10, 10))], [])
    assert not night_fight(battle)
    battle.settings = GrimdarkSettings(mission_level="gamma")
    assert night_fight(battle)
    battle.turn = 2
    assert not night_fight(battle)


def test_gamma_and_omega_are_won_on_victory_points_with_the_objectives_worth(make_battle):
    # 4e pp.80-83: "Victory Point rules are used in the Gamma and Omega missions"
    battle = make_battle([(unit_data("me"), (36, 24))], [], mission="take-and-hold")
    vps, objectives = {"a": 150, "b": 300}, {"a": 2, "b": 0}
    assert level_victory_points(battle, vps, objectives) == vps
    assert winner(battle, vps, objectives) == "a"  # Alpha: the objective decides
    battle.settings = GrimdarkSettings(mission_level="gamma")
    scored = level_victory_points(battle, vps, objectives)
    assert scored == {"a": 350, "b": 300}
    assert winner(battle, scored, objectives) == "a"
    battle.settings = GrimdarkSettings(mission_level="gamma", objective_victory_points=0)
    assert winner(battle, level_victory_points(battle, vps, objectives), objectives) == "b"


def test_a_unit_still_in_reserve_at_the_end_counts_as_destroyed(make_battle):
    battle = make_battle([], [(unit_data("late", points=120), (36, 44))])
    battle.units[0].reserve = True
    assert victory_points(battle, "a") == 120


def test_an_omega_battle_brings_its_reserves_on_and_reports_its_level():
    wardens = SYSTEM.build_army(sample_roster_data("grimdark", "iron-wardens-strike-force"))
    swarm = SYSTEM.build_army(sample_roster_data("grimdark", "chitin-host-swarm"))
    settings = GrimdarkSettings(mission_level="omega")
    texts, levels = [], set()
    for seed in range(4):
        report = SYSTEM.resolve_battle(wardens, swarm, "cleanse", seed, settings=settings)
        texts += [e.text for e in report.events]
        levels.add(report.extra["level"])
    assert levels == {"omega"}
    assert any("arrives from reserve at its table edge" in t for t in texts)
    assert any("in the dark" in t for t in texts)
    assert replace(settings, mission_level="alpha") == GrimdarkSettings()


def test_a_unit_left_in_reserve_loses_its_points_in_the_report():
    # the report's points lost follows the VPs (≈ 4e pp.84-87: still in reserve = destroyed)
    from rules.engine.systems.grimdark.rosters import build_army

    late = unit_data("late", rules=["deep_strike"], points=120)
    army = build_army({"system": "grimdark", "units": [unit_data("line"), late]})
    foe = build_army({"system": "grimdark", "units": [unit_data("foe")]})
    for seed in range(30):
        report = SYSTEM.resolve_battle(army, foe, "annihilation", seed, log=False)
        outcome = next(o for o in report.units if o.id == "late")
        if outcome.status == "in_reserve":
            assert outcome.points_lost == 120
            return
    raise AssertionError("no seed left the unit in reserve")


def test_infiltrate_and_deep_strike_wait_for_their_level_only_under_the_setting(make_battle):
    # 4e pp.80-83 (digest §36.9): every mission page lists Infiltrate and Deep Strike among
    # the Gamma and Omega special rules; level_gates_deployment_rules plays that reading
    drop = unit_data("drop", rules=["deep_strike"], category="Elites")
    scouts = unit_data("scouts", rules=["infiltrate"], category="Elites")
    for gates, level, may in (
        (False, "alpha", True),
        (True, "alpha", False),
        (True, "gamma", True),
        (True, "omega", True),
    ):
        battle = make_battle([(drop, (10, 10)), (scouts, (30, 10))], [], dice=ScriptedDice([]))
        battle.settings = GrimdarkSettings(level_gates_deployment_rules=gates, mission_level=level)
        dropper, infiltrator = battle.units
        assert starts_in_reserve(battle, dropper) is may, (gates, level)
        assert deploys_by_own_rule(battle, infiltrator, "infiltrate") is may, (gates, level)


def test_at_alpha_with_the_setting_sample_infiltrators_deploy_in_their_zone():
    # whole battles: the Swarm's infiltrating Lurker Brood deploys 6" beyond its zone by
    # default; with the gate on it deploys inside the zone at Alpha like any other unit
    from rules.engine.geometry import Point
    from rules.engine.systems.grimdark.missions import deployment

    wardens = SYSTEM.build_army(sample_roster_data("grimdark", "iron-wardens-strike-force"))
    swarm = SYSTEM.build_army(sample_roster_data("grimdark", "chitin-host-swarm"))
    zone = deployment("annihilation").zones["b"]
    for gates in (False, True):
        settings = GrimdarkSettings(level_gates_deployment_rules=gates)
        inside = []
        for seed in range(3):
            report = SYSTEM.resolve_battle(wardens, swarm, "annihilation", seed, settings=settings)
            (lurkers,) = [u.id for u in report.units if u.side == "b" and u.name == "Lurker Brood"]
            (start,) = [p for p in report.positions[0] if p.side == "b" and p.id == lurkers]
            inside.append(zone.contains(Point(start.x, start.y)))
        assert all(inside) if gates else not any(inside), gates


def test_a_deep_striker_landing_on_impassable_rock_is_placed_clear_of_it(make_battle):
    # defect (issue 18 review): the old nudge only kept the landing on the table, so a unit
    # whose scatter ended on a rock stood inside impassable terrain (seed 000 [16]: no model
    # may enter it); now it stands the shortest way out, its whole footprint clear
    from rules.engine.dice import ScatterResult
    from rules.engine.geometry import IMPASSABLE, Point, Rect, TerrainArea
    from rules.engine.systems.grimdark.ai import GrimdarkPolicy
    from rules.engine.systems.grimdark.reserves import deep_strike

    class AimAtRock(GrimdarkPolicy):
        def deep_strike_point(self, battle, unit):
            return Point(36.0, 20.0)

    class HitDice(ScriptedDice):
        def scatter(self):
            return ScatterResult(hit=True, direction_degrees=0.0)

    rock = TerrainArea("Rock", Rect(30.0, 17.0, 10.0, 8.0), IMPASSABLE)
    battle = make_battle(
        [(unit_data("drop", rules=["deep_strike"], category="Elites"), (36, 2))],
        [(unit_data("foe"), (10, 44))],
        dice=HitDice([]),
        terrain=[rock],
        policy=AimAtRock(),
    )
    drop = battle.units[0]
    drop.reserve = True
    deep_strike(battle, drop)
    p, r = drop.position, drop.radius
    inside = rock.rect.x - r < p.x < rock.rect.x + 10 + r and rock.rect.y - r < p.y < 25 + r
    assert not inside, p
    assert p.distance(Point(36.0, 20.0)) < 4.0 + r  # the nearest way out: 3" down, plus r
