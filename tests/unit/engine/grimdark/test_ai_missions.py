"""The default AI in objective missions (issue 18, "The AI and the samples"): heavy-weapon
Troops leave for the objective in time, shooters weigh enemy scoring units, Cleanse Troops
spread over the quarters, and both sample armies bring a transport and a psyker."""

from armybuilder.rosterdata import sample_roster_data
from rules.engine.geometry import Point
from rules.engine.systems.grimdark.ai import SCORING_WEIGHT, GrimdarkPolicy
from rules.engine.systems.grimdark.rosters import build_army

from .conftest import BOLTER, GAUNT, unit_data

HEAVY = {
    "name": "Heavy bolter",
    "range": 36,
    "S": 5,
    "AP": 4,
    "type": "heavy",
    "shots": 3,
    "count": 1,
}


def test_heavy_weapon_troops_hold_until_they_must_leave_for_the_objective(make_battle):
    # 4e pp.80-83: Take and Hold is won by scoring units within 12" of the centre
    battle = make_battle(
        [(unit_data("squad", weapons=[BOLTER, HEAVY]), (36, 2))],
        [(unit_data("gaunts", profile=GAUNT, size=20), (36, 34))],
        mission="take-and-hold",
    )
    squad = battle.units[0]
    policy = GrimdarkPolicy()
    battle.turn = 1
    assert policy.movement_goal(battle, squad) is None  # the heavy bolter has a target
    battle.turn = 3  # 22" to go at 6" a turn: four turns left means leave now
    assert policy.movement_goal(battle, squad) == battle.table.centre


def test_shooters_value_enemy_scoring_units_more_in_objective_missions(make_battle):
    for mission, weight in (("take-and-hold", SCORING_WEIGHT), ("annihilation", 1.0)):
        battle = make_battle(
            [(unit_data("squad", weapons=[BOLTER]), (36, 10))],
            [(unit_data("gaunts", profile=GAUNT, size=20), (36, 30))],
            mission=mission,
        )
        assert GrimdarkPolicy().objective_weight(battle, battle.units[1]) == weight


def test_cleanse_troops_spread_over_different_quarters(make_battle):
    battle = make_battle(
        [(unit_data(f"t{k}", weapons=[BOLTER]), (10 + 4 * k, 6)) for k in range(3)],
        [(unit_data("foe"), (60, 44))],
        mission="cleanse",
    )
    policy = GrimdarkPolicy()
    goals = {policy.objective_point(battle, u) for u in battle.units[:3]}
    assert len(goals) == 3
    assert all(isinstance(g, Point) for g in goals)


def test_each_sample_army_brings_a_transport_and_a_psyker():
    for name in ("iron-wardens-strike-force", "chitin-host-swarm"):
        roster = sample_roster_data("grimdark", name)
        build_army(roster)
        assert any((u["extra"] or {}).get("transport_capacity") for u in roster["units"]), name
        assert any("psyker" in u["rules"] for u in roster["units"]), name
        assert roster["points"] <= 1500
