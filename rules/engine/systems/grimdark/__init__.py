"""Grimdark: the Warhammer 40,000 4th-edition core rules (seed 000) as a game system.

Importing the package registers :data:`SYSTEM` under the slug "grimdark".
"""

from rules.engine.systems.base import register
from rules.engine.systems.grimdark.system import SYSTEM, GrimdarkSystem

register(SYSTEM)

__all__ = ["SYSTEM", "GrimdarkSystem"]
