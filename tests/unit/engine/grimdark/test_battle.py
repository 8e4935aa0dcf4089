"""Whole battles: results, invariants, replays, missions, reports (seed 000 [14])."""

import pytest

from armybuilder.rosterdata import sample_roster_data
from rules.engine.systems import get_system
from rules.engine.systems.grimdark.ai import GrimdarkPolicy
from rules.engine.systems.grimdark.missions import MISSIONS
from rules.engine.systems.grimdark.resolve import resolve_battle

SYSTEM = get_system("grimdark")
WARDENS = SYSTEM.build_army(sample_roster_data("grimdark", "iron-wardens-strike-force"))
SWARM = SYSTEM.build_army(sample_roster_data("grimdark", "chitin-host-swarm"))


class WatchfulPolicy(GrimdarkPolicy):
    """The default policy, recording every state it is asked to decide on."""

    def __init__(self) -> None:
        super().__init__()
        self.charges_by_fleeing = 0
        self.charges_by_pinned = 0
        self.locked_candidates = 0
        self.charge_decisions = 0

    def charge_target(self, battle, unit, targets):
        self.charge_decisions += 1
        self.charges_by_fleeing += unit.falling_back
        self.charges_by_pinned += unit.pinned_turn == battle.ptc
        return super().charge_target(battle, unit, targets)

    def choose_target(self, battle, unit, candidates, keep_charge):
        self.locked_candidates += sum(1 for c in candidates if c.locked)
        return super().choose_target(battle, unit, candidates, keep_charge)


def test_mirror_battle_runs_to_a_result():
    report = SYSTEM.resolve_battle(SWARM, SWARM, "annihilation", 3)
    assert 1 <= report.turns_played <= MISSIONS["annihilation"].max_turns
    # 4e pp.84-87: annihilation is won on victory points; equal VPs are a draw
    a, b = report.scores["a"], report.scores["b"]
    expected = None if a == b else ("a" if a > b else "b")
    assert report.winner == expected
    if expected is None:
        assert report.summary.startswith("Draw after")
    else:
        assert f"({expected}) wins" in report.summary
    assert f"({a}–{b} VP)" in report.summary
    assert len(report.units) == 2 * len(SWARM.units)
    assert len(report.positions[0]) == 2 * len(SWARM.units)
    assert len(report.positions) == report.turns_played + 1  # deployment + each game turn


def test_event_log_lines_are_readable():
    report = SYSTEM.resolve_battle(WARDENS, SWARM, "annihilation", 5)
    shots = [e for e in report.events if e.phase == "shooting" and "weapon" in e.data]
    assert shots
    assert shots[0].text.startswith(f"Turn {shots[0].turn}, shooting: ")
    assert " — " in shots[0].text
    assert "hits" in shots[0].text


@pytest.mark.parametrize("seed", range(6))
def test_heavy_weapons_never_fire_after_moving(seed):  # seed 000 [29]
    report = SYSTEM.resolve_battle(WARDENS, SWARM, "annihilation", seed)
    fired = [e.data for e in report.events if e.data.get("weapon_type") in ("heavy", "ordnance")]
    assert fired
    for data in fired:
        if data["unit_type"] == "infantry":
            assert not data["moved"], data


@pytest.mark.parametrize("seed", range(6))
def test_fleeing_or_pinned_units_never_charge_and_locked_units_are_never_shot(seed):
    policy = WatchfulPolicy()  # seed 000 [32][36][44], 4e pp.47-49
    report = resolve_battle(
        WARDENS, SWARM, "annihilation", seed, policies={"a": policy, "b": policy}
    )
    assert policy.charge_decisions > 0
    assert policy.charges_by_fleeing == 0
    assert policy.charges_by_pinned == 0
    assert policy.locked_candidates == 0
    assert all(not e.data.get("target_locked") for e in report.events if "weapon" in e.data)


def test_replays_are_identical():
    first = SYSTEM.resolve_battle(WARDENS, SWARM, "secure-and-control", 42)
    second = SYSTEM.resolve_battle(WARDENS, SWARM, "secure-and-control", 42)
    other = SYSTEM.resolve_battle(WARDENS, SWARM, "secure-and-control", 43)
    assert first.report_hash() == second.report_hash()
    assert first.to_json() == second.to_json()
    assert first.report_hash() != other.report_hash()


def test_fast_path_has_the_same_result_without_text():
    logged = SYSTEM.resolve_battle(WARDENS, SWARM, "recon", 9)
    fast = SYSTEM.resolve_battle(WARDENS, SWARM, "recon", 9, log=False)
    assert fast.events == []
    assert logged.events
    assert (fast.winner, fast.scores, fast.turns_played) == (
        logged.winner,
        logged.scores,
        logged.turns_played,
    )


def test_on_event_hook_receives_events_even_on_the_fast_path():
    seen = []
    SYSTEM.resolve_battle(WARDENS, SWARM, "annihilation", 2, on_event=seen.append, log=False)
    logged = SYSTEM.resolve_battle(WARDENS, SWARM, "annihilation", 2)
    assert [e.text for e in seen] == [e.text for e in logged.events]


@pytest.mark.parametrize("mission", sorted(MISSIONS))
def test_every_mission_runs(mission):
    report = SYSTEM.resolve_battle(WARDENS, SWARM, mission, 11)
    assert report.mission == mission
    assert report.turns_played <= MISSIONS[mission].max_turns
    assert set(report.extra["objectives"]) == {"a", "b"}
    kinds = {f.kind for f in report.map.features}
    assert {"terrain", "deployment"} <= kinds
    if mission == "secure-and-control":
        assert 3 <= sum(f.kind == "objective" for f in report.map.features) <= 5


def test_game_lasts_six_turns_unless_a_side_is_wiped_out():  # seed 000 [14]
    for seed in range(5):
        report = SYSTEM.resolve_battle(WARDENS, SWARM, "take-and-hold", seed, log=False)
        survivors = {u.side for u in report.units if u.status not in ("destroyed", "fled")}
        assert report.turns_played == 6 or len(survivors) < 2


def test_unknown_mission_is_rejected():
    from rules.engine.systems.base import EngineError

    with pytest.raises(EngineError) as err:
        SYSTEM.resolve_battle(WARDENS, SWARM, "capture-the-flag", 1)
    assert err.value.code == "mission.unknown"


def test_unit_outcomes_add_up():
    report = SYSTEM.resolve_battle(WARDENS, SWARM, "annihilation", 8)
    for unit in report.units:
        assert 0 <= unit.models_lost <= unit.models_start
        if unit.status == "destroyed":
            assert unit.models_lost == unit.models_start
    kills_by_side = {s: sum(u.kills for u in report.units if u.side == s) for s in "ab"}
    lost_by_side = {s: sum(u.models_lost for u in report.units if u.side == s) for s in "ab"}
    assert kills_by_side["a"] <= lost_by_side["b"] + 1
    assert kills_by_side["b"] <= lost_by_side["a"] + 1
