"""Roster interchange: our JSON format and a roster's entries grouped by category (the
plain-text list, :mod:`armybuilder.text_list`, and the print view share it). Pure Python."""

from __future__ import annotations

from typing import Any

from armybuilder.entry_units import entry_unit, skill_tables
from armybuilder.magic_items import offered_units


def interchange_payload(payload: dict[str, Any]) -> dict[str, Any]:
    """Our documented JSON: ``{name, system, faction, points_limit, units: [{unit, size,
    options, name}]}`` plus ``allies`` (and a unit's ``faction``) when allies are present."""
    out: dict[str, Any] = {
        "name": payload.get("name", ""),
        "system": payload["system"],
        "faction": payload["faction"],
        "points_limit": payload.get("points_limit"),
    }
    if payload.get("allies"):
        out["allies"] = list(payload["allies"])
    units = []
    for entry in payload.get("units", []):
        unit = {
            "unit": entry["unit"],
            "size": entry["size"],
            "options": list(entry.get("options", [])),
            "name": entry.get("name", ""),
        }
        if entry.get("faction") and entry["faction"] != payload["faction"]:
            unit["faction"] = entry["faction"]
        units.append(unit)
    out["units"] = units
    return out


def _names(catalogue: dict[str, Any]) -> tuple[dict[str, dict[str, Any]], str]:
    return offered_units(catalogue), catalogue.get("name", "")


def grouped_entries(
    payload: dict[str, Any], system: dict[str, Any], factions: dict[str, dict[str, Any]]
) -> list[tuple[str, list[tuple[int, dict[str, Any], dict[str, Any] | None]]]]:
    """Entries grouped by category: system order first, then first appearance; each with
    the unit it is priced against (``entry_units.entry_unit``)."""
    order = [str(c) for c in system.get("categories", [])]
    tables = skill_tables(str(system.get("system", "")))
    groups: dict[str, list[tuple[int, dict[str, Any], dict[str, Any] | None]]] = {}
    for index, entry in enumerate(payload.get("units", [])):
        faction = entry.get("faction") or payload["faction"]
        unit = entry_unit(
            _names(factions.get(faction, {}))[0].get(entry["unit"]),
            entry,
            factions.get(faction),
            tables,
        )
        category = str((unit or {}).get("category", "Unknown"))
        groups.setdefault(category, []).append((index, entry, unit))
    ranked = sorted(groups, key=lambda c: (order.index(c) if c in order else len(order),))
    return [(category, groups[category]) for category in ranked]
