"""Spells as catalogue data: what a caster's ``extra.spells`` entries hold and how they are
read (NOT IN SEED: seed 001 is the close-combat chapter; published Mordheim rulebook "Magic":
a wizard casts one spell a turn in the shooting phase, 2D6 equal to or above its difficulty).

Each entry: ``slug``, ``name``, ``difficulty`` (2-12), ``range`` (inches), ``kind`` and the
fields its kind needs; the casting itself is ``magic``:

- ``damage``: ``hits`` hits (default 1) at ``strength`` on one enemy, no armour save;
- ``buff``: a friend (the caster too) gets +``amount`` ``stat`` until the caster's next turn;
- ``debuff``: an enemy gets −``amount`` ``stat`` (never below 1) until the caster's next turn;
- ``movement``: an enemy not in combat is thrown ``distance`` inches straight away from the
  caster (stopping short of any base).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules.engine.systems.base import EngineError

DAMAGE = "damage"
BUFF = "buff"
DEBUFF = "debuff"
MOVEMENT = "movement"
KINDS: tuple[str, ...] = (DAMAGE, BUFF, DEBUFF, MOVEMENT)
STATS: tuple[str, ...] = ("M", "WS", "BS", "S", "T", "I", "A", "Ld")
"""The characteristics a buff or debuff may change (not Wounds: a spell heals no one here)."""


@dataclass(frozen=True, slots=True)
class Spell:
    """One spell a caster knows (``kind`` one of ``KINDS``)."""

    slug: str
    name: str
    difficulty: int
    range: float
    kind: str
    strength: int = 0
    hits: int = 1
    stat: str = ""
    amount: int = 0
    distance: float = 0.0


def _int(entry: dict[str, Any], key: str, low: int, high: int, path: str, default: int) -> int:
    value = entry.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise EngineError(
            "unit.spell_invalid", f"{path}: {key} must be a whole number {low}-{high}."
        )
    return value


def read_spell(entry: Any, path: str) -> Spell:
    """One ``extra.spells`` entry as a :class:`Spell`; EngineError ``unit.spell_invalid``
    naming the field when it cannot be cast."""
    if not isinstance(entry, dict) or not entry.get("slug"):
        raise EngineError("unit.spell_invalid", f"{path}: a spell needs a slug.")
    kind = entry.get("kind")
    if kind not in KINDS:
        raise EngineError("unit.spell_invalid", f"{path}: kind must be one of {', '.join(KINDS)}.")
    stat = str(entry.get("stat", ""))
    if kind in (BUFF, DEBUFF) and stat not in STATS:
        raise EngineError("unit.spell_invalid", f"{path}: stat must be one of {', '.join(STATS)}.")
    return Spell(
        slug=str(entry["slug"]),
        name=str(entry.get("name") or entry["slug"]),
        difficulty=_int(entry, "difficulty", 2, 12, path, 7),
        range=float(_int(entry, "range", 1, 48, path, 12)),
        kind=kind,
        strength=_int(entry, "strength", 1, 10, path, 3) if kind == DAMAGE else 0,
        hits=_int(entry, "hits", 1, 6, path, 1) if kind == DAMAGE else 1,
        stat=stat if kind in (BUFF, DEBUFF) else "",
        amount=_int(entry, "amount", 1, 3, path, 1) if kind in (BUFF, DEBUFF) else 0,
        distance=float(_int(entry, "distance", 1, 12, path, 4)) if kind == MOVEMENT else 0.0,
    )


def read_spells(entries: Any, path: str) -> tuple[Spell, ...]:
    """A caster's ``extra.spells`` (none: not a caster)."""
    if not entries:
        return ()
    if not isinstance(entries, list):
        raise EngineError("unit.spell_invalid", f"{path}: spells must be a list.")
    return tuple(read_spell(e, f"{path}[{i}]") for i, e in enumerate(entries))
