"""Transports: capacity, embarking, disembarking, firing from open-topped hulls and the
passengers of a destroyed transport (NOT IN SEED: the vehicle chapter, 4e pp.58-73,
transports published 4e pp.66-67).

- Only infantry ride, one unit (with any independent character joined to it) whose models
  fit the transport's capacity; the whole unit embarks and disembarks together (✓).
- Embarked units are off the table: they cannot be seen, shot or charged, and do not score.
- Embarking during the battle (NOT IN SEED ≈ published 4e pp.66-67; digest §36.6 gives only
  "all of a unit embarks or disembarks together"): in its Movement phase a unit that ends
  its move with every model (its whole footprint) within 2" of the hull of a friendly
  transport that can carry it embarks; not one locked in combat, falling back or pinned,
  and never one that disembarked this player turn, nor may a unit that embarked get out
  again the same turn (✓ "may not voluntarily both embark and disembark in the same player
  turn"). The transport may still make its own move afterwards if it has not moved yet this
  phase (setting ``transport_moves_after_embarking``); one that has moved moves no further.
- Disembarking before the transport moves: the unit is placed with its models within 2" of
  the hull and moves normally. After the transport moved (up to 12"): the unit is placed
  within 2", counts as having moved and moves no further (✓); it may not assault that turn
  unless the transport is open-topped (≈, published 4e p.67 "assault from open-topped").
- Passengers of an open-topped transport fire from the hull, counting as moved when it
  moved (≈, published 4e p.69); a closed transport with fire points (``extra.fire_points``)
  lets that many of its passengers fire out the same way (✓ 4e pp.66-67).
- Transport destroyed: the passengers disembark at once and take a pinning test; if it
  explodes each passenger first takes a S4 AP– hit (≈, published 4e p.67); models that
  cannot be placed clear of the enemy (entangled) are destroyed (✓).
"""

from __future__ import annotations

from rules.engine.geometry import Point
from rules.engine.systems.grimdark.army import INFANTRY, Unit
from rules.engine.systems.grimdark.battle import Battle

EMBARK_RANGE = 2.0  # every model ends its move within 2" of the hull (4e pp.66-67)
DISEMBARK_GAP = 1.0  # inches between hull and passengers' footprint (within the 2" allowed)
PASSENGER_HIT_STRENGTH = 4  # an exploding transport's passengers: one S4 AP– hit each
PLACEMENT_ANGLES = (0.0, 45.0, -45.0, 90.0, -90.0, 135.0, -135.0, 180.0)


def can_carry(transport: Unit, unit: Unit) -> bool:
    """Whether ``unit`` may embark on ``transport``: an empty transport with room for all
    its models, infantry only, and every joined character infantry too (4e pp.66-67 ✓)."""
    if not transport.is_vehicle or transport.passengers or transport.count == 0:
        return False
    if unit.unit_type != INFANTRY or unit.embarked_in or unit.joined_to or unit.is_vehicle:
        return False
    return 0 < unit.count <= transport.capacity


def may_board(battle: Battle, unit: Unit, transport: Unit) -> bool:
    """Whether ``unit`` may embark on ``transport`` this Movement phase once in reach: a
    friendly transport on the table that can carry it; the unit not locked, falling back
    or pinned, and not in or out of a transport already this player turn (see the module
    docstring)."""
    if transport.side != unit.side or not transport.on_table or not can_carry(transport, unit):
        return False
    if unit.locked or unit.falling_back or unit.pinned_turn == battle.ptc:
        return False
    return unit.transfer_turn != battle.ptc


def boarding_distance(unit: Unit, transport: Unit) -> float:
    """How far the unit's footprint centre must still move before every model stands within
    2" of the hull (0 when it already does)."""
    far = unit.position.distance(transport.position) + unit.radius - transport.radius
    return max(0.0, far - EMBARK_RANGE)


def boarding_point(unit: Unit, transport: Unit) -> Point:
    """Where the unit's footprint centre stands with its farthest model 1.5" from the hull
    (the footprint wraps around the hull, as models spread round a vehicle)."""
    reach = max(0.0, transport.radius + EMBARK_RANGE - 0.5 - unit.radius)
    return transport.position.toward(unit.position, reach)


def may_embark(battle: Battle, unit: Unit, transport: Unit) -> bool:
    """:func:`may_board`, with the whole unit within 2" of the hull now."""
    return may_board(battle, unit, transport) and boarding_distance(unit, transport) <= 0.0


def may_disembark(battle: Battle, transport: Unit) -> bool:
    """Whether the passengers may get out of their own accord: not the turn they got in."""
    return bool(transport.passengers) and (
        battle.by_id[transport.passengers].transfer_turn != battle.ptc
    )


def embark(battle: Battle, unit: Unit, transport: Unit) -> None:
    """Put ``unit`` inside ``transport`` (at deployment or after a move within 2")."""
    unit.transfer_turn = battle.ptc
    unit.embarked_in = transport.id
    unit.position = transport.position
    transport.passengers = unit.id
    if battle.logging:
        battle.log(unit.side, unit.name, f"{unit.name} embarks on {transport.name}", transport.name)


def placement(battle: Battle, transport: Unit, unit: Unit, toward: Point) -> Point | None:
    """Where the passengers stand after leaving the hull: within 2" of it on the side of
    ``toward`` (or the first side clear of enemies), never within 1" of an enemy; None when
    every side is blocked (entangled)."""
    reach = transport.radius + unit.radius + DISEMBARK_GAP
    origin = transport.position
    base = origin.angle_to(toward) if toward != origin else 90.0
    enemies = battle.enemies(unit.side)
    for turn in PLACEMENT_ANGLES:
        p = battle.table.clamp(origin.offset(base + turn, reach), unit.radius)
        if p.distance(origin) - transport.radius - unit.radius > 2.0:
            continue
        if all(p.distance(e.position) - e.radius - unit.radius >= 1.0 for e in enemies):
            return p
    return None


def disembark(battle: Battle, transport: Unit, toward: Point, after_move: bool) -> Unit | None:
    """Passengers leave ``transport``; returns them, or None if they could not be placed
    (then they are destroyed, entangled)."""
    unit = battle.by_id[transport.passengers]
    transport.passengers = ""
    unit.embarked_in = ""
    unit.transfer_turn = battle.ptc
    where = placement(battle, transport, unit, toward)
    if where is None:
        unit.wipe()
        if battle.logging:
            battle.log(unit.side, unit.name, f"{unit.name} cannot disembark and is destroyed")
        return None
    unit.position = where
    unit.facing = transport.facing
    if after_move:
        unit.moved = max(unit.moved, transport.moved)
        if "open_topped" not in transport.vehicle_kinds:
            unit.disembarked_turn = battle.ptc
    if battle.logging:
        battle.log(unit.side, unit.name, f"{unit.name} disembarks from {transport.name}")
    return unit


def unload_destroyed(battle: Battle, transport: Unit, exploded: bool) -> None:
    """The passengers of a destroyed transport: S4 hits if it exploded, then they disembark
    and take a pinning test (see the module docstring)."""
    from rules.engine.systems.grimdark.damage import Attack, resolve_attack
    from rules.engine.systems.grimdark.morale import pinning_test

    if not transport.passengers:
        return
    unit = battle.by_id[transport.passengers]
    if exploded:
        hits = Attack(dice=unit.count, hit_on=None, strength=PASSENGER_HIT_STRENGTH, ap=None)
        resolve_attack(battle, hits, unit, None, transport)
    if unit.count == 0:
        transport.passengers = ""
        unit.embarked_in = ""
        return
    landed = disembark(battle, transport, battle.table.centre, after_move=False)
    if landed is not None:
        pinning_test(battle, landed)


def firing_passengers(battle: Battle, side: str) -> list[tuple[Unit, Unit, int | None]]:
    """(passengers, transport, how many may fire) of ``side`` that shoot from their hull:
    every model of an open-topped transport (None), else up to the hull's fire points
    (4e pp.66-67 ✓: "fire points": models in a closed transport fire only through them)."""
    out: list[tuple[Unit, Unit, int | None]] = []
    for transport in battle.side_units(side):
        if not transport.passengers:
            continue
        if "open_topped" in transport.vehicle_kinds:
            out.append((battle.by_id[transport.passengers], transport, None))
        elif transport.fire_points:
            out.append((battle.by_id[transport.passengers], transport, transport.fire_points))
    return out
