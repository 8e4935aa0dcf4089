"""Benchmark: one 12-v-12 skirmish battle (the sample matchup, night-watch v marsh-raiders,
12 fighters a side) on the fast path (log=False), every mission; issue 19 keeps it under
20 ms a battle.

Run: ``.venv/bin/python bench/skirmish_battle.py [battles]`` from the repository root
(default 300 battles per mission). Prints the mean and p95 CPU milliseconds per
battle (process time: the machine may be shared).
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from armybuilder.rosterdata import sample_roster_data
from rules.engine.systems import get_system

BUDGET_MS = 20.0
SYSTEM = get_system(Path(__file__).stem.split("_")[0])


def cpu_ms(a, b, mission: str, battles: int) -> list[float]:
    """CPU milliseconds of each seeded battle of ``mission``, sorted."""
    times = []
    for seed in range(battles):
        t0 = time.process_time()
        SYSTEM.resolve_battle(a, b, mission, seed, log=False)
        times.append((time.process_time() - t0) * 1000)
    return sorted(times)


def main(battles: int) -> None:
    a, b = (
        SYSTEM.build_army(sample_roster_data(SYSTEM.slug, n))
        for n in SYSTEM.catalogue.sample_matchup or ()
    )
    print(f"{len(a.fighters)} v {len(b.fighters)} fighters, {battles} battles a mission")
    for mission in sorted(SYSTEM.missions):
        times = cpu_ms(a, b, mission, battles)
        mean, p95 = statistics.fmean(times), times[int(len(times) * 0.95)]
        verdict = "within" if mean < BUDGET_MS else "OVER"
        print(f"{mission:16s} mean {mean:6.2f} ms  p95 {p95:6.2f} ms  {verdict} {BUDGET_MS:g} ms")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 300)
