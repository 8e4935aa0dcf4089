"""What the army-builder page shows: units by category with their options, the points bar,
the validation panel (each violation linked to its unit) and the searchable catalogue.

Reads only: the roster's context from ``armybuilder.selectors`` and the one validator.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from armybuilder.constraints import unit_matches
from armybuilder.exchange import grouped_entries
from armybuilder.models import Roster
from armybuilder.rosterdata import apply_options, carried_items
from armybuilder.selectors import context_validate, roster_context, roster_revision_list
from armybuilder.services.history import undo_state
from armybuilder.summaries import unit_figures
from armybuilder.validation import option_limit, price_roster

UNIT_PATH = re.compile(r"^units\[(\d+)\]")


def _option_rows(unit: dict[str, Any], entry: dict[str, Any]) -> list[dict[str, Any]]:
    counts = Counter(entry.get("options", []))
    size = int(entry.get("size") or 1)
    rows = []
    for option in unit.get("options", []) or []:
        if option.get("allowed") and not unit_matches(unit, size, option["allowed"]):
            continue  # a magic item this unit may not take
        allowed, wording = option_limit(option, size)
        multiple = bool(option.get("max_per")) or int(option.get("max", 1)) > 1
        rows.append(
            {
                "slug": option["slug"],
                "name": option["name"],
                "cost": option.get("cost", 0),
                "per_model": bool(option.get("per_model")),
                "group": option.get("group") or "",
                "count": counts.get(option["slug"], 0),
                "multiple": multiple,
                "allowed": allowed,
                "wording": wording,
                "item": bool(option.get("item")),
            }
        )
    return rows


def _size_choices(unit: dict[str, Any]) -> list[dict[str, Any]] | None:
    if "sizes" not in unit:
        return None
    return [
        {
            "size": int(s["size"]),
            "label": s.get("label") or f"{s['size']} models",
            "cost": s.get("cost"),
        }
        for s in unit["sizes"]
    ]


#: The order each system's rulebook prints a profile in (stored JSON does not keep the
#: catalogue's key order); other keys follow in alphabetical order.
PROFILE_ORDER: tuple[str, ...] = (
    *("M", "WS", "BS", "S", "T", "W", "I", "A", "Ld", "Sv", "Inv"),  # grimdark, skirmish
    *("Sp", "Me", "Ra", "De", "At", "Ne"),  # massbattle
    *("ST", "DX", "IQ", "HT", "HP", "Will", "Per", "FP", "BasicSpeed", "BasicMove", "DR"),
)
PROFILE_RANK = {key: index for index, key in enumerate(PROFILE_ORDER)}


def unit_profile(unit: dict[str, Any], entry: dict[str, Any]) -> dict[str, Any]:
    """The unit's characteristics in the system's order, with its chosen options and, for
    a massbattle unit, its size's own figures (``extra.size_profiles``) and its magic items'
    stat changes applied."""
    if not unit:
        return {}
    size = int(entry.get("size") or (unit.get("size") or {}).get("min", 1))
    profile, _weapons, _rules = apply_options(unit, size, list(entry.get("options", [])))
    sized = ((unit.get("extra") or {}).get("size_profiles") or {}).get(str(size)) or {}
    merged = {str(k): v for k, v in {**profile, **sized}.items()}
    for item in carried_items(unit, list(entry.get("options", []))):
        for key, change in item["modify"].items():
            if isinstance(merged.get(key), int) and not isinstance(merged[key], bool):
                merged[key] += change  # magic items change the stat line after its size
    keys = sorted(merged, key=lambda k: (PROFILE_RANK.get(k, len(PROFILE_ORDER)), k))
    return {k: merged[k] for k in keys}


def _display_names(context: Any) -> list[str]:
    """Each entry's name as the player sees it: its own name, else the catalogue unit's."""
    names = []
    for entry in context.payload.get("units", []):
        catalogue = context.factions.get(entry.get("faction") or context.payload["faction"], {})
        unit = next((u for u in catalogue.get("units", []) if u["slug"] == entry["unit"]), {})
        names.append(entry.get("name") or unit.get("name") or entry["unit"])
    return names


def violation_rows(
    result: Any, payload: dict[str, Any], names: list[str] | None = None
) -> list[dict[str, Any]]:
    """Each violation with the unit it points at (id and name) when its path names one."""
    entries = payload.get("units", [])
    rows = []
    for violation in result.violations:
        match = UNIT_PATH.match(violation.path or "")
        unit_id = unit_name = ""
        if match and int(match[1]) < len(entries):
            entry = entries[int(match[1])]
            unit_id = str(entry.get("id", ""))
            unit_name = (names or [])[int(match[1])] if names else entry.get("unit", "")
        rows.append(
            {
                "severity": violation.severity,
                "code": violation.code,
                "message": violation.message,
                "path": violation.path,
                "unit_id": unit_id,
                "unit_name": unit_name,
            }
        )
    return rows


def editor_data(roster: Roster) -> dict[str, Any]:
    """Everything the editor partial renders for ``roster``."""
    context = roster_context(roster=roster)
    result = context_validate(context)
    payload = context.payload
    flagged: dict[str, list[str]] = {}
    violations = violation_rows(result, payload, _display_names(context))
    for row in violations:
        if row["unit_id"]:
            flagged.setdefault(row["unit_id"], []).append(row["severity"])
    sections = []
    grouped = list(grouped_entries(payload, context.system, context.factions))
    profiles = {
        str(entry.get("id", "")): unit_profile(unit or {}, entry)
        for _category, entries in grouped
        for _index, entry, unit in entries
    }
    derived = unit_figures(price_roster(payload, context.system, context.factions))
    for category, entries in grouped:
        units = []
        for index, entry, unit in entries:
            unit = unit or {}
            unit_id = str(entry.get("id", ""))
            size_min = int((unit.get("size") or {}).get("min", 1))
            size_max = int((unit.get("size") or {}).get("max", size_min))
            units.append(
                {
                    "index": index,
                    "id": unit_id,
                    "name": entry.get("name") or "",
                    "display_name": entry.get("name") or unit.get("name", entry["unit"]),
                    "unit_name": unit.get("name", entry["unit"]),
                    "slug": entry["unit"],
                    "faction": entry.get("faction") or "",
                    "name_id": f"unit-{unit_id}-name",
                    "size_id": f"unit-{unit_id}-size",
                    "size": entry.get("size"),
                    "size_min": size_min,
                    "size_max": size_max,
                    "sizes": _size_choices(unit),
                    "single_model": "sizes" not in unit and size_min == size_max,
                    "profile": profiles.get(unit_id, {}),
                    "derived": derived.get(unit_id),
                    "points": result.unit_points.get(unit_id, 0),
                    "options": _option_rows(unit, entry),
                    "unknown": not unit,
                    "flag": "error"
                    if "error" in flagged.get(unit_id, [])
                    else "warning"
                    if unit_id in flagged
                    else "",
                }
            )
        sections.append({"category": category, "units": units})
    limit = max(result.points_limit, 1)
    return {
        "roster": roster,
        "sections": sections,
        "unit_count": len(payload.get("units", [])),
        "points": result.points,
        "points_limit": result.points_limit,
        "points_name": result.points_name,
        "points_percent": min(100, round(100 * result.points / limit)),
        "over_limit": result.points > result.points_limit,
        "valid": result.is_valid,
        "errors": [v for v in violations if v["severity"] == "error"],
        "warnings": [v for v in violations if v["severity"] != "error"],
        "revisions": list(roster_revision_list(roster=roster)[:30]),
        "undo": undo_state(roster=roster),
    }


def catalogue_data(roster: Roster, *, query: str = "", category: str = "") -> dict[str, Any]:
    """The roster's factions' units, filtered by a search text and a category, by category in
    catalogue order."""
    context = roster_context(roster=roster)
    needle = query.strip().lower()
    order: list[str] = [str(c) for c in context.system.get("categories", [])]
    groups: dict[str, list[dict[str, Any]]] = {}
    slugs = [context.payload["faction"], *context.payload.get("allies", [])]
    for slug in slugs:
        faction = context.factions.get(slug, {})
        for unit in faction.get("units", []):
            name = str(unit.get("name", ""))
            if category and unit.get("category") != category:
                continue
            haystack = f"{name} {unit.get('category', '')} {unit.get('unit_type', '')}".lower()
            if needle and needle not in haystack:
                continue
            if "sizes" in unit:
                cost, sizes = (
                    unit["sizes"][0]["cost"],
                    ", ".join(str(s["size"]) for s in unit["sizes"]),
                )
            else:
                cost = unit.get("cost", 0)
                low = (unit.get("size") or {}).get("min", 1)
                high = (unit.get("size") or {}).get("max", low)
                sizes = str(low) if low == high else f"{low}–{high}"
            groups.setdefault(str(unit.get("category", "Other")), []).append(
                {
                    "slug": unit["slug"],
                    "name": name,
                    "cost": cost,
                    "sizes": sizes,
                    "faction": slug if slug != context.payload["faction"] else "",
                    "faction_name": faction.get("name", slug),
                    "unique": bool(unit.get("unique")),
                }
            )
    all_categories = []
    for slug in slugs:
        for unit in context.factions.get(slug, {}).get("units", []):
            if str(unit.get("category")) not in all_categories:
                all_categories.append(str(unit.get("category")))
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


def options_from_post(unit_options: list[dict[str, Any]], post: Any) -> list[str]:
    """The option slugs chosen in a unit form (``opt-<slug>``: a count or a checkbox), in
    catalogue order, a slug repeated as many times as it is taken."""
    chosen: list[str] = []
    for option in unit_options:
        raw = post.get(f"opt-{option['slug']}", "")
        if raw in ("on", "true"):
            count = 1
        else:
            try:
                count = max(0, min(int(raw or 0), 99))
            except ValueError:
                count = 0
        chosen.extend([option["slug"]] * count)
    return chosen
