"""Reserves: who starts off the table, the reserve rolls, deep strike and moving on from
the table edge (NOT IN SEED: 4e p.84 Reserves and Deep Strike, pp.80-83 mission pages).

- ✓ Units in reserve are not deployed; from game turn 2 each is rolled for at the start of
  its player's turn and arrives on 4+ in turn 2, 3+ in turn 3 and 2+ from turn 4 (the
  published p.84 table, "Turn 2 (4+), Turn 3 (3+), Turn 4+ (2+)", checked with the
  ``search`` tool); they may not be held back once available.
- ✓ An arriving unit moves on from its player's deployment zone board edge (every mission
  page: "reserves move on from the player's deployment zone board edge"): it is placed at
  that long edge and makes its move from there in the Movement phase, counting as having
  moved; it may shoot and assault as usual.
- ✓ Deep strike (4e pp.74-76): the unit is placed where its player wants and scatters 2D6"
  (HIT: no scatter); off the table it is destroyed; on arrival it moves no further, counts as
  having moved and may not assault. Landing too close to an enemy is nudged 1" clear (the
  published mishap rules are not played).
- Who starts in reserve: a unit with the ``deep_strike`` rule whose player chooses to deep
  strike (the AI: :meth:`GrimdarkPolicy.deep_strikes`), and under Escalation (Omega level)
  every unit that is not Troops, HQ or a transport (≈, ``missions.LEVEL_RULES``).
- ≈ A unit still in reserve when the battle ends counts as destroyed for victory points
  (``missions.victory_points``).
"""

from __future__ import annotations

from rules.engine.geometry import IMPASSABLE, Point
from rules.engine.systems.grimdark.army import Unit
from rules.engine.systems.grimdark.battle import Battle
from rules.engine.systems.grimdark.missions import (
    ESCALATION_DEPLOYS,
    deployment,
    deploys_by_own_rule,
    level_rules,
)

RESERVE_ROLL: dict[int, int] = {2: 4, 3: 3}
"""D6 needed for a reserve to arrive in game turn N (4e p.84 ✓); later turns ``LATE_ROLL``."""
LATE_ROLL = 2
DEEP_STRIKE_SCATTER_DICE = 2  # 2D6" scatter (4e pp.74-76 ✓)


def reserve_roll_needed(turn: int) -> int | None:
    """The D6 a reserve unit needs in game turn ``turn``; None in turn 1 (4e p.84 ✓)."""
    if turn < 2:
        return None
    return RESERVE_ROLL.get(turn, LATE_ROLL)


def starts_in_reserve(battle: Battle, unit: Unit) -> bool:
    """Deep strikers whose player chooses to deep strike, and under Escalation every unit
    but Troops, HQ and transports (see the module docstring)."""
    if deploys_by_own_rule(battle, unit, "deep_strike") and battle.policies[unit.side].deep_strikes(
        battle, unit
    ):
        return True
    if "escalation" not in level_rules(battle):
        return False
    return unit.category not in ESCALATION_DEPLOYS and not unit.capacity


def arrive_from_reserve(battle: Battle) -> None:
    """At the start of the active player's turn each reserve unit rolls; arrivals deep strike
    or are placed at their table edge to move on (see the module docstring)."""
    need = reserve_roll_needed(battle.turn)
    if need is None:
        return
    for unit in battle.units:
        if unit.side != battle.active or not unit.reserve or unit.count == 0:
            continue
        if battle.dice.d6() < need:
            continue
        unit.reserve = False
        if deploys_by_own_rule(battle, unit, "deep_strike"):
            deep_strike(battle, unit)
        else:
            enter_from_edge(battle, unit)


def enter_from_edge(battle: Battle, unit: Unit) -> None:
    """Place ``unit`` at its player's deployment-zone long edge, where its policy wants to
    come on; its move onto the table follows in the Movement phase (4e pp.80-83 ✓)."""
    zone = deployment(battle.mission.slug).zones[unit.side]
    r = unit.radius
    x = battle.policies[unit.side].reserve_entry_x(
        battle, unit, zone.x + r, zone.x + zone.width - r
    )
    y = r if unit.side == "a" else battle.table.height - r
    unit.position = battle.table.clamp(Point(x, y), r)
    unit.facing = 90.0 if unit.side == "a" else 270.0
    unit.entered_turn = battle.ptc
    if battle.logging:
        battle.log(unit.side, unit.name, f"{unit.name} arrives from reserve at its table edge")


def clear_of_impassable(battle: Battle, spot: Point, radius: float) -> Point:
    """``spot``, or the nearest place on the table where a footprint of ``radius`` stands
    clear of every impassable area, found by stepping out of each area it overlaps the
    shortest way (no model may be placed in impassable terrain, seed 000 [16]). A few steps
    at most: each one leaves an area for good or the search stops where it is."""
    bounds = battle.table.bounds
    for _ in range(len(battle.table.terrain) + 1):
        blocking = [
            t.rect
            for t in battle.table.terrain
            if t.kind == IMPASSABLE
            and t.rect.x - radius < spot.x < t.rect.x + t.rect.width + radius
            and t.rect.y - radius < spot.y < t.rect.y + t.rect.height + radius
        ]
        if not blocking:
            return spot
        rect = blocking[0]
        exits = [
            Point(rect.x - radius - 0.01, spot.y),
            Point(rect.x + rect.width + radius + 0.01, spot.y),
            Point(spot.x, rect.y - radius - 0.01),
            Point(spot.x, rect.y + rect.height + radius + 0.01),
        ]
        on_table = [e for e in exits if bounds.contains(e) and bounds.clamp(e, radius) == e]
        if not on_table:
            return spot
        spot = min(on_table, key=spot.distance)
    return spot


def deep_strike(battle: Battle, unit: Unit) -> None:
    """Deep strike: scatter 2D6" from the chosen point, destroyed off the table, nudged 1"
    clear of enemies and out of impassable terrain (4e pp.74-76 ✓; the nudge stands in for
    the owner placing the models clear, see docs "deep strike mishaps")."""
    aim = battle.policies[unit.side].deep_strike_point(battle, unit)
    result = battle.dice.scatter()
    landing = aim
    if not result.hit:
        landing = aim.offset(
            result.direction_degrees, float(sum(battle.dice.d6s(DEEP_STRIKE_SCATTER_DICE)))
        )
    if not battle.table.bounds.contains(landing):
        unit.wipe()
        if battle.logging:
            battle.log(unit.side, unit.name, f"{unit.name} deep strikes off the table and is lost")
        return
    for enemy in battle.enemies(unit.side):
        limit = enemy.radius + unit.radius + 1.0
        if landing.distance(enemy.position) < limit:
            landing = (
                enemy.position.toward(landing, limit)
                if landing != enemy.position
                else Point(landing.x, landing.y + limit)
            )
    unit.position = clear_of_impassable(
        battle, battle.table.clamp(landing, unit.radius), unit.radius
    )
    unit.moved = 1.0
    unit.arrived_turn = battle.ptc
    if battle.logging:
        battle.log(unit.side, unit.name, f"{unit.name} arrives by deep strike")
