"""The one place a :class:`BattleReport` is assembled from a finished battle."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rules.engine.kernel.events import EventLog
from rules.engine.kernel.positions import PositionRecorder
from rules.engine.report import BattleMap, BattleReport, UnitOutcome


@dataclass(slots=True)
class Result:
    """How a battle was scored: winner ("a", "b" or None for a draw), score per side, the
    one-line summary and the system's own report fields (``BattleReport.extra``)."""

    winner: str | None
    scores: dict[str, int]
    summary: str
    extra: dict[str, Any] = field(default_factory=dict)


def build_report(
    *,
    system: str,
    engine_version: str,
    mission: str,
    seed: int,
    armies: Mapping[str, str],
    result: Result,
    turns_played: int,
    units: list[UnitOutcome],
    positions: PositionRecorder,
    battle_map: BattleMap,
    log: EventLog,
) -> BattleReport:
    """The report of one battle: the kept events, the recorded positions, the result."""
    return BattleReport(
        system=system,
        mission=mission,
        seed=seed,
        engine_version=engine_version,
        winner=result.winner,
        scores=result.scores,
        turns_played=turns_played,
        armies={"a": armies["a"], "b": armies["b"]},
        units=units,
        positions=positions.turns,
        map=battle_map,
        events=log.events,
        summary=result.summary,
        extra=result.extra,
    )
