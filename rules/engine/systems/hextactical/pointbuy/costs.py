"""Character-point cost tables as pure functions (GURPS 4e Basic Set).

Attributes p.B14–15, secondary characteristics p.B16–17, the skill cost table p.B170 and
techniques p.B229–230. The per-level figures are those of
:mod:`rules.engine.systems.hextactical.character`, which prices catalogue templates; this module
prices one purchase at a time for the point-buy sheet.
"""

from __future__ import annotations

from rules.engine.systems.base import EngineError
from rules.engine.systems.hextactical.character import (
    BASIC_SPEED_STEP,
    BASIC_SPEED_STEP_COST,
    PRIMARY_COST,
    SECONDARY_COST,
    normalise_difficulty,
    skill_cost,
)


def attribute_points(name: str, score: int) -> int:
    """Points for a primary attribute at ``score``: ST and HT ±10 per level from 10, DX and IQ
    ±20 (p.B14–15); EngineError ``attributes.<name>`` for another name."""
    if name not in PRIMARY_COST:
        raise EngineError(f"attributes.{name}", f"Unknown attribute {name!r}.")
    return (int(score) - 10) * PRIMARY_COST[name]


def secondary_points(name: str, adjustment: float) -> int:
    """Points for a bought secondary characteristic: HP ±2, Will ±5, Per ±5, FP ±3 and Basic
    Move ±5 per level (p.B16–17); Basic Speed ±5 per ±0.25 (p.B17)."""
    if name == "BasicSpeed":
        steps = float(adjustment) / BASIC_SPEED_STEP
        if abs(steps - round(steps)) > 1e-9:
            raise EngineError("secondary.BasicSpeed", "Basic Speed is bought in steps of 0.25.")
        return round(steps) * BASIC_SPEED_STEP_COST
    if name not in SECONDARY_COST:
        raise EngineError(f"secondary.{name}", f"Unknown secondary characteristic {name!r}.")
    if int(adjustment) != adjustment:
        raise EngineError(f"secondary.{name}", f"{name} is bought in whole levels.")
    return int(adjustment) * SECONDARY_COST[name]


def skill_points(difficulty: str, relative_level: int) -> int:
    """Points for a skill at ``relative_level`` (skill − controlling attribute): 1, 2, 4, 8,
    then +4 per level from the difficulty's start (p.B170 skill cost table)."""
    return skill_cost(difficulty, relative_level)


def technique_points(difficulty: str, levels: int) -> int:
    """Points for a technique ``levels`` above its default: Average 1 per level, Hard 2 for the
    first level and 1 per level after (p.B230); 0 at the default."""
    key = normalise_difficulty(difficulty)
    if key not in ("A", "H"):
        raise EngineError("techniques.difficulty", "A technique is Average or Hard.")
    if int(levels) < 0:
        raise EngineError("techniques.levels", "A technique is bought up from its default.")
    if levels == 0:
        return 0
    return int(levels) + (1 if key == "H" else 0)
