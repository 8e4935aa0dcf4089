"""Whole battles of the sample warbands in each scenario, reports and replays."""

from __future__ import annotations

import json

import pytest

from armybuilder.rosterdata import sample_roster_data
from rules.engine.systems.base import EngineError
from rules.engine.systems.skirmish import SYSTEM
from rules.engine.systems.skirmish.scenarios import MISSIONS


@pytest.fixture(scope="module")
def armies():
    return (
        SYSTEM.build_army(sample_roster_data("skirmish", "night-watch")),
        SYSTEM.build_army(sample_roster_data("skirmish", "marsh-raiders")),
    )


def test_system_is_registered_with_three_scenarios():  # digest §15.14
    assert SYSTEM.slug == "skirmish"
    assert {"skirmish", "wyrdstone-hunt", "breakthrough"} <= set(SYSTEM.missions)


def test_sample_warbands_are_legal_500_gc_bands():  # digest §15.7
    for name in ("night-watch", "marsh-raiders"):
        roster = sample_roster_data("skirmish", name)
        assert roster["points"] <= 500
        fighters = sum(u["size"] for u in roster["units"])
        assert 10 <= fighters <= 15
        assert sum(1 for u in roster["units"] if u["category"] == "Leader") == 1
        assert sum(1 for u in roster["units"] if u["category"] in ("Leader", "Hero")) <= 6


def test_sample_warbands_pass_the_army_builder_validator():  # digest §15.7
    from pathlib import Path

    from armybuilder.rosterdata import CATALOGUE_DIR, load_faction, load_sample_roster, load_yaml
    from armybuilder.validation import validate_roster

    system = load_yaml(Path(CATALOGUE_DIR) / "skirmish" / "_system.yaml")
    for name in ("night-watch", "marsh-raiders"):
        roster = load_sample_roster("skirmish", name)
        factions = {roster["faction"]: load_faction("skirmish", roster["faction"])}
        result = validate_roster(roster, system=system, factions=factions)
        assert result.violations == ()
        assert result.points <= 500


def test_henchmen_group_becomes_numbered_fighters(armies):
    ids = [f.id for f in armies[0].fighters if f.unit_id == "u6"]
    assert ids == ["u6.1", "u6.2", "u6.3", "u6.4", "u6.5"]


@pytest.mark.parametrize("mission", sorted(MISSIONS))
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_battle_runs_to_a_result_and_replays_identically(armies, mission, seed):
    report = SYSTEM.resolve_battle(armies[0], armies[1], mission, seed)
    again = SYSTEM.resolve_battle(armies[0], armies[1], mission, seed)
    assert report.to_json() == again.to_json()
    assert report.extra["end_reason"] in ("rout", "wiped_out", "breakthrough", "turn_limit")
    if report.extra["end_reason"] != "turn_limit":
        assert report.winner in ("a", "b")
    if report.extra["end_reason"] == "rout":
        routed = report.extra["routed"]
        assert report.winner != routed
    assert len(report.positions) == report.turns_played + 1  # turn 0 = deployment
    json.loads(report.to_json())


def test_fast_path_gives_the_same_result_without_events(armies):
    slow = SYSTEM.resolve_battle(armies[0], armies[1], "skirmish", 7)
    fast = SYSTEM.resolve_battle(armies[0], armies[1], "skirmish", 7, log=False)
    assert fast.events == []
    assert slow.events
    assert [u.fighters for u in slow.units] == [u.fighters for u in fast.units]


def test_report_gives_what_the_post_battle_sequence_needs(armies):
    report = SYSTEM.resolve_battle(armies[0], armies[1], "skirmish", 11)
    fighters = {(u.side, f["id"]): f for u in report.units for f in u.fighters}
    assert len(fighters) == 24
    for (side, _), f in fighters.items():
        assert set(f) >= {"out_of_action", "taken_out_by", "enemies_taken_out", "wounds_suffered"}
        if f["out_of_action"] and f["taken_out_by"]:
            enemy = "b" if side == "a" else "a"
            assert f["id"] in fighters[(enemy, f["taken_out_by"])]["enemies_taken_out"]
    assert any(f["out_of_action"] for f in fighters.values())


def test_rout_needs_a_quarter_out_of_action(armies):  # digest §15.6
    for seed in range(8):
        report = SYSTEM.resolve_battle(armies[0], armies[1], "skirmish", seed)
        if report.extra["end_reason"] != "rout":
            continue
        routed = report.extra["routed"]
        out = sum(u.models_lost for u in report.units if u.side == routed)
        total = sum(u.models_start for u in report.units if u.side == routed)
        assert out * 4 >= total


def test_map_has_ruins_and_wyrdstone(armies):
    report = SYSTEM.resolve_battle(armies[0], armies[1], "wyrdstone-hunt", 5)
    kinds = [f.kind for f in report.map.features]
    assert report.map.width == report.map.height == 48.0
    assert kinds.count("terrain") >= 8
    assert 2 <= kinds.count("objective") <= 4  # D3+1 counters


def test_mirror_match_keeps_the_two_sides_apart(armies):
    report = SYSTEM.resolve_battle(armies[1], armies[1], "skirmish", 3)
    assert {u.side for u in report.units} == {"a", "b"}
    assert report.winner in ("a", "b", None)


def test_unknown_mission_is_refused(armies):
    with pytest.raises(EngineError) as info:
        SYSTEM.resolve_battle(armies[0], armies[1], "siege", 1)
    assert info.value.code == "mission"


def test_rosters_that_cannot_play_are_refused():
    roster = sample_roster_data("skirmish", "night-watch")
    del roster["units"][1]["profile"]["WS"]
    with pytest.raises(EngineError) as info:
        SYSTEM.build_army(roster)
    assert info.value.code == "units[1].profile.WS"
    roster = sample_roster_data("skirmish", "night-watch")
    roster["units"][2]["weapons"].append({"name": "Lance", "type": "lance"})
    with pytest.raises(EngineError) as info:
        SYSTEM.build_army(roster)
    assert info.value.code.startswith("units[2].weapons")
    roster = sample_roster_data("skirmish", "night-watch")
    roster["units"] = roster["units"][1:]
    with pytest.raises(EngineError) as info:
        SYSTEM.build_army(roster)
    assert info.value.code == "roster.leader"
