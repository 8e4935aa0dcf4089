"""Reading BattleScribe units as massbattle (Kings of War 2010) units (docs/battlescribe.md).

Stat line ``Sp Me Ra De At Ne`` (seed 003 §2 unit statistics; ``Att``/``Nerve`` are read as
``At``/``Ne``, a ``Ra`` of ``-`` is no ranged attack); a unit's sizes are its ``Label (N)``
entries (Troop, Regiment, Horde: seed 003 §11), each size's stat changes kept in
``extra.size_profiles``; the unit type (infantry, cavalry, hero, monster, war engine) from
a ``Type`` characteristic or the category names; ranged weapon profiles by the kind their
name says (bow, crossbow, gun…); rules such as ``Crushing Strength (1)`` as
``crushing-strength(1)``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from rules.engine.systems.battlescribe import BattleScribeMapping, Record
from rules.engine.systems.massbattle.constants import DEFAULT_RANGES
from rules.engine.systems.massbattle.units import KNOWN_RULES, UNIT_TYPES

CATEGORIES = {
    "infantry": "Infantry",
    "cavalry": "Cavalry",
    "monster": "Monster",
    "war_engine": "War Engine",
    "hero": "Hero",
}


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", text.lower()).strip("_")


def weapon(profile: Record) -> dict[str, Any] | str:
    """A ranged weapon profile: its kind is the first kind word in its name or ``Kind``."""
    text = f"{profile['values'].get('Kind', '')} {profile['name']}".lower()
    kind = next(
        (k for k in sorted(DEFAULT_RANGES, key=len, reverse=True) if k.replace("_", " ") in text),
        None,
    )
    if kind is None:
        kinds = ", ".join(DEFAULT_RANGES)
        return f"'{profile['name']}' names no weapon kind the engine plays ({kinds})"
    out: dict[str, Any] = {"name": profile["name"], "kind": kind}
    if profile["numbers"].get("Range"):
        out["range"] = profile["numbers"]["Range"]
    return out


def classify(record: Record) -> dict[str, Any] | str:
    """Unit type from a ``Type`` characteristic, else the category names."""
    names = [record["primary"], *record["categories"]]
    for profile in record["profiles"]:
        names.insert(0, profile["values"].get("Type", ""))
    unit_type = next((_slug(n) for n in names if n and _slug(n) in UNIT_TYPES), None)
    if unit_type is None:
        return f"no unit type ({', '.join(UNIT_TYPES)}) among its type or categories"
    return {"category": CATEGORIES[unit_type], "unit_type": unit_type}


def rule_slug(words: Sequence[str], param: str) -> str:
    return "-".join(words) + (f"({param})" if param else "")


BATTLESCRIBE = BattleScribeMapping(
    unit_profiles=("unit", "troop", "regiment", "horde", "legion", "unit stats"),
    stats={
        "Sp": ("Sp", "Speed"),
        "Me": ("Me", "Melee"),
        "Ra": ("Ra", "Ranged"),
        "De": ("De", "Defence", "Defense"),
        "At": ("At", "Att", "Attacks"),
        "Ne": ("Ne", "Nerve"),
    },
    weapon_profiles=("ranged weapon", "weapon", "ranged"),
    weapon=weapon,
    classify=classify,
    rule_slug=rule_slug,
    known_rules=KNOWN_RULES,
    listed_sizes=True,
    classifying=("Type",),
)
