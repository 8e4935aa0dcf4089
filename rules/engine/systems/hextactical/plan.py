"""The plan a policy hands the battle for one second, and the option names both sides use.

The maneuver names and their options follow the maneuver table (NOT IN SEED: GURPS 4e Basic
Set rule, not in seed 004: GURPS Basic Set, Maneuvers); pop-up attacks are seed 004 "Pop-up
attacks".
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rules.engine.hexgrid import Hex

#: All-Out Defense (Double Defense): a second, different defence after a failed one.
AOD_DOUBLE = "double"
#: All-Out Defense (Increased Dodge): +2 Dodge and up to half Move.
AOD_INCREASED_DODGE = "dodge"
#: Attack from behind cover, stepping out and back (seed 004 "Pop-up attacks").
POP_UP = "pop_up"
#: All-Out Attack (Feint): a Quick Contest that lowers the foe's next defence.
AOA_FEINT = "feint"
#: All-Out Attack (Long): one yard more reach at reduced damage.
AOA_LONG = "long"
#: Move and Attack (Slam): run into the foe instead of striking (GURPS 4e Basic Set p.B371).
SLAM = "slam"
#: Attack options in close combat: grab a foe, throw one held down, pin one held on the ground
#: (GURPS 4e Basic Set p.B370), break free of one who holds you (p.B371).
GRAPPLE = "grapple"
TAKEDOWN = "takedown"
PIN = "pin"
BREAK_FREE = "break_free"
GRAPPLING = frozenset({GRAPPLE, TAKEDOWN, PIN, BREAK_FREE})
#: Attack (Rapid Strike): two blows with one melee weapon, each at −6 (GURPS 4e Basic Set
#: p.B370), −3 with Weapon Master or Trained by a Master (p.B99, p.B93).
RAPID_STRIKE = "rapid_strike"


@dataclass(slots=True)
class Plan:
    """One maneuver chosen by the policy for one second."""

    kind: str
    target: str = ""
    weapon: int = -1
    mode: str = ""
    step_before: Hex | None = None
    step_after: Hex | None = None
    path: list[Hex] = field(default_factory=list)
    facing: int | None = None
    option: str = ""
    reach: int = -1
    watch: tuple[Hex, ...] = ()
    identify: bool = False
    location: str = ""
