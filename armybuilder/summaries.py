"""Per-system figures shown with a roster: computed, never typed by players. Each system's
``summary`` capability computes them (warband rating, GURPS derived values, KoW unlocks…)."""

from __future__ import annotations

from typing import Any

from armybuilder.constraints import RosterView
from rules.engine.systems import get_system
from rules.engine.systems.base import EngineError
from rules.engine.systems.capabilities import RosterSummary


def _summary_of(view: RosterView) -> RosterSummary | None:
    try:
        return get_system(str(view.system.get("system", ""))).summary
    except EngineError:
        return None


def system_summary(view: RosterView) -> dict[str, Any]:
    """The figures of the roster's system (empty for an unknown system)."""
    summary = _summary_of(view)
    return summary.summarise(view) if summary else {}


def unit_figures(view: RosterView) -> dict[str, dict[str, Any]]:
    """The rows the army builder shows under each unit, by roster entry id (may be empty)."""
    summary = _summary_of(view)
    return summary.unit_figures(view) if summary else {}
