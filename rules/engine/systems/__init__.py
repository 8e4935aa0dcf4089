"""Game systems by slug. ``get_system(slug)`` imports the registered implementations."""

from __future__ import annotations

import importlib

from rules.engine.systems.base import EngineError, GameSystem, registry

SYSTEM_PACKAGES: tuple[str, ...] = ("grimdark", "skirmish", "massbattle", "hextactical")


def load_systems() -> dict[str, GameSystem]:
    """Import every system package that exists and return the registry."""
    for name in SYSTEM_PACKAGES:
        try:
            importlib.import_module(f"rules.engine.systems.{name}")
        except ModuleNotFoundError as exc:
            if exc.name != f"rules.engine.systems.{name}":
                raise
    return dict(registry())


def get_system(slug: str) -> GameSystem:
    """The system for ``slug``; EngineError ``system.unknown`` when there is none."""
    systems = load_systems()
    if slug not in systems:
        raise EngineError("system.unknown", f"Unknown game system '{slug}'.")
    return systems[slug]
