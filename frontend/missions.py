"""A game system's missions as the pages list them."""

from __future__ import annotations

from rules.engine.systems import get_system
from rules.engine.systems.base import EngineError


def missions_of(system: str) -> list[tuple[str, str]]:
    """A system's missions as ``(slug, name)``, empty when the engine does not know it."""
    try:
        game = get_system(system)
    except EngineError:
        return []
    return [(slug, mission.name) for slug, mission in sorted(game.missions.items())]
