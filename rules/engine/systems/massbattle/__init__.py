"""Kings of War 2010 mass battles (seed 003): the "massbattle" GameSystem."""

from rules.engine.systems.massbattle.system import SYSTEM, MassBattleSystem

__all__ = ["SYSTEM", "MassBattleSystem"]
