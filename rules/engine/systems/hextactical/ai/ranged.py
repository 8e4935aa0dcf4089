"""Ranged plans: reload, Aim, the target with the best skill, pop-up attacks from cover and
opportunity fire (engine choices; rules seed 004 "Pop-up attacks", "Opportunity fire")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.engine import hexgrid
from rules.engine.hexgrid import Hex
from rules.engine.systems.hextactical import tactics
from rules.engine.systems.hextactical.ai.approach import approach_plan
from rules.engine.systems.hextactical.ai.estimates import best_melee_index, max_enemy_reach
from rules.engine.systems.hextactical.ai.locations import aim_location
from rules.engine.systems.hextactical.combatant import Combatant
from rules.engine.systems.hextactical.defence import weapon_skill
from rules.engine.systems.hextactical.plan import POP_UP, Plan

if TYPE_CHECKING:
    from rules.engine.systems.hextactical.battle import Battle

#: Pop-up attack only when the shot's skill, with the pop-up penalty, is at least this.
POP_UP_MIN_SKILL = 6
#: No shot at this effective skill or below (a 3d6 roll of 5 or less: under 5%); the policy
#: Aims, waits or closes instead (engine choice).
HOPELESS_SKILL = 5
#: Opportunity fire watches front-arc hexes up to this distance.
WATCH_RADIUS = 4


def ranged_plan(b: Battle, c: Combatant, enemies: list[Combatant], nearest: Combatant) -> Plan:
    """Draw a melee weapon when a foe is adjacent, reload, Aim while unthreatened, then shoot
    the target with the best skill, never through a friend (−4 and the risk of hitting him:
    seed 004 "Firing through occupied hexes", "Hitting the wrong target") nor at effective
    skill 5 or less; without such a shot a pop-up attack, closing to throwing range, or Wait
    (engine choices)."""
    weapon = c.weapon
    dist = hexgrid.distance(c.pos, nearest.pos)
    melee_index = best_melee_index(c)
    if dist <= 1 and melee_index is not None and c.weapons[melee_index].name != "Fist":
        return Plan(
            "ready",
            option="switch",
            weapon=melee_index,
            facing=hexgrid.direction_to(c.pos, nearest.pos),
        )
    if not c.loaded and not weapon.thrown:
        return Plan("ready", option="reload", facing=hexgrid.direction_to(c.pos, nearest.pos))
    best: tuple[tuple, Combatant] | None = None
    for e in enemies:
        d = hexgrid.distance(c.pos, e.pos)
        if d > weapon.max_range or not b.board.line_clear(c.pos, e.pos):
            continue
        if weapon.thrown and d > max(3, weapon.half_range // 2):
            continue
        groups = in_the_way(b, c, c.pos, e.pos)
        skill = (
            weapon_skill(c, weapon) + tactics.range_modifier(d) + tactics.in_the_way_penalty(groups)
        )
        friends_in_way = any(b.by_id[i].side == c.side for g in groups for i in g.ids)
        if friends_in_way or skill <= HOPELESS_SKILL:
            continue
        key = (-skill, e.hp / e.hp_max, e.id)
        if best is None or key < best[0]:
            best = (key, e)
    if best is None:
        pop_up = pop_up_plan(b, c, enemies)
        if pop_up is not None:
            return pop_up
        if weapon.thrown:
            return approach_plan(b, c, nearest, (max(1, min(3, weapon.half_range)),))
        return wait_plan(b, c, nearest)
    target = best[1]
    facing = hexgrid.direction_to(c.pos, target.pos)
    threatened = any(hexgrid.distance(c.pos, e.pos) <= e.move + max_enemy_reach(e) for e in enemies)
    if weapon.acc > 0 and not threatened and (c.aim_target != target.id or c.aim_turns < 3):
        return Plan("aim", target=target.id, facing=facing)
    plan = Plan("attack", target=target.id, weapon=c.weapon_index, mode="ranged", facing=facing)
    if b.settings.hit_locations != "torso":
        skill = -best[0][0]
        if c.aim_target == target.id and c.aim_turns > 0:
            skill += weapon.acc + min(2, c.aim_turns - 1)
        mode = next(m for m in weapon.modes if m.mode == "ranged")
        plan.location = aim_location(skill, mode.damage, target.dr)
    return plan


def pop_up_plan(b: Battle, c: Combatant, enemies: list[Combatant]) -> Plan | None:
    """A pop-up attack from cover: out to a free neighbouring hex with a line of fire to a
    target this hex has none to, with no friend in the way, at the best-skill target (seed 004
    "Pop-up attacks"; not bows or slings)."""
    weapon = c.weapon
    if not tactics.pop_up_allowed(weapon.kind) or (not c.loaded and not weapon.thrown):
        return None
    best: tuple[tuple, Plan] | None = None
    hidden = [e for e in enemies if not b.board.line_clear(c.pos, e.pos)]
    for n in b.board.neighbours(c.pos):
        if not b.board.free(n):
            continue
        for e in hidden:
            d = hexgrid.distance(n, e.pos)
            if d > weapon.max_range or d == 0 or not b.board.line_clear(n, e.pos):
                continue
            groups = in_the_way(b, c, n, e.pos)
            if any(b.by_id[i].side == c.side for g in groups for i in g.ids):
                continue
            skill = weapon_skill(c, weapon) + tactics.range_modifier(d)
            skill += tactics.in_the_way_penalty(groups)
            if skill + tactics.POP_UP_PENALTY < POP_UP_MIN_SKILL:
                continue
            key = (-skill, e.hp / e.hp_max, e.id, n)
            if best is None or key < best[0]:
                plan = Plan(
                    "attack",
                    target=e.id,
                    weapon=c.weapon_index,
                    mode="ranged",
                    step_before=n,
                    facing=hexgrid.direction_to(n, e.pos),
                    option=POP_UP,
                )
                best = (key, plan)
    return None if best is None else best[1]


def in_the_way(b: Battle, c: Combatant, start: Hex, goal: Hex) -> list[tactics.InTheWay]:
    """:func:`tactics.people_in_the_way` of a shot from ``start`` to ``goal``, over the
    steps with someone in them (:meth:`Board.occupied_steps`)."""
    steps = b.board.occupied_steps(start, goal)
    if not steps:
        return []
    return tactics.people_in_the_way(steps, b.board.occupants_at, c.posture, b.settings)


def wait_plan(b: Battle, c: Combatant, nearest: Combatant) -> Plan:
    """Opportunity fire over the front-arc hexes in sight (seed 004 "Opportunity fire")."""
    facing = hexgrid.direction_to(c.pos, nearest.pos)
    watch = b.board.front_in_sight(c.pos, facing, WATCH_RADIUS, b.settings.arcs)
    identify = any(hexgrid.distance(f.pos, c.pos) <= WATCH_RADIUS + 2 for f in b.friends(c))
    if not watch:
        return Plan("move", path=[], facing=facing)
    return Plan("wait", watch=watch, identify=identify, facing=facing)
