"""Whole battles of the sample lists (seed 003 §12 scenario)."""

from __future__ import annotations

import pytest

from armybuilder.rosterdata import sample_roster_data
from rules.engine.systems import get_system
from rules.engine.systems.base import EngineError
from rules.engine.systems.massbattle import SYSTEM
from rules.engine.systems.massbattle import constants as C


@pytest.fixture(scope="module")
def armies():
    return (
        SYSTEM.build_army(sample_roster_data("massbattle", "dawnguard-vanguard")),
        SYSTEM.build_army(sample_roster_data("massbattle", "gravemire-tide")),
    )


def test_system_is_listed_with_its_missions():
    assert get_system("massbattle") is SYSTEM
    assert set(SYSTEM.missions) == {"battle", "kill", "pillage", "kill-and-pillage"}


def test_sample_lists_are_2000_points_or_less(armies):  # seed 003 §11 points limit
    for army in armies:
        assert army.points <= 2000
        assert army.points_limit == 2000


def test_sample_lists_keep_the_core_ratio(armies):  # seed 003 §11 per core unit one of each
    for army in armies:
        core = sum(
            1
            for u in army.units
            if (u.unit_type == "infantry" and u.size >= 20)
            or (u.unit_type == "cavalry" and u.size >= 10)
        )
        heroes = sum(1 for u in army.units if u.unit_type in ("hero", "monster"))
        engines = sum(1 for u in army.units if u.unit_type == "war_engine")
        assert heroes <= core
        assert engines <= core


@pytest.mark.parametrize("mission", ["kill", "pillage", "kill-and-pillage", "battle"])
def test_battle_runs_to_a_result(armies, mission):  # seed 003 §12
    report = SYSTEM.resolve_battle(*armies, mission, seed=11)
    assert report.turns_played == C.MAX_TURNS or not all(
        any(u.alive for u in report.positions[-1] if u.side == s) for s in "ab"
    )
    assert report.winner in ("a", "b", None)
    assert report.extra["condition"] in ("kill", "pillage", "kill-and-pillage")
    assert report.events
    assert report.summary
    if mission != "kill":
        assert report.extra["condition"] == mission or mission == "battle"


def test_pillage_has_objectives_on_the_map(armies):  # seed 003 §12 Pillage
    report = SYSTEM.resolve_battle(*armies, "pillage", seed=5)
    objectives = [f for f in report.map.features if f.kind == "objective"]
    assert 2 <= len(objectives) <= 7
    assert report.map.width == 72
    assert report.map.height == 48
    assert any(f.kind == "terrain" for f in report.map.features)


def test_deployment_is_beyond_12_inches_of_the_centre_line(armies):  # seed 003 §12 step 6
    report = SYSTEM.resolve_battle(*armies, "kill", seed=3)
    for pos in report.positions[0]:
        half = pos.depth / 2
        if pos.side == "a":
            assert pos.y + half < C.CENTRE_LINE_Y - C.DEPLOY_GAP
        else:
            assert pos.y - half > C.CENTRE_LINE_Y + C.DEPLOY_GAP


def test_positions_per_turn_with_facing_and_footprint(armies):
    report = SYSTEM.resolve_battle(*armies, "kill", seed=8, log=False)
    assert len(report.positions) == report.turns_played + 1
    first = report.positions[0][0]
    assert first.facing in (90.0, 270.0)
    assert first.width > 0
    assert first.depth > 0
    assert report.events == []


def test_replays_are_identical(armies):  # same inputs and seed → same report
    one = SYSTEM.resolve_battle(*armies, "battle", seed=42)
    two = SYSTEM.resolve_battle(*armies, "battle", seed=42)
    assert one.to_json() == two.to_json()
    assert SYSTEM.resolve_battle(*armies, "battle", seed=43).to_json() != one.to_json()


def test_fast_path_gives_the_same_outcome(armies):
    slow = SYSTEM.resolve_battle(*armies, "battle", seed=9)
    fast = SYSTEM.resolve_battle(*armies, "battle", seed=9, log=False)
    assert (slow.winner, slow.scores, slow.positions) == (fast.winner, fast.scores, fast.positions)


def test_mirror_match_is_fair(armies):  # neither side wins more than 60% over 240 seeds
    army = armies[0]
    other = armies[1]
    wins = {"a": 0, "b": 0}
    runs = 240
    for seed in range(runs):
        pair = (army, army) if seed % 4 < 2 else (other, other)
        report = SYSTEM.resolve_battle(*pair, "battle", seed=seed, log=False)
        if report.winner:
            wins[report.winner] += 1
    assert wins["a"] <= 0.6 * runs
    assert wins["b"] <= 0.6 * runs
    decided = wins["a"] + wins["b"]
    assert decided > 0
    assert max(wins.values()) <= 0.6 * decided + 5


def test_flagged_side_routs_and_loses_on_kill(armies):  # seed 003 §11 timed games
    report = SYSTEM.resolve_battle(*armies, "kill", seed=4, flagged=("a", 3))
    assert all(u.status == "routed" for u in report.units if u.side == "a")
    assert report.winner == "b"


def test_post_battle_experience_pack(armies):
    report = SYSTEM.resolve_battle(*armies, "pillage", seed=12, log=False)
    pack = SYSTEM.post_battle(report, "a", seed=1)
    assert len(pack.entries) == len(armies[0].units)
    routers = {u.id.split(":", 1)[1]: u.kills for u in report.units if u.side == "a"}
    for entry in pack.entries:
        assert entry["experience"] == 1 + routers[entry["unit_id"]] + entry["reasons"]["objective"]
    assert pack.resources["gold"] >= 25


def test_unknown_mission_and_bad_roster_raise_engine_errors(armies):
    with pytest.raises(EngineError) as info:
        SYSTEM.resolve_battle(*armies, "siege", seed=1)
    assert info.value.code == "mission.unknown"
    with pytest.raises(EngineError) as info:
        SYSTEM.build_army(
            {"system": "massbattle", "units": [{"id": "x", "unit_type": "chariot", "profile": {}}]}
        )
    assert info.value.code == "unit.type_unknown"


def test_on_event_hook_receives_every_event(armies):
    seen = []
    report = SYSTEM.resolve_battle(*armies, "kill", seed=2, on_event=seen.append, log=False)
    assert seen
    assert report.events == []  # the hook sees every event; the fast path keeps none
