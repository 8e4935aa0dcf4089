"""Benchmark: seeded battles of every listed game system on the fast path (log=False),
with each system's sample matchup and default mission: the issue 25 figures in one table.

Run: .venv/bin/python bench/all_systems.py [battles-per-system]   (default 200)

Each battle builds both armies from RosterData (as a worker does) and resolves them with
seeds 0…n−1. Prints per system the median and p95 time per battle (build + resolve), the
median resolve time alone, battles per second and the win/draw split in one process; then
the median resolve with the full readable log and its ratio to the fast path (target
≤ 1.5×), and the wall time of 1,000 seeded battles spread over two processes (target
< 2 s: the pool processes tune the garbage collector as Celery's do, ``config.gc_tuning``),
with the machine's load average when the script started. With
``MUSTER_COMPILED_ENGINE`` set (``python -m rules.engine_build``) the compiled engine plays,
as in the web and worker processes; the first line says which engine played.
"""

from __future__ import annotations

import os
import platform
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import config  # noqa: F401 - first, as in every process: MUSTER_COMPILED_ENGINE picks the engine
import rules.engine
from armybuilder.rosterdata import sample_roster_data
from config.gc_tuning import tune_for_battles
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


def _fast_battles(job: tuple[str, int, int]) -> int:
    """Seeds ``first``…``last − 1`` of ``slug`` on the fast path, in a pool process."""
    slug, first, last = job
    system = get_system(slug)
    roster_a, roster_b = (
        sample_roster_data(slug, name) for name in system.catalogue.sample_matchup or ()
    )
    army_a, army_b = system.build_army(roster_a), system.build_army(roster_b)
    mission = system.default_mission
    return sum(
        system.resolve_battle(army_a, army_b, mission, seed, log=False).winner == "a"
        for seed in range(first, last)
    )


def logged_ratio(slug: str, battles: int = 20) -> tuple[float, float]:
    """Median resolve (ms, CPU time) of ``battles`` battles with the full log and without."""
    system = get_system(slug)
    roster_a, roster_b = (
        sample_roster_data(slug, name) for name in system.catalogue.sample_matchup or ()
    )
    army_a, army_b = system.build_army(roster_a), system.build_army(roster_b)
    times: dict[bool, list[float]] = {True: [], False: []}
    for seed in range(battles):
        for log in (False, True):
            t0 = time.process_time()
            system.resolve_battle(army_a, army_b, system.default_mission, seed, log=log)
            times[log].append((time.process_time() - t0) * 1000)
    return statistics.median(times[True]), statistics.median(times[False])


def two_core_seconds(slug: str, battles: int = 1000) -> float:
    """Wall seconds for ``battles`` seeded battles split between two processes."""
    half = battles // 2
    started = time.perf_counter()
    with ProcessPoolExecutor(max_workers=2, initializer=tune_for_battles) as pool:
        list(pool.map(_fast_battles, [(slug, 0, half), (slug, half, battles)]))
    return time.perf_counter() - started


def main(battles: int = 200) -> None:
    if battles < 2:
        raise SystemExit("battles per system: at least 2 (for the p95)")
    print(
        f"{battles} seeded battles per system, log=False, one process "
        f"(Python {platform.python_version()}, {platform.machine()}; engine "
        f"{Path(rules.engine.__file__).parent})"
    )
    print(
        f"{'system':<12} {'mission':<10} {'median ms':>9} {'p95 ms':>7} {'resolve':>8} "
        f"{'battles/s':>9}  a/b/draw"
    )
    slugs = sorted(s.slug for s in SYSTEMS if s.catalogue.sample_matchup)
    load = os.getloadavg()[0]
    for slug in slugs:
        row = bench_system(slug, battles)
        print(
            f"{row['system']:<12} {row['mission']:<10} {row['median_ms']:>9.1f} "
            f"{row['p95_ms']:>7.1f} {row['resolve_median_ms']:>8.1f} "
            f"{row['per_second']:>9.1f}  {row['a']}/{row['b']}/{row['draw']}"
        )
    print(f"\n{'system':<12} {'logged ms':>9} {'fast ms':>8} {'log ×':>6} {'1000 on 2 cores':>16}")
    for slug in slugs:
        logged, fast = logged_ratio(slug)
        print(
            f"{slug:<12} {logged:>9.1f} {fast:>8.1f} {logged / fast:>6.2f} "
            f"{two_core_seconds(slug):>14.2f} s"
        )
    print(f"load average at the start: {load:.2f} (targets: log × ≤ 1.5, 1000 battles < 2 s)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
