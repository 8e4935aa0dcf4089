"""The policy both sides follow: keep the line, charge flanks when possible, shoot what it
can hurt most, hold objectives in Pillage. Swappable: battle.py calls these functions only."""

from __future__ import annotations

import math

from rules.engine.systems.massbattle import constants as C
from rules.engine.systems.massbattle.charge import ChargePlan, can_charge, place_charges
from rules.engine.systems.massbattle.combat import (
    FACING_MULTIPLIER,
    damage_target,
    dice_and_target,
    melee_modifiers,
)
from rules.engine.systems.massbattle.footprint import angle_to, arc_of, point_distance
from rules.engine.systems.massbattle.melee import phalanx_front
from rules.engine.systems.massbattle.movement import (
    allowed_orders,
    order_advance,
    order_back,
    order_change_facing,
    order_halt,
    order_march,
)
from rules.engine.systems.massbattle.shooting import (
    ShotTarget,
    hit_needed,
    may_shoot,
    option_allowed,
    shot_options,
    targets_for,
)
from rules.engine.systems.massbattle.state import BattleState
from rules.engine.systems.massbattle.units import Unit


def p_roll(target: int | None) -> float:
    if target is None or target > 6:
        return 0.0
    return (7 - max(2, target)) / 6


def expected_damage(dice: int, needed: int, defence: int, bonus: int) -> float:
    count, hit_on = dice_and_target(dice, needed)
    return count * p_roll(hit_on) * p_roll(damage_target(defence, bonus))


def charge_value(plan: ChargePlan) -> float:
    """Expected damage of a charge, weighted towards flank and rear and damaged targets."""
    a, t = plan.charger, plan.target
    mult = (
        1
        if t.individual
        else (3 if t.unit_type == "war_engine" else FACING_MULTIPLIER[plan.facing])
    )
    dice = a.at * mult + ((10 if a.is_horde else 5) if a.has("phalanx") else 0)
    needed = a.me + melee_modifiers(
        plan.defended, plan.hindered, phalanx_front(a, t, plan.facing), a.has("fly")
    )
    exp = expected_damage(dice, needed, t.de, a.value("crushing-strength"))
    return exp + 0.5 * t.damage + t.points / 100.0


def assign_objectives(state: BattleState, side: str) -> dict[str, tuple[float, float]]:
    """Each objective gets the nearest free non-engine unit of the side (seed 003 §12 hold)."""
    if state.condition == "kill" or not state.objectives:
        return {}
    free = [u for u in state.alive(side) if u.unit_type != "war_engine"]
    out: dict[str, tuple[float, float]] = {}
    for obj in state.objectives:
        if not free:
            break
        best = min(free, key=lambda u: (point_distance(u.fp, *obj) / max(u.sp, 1.0), u.id))
        if point_distance(best.fp, *obj) / max(best.sp, 1.0) > 2 * (C.MAX_TURNS - state.turn + 2):
            continue
        out[best.id] = obj
        free.remove(best)
    return out


def plan_charges(
    state: BattleState, side: str, holders: dict[str, tuple[float, float]]
) -> list[list[ChargePlan]]:
    """Every unit that can charge picks its best target; plans on one target facing are
    declared together and placed with equal frontage (seed 003 §4-§5)."""
    chosen: list[ChargePlan] = []
    enemies = state.alive("b" if side == "a" else "a")
    for unit in state.alive(side):
        if "charge" not in allowed_orders(unit):
            continue
        best, best_value = None, 0.3
        for enemy in enemies:
            if point_distance(enemy.fp, *unit.fp.leader()) > 2 * unit.sp:
                continue
            plan = can_charge(state, unit, enemy)
            if plan is None:
                continue
            obj = holders.get(unit.id)
            if obj and point_distance(enemy.fp, *obj) > 2 * C.OBJECTIVE_RADIUS:
                continue
            value = charge_value(plan)
            if value > best_value:
                best, best_value = plan, value
        if best is not None:
            chosen.append(best)
    groups: dict[tuple[str, str], list[ChargePlan]] = {}
    for plan in chosen:
        groups.setdefault((plan.target.id, plan.facing), []).append(plan)
    placed: list[list[ChargePlan]] = []
    for key in sorted(groups):
        done = place_charges(state, groups[key])
        if done:
            placed.append(done)
    return placed


def nearest_enemy(state: BattleState, unit: Unit) -> Unit | None:
    enemies = state.enemies(unit)
    if not enemies:
        return None
    return min(enemies, key=lambda e: (math.hypot(e.fp.x - unit.fp.x, e.fp.y - unit.fp.y), e.id))


def best_shot(state: BattleState, unit: Unit, assume_halt: bool = False) -> ShotTarget | None:
    """The ranged attack and target with the most expected damage (heal: the most damaged
    friend with at least 2 markers)."""
    options = shot_options(unit)
    if not options or not may_shoot(state, unit):
        return None
    best, best_value = None, 0.05
    saved = unit.order
    if assume_halt:
        unit.order = "halt"
    cache: dict[str, tuple[bool, bool]] = {}
    for option in options:
        if not option_allowed(unit, option):
            continue
        for shot in targets_for(state, unit, option, cache):
            if option.kind == "heal":
                value = min(shot.target.damage, option.dice / 2) if shot.target.damage >= 2 else 0
            elif option.kind == "animal":
                value = 2.5 * p_roll(damage_target(shot.target.de, option.piercing)) * 2
            else:
                value = expected_damage(
                    option.dice, hit_needed(unit, shot), shot.target.de, option.piercing
                )
                value += 0.1 * shot.target.damage
            if value > best_value:
                best, best_value = shot, value
    unit.order = saved
    return best


def shot_for_phase(state: BattleState, unit: Unit) -> ShotTarget | None:
    """The target picked when the unit halted, if still legal; else the best shot now."""
    planned = state.planned_shots.pop(unit.id, None)
    if planned is not None and unit.order == "halt" and may_shoot(state, unit):
        target = planned.target
        if target.alive and target.id not in state.engaged:
            if planned.option.kind == "heal":
                return planned
            shots = targets_for(state, unit, planned.option, only=target)
            if shots:
                return shots[0]
    return best_shot(state, unit)


def _progress(unit: Unit) -> float:
    front = unit.fp.leader()[1]
    return front if unit.side == "a" else C.TABLE_DEPTH - front


def move_unit(
    state: BattleState, unit: Unit, holders: dict[str, tuple[float, float]], line_front: float
) -> None:
    """Orders for a unit that did not charge."""
    orders = allowed_orders(unit)
    enemy = nearest_enemy(state, unit)
    if enemy is None:
        order_halt(state, unit)
        return
    if unit.wavering:
        if point_distance(enemy.fp, *unit.fp.leader()) < 2 * enemy.sp and "back" in orders:
            order_back(state, unit)
        else:
            order_halt(state, unit)
        return
    shooter = (
        unit.unit_type == "war_engine"
        or bool(unit.weapons and unit.ra is not None)
        or (unit.unit_type == "hero" and (unit.has("lightning-bolt") or unit.has("heal")))
    )
    halt_shot = best_shot(state, unit, assume_halt=True) if shooter else None
    if unit.unit_type == "war_engine" or (
        halt_shot is not None
        and (halt_shot.option.halt_only or unit.unit_type != "cavalry")
        and halt_shot.option.kind != "heal"
    ):
        if halt_shot is None and arc_of(unit.fp, enemy.fp.x, enemy.fp.y) != "front":
            order_change_facing(
                state, unit, unit.fp.facing + angle_to(unit.fp, enemy.fp.x, enemy.fp.y)
            )
        else:
            order_halt(state, unit)
        return
    goal = holders.get(unit.id)
    if goal is not None:
        dist = math.hypot(goal[0] - unit.fp.x, goal[1] - unit.fp.y)
        if dist <= 1.5:
            order_halt(state, unit)
            return
        turn = angle_to(unit.fp, *goal)
        order_advance(state, unit, turn, dist - 1.0)
        return
    gx, gy = enemy.fp.x, enemy.fp.y
    if unit.unit_type == "cavalry" and not enemy.individual:
        # Ride for the enemy's nearer flank rather than its front.
        for flank in ("left", "right"):
            _u, v = enemy.fp.local(unit.fp.x, unit.fp.y)
            if (v > 0) == (flank == "left"):
                gx, gy = enemy.fp.world(0.0, (enemy.fp.width / 2 + 4.0) * (1 if v > 0 else -1))
    dist = point_distance(enemy.fp, *unit.fp.leader())
    turn = angle_to(unit.fp, gx, gy)
    if unit.has("inspiring") and unit.unit_type == "hero":
        dist = max(0.0, dist - 6.0)
    if (
        "march" in orders
        and dist > 2 * unit.sp + 2 * enemy.sp + 2
        and abs(turn) < 20
        and not (unit.unit_type == "infantry" and _progress(unit) > line_front + 4)
    ):
        order_march(state, unit, min(2 * unit.sp, dist - 2 * enemy.sp - 1))
        return
    allowance = min(unit.sp, max(0.0, dist - 1.0))
    if unit.unit_type == "infantry":
        allowance = min(allowance, max(0.0, line_front + 3 - _progress(unit)))
    if abs(turn) < 12:
        turn = 0.0
    order_advance(state, unit, turn, allowance)


def line_front(state: BattleState, side: str) -> float:
    """How far the side's infantry line has come: the line keeps formation around it."""
    line = [u for u in state.alive(side) if u.unit_type == "infantry"]
    if not line:
        return C.TABLE_DEPTH
    return sum(_progress(u) for u in line) / len(line)


def after_victory(state: BattleState, unit: Unit) -> str:
    """Victor's move after a rout: pivot to face an enemy outside its front arc, move D6
    forward when no enemy is within 12", otherwise stay (seed 003 §7)."""
    enemy = nearest_enemy(state, unit)
    if enemy is None:
        return "pivot"
    if arc_of(unit.fp, enemy.fp.x, enemy.fp.y) != "front":
        return "pivot"
    if point_distance(enemy.fp, *unit.fp.leader()) > 12:
        return "forward"
    if unit.damage > unit.ne + 4:
        return "back"
    return "pivot"
