"""Summaries of many seeded battles: odds with confidence intervals and distributions.

Pure functions over plain outcome dicts ``{"seed", "winner", "score_a", "score_b",
"surviving_a", "surviving_b"}`` so any worker can aggregate any set of chunks. A chunk is
stored packed by column (:func:`pack_outcomes`): about 25 bytes of JSON per battle instead
of about 100, so a 10,000-run simulation keeps about 250 KB of chunk JSON (issue 25, memory).
"""

from __future__ import annotations

import math
from collections import Counter
from typing import Any

from rules.engine.report import BattleReport

Z_95 = 1.959963984540054
PACKED_COLUMNS = ("score_a", "score_b", "surviving_a", "surviving_b")
DRAW_MARK = "-"  # a drawn battle's letter in a packed chunk's ``winners``


def battle_outcome(report: BattleReport) -> dict[str, Any]:
    """The few numbers a simulation keeps from one battle."""
    surviving = {"a": 0, "b": 0}
    for unit in report.units:
        surviving[unit.side] += max(0, unit.points - unit.points_lost)
    return {
        "seed": report.seed,
        "winner": report.winner or "",
        "score_a": report.scores.get("a", 0),
        "score_b": report.scores.get("b", 0),
        "surviving_a": surviving["a"],
        "surviving_b": surviving["b"],
    }


def pack_outcomes(outcomes: list[dict[str, Any]]) -> dict[str, Any]:
    """One chunk's outcomes by column: the first seed (the chunk's seeds run on from it,
    as ``simulation_chunk_outcomes`` plays them), the winners as one string of ``a``, ``b``
    or ``-`` for a draw, and a list per number."""
    seeds = [o["seed"] for o in outcomes]
    first = seeds[0] if seeds else 0
    if seeds != list(range(first, first + len(seeds))):
        raise ValueError("a packed chunk's seeds must run on one by one")
    packed: dict[str, Any] = {
        "first_seed": first,
        "winners": "".join(o["winner"] or DRAW_MARK for o in outcomes),
    }
    for column in PACKED_COLUMNS:
        packed[column] = [o[column] for o in outcomes]
    return packed


def unpack_outcomes(stored: dict[str, Any] | list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The outcome dicts of a stored chunk, packed or (rows written before packing) a
    plain list of dicts."""
    if isinstance(stored, list):
        return stored
    columns = [stored[column] for column in PACKED_COLUMNS]
    first = stored["first_seed"]
    return [
        {
            "seed": first + i,
            "winner": "" if letter == DRAW_MARK else letter,
            **dict(zip(PACKED_COLUMNS, values, strict=True)),
        }
        for i, (letter, *values) in enumerate(zip(stored["winners"], *columns, strict=True))
    ]


def wilson_interval(successes: int, trials: int, z: float = Z_95) -> tuple[float, float]:
    """Wilson score interval for a binomial proportion (95% by default)."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def histogram(values: list[int]) -> list[dict[str, int]]:
    """Counts per distinct value, ascending: ``[{"value": v, "count": n}, …]``."""
    return [{"value": v, "count": n} for v, n in sorted(Counter(values).items())]


def summarise(outcomes: list[dict[str, Any]]) -> dict[str, Any]:
    """Win/draw/loss odds for side a (with 95% Wilson intervals), victory-point margin and
    surviving-points distributions, and the seeds used (in run order)."""
    runs = len(outcomes)
    counts = Counter(o["winner"] for o in outcomes)
    odds = {}
    for key, label in (("a", "win"), ("", "draw"), ("b", "loss")):
        low, high = wilson_interval(counts[key], runs)
        odds[label] = {
            "count": counts[key],
            "probability": counts[key] / runs if runs else 0.0,
            "ci95": [low, high],
        }
    margins = [o["score_a"] - o["score_b"] for o in outcomes]
    surviving = {
        side: {
            "mean": (sum(o[f"surviving_{side}"] for o in outcomes) / runs) if runs else 0.0,
            "histogram": histogram([o[f"surviving_{side}"] for o in outcomes]),
        }
        for side in ("a", "b")
    }
    return {
        "runs": runs,
        "odds": odds,
        "margin": {
            "mean": (sum(margins) / runs) if runs else 0.0,
            "histogram": histogram(margins),
        },
        "surviving_points": surviving,
        "seeds": [o["seed"] for o in outcomes],
    }
