"""What changed between two revisions of a faction catalogue: units and options added,
removed or changed (with the entry's points at its default size before and after, priced by
``rosterdata.entry_points`` as rosters are), special rules and constraints. Pure."""

from __future__ import annotations

from typing import Any

from armybuilder import rosterdata

UNIT_FIELDS: tuple[str, ...] = (
    "name",
    "category",
    "unit_type",
    "size",
    "sizes",
    "cost",
    "cost_per_model",
    "unique",
    "profile",
    "weapons",
    "rules",
    "extra",
)


def _by_slug(entries: list[dict[str, Any]] | None) -> dict[str, dict[str, Any]]:
    return {str(e.get("slug") or e.get("code")): e for e in entries or []}


def _keyed_changes(old: dict[str, Any], new: dict[str, Any]) -> dict[str, list[str]]:
    return {
        "added": [k for k in new if k not in old],
        "removed": [k for k in old if k not in new],
        "changed": [k for k in new if k in old and new[k] != old[k]],
    }


def _points(unit: dict[str, Any]) -> int:
    return rosterdata.entry_points(unit, rosterdata.default_size(unit), [])


def unit_changes(old: dict[str, Any], new: dict[str, Any]) -> dict[str, Any]:
    """The fields and options of one unit that differ, and its points at default size."""
    old_options, new_options = _by_slug(old.get("options")), _by_slug(new.get("options"))
    return {
        "slug": new["slug"],
        "name": new["name"],
        "fields": [f for f in UNIT_FIELDS if old.get(f) != new.get(f)],
        "options": _keyed_changes(old_options, new_options),
        "points_before": _points(old),
        "points_after": _points(new),
    }


def catalogue_diff(old: dict[str, Any], new: dict[str, Any]) -> dict[str, Any]:
    """``{units: {added, removed, changed: [unit_changes…]}, special_rules, constraints,
    details}`` from catalogue data ``old`` to ``new``."""
    old_units, new_units = _by_slug(old.get("units")), _by_slug(new.get("units"))
    keys = _keyed_changes(old_units, new_units)
    return {
        "details": [f for f in ("name", "alignment", "description") if old.get(f) != new.get(f)],
        "units": {
            "added": [{"slug": s, "name": new_units[s]["name"]} for s in keys["added"]],
            "removed": [{"slug": s, "name": old_units[s]["name"]} for s in keys["removed"]],
            "changed": [unit_changes(old_units[s], new_units[s]) for s in keys["changed"]],
        },
        "special_rules": _keyed_changes(
            _by_slug(old.get("special_rules")), _by_slug(new.get("special_rules"))
        ),
        "constraints": _keyed_changes(
            _by_slug(old.get("constraints")), _by_slug(new.get("constraints"))
        ),
    }


RULES_FIELDS: tuple[str, ...] = (
    "name",
    "description",
    "points_name",
    "default_points_limit",
    "allies",
    "categories",
)


def rules_diff(old: dict[str, Any], new: dict[str, Any]) -> dict[str, Any]:
    """``{details, constraints: {added, removed, changed}}`` from one system rules document
    (a rules variant's revision) to another."""
    return {
        "details": [f for f in RULES_FIELDS if old.get(f) != new.get(f)],
        "constraints": _keyed_changes(
            _by_slug(old.get("constraints")), _by_slug(new.get("constraints"))
        ),
    }
