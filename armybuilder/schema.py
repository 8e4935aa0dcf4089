"""JSON Schemas of the catalogue files (docs/catalogue-format.md), checked on load.

Unit, weapon, profile and ``extra`` keys beyond the contract's are allowed (each system's
engine documents its own); the fields the army builder prices and validates are typed.
"""

from __future__ import annotations

from typing import Any

from armybuilder.constraints import KIND_FIELDS, constraint_schema
from rules.engine.systems import SYSTEMS as ENGINE_SYSTEMS

SYSTEMS: tuple[str, ...] = tuple(system.slug for system in ENGINE_SYSTEMS)
ALIGNMENTS: tuple[str, ...] = ("good", "evil", "neutral")

_SLUG = {"type": "string", "pattern": r"^[a-z0-9][a-z0-9_\-]*$"}
_NAME = {"type": "string", "minLength": 1}
_COUNT = {"type": "integer", "minimum": 0}
_STRINGS = {"type": "array", "items": {"type": "string"}}
_CONSTRAINTS = {"type": "array", "items": constraint_schema()}

_PRICED = {"slug": _SLUG, "name": _NAME, "cost": {"type": "integer"}}

OPTION_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["slug", "name", "cost"],
    "properties": {
        **_PRICED,
        "per_model": {"type": "boolean"},
        "group": {"type": ["string", "null"]},
        "group_max": {"type": "integer", "minimum": 1},
        "max": {"type": "integer", "minimum": 1},
        "max_per": {
            "type": "object",
            "required": ["count", "models"],
            "properties": {
                "count": {"type": "integer", "minimum": 1},
                "models": {"type": "integer", "minimum": 1},
            },
            "additionalProperties": False,
        },
        "requires": _STRINGS,
        "excludes": _STRINGS,
        "models": {"type": "string"},
        "effects": {
            "type": ["object", "null"],
            "properties": {
                "add_weapons": {"type": "array", "items": {"type": "object"}},
                "replace_weapon": {"type": ["string", "null"]},
                "add_rules": _STRINGS,
                "profile": {"type": "object"},
                "modify": {"type": "object", "additionalProperties": {"type": "integer"}},
            },
        },
    },
}

MAGIC_ITEM_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["slug", "name", "cost"],
    "properties": {
        **_PRICED,
        "text": {"type": "string"},
        "allowed": KIND_FIELDS["ratio"]["properties"]["per"],
        "effects": OPTION_SCHEMA["properties"]["effects"],
    },
    "additionalProperties": False,
}

UNIT_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["slug", "name", "category"],
    "properties": {
        "slug": _SLUG,
        "name": _NAME,
        "category": _NAME,
        "unit_type": {"type": "string"},
        "size": {
            "type": "object",
            "required": ["min"],
            "properties": {"min": {"type": "integer", "minimum": 1}, "max": _COUNT},
        },
        "sizes": {
            "type": "array",
            "minItems": 1,
            "items": {
                "type": "object",
                "required": ["size", "cost"],
                "properties": {
                    "size": {"type": "integer", "minimum": 1},
                    "cost": {"type": "integer"},
                    "label": {"type": "string"},
                },
            },
        },
        "cost": {"type": "integer"},
        "cost_per_model": {"type": "integer"},
        "unique": {"type": "boolean"},
        "profile": {"type": "object"},
        "weapons": {"type": "array", "items": {"type": "object", "required": ["name"]}},
        "rules": _STRINGS,
        "extra": {"type": ["object", "null"]},
        "options": {"type": "array", "items": OPTION_SCHEMA},
    },
    "oneOf": [{"required": ["size", "cost"]}, {"required": ["sizes"]}],
}

FACTION_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "type": "object",
    "required": ["system", "faction", "name", "revision", "units"],
    "properties": {
        "system": {"enum": list(SYSTEMS)},
        "faction": _SLUG,
        "name": _NAME,
        "revision": {"type": "integer", "minimum": 1},
        "alignment": {"enum": [*ALIGNMENTS, None]},
        "description": {"type": ["string", "null"]},
        "special_rules": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["slug", "name"],
                "properties": {
                    "slug": {"type": "string"},
                    "name": _NAME,
                    "text": {"type": "string"},
                },
            },
        },
        "units": {"type": "array", "minItems": 1, "items": UNIT_SCHEMA},
        "magic_items": {"type": "array", "items": MAGIC_ITEM_SCHEMA},
        "constraints": _CONSTRAINTS,
    },
}

SYSTEM_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "type": "object",
    "required": ["system", "name", "points_name", "default_points_limit", "revision"],
    "properties": {
        "system": {"enum": list(SYSTEMS)},
        "name": _NAME,
        "points_name": _NAME,
        "default_points_limit": {"type": "integer", "minimum": 1},
        "revision": {"type": "integer", "minimum": 1},
        "allies": {"type": "boolean"},
        "description": {"type": "string"},
        "categories": _STRINGS,
        "constraints": _CONSTRAINTS,
    },
    "additionalProperties": False,
}

VARIANT_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "type": "object",
    "required": ["system", "variant", "name"],
    "properties": {
        **{k: v for k, v in SYSTEM_SCHEMA["properties"].items() if k != "revision"},
        "variant": _SLUG,
        "revision": {"type": "integer", "minimum": 1},
    },
    "additionalProperties": False,
}
"""A rules variant document: ``system``, its own ``variant`` slug and ``name``, then any
top-level key of the system file it replaces (docs/catalogue-format.md "Rules variants")."""
