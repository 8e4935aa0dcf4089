"""Reading BattleScribe units as grimdark (40k 4th edition) units (docs/battlescribe.md).

Stat line ``WS BS S T W I A Ld Sv`` from a ``Unit``/``Model`` profile (seed 000 [2]: the
characteristic profile); weapon profiles' ``Range``, ``S``/``Strength``, ``AP`` and ``Type``
(``Heavy 2``, ``Assault 3, Blast``, ``Melee, Power Weapon``: seed 000 [28]-[32] weapon
types and specials) as weapons; the unit type from its category names; rules matched to
the universal special rules the engine plays (``Feel No Pain`` → ``feel_no_pain``).
Vehicles need armour values and damage tables this mapping does not read: reported.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from rules.engine.systems.battlescribe import BattleScribeMapping, Record
from rules.engine.systems.grimdark.army import KNOWN_RULES, UNIT_TYPES
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


def classify(record: Record) -> dict[str, Any] | str:
    """Category (the force organisation slot) and unit type from the category names."""
    names = [record["primary"], *record["categories"]]
    lowered = [_slug(n) for n in names if n]
    if "vehicle" in lowered:
        return "vehicles (armour values, damage tables) are not mapped"
    unit_type = next((t for t in lowered if t in UNIT_TYPES), "infantry")
    by_lower = {c.lower(): c for c in CATEGORIES}
    category = next((by_lower[n.lower()] for n in names if n and n.lower() in by_lower), "")
    return {"category": category or record["primary"] or "Troops", "unit_type": unit_type}


def rule_slug(words: Sequence[str], param: str) -> str:
    return "_".join(words) + (f"({param})" if param else "")


BATTLESCRIBE = BattleScribeMapping(
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
    weapon_profiles=("weapon", "ranged weapon", "melee weapon", "weapons"),
    weapon=weapon,
    classify=classify,
    rule_slug=rule_slug,
    known_rules=frozenset(KNOWN_RULES),
    base_weapon_count="all",
)
