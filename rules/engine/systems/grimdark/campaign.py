"""Campaign experience after a grimdark battle (a simple house system, not in the rules).

Per unit of the side: +1 for taking part, +1 per enemy unit it destroyed, +1 when it is a
scoring unit holding an objective at the end. Deterministic: no dice are rolled, so the
``seed`` is recorded but unused.
"""

from __future__ import annotations

from rules.engine.report import BattleReport
from rules.engine.systems.base import EngineError, PostBattle

XP_TAKING_PART = 1
XP_PER_UNIT_DESTROYED = 1
XP_OBJECTIVE_HELD = 1


def post_battle(report: BattleReport, side: str, seed: int) -> PostBattle:
    """Experience entries for every unit of ``side`` in ``report``."""
    if side not in ("a", "b"):
        raise EngineError("side.invalid", "side must be 'a' or 'b'.")
    if report.system != "grimdark":
        raise EngineError("report.system_mismatch", "Not a grimdark battle report.")
    result = PostBattle(side=side)
    for unit in report.units:
        if unit.side != side:
            continue
        destroyed = list(unit.extra.get("units_destroyed", []))
        held = bool(unit.extra.get("objective_held")) and unit.status not in ("destroyed", "fled")
        reasons = ["took part"] + [f"destroyed {uid}" for uid in destroyed]
        if held:
            reasons.append("held an objective")
        xp = (
            XP_TAKING_PART
            + XP_PER_UNIT_DESTROYED * len(destroyed)
            + (XP_OBJECTIVE_HELD if held else 0)
        )
        result.entries.append(
            {
                "unit_id": unit.id,
                "name": unit.name,
                "experience": xp,
                "reasons": reasons,
                "status": unit.status,
            }
        )
    won = report.winner == side
    result.resources = {"victory": 1 if won else 0, "victory_points": report.scores.get(side, 0)}
    return result
