"""Entered grimdark results: annihilation is won on victory points, the objective missions
on objectives held; equal is a draw (4e pp.80-83, ``missions.winner``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from rules.engine.systems.capabilities import lead_contradiction
from rules.engine.systems.grimdark.missions import DEFAULT_MISSION


@dataclass(frozen=True, slots=True)
class VictoryPointResults:
    """A winner must lead on what the mission counts (scores are victory points)."""

    def contradiction(
        self,
        *,
        mission: str,
        winner: str | None,
        scores: Mapping[str, int],
        objectives: Mapping[str, int],
    ) -> str | None:
        if (mission or DEFAULT_MISSION) == "annihilation":
            return lead_contradiction(winner, scores, "victory points", level_draw=True)
        return lead_contradiction(winner, objectives, "objectives held", level_draw=True)
