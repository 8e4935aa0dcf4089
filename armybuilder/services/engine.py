"""Hand a roster to the battle engine as its RosterData."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from armybuilder import rosterdata
from armybuilder.errors import RosterError
from armybuilder.models import Roster
from armybuilder.selectors import roster_context


def roster_to_engine(*, roster: Roster, pinned: Mapping[str, int] | None = None) -> dict[str, Any]:
    """The roster as the engine's RosterData (``rosterdata.roster_to_engine``), factions
    ``pinned`` at a revision (a campaign's) read at that one; RosterError
    ``roster.unit_unknown`` when an entry names a unit the catalogue no longer has."""
    context = roster_context(roster=roster, pinned=pinned)
    for index, entry in enumerate(context.payload.get("units", [])):
        catalogue = context.factions.get(entry.get("faction") or context.payload["faction"], {})
        if not any(u["slug"] == entry["unit"] for u in catalogue.get("units", [])):
            raise RosterError(
                "roster.unit_unknown",
                f"units[{index}]: no unit '{entry['unit']}' in the catalogue",
                f"units[{index}]",
            )
    data = rosterdata.roster_to_engine(context.payload, context.factions)
    if context.payload.get("allies"):
        data["allies"] = list(context.payload["allies"])
    return data
