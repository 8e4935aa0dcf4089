"""Kings of War 2010 mass battles (seed 003): registers the "massbattle" GameSystem."""

from rules.engine.systems.base import register
from rules.engine.systems.massbattle.system import SYSTEM, MassBattleSystem

register(SYSTEM)

__all__ = ["SYSTEM", "MassBattleSystem"]
