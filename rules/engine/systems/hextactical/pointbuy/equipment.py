"""The equipment list: weapons, shields and armour with cost in $, weight in lb and the entry
the engine plays (GURPS 4e Basic Set: melee weapon table p.B271–274, ranged p.B275–276,
shields p.B287, armour p.B283–285; armour is worn as one suit with one DR, as the engine plays
it). Each item is the catalogue weapon keys of this system's README plus ``cost`` and
``weight``."""

from __future__ import annotations

from typing import Any

from rules.engine.systems.base import EngineError


def _melee(name: str, skill: str, cost: int, weight: float, st: int, **modes: Any) -> dict:
    return {
        "kind": "weapon",
        "name": name,
        "skill": skill,
        "cost": cost,
        "weight": weight,
        "st": st,
        "parry": 0,
        "hands": 1,
        "reach": "1",
        **modes,
    }


ITEMS: dict[str, dict[str, Any]] = {
    "broadsword": _melee(
        "Broadsword", "Broadsword", 500, 3, 10, swing="sw+1 cut", thrust="thr+1 cr"
    ),
    "shortsword": _melee("Shortsword", "Shortsword", 400, 2, 8, swing="sw cut", thrust="thr imp"),
    "axe": _melee("Axe", "Axe/Mace", 50, 4, 11, swing="sw+2 cut", unbalanced=True),
    "mace": _melee("Mace", "Axe/Mace", 50, 5, 12, swing="sw+3 cr", unbalanced=True),
    "large-knife": _melee(
        "Large knife",
        "Knife",
        40,
        1,
        6,
        swing="sw-2 cut",
        thrust="thr imp",
        reach="C,1",
        thrust_reach="C",
        parry=-1,
    ),
    "spear": _melee(
        "Spear",
        "Spear",
        40,
        4,
        9,
        thrust="thr+3 imp",
        reach="1,2",
        reach_change_ready=True,
        hands=2,
    ),
    # p.B274: the Greatsword thrusts thr+2 cr at reach 2 only ($800; thr+3 imp is the $900
    # Thrusting Greatsword)
    "greatsword": _melee(
        "Greatsword",
        "Two-Handed Sword",
        800,
        7,
        12,
        swing="sw+3 cut",
        thrust="thr+2 cr",
        reach="1,2",
        thrust_reach="2",
        hands=2,
    ),
    "halberd": _melee(
        "Halberd",
        "Polearm",
        150,
        12,
        13,
        swing="sw+5 cut",
        thrust="thr+3 imp",
        reach="2,3",
        thrust_reach="1-3",  # p.B272: swing reach 2,3*, thrust reach 1-3*
        reach_change_ready=True,
        unbalanced=True,
        unready_after_attack=True,  # ST 13‡ (p.B269 "‡")
        hands=2,
    ),
    "quarterstaff": _melee(
        "Quarterstaff",
        "Staff",
        10,
        4,
        7,
        swing="sw+2 cr",
        thrust="thr+2 cr",
        reach="1,2",
        parry=2,
        hands=2,
    ),
    "crossbow": {
        "kind": "weapon",
        "name": "Crossbow",
        "skill": "Crossbow",
        "cost": 150,
        "weight": 6,
        "st": 7,
        "ranged": "thr+4 imp",
        "acc": 4,
        "range": [140, 175],
        "rof": 1,
        "bulk": -6,
        "ready": 4,
        "hands": 2,
    },
    "small-shield": {
        "kind": "shield",
        "name": "Small shield",
        "skill": "Shield",
        "shield": True,
        "db": 1,
        "cost": 40,
        "weight": 8,
    },
    "medium-shield": {
        "kind": "shield",
        "name": "Medium shield",
        "skill": "Shield",
        "shield": True,
        "db": 2,
        "cost": 60,
        "weight": 15,
    },
    "large-shield": {
        "kind": "shield",
        "name": "Large shield",
        "skill": "Shield",
        "shield": True,
        "db": 3,
        "cost": 90,
        "weight": 25,
    },
    "leather-armour": {
        "kind": "armour",
        "name": "Leather armour",
        "dr": 2,
        "cost": 100,
        "weight": 20,
    },
    "mail": {"kind": "armour", "name": "Mail", "dr": 4, "cost": 550, "weight": 45},
    "scale": {"kind": "armour", "name": "Scale", "dr": 4, "cost": 750, "weight": 55},
    "plate": {"kind": "armour", "name": "Plate", "dr": 6, "cost": 4000, "weight": 75},
}

#: Keys an item's engine entry keeps (everything but the shop data).
_SHOP_KEYS = frozenset({"kind", "cost", "weight", "dr"})


def find_item(slug: str, path: str) -> dict[str, Any]:
    """The item ``slug`` of the list; EngineError at ``path`` for an unknown one."""
    item = ITEMS.get(str(slug))
    if item is None:
        raise EngineError(path, f"No item {slug!r} in the equipment list.")
    return item


def engine_entry(item: dict[str, Any]) -> dict[str, Any]:
    """The catalogue weapon entry of a weapon or shield (shop data dropped)."""
    return {k: v for k, v in item.items() if k not in _SHOP_KEYS}
