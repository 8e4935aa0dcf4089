"""Entered mass-battle results: Kill is won by a lead of 20 % of the army points, Pillage by
two objectives more (seed 003 §12, ``scenario.kill_winner`` / ``pillage_winner``). The
margin depends on figures a report does not carry, so only a winner who does not lead is
refused; a draw may come with a small lead."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from rules.engine.systems.capabilities import lead_contradiction


@dataclass(frozen=True, slots=True)
class MarginResults:
    """A winner must lead on the score (kill points or objectives held)."""

    def contradiction(
        self,
        *,
        mission: str,
        winner: str | None,
        scores: Mapping[str, int],
        objectives: Mapping[str, int],
    ) -> str | None:
        return lead_contradiction(winner, scores, "points scored", level_draw=False)
