"""hextactical: GURPS 4th edition tactical combat on a hex map (seed 004)."""

from rules.engine.systems.hextactical.system import SYSTEM, HexTacticalSystem

__all__ = ["SYSTEM", "HexTacticalSystem"]
