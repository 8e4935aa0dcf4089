"""Melee plans: close combat in a shared hex, the best target in reach, All-Out Attack options
(Determined, Strong, Double, Feint, Long) and backing off from shorter reach (engine choices;
rules seed 004 "Reach", "Long weapon tactics", not in seed 004: GURPS Basic Set, Maneuvers)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.engine import hexgrid
from rules.engine.hexgrid import Hex
from rules.engine.systems.hextactical import grapple, manoeuvres, tactics
from rules.engine.systems.hextactical.ai.approach import approach_plan, evade_approach_plan
from rules.engine.systems.hextactical.ai.estimates import (
    best_defence,
    max_enemy_reach,
    threats_near,
    usable_reaches,
    weapon_mode,
)
from rules.engine.systems.hextactical.ai.grappling import fist_plan, grappling_plan
from rules.engine.systems.hextactical.ai.locations import aim_location
from rules.engine.systems.hextactical.combatant import Combatant
from rules.engine.systems.hextactical.defence import melee_skills, weapon_skill
from rules.engine.systems.hextactical.melee import AOA_DETERMINED_MELEE, long_blocked
from rules.engine.systems.hextactical.plan import AOA_FEINT, AOA_LONG, GRAPPLE, Plan

if TYPE_CHECKING:
    from rules.engine.systems.hextactical.battle import Battle

#: All-Out Attack (Double) from this skill up, Determined below it.
AOA_DOUBLE_SKILL = 13
#: All-Out Attack (Strong) rather than Double against at least this DR.
AOA_STRONG_DR = 4
#: Feint (All-Out Attack) against a defender whose best defence is at least this.
FEINT_MIN_DEFENCE = 12


def close_combat_plan(b: Battle, c: Combatant) -> Plan | None:
    """In a shared hex: grapple, take down, pin or break free when it pays (``grappling``),
    else attack with a reach-C weapon, or step out into a hex next to one's own half and
    attack at reach 1, or Ready a short weapon, else grapple (seed 004 §15; GURPS 4e Basic Set
    p.B370)."""
    enemy = b.by_id.get(c.close_with)
    if enemy is None or not enemy.active or enemy.pos != c.pos:
        c.close_with = ""
        return None
    plan = grappling_plan(b, c, enemy)
    if plan is not None:
        return plan
    weapon = c.weapon
    if weapon.melee and 0 in weapon.reaches:
        return Plan("attack", target=enemy.id, weapon=c.weapon_index, mode=weapon_mode(weapon, 0))
    if (
        weapon.melee
        and 1 in weapon.reaches
        and (not weapon.reach_change_ready or c.reach_setting == 1)
        and grapple.held_by(b, c) is None
    ):
        for h in tactics.leave_hexes(c.pos, c.half_from):
            if b.board.free(h):
                return Plan(
                    "attack",
                    target=enemy.id,
                    weapon=c.weapon_index,
                    mode=weapon_mode(weapon, 1),
                    step_before=h,
                    facing=hexgrid.direction_to(h, enemy.pos),
                )
    for index, other in enumerate(c.weapons):
        if (
            other.melee
            and 0 in other.reaches
            and other.name not in c.broken
            and other.name != "Fist"
        ):
            return Plan("ready", option="switch", weapon=index)
    if not grapple.holds(c, enemy):
        return Plan("attack", target=enemy.id, option=GRAPPLE)
    return fist_plan(c, enemy)


def melee_plan(b: Battle, c: Combatant, enemies: list[Combatant], nearest: Combatant) -> Plan:
    """Attack the most hurt foe in reach from here or after a step (All-Out when nobody else
    threatens and he is down, stunned or disarmed, or a Feint pays), else a Long attack,
    a change of reach, Evaluate a shorter-reach foe who must come in, an Evade past a foe or
    an approach (engine choices)."""
    weapon = c.weapon
    reaches = usable_reaches(c, weapon)
    board = b.board
    here = c.pos
    starts = [here] + [n for n in board.neighbours(here) if board.free(n)]
    # A step changes a distance by at most one: foes further out cannot be in reach.
    far = max(reaches, default=-1) + 1
    near = [e for e in enemies if hexgrid.distance(here, e.pos) <= far]
    best: tuple[tuple, Hex, Combatant, int, int] | None = None
    for p in starts:
        for e in near:
            d = hexgrid.distance(p, e.pos)
            if d not in reaches or (d == 0 and p != here):
                continue
            facing = board.direction(p, e.pos) if d > 0 else c.facing
            if d > 0 and not tactics.in_melee_reach(p, facing, d, e.pos, b.settings):
                continue
            score = (p != here, e.hp / e.hp_max, -d, e.id, p)
            if best is None or score < best[0]:
                best = (score, p, e, d, facing)
    if best is not None:
        _, p, target, d, facing = best
        plan = Plan(
            "attack",
            target=target.id,
            weapon=c.weapon_index,
            mode=weapon_mode(weapon, d),
            step_before=None if p == here else p,
            facing=facing,
            reach=d,
        )
        if plan.step_before is None:
            plan.step_after = back_off(b, c, target, plan.facing)
        threats = threats_near(c, enemies, target)
        skill = weapon_skill(c, weapon)
        front = hexgrid.front_hexes(c.pos, c.facing)
        forward = plan.step_before is None or plan.step_before in front
        if forward and not threats and helpless(target):
            plan.kind = "all_out_attack"
            plan.option = all_out_option(skill, target)
            plan.step_after = None
        elif (
            forward and not threats and plan.step_after is None and feint_worth_it(c, skill, target)
        ):
            plan.kind = "all_out_attack"
            plan.option = AOA_FEINT
            plan.step_after = None
        mode = weapon.mode_at(plan.mode, plan.reach)
        if mode is not None and b.settings.hit_locations != "torso":
            if plan.option == "determined":
                skill += AOA_DETERMINED_MELEE
            plan.location = aim_location(skill - min(c.shock_now, 8), mode.damage, target.dr)
        return plan
    rush = all_out_rush_plan(b, c, enemies, reaches)
    if rush is not None:
        return rush
    long = long_attack_plan(b, c, enemies, reaches) if b.settings.martial_arts_long else None
    if long is not None and not threats_near(c, enemies, b.by_id[long.target]):
        return long
    if weapon.reach_change_ready:
        d = hexgrid.distance(c.pos, nearest.pos)
        if d in weapon.reaches and d != c.reach_setting:
            return Plan(
                "ready",
                option="reach",
                reach=d,
                facing=hexgrid.direction_to(c.pos, nearest.pos),
            )
    if evaluate_worth_it(c, nearest, reaches):
        return Plan("evaluate", target=nearest.id, facing=hexgrid.direction_to(c.pos, nearest.pos))
    evade = evade_approach_plan(b, c, enemies, nearest, reaches)
    if evade is not None:
        return evade
    return approach_plan(b, c, nearest, reaches)


def helpless(foe: Combatant) -> bool:
    """A foe worth an All-Out Attack: stunned, down or without a ready weapon (engine choice)."""
    return foe.stunned or foe.posture != "standing" or not foe.weapon_ready


def all_out_rush_plan(
    b: Battle, c: Combatant, enemies: list[Combatant], reaches: tuple[int, ...]
) -> Plan | None:
    """All-Out Attack after a forward move of two hexes or more, up to half Move (GURPS 4e
    Basic Set p.B365), at a helpless foe nobody else stands by to avenge; the shortest way,
    then the most hurt foe (engine choice; called when no foe is in reach after a step)."""
    half = manoeuvres.all_out_attack_move(c.move)
    far = half + max(reaches, default=-1)
    foes = [e for e in enemies if helpless(e) and 1 < hexgrid.distance(c.pos, e.pos) <= far]
    foes = [e for e in foes if not threats_near(c, enemies, e)]
    if half < 2 or not foes:
        return None
    board = b.board
    ways: list[tuple[list[Hex], int]] = [([], c.facing)]
    for _ in range(half):
        ways = [
            ([*path, n], direction)
            for path, facing in ways
            for direction in (facing, (facing + 1) % 6, (facing + 5) % 6)
            if board.free(n := hexgrid.neighbour(path[-1] if path else c.pos, direction))
        ]
        best: tuple[tuple, list[Hex], Combatant, int] | None = None
        for path, _facing in ways:
            for e in foes:
                d = hexgrid.distance(path[-1], e.pos)
                facing = hexgrid.direction_to(path[-1], e.pos)
                if d not in reaches or d == 0:
                    continue
                if not tactics.in_melee_reach(path[-1], facing, d, e.pos, b.settings):
                    continue
                key = (e.hp / e.hp_max, e.id, path)
                if best is None or key < best[0]:
                    best = (key, path, e, d)
        if best is not None:
            _, path, target, d = best
            return Plan(
                "all_out_attack",
                target=target.id,
                weapon=c.weapon_index,
                mode=weapon_mode(c.weapon, d),
                path=path,
                facing=hexgrid.direction_to(path[-1], target.pos),
                option=all_out_option(weapon_skill(c, c.weapon), target),
            )
    return None


def evaluate_worth_it(c: Combatant, foe: Combatant, reaches: tuple[int, ...]) -> bool:
    """Evaluate a melee foe one step beyond a step-and-attack whose own reach is shorter: he
    has to come in, and the next attack on him gains up to +3 (engine choice; rule GURPS 4e
    Basic Set p.B364 "Evaluate")."""
    mine = max(reaches)
    return (
        foe.weapon.melee
        and hexgrid.distance(c.pos, foe.pos) == mine + 2
        and max_enemy_reach(foe) < mine
        and (c.evaluate_target != foe.id or c.evaluate < 3)
    )


def feint_worth_it(c: Combatant, skill: int, target: Combatant) -> bool:
    """Feint (All-Out Attack) at a defender with a high best defence when one's skill is at
    least his resisting skill (engine choice; rule not in seed 004: GURPS Basic Set, Maneuvers)."""
    if best_defence(target) < FEINT_MIN_DEFENCE:
        return False
    shield = target.shield.skill if target.shield is not None else None
    return skill >= manoeuvres.feint_resistance(melee_skills(target), shield, target.dx)


def long_attack_plan(
    b: Battle, c: Combatant, enemies: list[Combatant], reaches: tuple[int, ...]
) -> Plan | None:
    """All-Out Attack (Long) when an enemy is one yard beyond the weapon's reach from here or
    after a forward step (engine choice; rule not in seed 004: GURPS Basic Set, Maneuvers)."""
    long = manoeuvres.long_reaches(reaches)
    starts = [c.pos] + [
        n for n in hexgrid.front_hexes(c.pos, c.facing) if b.board.free(n) and n != c.pos
    ]
    best: tuple[tuple, Plan] | None = None
    for p in starts:
        for e in enemies:
            d = hexgrid.distance(p, e.pos)
            if d not in long or d in reaches:
                continue
            facing = hexgrid.direction_to(p, e.pos)
            if not tactics.in_melee_reach(p, facing, d, e.pos, b.settings):
                continue
            if long_blocked(b, c, e, p):
                continue
            key = (p != c.pos, e.hp / e.hp_max, e.id, p)
            if best is None or key < best[0]:
                plan = Plan(
                    "all_out_attack",
                    target=e.id,
                    weapon=c.weapon_index,
                    mode=weapon_mode(c.weapon, d - manoeuvres.LONG_REACH_BONUS),
                    step_before=None if p == c.pos else p,
                    facing=facing,
                    option=AOA_LONG,
                )
                best = (key, plan)
    return None if best is None else best[1]


def all_out_option(skill: int, target: Combatant) -> str:
    """All-Out Attack option: Determined (+4) at low skill, Strong against heavy armour,
    else Double (two attacks) (not in seed 004: GURPS Basic Set, Maneuvers)."""
    if skill < AOA_DOUBLE_SKILL:
        return "determined"
    return "strong" if target.dr >= AOA_STRONG_DR else "double"


def back_off(b: Battle, c: Combatant, target: Combatant, facing: int | None) -> Hex | None:
    """After attacking, step out of a shorter-reach foe's reach (seed 004 "Long weapon
    tactics" §4.2)."""
    mine = max(usable_reaches(c, c.weapon))
    theirs = max_enemy_reach(target)
    if mine <= theirs or (target.weapon.ranged and not target.weapon.melee):
        return None
    safe = theirs + target.step
    best: tuple[int, Hex] | None = None
    for n in b.board.neighbours(c.pos):
        d = hexgrid.distance(n, target.pos)
        if not b.board.free(n) or d <= theirs or d > mine + 1:
            continue
        key = (0 if d > safe else 1, n)
        if best is None or key < best:
            best = key
    return None if best is None else best[1]
