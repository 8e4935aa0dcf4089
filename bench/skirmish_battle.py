"""Benchmark: a 12-vs-12 fighter skirmish (the two sample warbands), fast path (no log).

Run: /tmp/probe/bin/python bench/skirmish_battle.py [battles]
Prints the median and p95 time per battle and battles per second (target: median < 20 ms).
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from armybuilder.rosterdata import sample_roster_data
from rules.engine.systems.skirmish import SYSTEM


def main(battles: int = 300) -> None:
    a = SYSTEM.build_army(sample_roster_data("skirmish", "night-watch"))
    b = SYSTEM.build_army(sample_roster_data("skirmish", "marsh-raiders"))
    print(f"fighters: {len(a.fighters)} vs {len(b.fighters)}")
    for mission in sorted(SYSTEM.missions):
        times = []
        wins = {"a": 0, "b": 0, None: 0}
        start = time.perf_counter()
        for seed in range(battles):
            t0 = time.perf_counter()
            report = SYSTEM.resolve_battle(a, b, mission, seed, log=False)
            times.append(time.perf_counter() - t0)
            wins[report.winner] += 1
        total = time.perf_counter() - start
        times.sort()
        print(
            f"{mission:15s} median {statistics.median(times) * 1000:6.2f} ms  "
            f"p95 {times[int(len(times) * 0.95)] * 1000:6.2f} ms  "
            f"{battles / total:7.1f} battles/s  wins a/b/draw {wins['a']}/{wins['b']}/{wins[None]}"
        )
    t0 = time.perf_counter()
    SYSTEM.resolve_battle(a, b, "skirmish", 1, log=True)
    print(f"one battle with the full event log: {(time.perf_counter() - t0) * 1000:.2f} ms")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 300)
