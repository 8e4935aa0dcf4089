"""One-unit use cases of a roster: add, change, remove and duplicate a unit entry (one
revision each); a roster holds at most ``MAX_UNITS`` entries."""

from __future__ import annotations

import copy
from typing import Any

from django.db import transaction

from armybuilder import rosterdata
from armybuilder.errors import ArmyBuilderError, NotFoundError, RosterError
from armybuilder.models import Roster, RosterAction
from armybuilder.services.entries import MAX_UNITS, known_unit, new_unit_id, unit_entry
from armybuilder.services.history import lock_roster, record_revision
from armybuilder.validation import ValidationResult


def _unit_index(roster: Roster, unit_id: str) -> int:
    for index, entry in enumerate(roster.payload.get("units", [])):
        if entry.get("id") == unit_id:
            return index
    raise NotFoundError("roster.unit_not_found", f"No unit '{unit_id}' in this roster", "units")


def _require_room_for_a_unit(roster: Roster) -> None:
    """A roster holds at most MAX_UNITS unit entries."""
    if len(roster.unit_entries()) >= MAX_UNITS:
        raise RosterError(
            "roster.too_many_units", f"A roster holds at most {MAX_UNITS} units", "units"
        )


def roster_add_unit(
    *,
    roster: Roster,
    unit: str,
    size: int | None = None,
    options: list[str] | None = None,
    name: str = "",
    faction: str | None = None,
    actor: Any | None = None,
) -> dict[str, Any]:
    """Add a unit entry (size defaults to the unit's minimum); returns the stored entry."""
    with transaction.atomic():
        roster = lock_roster(roster)
        _require_room_for_a_unit(roster)
        catalogue_unit = known_unit(roster, unit, faction)
        raw: dict[str, Any] = {"unit": unit, "size": size, "options": options or [], "name": name}
        if faction and faction != roster.faction.slug:
            raw["faction"] = faction
        entry = unit_entry(raw, len(roster.unit_entries()))
        if entry["size"] is None:
            entry["size"] = rosterdata.default_size(catalogue_unit)
        entry["id"] = new_unit_id(roster)
        roster.payload.setdefault("units", []).append(entry)
        record_revision(
            roster,
            action=RosterAction.UNIT_ADDED,
            actor=actor,
            summary=f"{entry['name'] or catalogue_unit['name']} added",
        )
        return entry


def entry_label(roster: Roster, entry: dict[str, Any]) -> str:
    """An entry as the history names it: its own name, else its catalogue unit's name
    ("Warden Captain changed", not "warden-captain changed"; issue 24)."""
    if entry.get("name"):
        return str(entry["name"])
    try:
        return str(known_unit(roster, entry["unit"], entry.get("faction"))["name"])
    except ArmyBuilderError:
        return str(entry["unit"])


def roster_update_unit(
    *,
    roster: Roster,
    unit_id: str,
    size: int | None = None,
    options: list[str] | None = None,
    name: str | None = None,
    skills: list[str] | None = None,
    actor: Any | None = None,
) -> dict[str, Any]:
    """Change a unit's size, options, name or skills (a hero's picks: the validator checks
    them against his skill lists); returns the stored entry."""
    with transaction.atomic():
        roster = lock_roster(roster)
        index = _unit_index(roster, unit_id)
        current = roster.payload["units"][index]
        raw = {**current}
        if size is not None:
            raw["size"] = size
        if options is not None:
            raw["options"] = options
        if name is not None:
            raw["name"] = name
        if skills is not None:
            raw["skills"] = skills
        entry = unit_entry(raw, index)
        roster.payload["units"][index] = entry
        record_revision(
            roster,
            action=RosterAction.UNIT_CHANGED,
            actor=actor,
            summary=f"{entry_label(roster, entry)} changed",
        )
        return entry


def roster_remove_unit(
    *, roster: Roster, unit_id: str, actor: Any | None = None
) -> ValidationResult:
    """Remove a unit entry."""
    with transaction.atomic():
        roster = lock_roster(roster)
        entry = roster.payload["units"].pop(_unit_index(roster, unit_id))
        return record_revision(
            roster,
            action=RosterAction.UNIT_REMOVED,
            actor=actor,
            summary=f"{entry_label(roster, entry)} removed",
        )


def roster_duplicate_unit(
    *, roster: Roster, unit_id: str, actor: Any | None = None
) -> dict[str, Any]:
    """Copy a unit entry (same size, options and name) right after it, with a new id."""
    with transaction.atomic():
        roster = lock_roster(roster)
        _require_room_for_a_unit(roster)
        index = _unit_index(roster, unit_id)
        copy_entry = copy.deepcopy(roster.payload["units"][index])
        copy_entry["id"] = new_unit_id(roster)
        roster.payload["units"].insert(index + 1, copy_entry)
        record_revision(
            roster,
            action=RosterAction.UNIT_DUPLICATED,
            actor=actor,
            summary=f"{entry_label(roster, copy_entry)} duplicated",
        )
        return copy_entry
