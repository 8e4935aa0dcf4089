"""Benchmark: grimdark 1500-point battles (sample rosters), fast path and logged path.

Run: ``python bench/grimdark_battle.py`` from the repository root. Prints the median
milliseconds per battle with log=False and log=True, battles per second, and the wall time
of 1,000 seeded battles spread over 2 processes. Targets: < 10 ms median, 1,000 < 8 s.
"""

from __future__ import annotations

import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from armybuilder.rosterdata import sample_roster_data
from rules.engine.systems import get_system

MISSION = "annihilation"


def _armies():
    system = get_system("grimdark")
    a = system.build_army(sample_roster_data("grimdark", "iron-wardens-strike-force"))
    b = system.build_army(sample_roster_data("grimdark", "chitin-host-swarm"))
    return system, a, b


def _timed(seeds: range, log: bool) -> list[float]:
    system, a, b = _armies()
    out = []
    for seed in seeds:
        start = time.perf_counter()
        system.resolve_battle(a, b, MISSION, seed, log=log)
        out.append((time.perf_counter() - start) * 1000.0)
    return out


def _chunk(bounds: tuple[int, int]) -> int:
    system, a, b = _armies()
    wins = 0
    for seed in range(*bounds):
        wins += system.resolve_battle(a, b, MISSION, seed, log=False).winner == "a"
    return wins


def main() -> None:
    _timed(range(5), log=False)  # warm up imports and caches
    fast = _timed(range(200), log=False)
    logged = _timed(range(200), log=True)
    print(f"median per battle, log=False: {statistics.median(fast):.2f} ms")
    print(f"median per battle, log=True:  {statistics.median(logged):.2f} ms")
    print(f"battles per second (log=False, one core): {1000.0 / statistics.mean(fast):.0f}")
    start = time.perf_counter()
    with ProcessPoolExecutor(max_workers=2) as pool:
        wins = sum(pool.map(_chunk, [(0, 500), (500, 1000)]))
    elapsed = time.perf_counter() - start
    print(f"1000 seeded battles on 2 processes: {elapsed:.2f} s (side a won {wins})")


if __name__ == "__main__":
    main()
