"""Whole duels and skirmishes, replays, post-battle CP, roster errors."""

import pytest

from armybuilder.rosterdata import sample_roster_data
from rules.engine.systems import get_system
from rules.engine.systems.base import EngineError

SYSTEM = get_system("hextactical")


def _army(name):
    return SYSTEM.build_army(sample_roster_data("hextactical", name))


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_duel_runs_to_a_result_and_replays_identically(seed):
    a, b = _army("thornwall-duelist"), _army("saltmarsh-duelist")
    first = SYSTEM.resolve_battle(a, b, "duel", seed)
    again = SYSTEM.resolve_battle(a, b, "duel", seed)
    assert first.to_json() == again.to_json()
    assert first.map.grid == "hex"
    assert first.events
    statuses = {u.side: u.status for u in first.units}
    if first.winner is not None:
        loser = "b" if first.winner == "a" else "a"
        assert statuses[loser] in ("dead", "unconscious", "fled")


@pytest.mark.parametrize("seed", [11, 12, 13])
def test_skirmish_runs_to_the_end_and_fast_path_agrees(seed):
    a, b = _army("thornwall-patrol"), _army("saltmarsh-raid")
    full = SYSTEM.resolve_battle(a, b, "skirmish", seed)
    fast = SYSTEM.resolve_battle(a, b, "skirmish", seed, log=False)
    assert fast.events == []
    assert [u.status for u in fast.units] == [u.status for u in full.units]
    assert full.turns_played <= SYSTEM.missions["skirmish"].max_turns
    assert len(full.positions) == full.turns_played + 1
    for snapshot in full.positions:
        for pos in snapshot:
            assert 0 <= pos.x < full.map.width
            assert 0 <= pos.y < full.map.height
            assert 0 <= pos.facing <= 5
    assert {u.status for u in full.units} <= {"fighting", "unconscious", "dead", "fled"}
    assert any(f.kind == "terrain" for f in full.map.features)


def test_post_battle_awards_one_to_three_cp_to_survivors():
    a, b = _army("thornwall-patrol"), _army("saltmarsh-raid")
    report = SYSTEM.resolve_battle(a, b, "skirmish", 11, log=False)
    for side in ("a", "b"):
        result = SYSTEM.post_battle(report, side, 0)
        for entry in result.entries:
            if entry["status"] == "dead":
                assert entry["character_points"] == 0
            else:
                assert 1 <= entry["character_points"] <= 3


def test_unknown_mission_and_bad_weapon_raise_codes():
    a = _army("thornwall-duelist")
    with pytest.raises(EngineError) as error:
        SYSTEM.resolve_battle(a, a, "siege", 1)
    assert error.value.code == "mission.unknown"
    roster = sample_roster_data("hextactical", "thornwall-duelist")
    roster["units"][0]["weapons"][0]["reach"] = "far"
    with pytest.raises(EngineError) as error:
        SYSTEM.build_army(roster)
    assert error.value.code == "unit.weapons_reach"
