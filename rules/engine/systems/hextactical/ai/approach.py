"""Closing in: the move to a weapon's reach, Move and Attack at soft targets, and Evading past a
foe to reach a shooter (engine choices; rules seed 004 "Entering an enemy's hex")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.engine import hexgrid
from rules.engine.hexgrid import Hex
from rules.engine.systems.hextactical import manoeuvres, movement
from rules.engine.systems.hextactical.ai.estimates import weapon_mode
from rules.engine.systems.hextactical.combatant import Combatant
from rules.engine.systems.hextactical.damage import DamageDice
from rules.engine.systems.hextactical.defence import melee_skills
from rules.engine.systems.hextactical.plan import SLAM, Plan
from rules.engine.systems.hextactical.rolls import quick_contest_win_probability
from rules.engine.systems.hextactical.slam import slam_dice, slam_skill

if TYPE_CHECKING:
    from rules.engine.systems.hextactical.battle import Battle

#: Try an Evade past a foe only when the chance of winning every contest is at least this.
EVADE_MIN_CHANCE = 0.12
#: Slam only at this skill or better (even odds on 3d6), dealing at least this many times the
#: damage taken on average (a sure knockdown needs twice: GURPS 4e Basic Set p.B371).
SLAM_MIN_SKILL = 10
SLAM_ADVANTAGE = 2.0


def evade_approach_plan(
    b: Battle,
    c: Combatant,
    enemies: list[Combatant],
    nearest: Combatant,
    reaches: tuple[int, ...],
) -> Plan | None:
    """Move and Attack past a foe by Evading when that brings a shooter (a better target)
    into reach this turn and the contests are not hopeless (engine choice; rules seed 004
    §15.6, not in seed 004: GURPS Basic Set, Evade and slam)."""
    soft = [
        e
        for e in enemies
        if e is not nearest
        and e.weapon.ranged
        and not e.weapon.melee
        and hexgrid.distance(c.pos, e.pos) <= c.move + max(reaches) + 1
    ]
    if not soft or reaches == (0,):
        return None
    tree = movement.reachable(b, c, c.move, evade=True)
    best: tuple[tuple, Hex, Combatant] | None = None
    for h, (cost, _, _) in tree.items():
        for e in soft:
            d = hexgrid.distance(h, e.pos)
            if d == 0 or d not in reaches:
                continue
            key = (e.hp / e.hp_max, cost, e.id, h)
            if best is None or key < best[0]:
                best = (key, h, e)
    if best is None:
        return None
    _, goal, target = best
    path = movement.path_to(tree, goal)
    chance, here = 1.0, c.pos
    for h in path:
        if hexgrid.distance(here, h) == 2:
            foe_hex = hexgrid.neighbour(here, hexgrid.direction_to(here, h))
            foe = movement.evade_foe(b, c, foe_hex)
            if foe is None:
                return None
            arc = hexgrid.arc_of(foe.pos, foe.facing, here, b.settings.arcs)
            mine = manoeuvres.evade_skill(c.dx, c.skills) + manoeuvres.evade_modifier(
                foe.posture, arc
            )
            theirs = manoeuvres.evade_resistance(foe.dx, melee_skills(foe), b.settings)
            chance *= quick_contest_win_probability(mine, theirs)
        here = h
    if chance == 1.0 or chance < EVADE_MIN_CHANCE:
        return None
    return Plan(
        "move_attack",
        target=target.id,
        weapon=c.weapon_index,
        mode=weapon_mode(c.weapon, hexgrid.distance(goal, target.pos)),
        path=path,
        facing=hexgrid.direction_to(goal, target.pos),
    )


def approach_plan(b: Battle, c: Combatant, target: Combatant, reaches: tuple[int, ...]) -> Plan:
    """Move toward the target to the weapon's reach; Move and Attack at a shooter, and
    move into the foe's hex with a reach-C-only weapon (seed 004 "Entering an enemy's hex")."""
    only_close = reaches == (0,)
    enter = {target.pos} if only_close and not target.close_with else None
    tree = movement.reachable(b, c, c.move, enter)
    want = 0 if only_close else max(reaches)
    if enter and target.pos in tree:
        return Plan("move", target=target.id, path=movement.path_to(tree, target.pos))
    best = closest_to_reach(tree, target.pos, max(want, 1))
    facing = hexgrid.direction_to(best, target.pos)
    path = movement.path_to(tree, best)
    in_reach = hexgrid.distance(best, target.pos) in reaches
    if c.weapon.ranged and not c.weapon.melee:
        in_reach = in_reach and b.board.line_clear(best, target.pos)
    soft = target.stunned or (target.weapon.ranged and not target.weapon.melee)
    if in_reach and soft and path:
        return Plan(
            "move_attack",
            target=target.id,
            weapon=c.weapon_index,
            mode=weapon_mode(c.weapon, hexgrid.distance(best, target.pos)),
            path=path,
            facing=facing,
        )
    return slam_plan(b, c, target, tree) or Plan("move", path=path, facing=facing)


def closest_to_reach(tree: movement.Tree, goal: Hex, wanted: int) -> Hex:
    """The hex of ``tree`` whose distance to ``goal`` is nearest ``wanted``, then the nearer,
    then the cheaper to reach, then the first in hex order (the least of (|d − wanted|, d,
    cost, hex) over the tree). Read off the tree's hex numbers, which are in hex order: the
    AI's hottest loop builds no key per hex."""
    gq, gr = goal
    hexes, spent = tree.grid.hexes, tree.spent
    best, best_gap, best_d, best_cost = -1, 0, 0, 0
    for n in tree.reached:
        q, r = hexes[n]
        dq, dr = q - gq, r - gr
        d = (abs(dq) + abs(dr) + abs(dq + dr)) // 2  # hexgrid.distance, inlined
        gap, cost = abs(d - wanted), spent[n]
        if (
            best < 0
            or gap < best_gap
            or (gap == best_gap and (d < best_d or (d == best_d and cost < best_cost)))
            or (gap == best_gap and d == best_d and cost == best_cost and n < best)
        ):
            best, best_gap, best_d, best_cost = n, gap, d, cost
    return hexes[best]


def _mean_basic(damage: DamageDice) -> float:
    return max(0.0, damage.dice * 3.5 + damage.adds)


def slam_pays(c: Combatant, target: Combatant, velocity: int) -> bool:
    """A slam at ``velocity`` deals on average more than the foe's DR and at least
    ``SLAM_ADVANTAGE`` times what it takes (engine choice on GURPS 4e Basic Set p.B371)."""
    dealt = _mean_basic(slam_dice(c.hp_max, velocity))
    taken = _mean_basic(slam_dice(target.hp_max, velocity))
    return dealt > target.dr and dealt >= SLAM_ADVANTAGE * taken


def slam_plan(b: Battle, c: Combatant, target: Combatant, tree: movement.Tree) -> Plan | None:
    """Move and Attack (Slam) when it pays: the longest run this turn to a hex next to a
    standing foe who is not in close combat, at slam skill ``SLAM_MIN_SKILL`` or better,
    dealing on average at least twice the damage taken — a heavy fighter against a light
    one with a long run (engine choice; rules GURPS 4e Basic Set p.B371)."""
    if target.posture != "standing" or target.close_with or slam_skill(c) < SLAM_MIN_SKILL:
        return None
    if c.hp_max <= target.hp_max:
        return None  # slam damage grows with HP: one deals at most what one takes
    if not any(slam_pays(c, target, run + 1) for run in range(1, max(1, c.move) + 1)):
        return None  # no run this turn could be long enough (a path is at most Move hexes)
    runs = [
        (len(path), h, path)
        for h in tree
        if hexgrid.distance(h, target.pos) == 1
        for path in (movement.path_to(tree, h),)
        if path
    ]
    if not runs:
        return None
    length, goal, path = max(runs)
    if not slam_pays(c, target, length + 1):
        return None
    return Plan(
        "move_attack",
        target=target.id,
        path=path,
        facing=hexgrid.direction_to(goal, target.pos),
        option=SLAM,
    )
