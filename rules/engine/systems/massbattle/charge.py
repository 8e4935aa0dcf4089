"""Charges: who may charge, which facing, the charge move and multiple charges (seed 003 §4-§5)."""

from __future__ import annotations

import math
from dataclasses import dataclass

from rules.engine.systems.massbattle.footprint import (
    Footprint,
    arc_of,
    facing_edge,
    overlaps,
    point_distance,
    shrunk,
)
from rules.engine.systems.massbattle.movement import allowed_orders, nudge_touched, on_table
from rules.engine.systems.massbattle.route import ChargeRoute, charge_route
from rules.engine.systems.massbattle.sight import (
    UNCLEAR_ROLL,
    UNCLEAR_SIGHT_SEEN,
    points_seen,
)
from rules.engine.systems.massbattle.state import BattleState
from rules.engine.systems.massbattle.units import Unit

MIN_CONTACT = 0.5  # a charger needs at least this much frontage on the target (seed 003 §5)
MAX_CHARGE_PIVOT = 90.0  # one pivot of up to 90° during a charge, as in an Advance (seed 003 §4)


@dataclass(slots=True)
class ChargePlan:
    charger: Unit
    target: Unit
    facing: str
    reach: float
    hindered: bool = False
    defended: bool = False
    fp: Footprint | None = None
    route: ChargeRoute | None = None
    # Sample points of the target the charger's leader sees (``charge_sight``); None until
    # looked at. Charges are declared before anything moves, so one look serves the charge
    # test and the unclear-sight roll.
    seen: int | None = None


def charged_facing(charger: Unit, target: Unit) -> str:
    """The facing charged is the target's arc holding the charger's leader when the order is
    given; an Individual has only a front (seed 003 §5, §10;
    the centre tie-break is the project's reading: the seed is silent)."""
    if target.individual:
        return "front"
    lx, ly = charger.fp.leader()
    return arc_of(target.fp, lx, ly)


def contact_facing(target: Unit, facing: str) -> float:
    """The facing (degrees) a charger has in contact: square on to the charged facing."""
    _centre, (nx, ny), _length = facing_edge(target.fp, facing)
    return math.degrees(math.atan2(-ny, -nx)) % 360.0


def pivot_needed(charger: Unit, target: Unit, facing: str) -> float:
    """Degrees the charger turns between its facing now and its facing in contact."""
    return abs((contact_facing(target, facing) - charger.fp.facing + 180.0) % 360.0 - 180.0)


def pivot_allowed(state: BattleState, charger: Unit, target: Unit, facing: str) -> bool:
    """A charge makes one pivot of at most 90° (seed 003 §4 charge move: "一次转向(至多90,
    和前进时一样)"). An Individual "may shoot and charge in any direction" (seed 003 §10),
    which is read as lifting the limit unless ``individual_charge_any_direction`` is off."""
    if charger.individual and state.settings.individual_charge_any_direction:
        return True
    return pivot_needed(charger, target, facing) <= MAX_CHARGE_PIVOT + 1e-6


def defending_obstacle(state: BattleState, target: Unit, facing: str) -> Footprint | None:
    """An obstacle just in front of the charged facing makes the target Defended
    (seed 003 §5 defended obstacles, §7); kept in ``state.obstacles`` by footprint."""
    key = (target.fp, facing)
    if key not in state.obstacles:
        state.obstacles[key] = _defending_obstacle(state, target.fp, facing)
    return state.obstacles[key]


def _defending_obstacle(state: BattleState, fp: Footprint, facing: str) -> Footprint | None:
    centre, (nx, ny), length = facing_edge(fp, facing)
    strip = Footprint(
        centre[0] + nx * 0.75, centre[1] + ny * 0.75, math.degrees(math.atan2(ny, nx)), length, 1.5
    )
    for piece in state.terrain:
        if piece.kind == "obstacle" and overlaps(strip, piece.fp):
            return piece.fp
    return None


def charge_reach(
    charger: Unit, target: Unit, obstacle: Footprint | None, distance: float | None = None
) -> float:
    """Leader-to-target distance (``distance`` when the caller has it); against a defended
    target measured to the obstacle only (seed 003 §4 charge range, §5 defended)."""
    lx, ly = charger.fp.leader()
    reach = point_distance(target.fp, lx, ly) if distance is None else distance
    if obstacle is not None:
        reach = min(reach, point_distance(obstacle, lx, ly))
    return reach


def charge_in_reach(state: BattleState, charger: Unit, target: Unit) -> ChargePlan | None:
    """Every charge test but sight: not a war engine; target partly in the front arc and
    within 2×Sp of the leader; the turn to face the charged facing at most 90° (seed 003 §4
    charge conditions and move); room is checked on placement."""
    if (
        not charger.alive
        or not target.alive
        or "charge" not in allowed_orders(charger, state.settings)
    ):
        return None
    return plan_in_reach(state, charger, target)


def plan_in_reach(
    state: BattleState, charger: Unit, target: Unit, distance: float | None = None
) -> ChargePlan | None:
    """``charge_in_reach`` for a living charger that may charge and a living target (the
    caller has checked both); ``distance`` is the leader-to-target distance if known."""
    if not charger.individual and not state.sight.in_front_arc(charger.fp, target.fp):
        return None
    facing = charged_facing(charger, target)
    if not pivot_allowed(state, charger, target, facing):
        return None
    obstacle = defending_obstacle(state, target, facing)
    reach = charge_reach(charger, target, obstacle, distance)
    if reach > 2 * charger.sp:
        return None
    return ChargePlan(charger, target, facing, reach, defended=obstacle is not None)


def charge_sight(state: BattleState, plan: ChargePlan) -> int:
    """How many of the target's five sample points the charger's leader sees past terrain
    and the other units (seed 003 §3), looked at once per plan (``ChargePlan.seen``)."""
    if plan.seen is None:
        charger, target = plan.charger, plan.target
        others = [u.fp for u in state.units if u.alive and u is not charger and u is not target]
        plan.seen = points_seen(state.terrain, others, charger.fp, target.fp, state.sight)
    return plan.seen


def can_charge(state: BattleState, charger: Unit, target: Unit) -> ChargePlan | None:
    """Charge test: ``charge_in_reach`` and the leader sees part of the target (seed 003 §4
    charge conditions)."""
    plan = charge_in_reach(state, charger, target)
    if plan is None or charge_sight(state, plan) == 0:
        return None
    return plan


def sight_confirmed(state: BattleState, plan: ChargePlan) -> bool:
    """A charge declared at a target the leader sees unclearly (one of five points) goes in
    only on a D6 4+ (seed 003 §3: "if visibility is unclear, roll a D6")."""
    if charge_sight(state, plan) != UNCLEAR_SIGHT_SEEN:
        return True
    charger, target = plan.charger, plan.target
    roll = state.dice.d6()
    state.event(
        charger.side,
        charger.id,
        f"{charger.name} checks unclear sight of {target.name}: {roll}",
        target.id,
        [roll],
    )
    return roll >= UNCLEAR_ROLL


def _contact_positions(
    target: Unit, facing: str, chargers: list[Unit]
) -> list[tuple[Footprint, float]]:
    """Chargers side by side, the group centred on the charged facing so each gets an equal
    share of it; a lone charger's leader faces the centre (seed 003 §5, figure F)."""
    centre, (nx, ny), length = facing_edge(target.fp, facing)
    tx, ty = -ny, nx
    facing_deg = contact_facing(target, facing)
    total = sum(c.fp.width for c in chargers)
    offset = -total / 2
    out = []
    for c in chargers:
        mid = offset + c.fp.width / 2
        offset += c.fp.width
        x = centre[0] + nx * c.fp.depth / 2 + tx * mid
        y = centre[1] + ny * c.fp.depth / 2 + ty * mid
        lo, hi = max(mid - c.fp.width / 2, -length / 2), min(mid + c.fp.width / 2, length / 2)
        out.append((Footprint(x, y, facing_deg, c.fp.width, c.fp.depth), max(0.0, hi - lo)))
    return out


def _room(state: BattleState, fp: Footprint, group: list[Unit], target: Unit) -> bool:
    """The charger must fit where it contacts the target (seed 003 §4 room to charge)."""
    if not on_table(fp):
        return False
    small = shrunk(fp)
    for piece in state.terrain:
        if piece.kind == "blocking" and overlaps(small, piece.fp):
            return False
    for other in state.units:
        if other.alive and other is not target and other not in group and overlaps(small, other.fp):
            return False
    return True


def place_charges(state: BattleState, plans: list[ChargePlan]) -> list[ChargePlan]:
    """Place the declared chargers of one target facing, each by the shortest clear route
    (``route.charge_route``); those without room, frontage or a route cannot charge and must
    take another order; other enemies they touch are nudged apart (seed 003 §5 multiple
    charges, charge move)."""
    if not plans:
        return []
    target, facing = plans[0].target, plans[0].facing
    centre, (nx, ny), _length = facing_edge(target.fp, facing)
    tx, ty = -ny, nx

    def lateral(plan: ChargePlan) -> float:
        return (plan.charger.fp.x - centre[0]) * tx + (plan.charger.fp.y - centre[1]) * ty

    active = sorted(plans, key=lambda p: (lateral(p), p.charger.id))
    while active:
        group = [p.charger for p in active]
        spots = _contact_positions(target, facing, group)
        bad = None
        for plan, (fp, contact) in zip(active, spots, strict=False):
            route = None
            if contact >= MIN_CONTACT and _room(state, fp, group, target):
                spare = 2 * plan.charger.sp - plan.reach
                route = charge_route(state, plan.charger, target, fp, spare)
            if route is None:
                bad = plan
                break
            plan.fp, plan.hindered, plan.route = fp, route.hindered, route
        if bad is None:
            for plan in active:
                plan.charger.fp = plan.fp  # type: ignore[assignment]
                plan.charger.order = "charge"
            for plan in active:
                nudge_touched(state, plan.charger, target)
            return active
        active = [p for p in active if p is not bad]
    return []
