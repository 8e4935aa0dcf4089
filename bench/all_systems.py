"""Benchmark: seeded battles of every listed game system on the fast path (log=False),
in one process, with each system's sample matchup and default mission.

Run: .venv/bin/python bench/all_systems.py [battles-per-system]   (default 200)

Each battle builds both armies from RosterData (as a worker does) and resolves them with
seeds 0…n−1. Prints per system the median and p95 time per battle (build + resolve), the
median resolve time alone, battles per second, and the win/draw split.
"""

from __future__ import annotations

import platform
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from armybuilder.rosterdata import sample_roster_data
from rules.engine.systems import SYSTEMS, get_system


def bench_system(slug: str, battles: int) -> dict[str, float | int | str]:
    """Time ``battles`` seeded fast-path battles of ``slug``."""
    system = get_system(slug)
    roster_a, roster_b = (
        sample_roster_data(slug, name) for name in system.catalogue.sample_matchup or ()
    )
    mission = system.default_mission
    totals: list[float] = []
    resolves: list[float] = []
    outcomes = {"a": 0, "b": 0, None: 0}
    started = time.perf_counter()
    for seed in range(battles):
        t0 = time.perf_counter()
        army_a, army_b = system.build_army(roster_a), system.build_army(roster_b)
        t1 = time.perf_counter()
        report = system.resolve_battle(army_a, army_b, mission, seed, log=False)
        t2 = time.perf_counter()
        totals.append(t2 - t0)
        resolves.append(t2 - t1)
        outcomes[report.winner] += 1
    wall = time.perf_counter() - started
    return {
        "system": slug,
        "mission": mission,
        "median_ms": statistics.median(totals) * 1000,
        "p95_ms": statistics.quantiles(totals, n=20)[-1] * 1000,
        "resolve_median_ms": statistics.median(resolves) * 1000,
        "per_second": battles / wall,
        "a": outcomes["a"],
        "b": outcomes["b"],
        "draw": outcomes[None],
    }


def main(battles: int = 200) -> None:
    print(
        f"{battles} seeded battles per system, log=False, one process "
        f"(Python {platform.python_version()}, {platform.machine()})"
    )
    print(
        f"{'system':<12} {'mission':<10} {'median ms':>9} {'p95 ms':>7} {'resolve':>8} "
        f"{'battles/s':>9}  a/b/draw"
    )
    for slug in sorted(s.slug for s in SYSTEMS if s.catalogue.sample_matchup):
        row = bench_system(slug, battles)
        print(
            f"{row['system']:<12} {row['mission']:<10} {row['median_ms']:>9.1f} "
            f"{row['p95_ms']:>7.1f} {row['resolve_median_ms']:>8.1f} "
            f"{row['per_second']:>9.1f}  {row['a']}/{row['b']}/{row['draw']}"
        )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
