"""Magic items a unit carries, applied when the engine builds the unit (RosterData
``items``, docs/catalogue-format.md "Magic items").

An item's stat changes (``modify``) are added to the stat line after the size profile
(seed 003 §2 stat line), so "+1 Ne" holds for a troop, a regiment and a horde alike; a stat
shown as a dash (no ranged attack) stays one. The rules an item grants are already among the
unit's ``rules`` and are played as any unit's. The 2010 rules give no item list (seed 003
p.6 "magic" ranged attacks, p.9 magic weapons, p.10 magic banners): the sample items are
our own, their effects the seed's numbers and rules.
"""

from __future__ import annotations

from typing import Any

from rules.engine.errors import EngineError

#: The stat-line keys an item may change (seed 003 §2): lower Me/Ra hit more easily.
STATS = ("Sp", "Me", "Ra", "De", "At", "Ne")


def apply_items(profile: dict[str, Any], items: list[dict[str, Any]], unit_id: str) -> None:
    """Add every carried item's ``modify`` to ``profile`` (in place); a stat the unit does not
    have (a dash) is left alone. EngineError ``item.stat_unknown`` for another key."""
    for item in items:
        for key, change in (item.get("modify") or {}).items():
            if key not in STATS or isinstance(change, bool) or not isinstance(change, int):
                raise EngineError(
                    "item.stat_unknown",
                    f"{unit_id}: item {item.get('name', '')} changes '{key}' by '{change}'.",
                )
            value = profile.get(key)
            if isinstance(value, (int, float)) and not isinstance(value, bool):
                profile[key] = value + change
