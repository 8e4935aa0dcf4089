"""Campaign speed: standings of 64 players × 8 rounds (target < 100 ms) and Swiss pairing of
256 players (target < 1 s), pure functions, printed figures.

Run: /tmp/probe/bin/python bench/campaign_standings.py  (or .venv/bin/python)
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from campaigns.pairings import SwissPlayer, swiss_pairings
from campaigns.standings import GameResult, standings


def league(players: int, rounds: int, seed: int) -> tuple[list[GameResult], float]:
    """Play a Swiss league with random results; returns the results and the slowest
    pairing time."""
    rng = random.Random(seed)
    results: list[GameResult] = []
    met: dict[int, set[int]] = {p: set() for p in range(players)}
    byes: set[int] = set()
    slowest = 0.0
    for number in range(rounds):
        table = standings(range(players), results, seed=seed)
        field = [
            SwissPlayer(
                r.participant,
                r.match_points,
                r.rank,
                frozenset(met[r.participant]),
                r.participant in byes,
            )
            for r in table
        ]
        start = time.perf_counter()
        pairs = swiss_pairings(field, seed=seed + number)
        slowest = max(slowest, time.perf_counter() - start)
        for p in pairs:
            if p.b is None:
                byes.add(p.a)
                results.append(GameResult(p.a, None, "a"))
                continue
            assert p.b not in met[p.a], "rematch"
            met[p.a].add(p.b)
            met[p.b].add(p.a)
            results.append(
                GameResult(
                    p.a, p.b, rng.choice(["a", "b", None]), rng.randint(0, 20), rng.randint(0, 20)
                )
            )
    return results, slowest


def main() -> None:
    results, _ = league(64, 8, seed=1)
    runs = 50
    start = time.perf_counter()
    for _ in range(runs):
        table = standings(range(64), results, seed=1)
    per = (time.perf_counter() - start) / runs * 1000
    print(f"standings 64 players x 8 rounds ({len(results)} games): {per:.2f} ms per table")
    assert len(table) == 64
    assert per < 100

    _, slowest = league(256, 8, seed=2)
    print(f"swiss pairing 256 players (8 rounds, slowest round): {slowest * 1000:.1f} ms")
    _, slowest_odd = league(257, 8, seed=3)
    print(f"swiss pairing 257 players with a bye (slowest round): {slowest_odd * 1000:.1f} ms")
    assert slowest < 1.0
    assert slowest_odd < 1.0


if __name__ == "__main__":
    main()
