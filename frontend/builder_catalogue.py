"""The army builder's catalogue: the roster's factions' units by category, each with what a
player weighs before adding it (cost per model, stat line, weapons, special rules by name),
searchable by name, category, type, weapon, option and rule; a unique ``[1]`` unit already
in the list cannot be added again.
"""

from __future__ import annotations

from typing import Any

from armybuilder.models import Roster
from armybuilder.selectors import roster_context
from frontend.catalogue_pages import unit_rows
from frontend.editor import taken_unique


def _haystack(unit: dict[str, Any], row: dict[str, Any]) -> str:
    """Everything a search may match: name, category, type, weapons, options and rules (by
    their names in this catalogue and by their slugs)."""
    words = [
        str(unit.get("name", "")),
        str(unit.get("category", "")),
        str(unit.get("unit_type", "")),
        *(w["name"] for w in row["weapons"]),
        *(o["name"] for o in row["options"]),
        *row["rules"],
        *(str(r).replace("_", " ") for r in unit.get("rules") or []),
    ]
    return " ".join(words).lower()


def _cost_text(unit: dict[str, Any], listed: str) -> str:
    """The cost before adding: per listed size (``85 for 10 / 140 for 20``), else the
    catalogue page's ``75 (+15 per extra model)``."""
    sizes = unit.get("sizes") or []
    if len(sizes) == 1:
        return str(sizes[0]["cost"])
    if sizes:
        return " / ".join(f"{s['cost']} for {s['size']}" for s in sizes)
    return listed


def catalogue_data(roster: Roster, *, query: str = "", category: str = "") -> dict[str, Any]:
    """The roster's factions' units, filtered by a search text and a category, by category in
    catalogue order, each with its details."""
    context = roster_context(roster=roster)
    needle = query.strip().lower()
    order: list[str] = [str(c) for c in context.system.get("categories", [])]
    taken = set(taken_unique(context.payload, context.factions))
    groups: dict[str, list[dict[str, Any]]] = {}
    slugs = [context.payload["faction"], *context.payload.get("allies", [])]
    all_categories: list[str] = []
    for slug in slugs:
        faction = context.factions.get(slug, {})
        rows = unit_rows(faction)
        for unit, row in zip(faction.get("units", []), rows, strict=True):
            if str(unit.get("category")) not in all_categories:
                all_categories.append(str(unit.get("category")))
            if category and unit.get("category") != category:
                continue
            if needle and needle not in _haystack(unit, row):
                continue
            groups.setdefault(str(unit.get("category", "Other")), []).append(
                {
                    **row,
                    "cost": _cost_text(unit, row["cost"]),
                    "faction": slug if slug != context.payload["faction"] else "",
                    "faction_name": faction.get("name", slug),
                    "key": f"{slug}:{unit['slug']}",
                    "taken": f"{slug}:{unit['slug']}" in taken,
                }
            )
    rank = {c: i for i, c in enumerate(order)}
    all_categories.sort(key=lambda c: rank.get(c, len(order)))
    return {
        "roster": roster,
        "query": query,
        "category": category,
        "categories": all_categories,
        "groups": sorted(groups.items(), key=lambda item: rank.get(item[0], len(order))),
        "points_name": context.system.get("points_name", "pts"),
    }
