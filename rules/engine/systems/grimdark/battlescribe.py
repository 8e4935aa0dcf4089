"""Reading BattleScribe units as grimdark (40k 4th edition) units (docs/battlescribe.md).

Stat line ``WS BS S T W I A Ld Sv`` from a ``Unit``/``Model`` profile (seed 000 [2]: the
characteristic profile); weapon profiles' ``Range``, ``S``/``Strength``, ``AP`` and ``Type``
(``Heavy 2``, ``Assault 3, Blast``, ``Melee, Power Weapon``: seed 000 [28]-[32] weapon
types and specials) as weapons; the unit type from its category names; rules matched to
the universal special rules the engine plays (``Feel No Pain`` → ``feel_no_pain``).
A unit with a ``Vehicle`` profile is a vehicle (4e pp.58-73): ``BS`` and the armour values
``Front``/``Side``/``Rear`` make its stat line, its kinds (tank, fast, open-topped, skimmer,
walker) come from its categories or the profile's ``Type``, and a ``Transport`` profile's
``Capacity`` is how many models it carries (the grimdark catalogue's ``extra.vehicle_types``
and ``extra.transport_capacity``, docs/catalogue-format.md).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from rules.engine.systems.battlescribe import BattleScribeMapping, Record
from rules.engine.systems.grimdark.army import KNOWN_RULES, UNIT_TYPES, VEHICLE, VEHICLE_KINDS
from rules.engine.systems.grimdark.weapons import (
    CC_SPECIALS,
    CLOSE_COMBAT,
    RANGED_SPECIALS,
    RANGED_TYPES,
)

CATEGORIES = ("HQ", "Troops", "Elites", "Fast Attack", "Heavy Support")
_TYPE = re.compile(r"^(?P<type>[a-z _-]+?)\s*(?P<shots>\d+)?$")
_MELEE = ("melee", "close combat", "close_combat")


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", text.lower()).strip("_")


def weapon(profile: Record) -> dict[str, Any] | str:
    """A weapon profile as a grimdark weapon, or why it cannot be one."""
    values, numbers = profile["values"], profile["numbers"]
    parts = [p.strip() for p in re.split(r"[,/]", values.get("Type", "")) if p.strip()]
    if not parts:
        return "a weapon profile without a Type"
    head = _TYPE.match(parts[0].lower())
    kind = _slug(head.group("type")) if head else ""
    melee = parts[0].lower() in _MELEE
    if not melee and kind not in RANGED_TYPES:
        return f"weapon type '{parts[0]}' is not one the engine plays"
    allowed = CC_SPECIALS if melee else RANGED_SPECIALS
    specials = [_slug(p) for p in parts[1:]]
    out: dict[str, Any] = {"name": profile["name"], "type": CLOSE_COMBAT if melee else kind}
    out["special"] = [s for s in specials if s in allowed] or (["ccw"] if melee else [])
    out["_unplayed"] = [p for p, s in zip(parts[1:], specials, strict=True) if s not in allowed]
    strength = values.get("S", values.get("Strength", ""))
    if melee:
        if strength.startswith("+"):
            out["S_bonus"] = numbers.get("S", numbers.get("Strength")) or 0
        return out
    if numbers.get("Range") is not None:
        out["range"] = numbers["Range"]
    out["S"] = numbers.get("S", numbers.get("Strength"))
    out["AP"] = numbers.get("AP")
    if head and head.group("shots"):
        out["shots"] = int(head.group("shots"))
    return out


def _category(record: Record) -> str:
    """The force organisation slot among the unit's categories (its primary one else)."""
    by_lower = {c.lower(): c for c in CATEGORIES}
    names = [record["primary"], *record["categories"]]
    found = next((by_lower[n.lower()] for n in names if n and n.lower() in by_lower), "")
    return found or record["primary"] or "Troops"


def classify(record: Record) -> dict[str, Any] | str:
    """Category (the force organisation slot) and unit type from the category names."""
    lowered = [_slug(n) for n in [record["primary"], *record["categories"]] if n]
    if VEHICLE in lowered:
        return "a vehicle needs a Vehicle profile (BS, Front, Side, Rear) to be played"
    unit_type = next((t for t in lowered if t in UNIT_TYPES), "infantry")
    return {"category": _category(record), "unit_type": unit_type}


def classify_vehicle(record: Record) -> dict[str, Any]:
    """A vehicle's slot, kinds (from its categories and its profile's ``Type``: ``Tank,
    Fast``) and transport capacity (a ``Transport`` profile's ``Capacity``), 4e pp.58-73."""
    words = [record["primary"], *record["categories"]]
    capacity = 0
    for profile in record["profiles"]:
        kind = (profile["type"] or "").lower()
        if kind in VEHICLE_PROFILES:
            words += re.split(r"[,/]", profile["values"].get("Type", ""))
        elif kind in TRANSPORT_PROFILES:
            capacity = max(capacity, profile["numbers"].get("Capacity") or 0)
    kinds = [k for k in dict.fromkeys(_slug(w) for w in words if w) if k in VEHICLE_KINDS]
    extra: dict[str, Any] = {"vehicle_types": kinds or ["tank"]}
    if capacity:
        extra["transport_capacity"] = capacity
    return {"category": _category(record), "unit_type": VEHICLE, "extra": extra}


def rule_slug(words: Sequence[str], param: str) -> str:
    return "_".join(words) + (f"({param})" if param else "")


WEAPON_PROFILES = ("weapon", "ranged weapon", "melee weapon", "weapons")
VEHICLE_PROFILES = ("vehicle",)
TRANSPORT_PROFILES = ("transport",)

MODELS = BattleScribeMapping(
    unit_profiles=("unit", "model", "infantry"),
    stats={
        "WS": ("WS",),
        "BS": ("BS",),
        "S": ("S",),
        "T": ("T",),
        "W": ("W",),
        "I": ("I",),
        "A": ("A",),
        "Ld": ("Ld", "LD"),
        "Sv": ("Sv", "Save"),
    },
    weapon_profiles=WEAPON_PROFILES,
    weapon=weapon,
    classify=classify,
    rule_slug=rule_slug,
    known_rules=frozenset(KNOWN_RULES),
    base_weapon_count="all",
)

VEHICLES = replace(
    MODELS,
    unit_profiles=VEHICLE_PROFILES,
    stats={
        "BS": ("BS",),
        "front": ("Front", "Front Armour", "AV Front"),
        "side": ("Side", "Side Armour", "AV Side"),
        "rear": ("Rear", "Rear Armour", "AV Rear"),
    },
    classify=classify_vehicle,
    classifying=("Type",),
    classifying_profiles=TRANSPORT_PROFILES,
)


WALKERS = replace(
    VEHICLES,
    stats={**VEHICLES.stats, "WS": ("WS",), "S": ("S",), "I": ("I",), "A": ("A",)},
)
"""A walker's Vehicle profile also carries WS, S, I and A: it fights like a model in close
combat (4e pp.58-73, ``walkers``)."""


def read_unit(record: Record) -> dict[str, Any]:
    """A unit with a Vehicle profile read as a vehicle (a walker with its close-combat
    characteristics), any other as models."""
    vehicle = any((p["type"] or "").lower() in VEHICLE_PROFILES for p in record["profiles"])
    if not vehicle:
        return MODELS(record)
    walker = "walker" in classify_vehicle(record)["extra"]["vehicle_types"]
    return (WALKERS if walker else VEHICLES)(record)


BATTLESCRIBE = read_unit
