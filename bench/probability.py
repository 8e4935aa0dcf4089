"""Benchmark: exact odds for the calculator endpoint (target < 0.5 ms for grimdark's 60 dice).

Run: ``python bench/probability.py`` from the repository root. Prints, per system with a
calculator, the median time of its ``odds.calculate`` on its declared ``example`` request
(grimdark: 60 dice against multi-wound models, twin-linked, rending, cover, invulnerable,
instant death), and of the bare binomial for 60 dice.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules.engine.probability import distribution_of_successes
from rules.engine.systems import SYSTEMS


def median_ms(function, repeats: int = 3000) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        function()
        times.append((time.perf_counter() - start) * 1000.0)
    return statistics.median(times)


def main() -> None:
    for system in SYSTEMS:
        if system.odds is None or not system.odds.example:
            continue
        odds = system.odds
        request = dict(odds.example)
        elapsed = median_ms(lambda odds=odds, request=request: odds.calculate(request), 1000)
        print(f"{system.slug} odds ({odds.title}): {elapsed:.3f} ms")
    binomial = median_ms(lambda: distribution_of_successes(60, 0.37))
    print(f"distribution_of_successes(60, p): {binomial:.3f} ms")


if __name__ == "__main__":
    main()
