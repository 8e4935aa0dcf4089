"""Reading BattleScribe units as skirmish (Mordheim) fighters (docs/battlescribe.md).

Stat line ``M WS BS S T W I A Ld`` (published Mordheim rules, Characteristics; ``LD`` is read
as ``Ld``); equipment, weapon and armour alike, is read by name against the engine's
``EQUIPMENT`` (``Sword``, ``Light Armour``, ``Long Bow``: an item with a profile is matched
by the profile's name, one without by its entry's name); the category names say leader,
hero or henchmen; ``Fear`` and ``Large Target`` are the rules the engine plays.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from rules.engine.systems.battlescribe import BattleScribeMapping, Record
from rules.engine.systems.skirmish.equipment import EQUIPMENT
from rules.engine.systems.skirmish.fighters import FEAR_RULES, HERO_CATEGORIES
from rules.engine.systems.skirmish.rating import LARGE_RULES

ALIASES = {
    "hand-weapons": "hand-weapon",
    "longbow": "long-bow",
    "shortbow": "short-bow",
    "double-handed-weapon": "double-handed",
    "fist": "fists",
    "club": "mace",
    "hammer": "mace",
    "armour": "light-armour",
}


def _key(name: str) -> str:
    key = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
    return ALIASES.get(key, key)


def item(name: str) -> dict[str, Any] | None:
    """An entry named after a piece of equipment, as that item."""
    key = _key(name)
    return {"name": name, "type": key} if key in EQUIPMENT else None


def weapon(profile: Record) -> dict[str, Any] | str:
    """A weapon or armour profile, matched to the equipment by its name."""
    found = item(profile["name"])
    if found is None:
        return f"'{profile['name']}' is no equipment the engine knows ({', '.join(EQUIPMENT)})"
    return found


def classify(record: Record) -> dict[str, Any] | str:
    """Leader, Hero or Henchmen from the category names (the first that says)."""
    names = [n.lower() for n in [record["primary"], *record["categories"]] if n]
    if "leader" in names:
        return {
            "category": "Leader",
            "unit_type": "hero",
            "extra": {"kind": "hero", "leader": True},
        }
    if any(n in HERO_CATEGORIES for n in names):
        return {"category": "Hero", "unit_type": "hero", "extra": {"kind": "hero"}}
    return {"category": "Henchmen", "unit_type": "henchman", "extra": {"kind": "henchman"}}


def rule_slug(words: Sequence[str], param: str) -> str:
    return "-".join(words) + (f"({param})" if param else "")


BATTLESCRIBE = BattleScribeMapping(
    unit_profiles=("warrior", "hero", "henchman", "henchmen", "unit", "model"),
    stats={
        "M": ("M",),
        "WS": ("WS",),
        "BS": ("BS",),
        "S": ("S",),
        "T": ("T",),
        "W": ("W",),
        "I": ("I",),
        "A": ("A",),
        "Ld": ("Ld", "LD"),
    },
    weapon_profiles=("weapon", "armour", "equipment", "missile weapon", "close combat weapon"),
    weapon=weapon,
    classify=classify,
    rule_slug=rule_slug,
    known_rules=FEAR_RULES | LARGE_RULES,
    item=item,
)
