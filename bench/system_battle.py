"""Benchmark: one game system's sample matchup (its ``catalogue.sample_matchup``), every
mission on the fast path (log=False), one logged battle, and 1,000 seeded battles of the
default mission spread over 2 processes.

Run: ``.venv/bin/python bench/system_battle.py SLUG [battles] [--cpu] [--profile]`` from the
repository root (default: the first listed system, 200 battles per mission). Prints per mission
the median, p90 and p95 milliseconds per battle, battles per second, the median battle length
in turns and the win/draw split. ``--cpu`` times each battle in CPU time
(``time.process_time``) instead of wall time, which a machine shared with other work inflates
less; the 2-process run is always wall time. ``--profile`` instead plays ``battles`` battles of
the default mission under cProfile and prints the top functions by their own time.
"""

from __future__ import annotations

import cProfile
import pstats
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from armybuilder.rosterdata import sample_roster_data
from rules.engine.systems import SYSTEMS, get_system


def armies(slug: str):
    """The system and both sample armies, built as a worker builds them."""
    system = get_system(slug)
    matchup = system.catalogue.sample_matchup
    if matchup is None:
        raise SystemExit(f"{slug} declares no sample matchup")
    a, b = (system.build_army(sample_roster_data(slug, name)) for name in matchup)
    return system, a, b


def _chunk(job: tuple[str, int, int]) -> int:
    slug, first, last = job
    system, a, b = armies(slug)
    return sum(
        system.resolve_battle(a, b, system.default_mission, seed, log=False).winner == "a"
        for seed in range(first, last)
    )


def profile(slug: str, battles: int) -> None:
    """The default mission's battles under cProfile: the top 30 functions by own time."""
    system, a, b = armies(slug)
    profiler = cProfile.Profile()
    profiler.enable()
    for seed in range(battles):
        system.resolve_battle(a, b, system.default_mission, seed, log=False)
    profiler.disable()
    pstats.Stats(profiler).sort_stats("tottime").print_stats(30)


def main(slug: str, battles: int, cpu: bool = False) -> None:
    system, a, b = armies(slug)
    clock = time.process_time if cpu else time.perf_counter
    print(
        f"{slug}: {' vs '.join(system.catalogue.sample_matchup or ())}, log=False, "
        f"{'CPU' if cpu else 'wall'} time"
    )
    for mission in sorted(system.missions):
        times, turns = [], []
        wins = {"a": 0, "b": 0, None: 0}
        started = time.perf_counter()
        for seed in range(battles):
            t0 = clock()
            report = system.resolve_battle(a, b, mission, seed, log=False)
            times.append((clock() - t0) * 1000)
            wins[report.winner] += 1
            turns.append(report.turns_played)
        total = time.perf_counter() - started
        times.sort()
        print(
            f"{mission:18s} median {statistics.median(times):7.2f} ms  "
            f"p90 {times[int(len(times) * 0.9)]:7.2f} ms  "
            f"p95 {times[int(len(times) * 0.95)]:7.2f} ms  {battles / total:7.1f} battles/s  "
            f"{statistics.median(turns):g} turns  "
            f"wins a/b/draw {wins['a']}/{wins['b']}/{wins[None]}"
        )
    logged = []
    for seed in range(20):
        t0 = clock()
        system.resolve_battle(a, b, system.default_mission, seed, log=True)
        logged.append((clock() - t0) * 1000)
    median = statistics.median(logged)
    print(f"median with the full event log ({system.default_mission}): {median:.2f} ms")
    started = time.perf_counter()
    with ProcessPoolExecutor(max_workers=2) as pool:
        wins = sum(pool.map(_chunk, [(slug, 0, 500), (slug, 500, 1000)]))
    elapsed = time.perf_counter() - started
    print(f"1000 seeded battles on 2 processes: {elapsed:.2f} s (side a won {wins})")


if __name__ == "__main__":
    flags = {arg for arg in sys.argv[1:] if arg.startswith("--")}
    args = [arg for arg in sys.argv[1:] if not arg.startswith("--")]
    chosen = args[0] if args else SYSTEMS[0].slug
    count = int(args[1]) if len(args) > 1 else 200
    if "--profile" in flags:
        profile(chosen, count)
    else:
        main(chosen, count, cpu="--cpu" in flags)
