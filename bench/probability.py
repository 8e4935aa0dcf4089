"""Benchmark: exact attack distributions for the odds endpoint (target < 0.5 ms).

Run: ``python bench/probability.py`` from the repository root. Prints the median time of
``attack_odds`` for 60 dice against multi-wound models (twin-linked, rending, cover,
invulnerable, instant death) and of the bare binomial for 60 dice.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules.engine.probability import distribution_of_successes
from rules.engine.systems.grimdark.odds import attack_odds

REQUEST = {
    "mode": "shooting",
    "attacks": 60,
    "skill": 4,
    "strength": 8,
    "ap": 3,
    "rules": ["twin_linked", "rending"],
    "target": {
        "toughness": 4,
        "save": 3,
        "invulnerable": 5,
        "cover": 4,
        "wounds": 3,
        "models": 20,
        "weapon_skill": 4,
    },
}


def median_ms(function, repeats: int = 3000) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        function()
        times.append((time.perf_counter() - start) * 1000.0)
    return statistics.median(times)


def main() -> None:
    print(f"attack_odds, 60 dice, multi-wound: {median_ms(lambda: attack_odds(REQUEST)):.3f} ms")
    binomial = median_ms(lambda: distribution_of_successes(60, 0.37))
    print(f"distribution_of_successes(60, p): {binomial:.3f} ms")


if __name__ == "__main__":
    main()
