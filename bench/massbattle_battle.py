"""Benchmark: whole 2000-point massbattle battles on the fast path (log=False).

Run: PYTHONPATH=. python bench/massbattle_battle.py [battles]
Prints the median and mean wall time per battle, the median CPU time (steadier on a busy
machine) and battles per second (target: median < 25 ms).
"""

from __future__ import annotations

import statistics
import sys
import time

from armybuilder.rosterdata import sample_roster_data
from rules.engine.systems.massbattle import SYSTEM


def main(battles: int = 200) -> None:
    army_a = SYSTEM.build_army(sample_roster_data("massbattle", "dawnguard-vanguard"))
    army_b = SYSTEM.build_army(sample_roster_data("massbattle", "gravemire-tide"))
    times = []
    cpu = []
    wins = {"a": 0, "b": 0, None: 0}
    for seed in range(battles):
        start, start_cpu = time.perf_counter(), time.process_time()
        report = SYSTEM.resolve_battle(army_a, army_b, "battle", seed, log=False)
        times.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
        wins[report.winner] += 1
    median = statistics.median(times) * 1000
    mean = statistics.fmean(times) * 1000
    print(
        f"massbattle: {battles} battles, median {median:.1f} ms, mean {mean:.1f} ms, "
        f"cpu median {statistics.median(cpu) * 1000:.1f} ms, {1000 / mean:.1f} battles/s; "
        f"wins a={wins['a']} b={wins['b']} draws={wins[None]}"
    )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
