"""Every constraint kind by name (``KINDS``), the JSON Schema of its fields (``KIND_FIELDS``,
checked when a catalogue loads), house-rule overrides and the one entry point that runs a
constraint."""

from __future__ import annotations

from typing import Any

from armybuilder.constraints.composition import (
    check_alignment,
    check_category_size,
    check_per_model_options,
    check_unit_size,
)
from armybuilder.constraints.counts import (
    check_category_count,
    check_model_count,
    check_ratio,
    check_unique_units,
    check_unit_count,
)
from armybuilder.constraints.items import check_items_per_unit, check_unique_items
from armybuilder.constraints.points import (
    check_category_points_percent,
    check_option_group_points,
    check_points_limit,
    check_unit_points_limit,
)
from armybuilder.constraints.view import (
    SEVERITIES,
    Check,
    RosterView,
    Violation,
)

KINDS: dict[str, Check] = {
    "points_limit": check_points_limit,
    "category_count": check_category_count,
    "unique_units": check_unique_units,
    "unit_count": check_unit_count,
    "ratio": check_ratio,
    "category_points_percent": check_category_points_percent,
    "model_count": check_model_count,
    "alignment": check_alignment,
    "unit_points_limit": check_unit_points_limit,
    "option_group_points": check_option_group_points,
    "category_size": check_category_size,
    "unit_size": check_unit_size,
    "per_model_options": check_per_model_options,
    "items_per_unit": check_items_per_unit,
    "unique_items": check_unique_items,
}


_INT = {"type": "integer"}


_NUMBER = {"type": "number"}


_STRINGS = {"type": "array", "items": {"type": "string"}}


_SELECTOR_ALT = {
    "type": "object",
    "properties": {
        "unit_types": _STRINGS,
        "categories": _STRINGS,
        "units": _STRINGS,
        "rules": _STRINGS,
        "min_size": _INT,
    },
    "additionalProperties": False,
}


_SELECTOR = {"oneOf": [_SELECTOR_ALT, {"type": "array", "items": _SELECTOR_ALT, "minItems": 1}]}


_CATEGORY = {"category": {"type": "string"}, "categories": _STRINGS}


#: JSON Schema properties of each kind (besides code, kind, severity, message).
KIND_FIELDS: dict[str, dict[str, Any]] = {
    "points_limit": {"properties": {"max": _INT}},
    "category_count": {
        "properties": {**_CATEGORY, "min": _INT, "max": _INT, "label": {"type": "string"}},
        "anyOf": [{"required": ["category"]}, {"required": ["categories"]}],
    },
    "unique_units": {"properties": {}},
    "unit_count": {
        "properties": {
            "unit": {"type": "string"},
            "faction": {"type": "string"},
            "min": _INT,
            "max": _INT,
        },
        "required": ["unit"],
    },
    "ratio": {
        "properties": {
            "per": _SELECTOR,
            "limited": _SELECTOR,
            "count": _INT,
            "free": _INT,
            "scope": {"enum": ["faction", "roster"]},
            "label": {"type": "string"},
        },
        "required": ["per", "limited"],
    },
    "category_points_percent": {
        "properties": {
            **_CATEGORY,
            "min_percent": _NUMBER,
            "max_percent": _NUMBER,
            "of": {"enum": ["limit", "total"]},
            "label": {"type": "string"},
        },
        "anyOf": [{"required": ["category"]}, {"required": ["categories"]}],
    },
    "model_count": {
        "properties": {
            "min": _INT,
            "max": _INT,
            "categories": _STRINGS,
            "label": {"type": "string"},
        },
    },
    "alignment": {
        "properties": {
            "compatible": {"type": "object", "additionalProperties": _STRINGS},
        },
        "required": ["compatible"],
    },
    "unit_points_limit": {
        "properties": {"min": _INT, "max": _INT, **_CATEGORY},
    },
    "option_group_points": {
        "properties": {
            "group": {"type": "string"},
            "min": _INT,
            "max": _INT,
            "traits": {"enum": ["negative", "positive", "quirks"]},
            "label": {"type": "string"},
        },
        "required": ["group"],
    },
    "category_size": {
        "properties": {**_CATEGORY, "min": _INT, "max": _INT},
        "anyOf": [{"required": ["category"]}, {"required": ["categories"]}],
    },
    "unit_size": {
        "properties": {"select": _SELECTOR, "min": _INT, "max": _INT, "label": {"type": "string"}},
        "required": ["select"],
    },
    "per_model_options": {
        "properties": {**_CATEGORY},
        "anyOf": [{"required": ["category"]}, {"required": ["categories"]}],
    },
    "items_per_unit": {"properties": {"max": _INT}},
    "unique_items": {"properties": {}},
}


def constraint_schema() -> dict[str, Any]:
    """JSON Schema of one constraint: common fields plus the fields of its kind."""
    common = {
        "code": {"type": "string", "pattern": r"^[a-z0-9_.\-]+$"},
        "kind": {"enum": sorted(KINDS)},
        "severity": {"enum": list(SEVERITIES)},
        "message": {"type": "string"},
        "note": {"type": "string"},
    }
    branches = []
    for kind, spec in sorted(KIND_FIELDS.items()):
        branch: dict[str, Any] = {
            "if": {"properties": {"kind": {"const": kind}}},
            "then": {
                "properties": {**common, **spec["properties"]},
                "additionalProperties": False,
            },
        }
        extra = {k: v for k, v in spec.items() if k != "properties"}
        branch["then"].update(extra)
        branches.append(branch)
    return {
        "type": "object",
        "properties": common,
        "required": ["code", "kind", "severity"],
        "allOf": branches,
    }


def apply_overrides(
    constraint: dict[str, Any], overrides: dict[str, dict[str, Any]] | None
) -> dict[str, Any] | None:
    """The constraint with a house rule applied (``{"severity": …}``, numbers, or
    ``{"enabled": false}``); None when the house rule switches it off."""
    if not overrides or constraint["code"] not in overrides:
        return constraint
    change = overrides[constraint["code"]]
    if change.get("enabled", True) is False:
        return None
    return {**constraint, **{k: v for k, v in change.items() if k != "enabled"}}


def run_constraint(constraint: dict[str, Any], view: RosterView) -> list[Violation]:
    """Apply one constraint to a priced roster."""
    return KINDS[constraint["kind"]](constraint, view)
