"""Game systems by slug: an explicit list, no registration by import.

A fifth system is one package under ``rules/engine/systems/<slug>/`` exporting ``SYSTEM`` and
one line in :data:`SYSTEMS` (plus its catalogues in ``armybuilder/catalogues/<slug>/``).
"""

from __future__ import annotations

from rules.engine.systems.base import EngineError, GameSystem
from rules.engine.systems.grimdark import SYSTEM as GRIMDARK
from rules.engine.systems.hextactical import SYSTEM as HEXTACTICAL
from rules.engine.systems.massbattle import SYSTEM as MASSBATTLE
from rules.engine.systems.skirmish import SYSTEM as SKIRMISH

SYSTEMS: tuple[GameSystem, ...] = (GRIMDARK, SKIRMISH, MASSBATTLE, HEXTACTICAL)
"""Every game system this server plays, in the order pages list them."""


def get_system(slug: str) -> GameSystem:
    """The system for ``slug``; EngineError ``system.unknown`` when there is none."""
    for system in SYSTEMS:
        if system.slug == slug:
            return system
    raise EngineError("system.unknown", f"Unknown game system '{slug}'.")
