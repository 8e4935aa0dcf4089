"""New rosters from our interchange formats: JSON (ids reassigned) and the plain-text layout
the text export writes."""

from __future__ import annotations

from typing import Any

from armybuilder.errors import ImportFormatError
from armybuilder.models import Roster, RosterAction
from armybuilder.services.rosters import roster_create
from armybuilder.text_selectors import roster_payload_from_text


def roster_import(*, owner: Any, data: Any, name: str | None = None) -> Roster:
    """A new roster from our JSON interchange format (ids in the input are reassigned)."""
    if not isinstance(data, dict):
        raise ImportFormatError("import.json", "The roster JSON must be an object")
    for key in ("system", "faction", "units"):
        if key not in data:
            raise ImportFormatError("import.json", f"The roster JSON has no '{key}'", key)
    units = [
        {k: v for k, v in u.items() if k != "id"} if isinstance(u, dict) else u
        for u in (data["units"] if isinstance(data["units"], list) else [None])
    ]
    return roster_create(
        owner=owner,
        system=str(data["system"]),
        faction=str(data["faction"]),
        name=name or str(data.get("name") or "Imported roster"),
        points_limit=data.get("points_limit"),
        allies=data.get("allies") or [],
        units=units,
        action=RosterAction.IMPORTED,
    )


def roster_import_text(*, owner: Any, text: str, name: str | None = None) -> Roster:
    """A new roster from a pasted list: our text export, or a list written like it (names
    matched against the catalogues ``owner`` may build from)."""
    return roster_import(
        owner=owner, data=roster_payload_from_text(text=text, user=owner), name=name
    )
