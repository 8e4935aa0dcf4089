"""The massbattle roster summary: core units per faction and the limited units they unlock
(seed 003 §11, KoW §14.2–14.3)."""

from __future__ import annotations

from typing import Any

from rules.engine.systems.capabilities import RosterSummary, SummaryRoster, constraints_of


def allowances(roster: SummaryRoster) -> dict[str, Any]:
    """Per ``ratio`` constraint and faction: unlocking units, limited units taken, allowed."""
    rows = []
    for constraint in constraints_of(roster, "ratio"):
        for faction in sorted({u.faction for u in roster.units}):
            units = [u for u in roster.units if u.faction == faction]
            core = sum(1 for u in units if u.matches(constraint["per"]))
            rows.append(
                {
                    "faction": faction,
                    "label": constraint.get("label", constraint["code"]),
                    "core": core,
                    "taken": sum(1 for u in units if u.matches(constraint["limited"])),
                    "allowed": int(constraint.get("free", 0))
                    + int(constraint.get("count", 1)) * core,
                }
            )
    return {"allowances": rows}


SUMMARY = RosterSummary(summarise=allowances)
