"""Benchmark: a 6-vs-6 hextactical skirmish to the end, log=False (target: median < 50 ms).

Run: /tmp/probe/bin/python bench/hextactical_battle.py [runs]
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from armybuilder.rosterdata import load_faction, roster_to_engine, sample_roster_data
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
    payload = {
        "name": faction,
        "system": "hextactical",
        "faction": faction,
        "points_limit": 1500,
        "units": [{"unit": u, "size": 1, "options": []} for u in units],
    }
    return roster_to_engine(payload, {faction: load_faction("hextactical", faction)})


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 50
    system = get_system("hextactical")
    a = system.build_army(roster("thornwall-company", SQUAD_A))
    b = system.build_army(roster("saltmarsh-reavers", SQUAD_B))
    times, seconds, wins = [], [], {"a": 0, "b": 0, None: 0}
    for seed in range(runs):
        start = time.perf_counter()
        report = system.resolve_battle(a, b, "skirmish", seed, log=False)
        times.append((time.perf_counter() - start) * 1000)
        seconds.append(report.turns_played)
        wins[report.winner] += 1
    print(f"hextactical 6v6 skirmish, {runs} runs, log=False")
    print(
        f"median {statistics.median(times):.1f} ms, "
        f"p90 {sorted(times)[int(runs * 0.9) - 1]:.1f} ms, "
        f"max {max(times):.1f} ms"
    )
    print(
        f"battle length median {statistics.median(seconds)} s; wins a={wins['a']} b={wins['b']} "
        f"draw={wins[None]}"
    )
    samples = ("thornwall-patrol", "saltmarsh-raid")
    for first, second in (samples, samples[::-1]):
        a = system.build_army(sample_roster_data("hextactical", first))
        b = system.build_army(sample_roster_data("hextactical", second))
        split = {"a": 0, "b": 0, None: 0}
        for seed in range(runs):
            split[system.resolve_battle(a, b, "skirmish", seed, log=False).winner] += 1
        print(
            f"samples a={first} b={second}: wins a={split['a']} b={split['b']} draw={split[None]}"
        )


if __name__ == "__main__":
    main()
