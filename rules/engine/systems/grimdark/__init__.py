"""Grimdark: the Warhammer 40,000 4th-edition core rules (seed 000) as a game system."""

from rules.engine.systems.grimdark.system import SYSTEM, GrimdarkSystem

__all__ = ["SYSTEM", "GrimdarkSystem"]
