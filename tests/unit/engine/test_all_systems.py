"""Every listed game system, every mission, both sample rosters: the protocol's promises
(a result, reproducibility, the fast path agreeing with the logged path, canonical JSON,
sides that can be swapped)."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest

import rules.engine.systems as systems_package
from armybuilder.rosterdata import sample_roster_data
from rules.engine.report import BattleReport
from rules.engine.systems import SYSTEMS as LISTED
from rules.engine.systems.base import GameSystem

SAMPLES: dict[str, tuple[str, str]] = {
    "grimdark": ("iron-wardens-strike-force", "chitin-host-swarm"),
    "skirmish": ("night-watch", "marsh-raiders"),
    "massbattle": ("dawnguard-vanguard", "gravemire-tide"),
    "hextactical": ("thornwall-squad", "saltmarsh-squad"),
}
# A mission written for other sample lists than the system's pair above.
MISSION_SAMPLES: dict[tuple[str, str], tuple[str, str]] = {
    ("hextactical", "duel"): ("thornwall-duelist", "saltmarsh-duelist"),
}
SYSTEMS = {system.slug: system for system in LISTED}
MISSIONS = [(slug, mission) for slug in sorted(SYSTEMS) for mission in SYSTEMS[slug].missions]
SEED = 7


@cache
def rosters(slug: str, mission: str) -> tuple[dict[str, Any], dict[str, Any]]:
    a, b = MISSION_SAMPLES.get((slug, mission), SAMPLES[slug])
    return sample_roster_data(slug, a), sample_roster_data(slug, b)


def fight(
    slug: str, mission: str, seed: int = SEED, *, log: bool = True, swap: bool = False
) -> BattleReport:
    system = SYSTEMS[slug]
    a, b = rosters(slug, mission)
    if swap:
        a, b = b, a
    return system.resolve_battle(system.build_army(a), system.build_army(b), mission, seed, log=log)


@cache
def logged(slug: str, mission: str) -> BattleReport:
    return fight(slug, mission)


def test_every_system_package_is_listed_with_its_sample_matchup():
    folder = Path(systems_package.__file__).parent
    packages = [p.name for p in folder.iterdir() if (p / "__init__.py").is_file()]
    assert sorted(SYSTEMS) == sorted(packages)
    for slug, system in SYSTEMS.items():
        assert isinstance(system, GameSystem)
        assert system.default_mission in system.missions
        assert system.catalogue.sample_matchup == SAMPLES[slug]


@pytest.mark.parametrize(("slug", "mission"), MISSIONS)
def test_every_mission_runs_to_a_result(slug, mission):
    report = logged(slug, mission)
    assert report.system == slug
    assert report.mission == mission
    assert report.winner in ("a", "b", None)
    assert set(report.scores) == {"a", "b"}
    assert 1 <= report.turns_played <= SYSTEMS[slug].missions[mission].max_turns
    assert len(report.positions) == report.turns_played + 1
    assert {u.side for u in report.units} == {"a", "b"}
    assert report.events
    assert report.summary


@pytest.mark.parametrize(("slug", "mission"), MISSIONS)
def test_same_seed_gives_identical_json(slug, mission):
    assert fight(slug, mission).to_json() == logged(slug, mission).to_json()


@pytest.mark.parametrize(("slug", "mission"), MISSIONS)
@pytest.mark.parametrize("seed", [SEED, 8])
def test_fast_path_gives_the_same_result_without_a_log(slug, mission, seed):
    fast = fight(slug, mission, seed, log=False)
    slow = logged(slug, mission) if seed == SEED else fight(slug, mission, seed)
    assert fast.events == []
    assert (fast.winner, fast.scores, fast.turns_played) == (
        slow.winner,
        slow.scores,
        slow.turns_played,
    )
    assert [u.status for u in fast.units] == [u.status for u in slow.units]


@pytest.mark.parametrize("slug", sorted(SYSTEMS))
def test_another_seed_changes_the_battle(slug):
    mission = SYSTEMS[slug].default_mission
    others = {fight(slug, mission, seed).report_hash() for seed in (101, 102, 103)}
    assert len(others | {logged(slug, mission).report_hash()}) > 1


@pytest.mark.parametrize(("slug", "mission"), MISSIONS)
def test_report_json_is_valid_with_sorted_keys(slug, mission):
    text = logged(slug, mission).to_json()
    data = json.loads(text)
    assert text == json.dumps(data, sort_keys=True, separators=(",", ":"))
    assert data["system"] == slug
    assert isinstance(data["positions"], list)


@pytest.mark.parametrize("slug", sorted(SYSTEMS))
def test_swapping_sides_swaps_the_armies(slug):
    mission = SYSTEMS[slug].default_mission
    straight = logged(slug, mission)
    swapped = fight(slug, mission, swap=True)
    assert swapped.armies == {"a": straight.armies["b"], "b": straight.armies["a"]}
    assert swapped.winner in ("a", "b", None)
    names = {side: sorted(u.name for u in straight.units if u.side == side) for side in "ab"}
    swapped_names = {side: sorted(u.name for u in swapped.units if u.side == side) for side in "ab"}
    assert swapped_names == {"a": names["b"], "b": names["a"]}
    assert fight(slug, mission, swap=True).to_json() == swapped.to_json()
