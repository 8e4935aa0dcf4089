"""Round bases on the table: two bases never overlap, a charger engages from a free spot in
base contact, and every move stops short of another model's base (issue 19 defect 1).

Seed 001 §1.1-1.2: models fight when their bases touch and come into contact only by
charging. NOT IN SEED (published Mordheim movement, not in seed 001: published Mordheim rules,
Movement): models never move through
or onto other models; a charge that cannot reach base contact fails, the charger moving its
normal distance toward the target. With equal round bases at most six touch one model.
"""

from __future__ import annotations

import math

from rules.engine.systems.skirmish.fighters import Fighter
from rules.engine.systems.skirmish.state import BASE_CONTACT, BattleState

OVERLAP_TOLERANCE = 1e-6
"""Bases touching exactly (centres 1" apart) do not overlap; float noise is not an overlap."""
CONTACT_STEP_DEGREES = 10
"""Spots tried around a target: every 10°, nearest the charger's side first."""
CONTACT_OFFSETS: tuple[float, ...] = tuple(
    math.radians(sign * step)
    for step in range(0, 181, CONTACT_STEP_DEGREES)
    for sign in ((1,) if step in (0, 180) else (1, -1))
)
BACK_OFF_STEP = 0.25
"""A blocked move is shortened in steps of 1/4" back toward where the model started."""
TABLE_MARGIN = 0.5


def is_free(state: BattleState, x: float, y: float, *ignore: Fighter) -> bool:
    """No base on the table (other than ``ignore``) overlaps a base centred at ``x``/``y``."""
    limit = BASE_CONTACT - OVERLAP_TOLERANCE
    skip = {f.key for f in ignore}  # by key: a dataclass ``in`` would compare every field
    for other in state.by_id.values():
        dx, dy = other.x - x, other.y - y
        if dx >= limit or -dx >= limit or dy >= limit or -dy >= limit:
            continue  # cheap reject first: farther along one axis than a base width
        if other.out or other.key in skip:
            continue
        if math.hypot(dx, dy) < limit:
            return False
    return True


def on_table(state: BattleState, x: float, y: float) -> bool:
    """The base lies wholly on the table."""
    width, height = state.table.width, state.table.height
    return TABLE_MARGIN <= x <= width - TABLE_MARGIN and TABLE_MARGIN <= y <= height - TABLE_MARGIN


def contact_point(
    state: BattleState, charger: Fighter, target: Fighter
) -> tuple[float, float] | None:
    """The free spot in base contact with ``target`` nearest the charger's side of it, or
    None when every spot is taken or off the table (then the charge cannot engage)."""
    limit = BASE_CONTACT - OVERLAP_TOLERANCE
    reach = BASE_CONTACT + limit  # only bases this close to the target can block a spot
    near = [
        (o.x, o.y)
        for o in state.by_id.values()
        if not o.out
        and o is not charger
        and o is not target
        and math.hypot(o.x - target.x, o.y - target.y) < reach
    ]
    base = math.atan2(charger.y - target.y, charger.x - target.x)
    for offset in CONTACT_OFFSETS:
        angle = base + offset
        x = target.x + math.cos(angle) * BASE_CONTACT
        y = target.y + math.sin(angle) * BASE_CONTACT
        if on_table(state, x, y) and all(math.hypot(ox - x, oy - y) >= limit for ox, oy in near):
            return x, y
    return None


def clear_end(state: BattleState, fighter: Fighter, x: float, y: float) -> tuple[float, float]:
    """Where a move from the fighter's spot toward ``x``/``y`` ends without overlapping a
    base: the goal, else the farthest point back along the way that is free (the start at
    worst: a model may always stay where it is)."""
    if is_free(state, x, y, fighter):
        return x, y
    sx, sy = fighter.x, fighter.y
    length = math.hypot(x - sx, y - sy)
    steps = int(length / BACK_OFF_STEP)
    for n in range(steps, 0, -1):
        f = n * BACK_OFF_STEP / length
        px, py = sx + (x - sx) * f, sy + (y - sy) * f
        if is_free(state, px, py, fighter):
            return px, py
    return sx, sy
