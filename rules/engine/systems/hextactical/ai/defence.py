"""When badly hurt: which All-Out Defense option, and where to step or move away (engine
choices; the options are not in seed 004: GURPS Basic Set, Maneuvers)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.engine import hexgrid
from rules.engine.systems.hextactical import movement
from rules.engine.systems.hextactical.combatant import Combatant
from rules.engine.systems.hextactical.defence import block_value, dodge_value, parry_value
from rules.engine.systems.hextactical.plan import AOD_DOUBLE, AOD_INCREASED_DODGE, Plan
from rules.engine.systems.hextactical.rolls import success_probability

if TYPE_CHECKING:
    from rules.engine.systems.hextactical.battle import Battle


def all_out_defense_plan(b: Battle, c: Combatant, threat: Combatant) -> Plan:
    """All-Out Defense: Double Defense when two defences together beat +2 on the best one,
    else Increased Defense on the best (Increased Dodge moving up to half Move away, the
    others stepping away) (not in seed 004: GURPS Basic Set, Maneuvers)."""
    values = {"dodge": dodge_value(c)}
    if c.weapon.melee and c.weapon.parry_mod is not None and c.weapon_ready:
        values["parry"] = parry_value(c, c.weapon)
    if c.shield is not None:
        values["block"] = block_value(c, c.shield)
    ranked = sorted(sorted(values), key=lambda k: -values[k])
    kind = ranked[0]
    p_best = float(success_probability(values[kind]))
    increased = float(success_probability(values[kind] + 2))
    if len(ranked) > 1:
        p_second = float(success_probability(values[ranked[1]]))
        if 1 - (1 - p_best) * (1 - p_second) > increased:
            kind = AOD_DOUBLE
    if kind == AOD_INCREASED_DODGE:
        tree = movement.reachable(b, c, max(1, c.move // 2))
        goal = max(tree, key=lambda h: (hexgrid.distance(h, threat.pos), -tree[h][0], h))
        return Plan(
            "all_out_defense",
            option=kind,
            path=movement.path_to(tree, goal),
            facing=hexgrid.direction_to(goal, threat.pos) if goal != threat.pos else None,
        )
    step = None
    best = hexgrid.distance(c.pos, threat.pos)
    for n in b.board.neighbours(c.pos):
        if b.board.free(n) and hexgrid.distance(n, threat.pos) > best:
            step, best = n, hexgrid.distance(n, threat.pos)
    end = step or c.pos
    return Plan(
        "all_out_defense",
        option=kind,
        step_before=step,
        facing=hexgrid.direction_to(end, threat.pos),
    )
