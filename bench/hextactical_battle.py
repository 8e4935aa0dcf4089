"""Benchmark: a 6-vs-6 hextactical skirmish to the end, log=False (issue 21 target: median
under 20 ms), with the CPU time of each battle (the machine is shared: compare CPU time).

Run: ``.venv/bin/python bench/hextactical_battle.py [runs] [--profile]`` from the repository
root. ``--profile`` prints the cProfile top functions by internal time instead.
"""

from __future__ import annotations

import cProfile
import pstats
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from armybuilder.rosterdata import load_faction, roster_to_engine
from rules.engine.systems import get_system

SQUAD_A = [
    "company-sergeant",
    "line-swordsman",
    "hedge-spear",
    "halberdier",
    "longbowman",
    "javelineer",
]
SQUAD_B = [
    "reaver-chief",
    "marsh-axeman",
    "glaive-raider",
    "mace-brute",
    "fen-archer",
    "tide-cutthroat",
]


def roster(faction: str, units: list[str]) -> dict:
    """A roster of one of each template named, no options."""
    payload = {
        "name": faction,
        "system": "hextactical",
        "faction": faction,
        "points_limit": 1500,
        "units": [{"unit": u, "size": 1, "options": []} for u in units],
    }
    return roster_to_engine(payload, {faction: load_faction("hextactical", faction)})


def main(runs: int, profile: bool) -> None:
    system = get_system("hextactical")
    a = system.build_army(roster("thornwall-company", SQUAD_A))
    b = system.build_army(roster("saltmarsh-reavers", SQUAD_B))
    if profile:
        profiler = cProfile.Profile()
        profiler.enable()
        for seed in range(runs):
            system.resolve_battle(a, b, "skirmish", seed, log=False)
        profiler.disable()
        pstats.Stats(profiler).sort_stats("tottime").print_stats(30)
        return
    wall, cpu, seconds, wins = [], [], [], {"a": 0, "b": 0, None: 0}
    for seed in range(runs):
        start, start_cpu = time.perf_counter(), time.process_time()
        report = system.resolve_battle(a, b, "skirmish", seed, log=False)
        cpu.append((time.process_time() - start_cpu) * 1000)
        wall.append((time.perf_counter() - start) * 1000)
        seconds.append(report.turns_played)
        wins[report.winner] += 1
    print(f"hextactical 6v6 skirmish, {runs} runs, log=False")
    print(
        f"median wall {statistics.median(wall):.1f} ms, cpu {statistics.median(cpu):.1f} ms; "
        f"p90 wall {sorted(wall)[int(runs * 0.9) - 1]:.1f} ms"
    )
    print(
        f"battle length median {statistics.median(seconds)} s; wins a={wins['a']} b={wins['b']} "
        f"draw={wins[None]}"
    )


if __name__ == "__main__":
    arguments = [arg for arg in sys.argv[1:] if arg != "--profile"]
    main(int(arguments[0]) if arguments else 100, "--profile" in sys.argv)
