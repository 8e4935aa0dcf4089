"""Roster unit entries as stored: their shape check, fresh unit ids and the catalogue unit an
entry names. Shared by the whole-roster services (``rosters``) and the one-unit ones
(``units``). A roster may be illegal while it is built: only what cannot be stored is
refused here; the validator reports the rest."""

from __future__ import annotations

from typing import Any

from armybuilder.errors import NotFoundError, RosterError
from armybuilder.models import Faction, Roster

# A roster's entries and an entry's options are capped so no request can store a huge
# payload (the API's input serializers state the same limits).
MAX_UNITS = 200
MAX_OPTIONS = 100


def unit_entry(raw: Any, index: int) -> dict[str, Any]:
    """One unit entry checked for shape: ``{unit, size, options, name[, faction, id, skills]}``."""
    path = f"units[{index}]"
    if not isinstance(raw, dict) or not isinstance(raw.get("unit"), str) or not raw["unit"]:
        raise RosterError("roster.shape", f"{path}: a unit entry needs a 'unit' slug", path)
    size = raw.get("size")
    if size is not None and (isinstance(size, bool) or not isinstance(size, int) or size < 1):
        raise RosterError(
            "roster.shape", f"{path}: size must be a whole number ≥ 1", f"{path}.size"
        )
    options = raw.get("options", []) or []
    if not isinstance(options, list) or not all(isinstance(o, str) for o in options):
        raise RosterError(
            "roster.shape", f"{path}: options must be a list of option slugs", f"{path}.options"
        )
    if len(options) > MAX_OPTIONS:
        raise RosterError("roster.shape", f"{path}: too many options", f"{path}.options")
    name = raw.get("name") or ""
    if not isinstance(name, str) or len(name) > 120 or "\x00" in name:
        raise RosterError(
            "roster.shape",
            f"{path}: name must be text of at most 120 characters (no NUL characters)",
            f"{path}.name",
        )
    entry: dict[str, Any] = {
        "unit": raw["unit"],
        "size": size,
        "options": list(options),
        "name": name,
    }
    if raw.get("faction"):
        entry["faction"] = str(raw["faction"])
    skills = raw.get("skills") or []
    if not isinstance(skills, list) or not all(isinstance(s, str) for s in skills):
        raise RosterError(
            "roster.shape", f"{path}: skills must be a list of skill slugs", f"{path}.skills"
        )
    if skills:
        entry["skills"] = list(skills)
    if raw.get("id"):
        entry["id"] = str(raw["id"])
    return entry


def new_unit_id(roster: Roster) -> str:
    """The next unit id of the roster (``u1``, ``u2``…); ids are never reused."""
    unit_id = f"u{roster.next_unit_number}"
    roster.next_unit_number += 1
    return unit_id


def known_unit(roster: Roster, unit: str, faction: str | None) -> dict[str, Any]:
    """The catalogue unit ``unit`` of the roster's faction or one of its allies."""
    slug = faction or roster.faction.slug
    if slug != roster.faction.slug and slug not in roster.ally_slugs():
        raise RosterError(
            "roster.faction_not_in_roster", f"Faction '{slug}' is not in this army", "faction"
        )
    data = (
        roster.faction.data
        if slug == roster.faction.slug
        else Faction.objects.get(system=roster.system, slug=slug).data
    )
    found = next((u for u in data.get("units", []) if u["slug"] == unit), None)
    if found is None:
        raise NotFoundError(
            "roster.unit_unknown", f"No unit '{unit}' in {data.get('name', slug)}", "unit"
        )
    return found
