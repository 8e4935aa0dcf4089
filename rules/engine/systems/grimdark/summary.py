"""The grimdark roster summary: force organisation slots used against the chart's min–max
(force organisation, 4e pp.77-80)."""

from __future__ import annotations

from typing import Any

from rules.engine.systems.capabilities import RosterSummary, SummaryRoster, constraints_of


def force_organisation(roster: SummaryRoster) -> dict[str, Any]:
    """Slots used per force organisation category (each ``category_count`` constraint)."""
    slots = []
    for constraint in constraints_of(roster, "category_count"):
        category = str(constraint.get("category", ""))
        used = sum(1 for u in roster.units if u.category.lower() == category.lower())
        slots.append(
            {
                "category": category,
                "used": used,
                "min": constraint.get("min", 0),
                "max": constraint.get("max"),
            }
        )
    return {"force_organisation": slots}


SUMMARY = RosterSummary(summarise=force_organisation)
