"""hextactical: GURPS 4th edition tactical combat on a hex map (seed 004).

Importing the package registers :data:`SYSTEM` (slug ``hextactical``).
"""

from rules.engine.systems.base import register
from rules.engine.systems.hextactical.system import SYSTEM, HexTacticalSystem

register(SYSTEM)

__all__ = ["SYSTEM", "HexTacticalSystem"]
