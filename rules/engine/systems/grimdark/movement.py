"""Movement phase: move distances, difficult and dangerous terrain, impassable terrain,
the 1" rule (seed 000 [15]-[17]; other unit types NOT IN SEED, 4e pp.53-57, pp.58-73)."""

from __future__ import annotations

import math

from rules.engine.geometry import DANGEROUS, Point, segment_entry_distance
from rules.engine.systems.grimdark import tables
from rules.engine.systems.grimdark.army import (
    ARTILLERY,
    BIKE,
    CAVALRY,
    INFANTRY,
    JETBIKE,
    JUMP_INFANTRY,
    MONSTROUS,
    VEHICLE,
    Unit,
)
from rules.engine.systems.grimdark.battle import Battle
from rules.engine.systems.grimdark.damage import allocate_wounds, apply_vehicle_damage, fast_skimmer
from rules.engine.systems.grimdark.skimmers import is_skimmer, landing_point, skimmer_must_test
from rules.engine.systems.grimdark.special_rules import can_turbo_boost, rage_goal, turbo_boost
from rules.engine.systems.grimdark.tankshock import CLEARANCE, can_tank_shock, tank_shock
from rules.engine.systems.grimdark.transports import (
    boarding_point,
    disembark,
    embark,
    may_disembark,
    may_embark,
)
from rules.engine.systems.grimdark.walkers import held_in_place

ENEMY_CLEARANCE = 1.0  # no move may end within 1" of an enemy (seed 000 [15])
SLOWED_TYPES: tuple[str, ...] = (INFANTRY, MONSTROUS, CAVALRY, ARTILLERY)
ARRIVED_MOVE = 1.0  # a deep striker counts as having moved on arrival (4e pp.74-76)
REGROUP_MOVE = 0.1  # a regrouped unit counts as having moved (4e pp.47-49)


def max_move(unit: Unit) -> float:
    """Infantry 6" (seed 000 [15]); jump infantry, bikes, jetbikes and vehicles 12", fast
    vehicles 24", walkers 6" (NOT IN SEED: published 4e pp.53-58)."""
    if unit.unit_type in (JUMP_INFANTRY, BIKE, JETBIKE):
        return 12.0
    if unit.unit_type == VEHICLE:
        if "walker" in unit.vehicle_kinds:
            return 6.0
        return 24.0 if "fast" in unit.vehicle_kinds else 12.0
    return 6.0


def is_slowed(unit: Unit) -> bool:
    """Infantry, monstrous creatures, cavalry, artillery and walkers are slowed by difficult
    terrain; bikes, jump infantry, skimmers and other vehicles are not (4e pp.53-57)."""
    return unit.unit_type in SLOWED_TYPES or "walker" in unit.vehicle_kinds


def difficult_terrain_roll(battle: Battle, unit: Unit) -> int:
    """Difficult terrain test: 2D6, highest die is the maximum move (seed 000 [16]);
    Move Through Cover rolls 3D6 (NOT IN SEED ≈); monstrous creatures re-roll (NOT IN SEED:
    published 4e p.55)."""
    count = 3 if "move_through_cover" in unit.rules else 2
    best = max(battle.dice.d6s(count))
    if unit.unit_type == MONSTROUS and best < 4:
        best = max(battle.dice.d6s(count))
    return best


def dangerous_terrain_test(battle: Battle, unit: Unit, moved: float = 0.0) -> int:
    """Each model moving in dangerous terrain rolls a D6; on a 1 it suffers a wound (seed
    000 [17]); skilled riders pass (NOT IN SEED ≈). A vehicle that fails is immobilised
    (NOT IN SEED: published 4e p.58), and a skimmer that moved (``moved``) more than 6"
    crashes instead (setting ``terrain_crashes_fast_skimmers``, 4e pp.58-73 ≈). Returns
    the models slain."""
    if "skilled_rider" in unit.rules or unit.count == 0:
        return 0
    ones = sum(1 for r in battle.dice.d6_batch(unit.count) if r == 1)
    if not ones:
        return 0
    if unit.is_vehicle:
        if battle.settings.terrain_crashes_fast_skimmers and fast_skimmer(unit, moved):
            apply_vehicle_damage(battle, unit, "destroyed")
            if battle.logging:
                battle.log(unit.side, unit.name, f"{unit.name} crashes in difficult terrain")
        else:
            unit.immobilised = True
        return 0
    cover: int | None = None
    ap = None if tables.DANGEROUS_TERRAIN_ARMOUR_SAVE else 1
    slain = allocate_wounds(battle, unit, ones, 0, 0, ap, cover).slain
    if slain and battle.logging:
        battle.log(unit.side, unit.name, f"{unit.name} loses {slain} in dangerous terrain")
    return slain


def clear_of_enemies(
    battle: Battle, unit: Unit, start: Point, goal: Point, allowed: str = ""
) -> Point:
    """Stop the move before it ends within 1" of any enemy unit (except ``allowed``)."""
    p = goal
    for enemy in battle.enemies(unit.side):
        if enemy.id == allowed:
            continue
        limit = unit.radius + enemy.radius + ENEMY_CLEARANCE
        there = enemy.position  # p.distance(there), inline: this runs for every move
        if math.hypot(p.x - there.x, p.y - there.y) < limit:
            # back off along the path until the 1" gap holds
            d_total = start.distance(p)
            lo, hi = 0.0, d_total
            for _ in range(14):
                mid = (lo + hi) / 2
                q = start.toward(p, mid)
                if q.distance(enemy.position) < limit:
                    hi = mid
                else:
                    lo = mid
            p = start.toward(p, lo)
    return p


def route(battle: Battle, start: Point, goal: Point) -> Point:
    """A waypoint around impassable terrain: straight if clear, else the first of a fan of
    deviations that is (seed 000 [16])."""
    if not battle.table.path_blocked(start, goal):
        return goal
    distance = start.distance(goal)
    base = start.angle_to(goal)
    for deviation in (30.0, -30.0, 60.0, -60.0, 90.0, -90.0):
        candidate = battle.table.clamp(start.offset(base + deviation, distance), 1.0)
        if not battle.table.path_blocked(start, candidate):
            return candidate
    return start


def move_unit(
    battle: Battle, unit: Unit, goal: Point, limit: float | None = None, through: str = ""
) -> float:
    """Move ``unit`` toward ``goal`` obeying terrain and the 1" rule (a tank shock drives
    ``through`` one enemy unit, see ``tankshock``); returns the distance moved. Difficult
    terrain on the path triggers the 2D6-highest test for slowed types, dangerous
    tests for those types that take them (seed 000 [16][17], 4e pp.53-57)."""
    if unit.immobilised:
        return 0.0
    start = unit.position
    allowance = max_move(unit) if limit is None else limit
    skimmer = is_skimmer(unit)  # flies over impassable terrain (``skimmers``, 4e pp.58-73 ≈)
    waypoint = goal if skimmer else route(battle, start, goal)
    target = start.toward(waypoint, allowance)
    if skimmer:
        target = landing_point(battle, start, target)
    areas = battle.table.areas_on_path(start, target)
    slowing = [a for a in areas if a.slows]
    dangerous = any(a.kind == DANGEROUS for a in areas)
    if "slow_and_purposeful" in unit.rules or (slowing and is_slowed(unit)):
        roll = difficult_terrain_roll(battle, unit)
        free = min(
            (
                d
                for a in slowing
                if (d := segment_entry_distance(a.rect, start, target)) is not None
            ),
            default=0.0,
        )
        # a unit starting in the clear may still move normally up to the terrain (seed [16])
        allowance = min(allowance, max(float(roll), free - 0.01))
        target = start.toward(waypoint, allowance)
    target = clear_of_enemies(battle, unit, start, target, through)
    if skimmer:
        target = landing_point(battle, start, target)
    moved = start.distance(target)
    if moved <= 0.01:
        return 0.0
    if unit.is_vehicle or unit.unit_type != JUMP_INFANTRY:
        unit.facing = start.angle_to(target) if unit.is_vehicle else unit.facing
    battle.moved_to(unit, target)
    test = dangerous
    if (slowing and unit.unit_type in (BIKE,)) or (
        slowing and unit.is_vehicle and not skimmer and "walker" not in unit.vehicle_kinds
    ):
        test = True
    if unit.unit_type in (JUMP_INFANTRY, JETBIKE):
        ends_in = [a for a in battle.table.areas_at(unit.position) if a.slows]
        test = bool(ends_in)
    if skimmer:  # passes over terrain; tests where it takes off or lands (setting)
        test = skimmer_must_test(battle, unit, start, moved)
    if test:
        dangerous_terrain_test(battle, unit, moved)
    return moved


def fleet_move(battle: Battle, unit: Unit) -> None:
    """Fleet: move D6" toward the nearest enemy instead of firing; may still charge
    (NOT IN SEED ≈: published 4e p.74)."""
    enemies = battle.enemies(unit.side)
    if not enemies:
        return
    nearest = min(enemies, key=lambda e: (battle.gap(unit, e), e.id))
    move_unit(battle, unit, nearest.position, float(battle.dice.d6()))


def movement_phase(battle: Battle) -> None:
    """Movement phase (seed 000 [15]): regroup or fall back, then each unit moves as its
    policy decides; locked, pinned, stunned and immobilised units stay. A unit that arrived
    by deep strike this turn moves no further and counts as having moved, one moving on from
    its table edge counts as having moved (``reserves``); a regrouped unit
    counts as moved and stays, except that And They Shall Know No Fear has no movement
    limits after regrouping (4e pp.47-49, pp.74-76). Passengers disembark before their
    transport moves (and then move) or after it moved; units the policy sends to a transport
    move first and embark on reaching it, then the transport may drive on (4e pp.66-67 ≈,
    see ``transports``)."""
    from rules.engine.systems.grimdark.morale import fall_back_move, regroup_test

    side = battle.active
    policy = battle.policies[side]
    for unit in battle.by_side[side]:
        unit.moved = ARRIVED_MOVE if battle.ptc in (unit.arrived_turn, unit.entered_turn) else 0.0
        unit.shot_at = ""
        unit.may_charge = True
        unit.charged = False
        unit.in_cover_assaulted = False
    units = battle.side_units(side)
    rides = policy.rides(battle, units)
    if rides:  # those boarding move before their transports
        units = [u for u in units if u.id in rides] + [u for u in units if u.id not in rides]
    for unit in units:
        if unit.falling_back:
            if not regroup_test(battle, unit):
                unit.moved = fall_back_move(battle, unit)
                continue
            unit.moved = REGROUP_MOVE
            if "and_they_shall_know_no_fear" not in unit.rules:
                continue
        if unit.locked or unit.pinned_turn == battle.ptc or unit.arrived_turn == battle.ptc:
            continue
        if unit.id in rides:
            board(battle, unit, rides[unit.id])
            continue
        free = may_disembark(battle, unit)  # False when empty or boarded this turn
        if free and policy.disembarks(battle, unit, after_move=False):
            passengers = disembark(battle, unit, policy.passenger_goal(battle, unit), False)
            if passengers is not None:
                move_by_policy(battle, passengers)
        if held_in_place(battle.ptc, unit):
            continue
        if unit.passengers and not free and not battle.settings.transport_moves_after_embarking:
            continue
        move_by_policy(battle, unit)
        if (
            free
            and unit.passengers
            and unit.moved <= 12.0
            and policy.disembarks(battle, unit, True)
        ):
            disembark(battle, unit, policy.passenger_goal(battle, unit), after_move=True)


def board(battle: Battle, unit: Unit, transport: Unit) -> None:
    """Move ``unit`` to the hull of ``transport`` and embark if every model got within 2"
    of it (4e pp.66-67 ≈, ``transports.may_embark``); one slowed short of it waits outside."""
    unit.moved = move_unit(battle, unit, boarding_point(unit, transport))
    if may_embark(battle, unit, transport):
        embark(battle, unit, transport)


def move_by_policy(battle: Battle, unit: Unit) -> None:
    """Move ``unit`` where its policy wants, as far as the policy allows; a unit with Rage
    goes for the closest enemy it sees at full speed, and bikes may turbo-boost
    (``special_rules``, 4e pp.53-57, pp.74-76)."""
    policy = battle.policies[unit.side]
    goal = rage_goal(battle, unit) if "rage" in unit.rules else None
    limit = None
    if goal is None:
        goal = policy.movement_goal(battle, unit)
        if goal is None:
            return
        limit = policy.move_limit(battle, unit)
        if can_turbo_boost(unit) and policy.turbo_boosts(battle, unit, goal):
            limit = turbo_boost(battle, unit)
    shocked = policy.tank_shock_target(battle, unit, goal) if can_tank_shock(battle, unit) else None
    if shocked is None:
        unit.moved = move_unit(battle, unit, goal, limit)
        return
    start = unit.position
    beyond = start.distance(shocked.position) + shocked.radius + unit.radius + CLEARANCE
    unit.moved = move_unit(battle, unit, start.toward(shocked.position, beyond), limit, shocked.id)
    if unit.moved > 0.0 and battle.gap(unit, shocked) <= 0.0:
        tank_shock(battle, unit, shocked, start)
    else:  # slowed short of contact: the 1" rule holds again
        battle.moved_to(unit, clear_of_enemies(battle, unit, start, unit.position))
        unit.moved = start.distance(unit.position)
