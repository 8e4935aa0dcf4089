"""Movement orders: halt, change facing, advance, back, sidestep, march (seed 003 §4-§5)."""

from __future__ import annotations

from rules.engine.systems.massbattle import constants as C
from rules.engine.systems.massbattle.footprint import Footprint, distance, overlaps, shrunk
from rules.engine.systems.massbattle.settings import DEFAULT_SETTINGS, MassBattleSettings
from rules.engine.systems.massbattle.state import BattleState
from rules.engine.systems.massbattle.terrain import TerrainPiece, move_cost_factor
from rules.engine.systems.massbattle.units import Unit

ORDERS = ("halt", "change_facing", "advance", "back", "sidestep", "march", "charge")
WAVERING_ORDERS = ("halt", "charge", "back")
WAVERING_ORDERS_NO_CHARGE = ("halt", "change_facing", "back")


def allowed_orders(unit: Unit, settings: MassBattleSettings = DEFAULT_SETTINGS) -> tuple[str, ...]:
    """Orders a unit may take: Wavering only Halt, Charge or Back (seed 003 §8), or Halt,
    Change Facing, Back under ``wavering_may_charge=False``; war engines never March or
    Charge, Shambling never Marches (seed 003 §4, §10)."""
    if unit.wavering:
        orders: tuple[str, ...] = (
            WAVERING_ORDERS if settings.wavering_may_charge else WAVERING_ORDERS_NO_CHARGE
        )
    else:
        orders = ORDERS
    if unit.unit_type == "war_engine":
        orders = tuple(o for o in orders if o not in ("march", "charge"))
    if unit.has("shambling"):
        orders = tuple(o for o in orders if o != "march")
    return orders


def on_table(fp: Footprint) -> bool:
    """Every corner of the footprint is on the table."""
    if (
        fp.r <= fp.x <= C.TABLE_WIDTH - fp.r and fp.r <= fp.y <= C.TABLE_DEPTH - fp.r
    ):  # the bounding circle is inside: no corner can be off
        return True
    for x, y in fp.corners():
        if x < 0.0 or x > C.TABLE_WIDTH or y < 0.0 or y > C.TABLE_DEPTH:
            return False
    return True


def units_near(state: BattleState, unit: Unit, reach: float) -> list[Unit]:
    """The other living units a move of the unit's centre by at most ``reach`` inches could
    bring within 1" (bounding circles): the only ones ``valid_end`` and ``step_blocked``
    need to look at for that move, as they pass over every other unit."""
    fp = unit.fp
    out = []
    for other in state.units:
        if other is unit or not other.alive:
            continue
        ofp = other.fp
        limit = reach + fp.r + ofp.r + C.SPACING + 1e-6
        dx, dy = fp.x - ofp.x, fp.y - ofp.y
        if dx * dx + dy * dy <= limit * limit:
            out.append(other)
    return out


def terrain_near(pieces: list[TerrainPiece], fp: Footprint, reach: float) -> list[TerrainPiece]:
    """The pieces a footprint moved by at most ``reach`` inches could overlap or stand its
    centre in (bounding circles), in layout order: the only ones a move's steps look at."""
    out = []
    for piece in pieces:
        pfp = piece.fp
        limit = reach + fp.r + pfp.r + 1e-6
        dx, dy = fp.x - pfp.x, fp.y - pfp.y
        if dx * dx + dy * dy <= limit * limit:
            out.append(piece)
    return out


def valid_end(
    state: BattleState,
    unit: Unit,
    fp: Footprint,
    near: list[Unit] | None = None,
    pieces: list[TerrainPiece] | None = None,
) -> bool:
    """A unit may not end on blocking terrain or within 1" of another unit (seed 003 §4-§5).

    A unit already closer than 1" (after a melee) may stay as close, but not come closer.
    ``near`` and ``pieces`` limit the units and terrain looked at (``units_near``,
    ``terrain_near``; default all).
    """
    if not on_table(fp):
        return False
    for piece in state.terrain if pieces is None else pieces:
        if piece.kind == "blocking" and overlaps(fp, piece.fp):
            return False
    start = unit.fp
    for other in state.units if near is None else near:
        if other is unit or not other.alive:
            continue
        ofp = other.fp
        reach = fp.r + ofp.r + C.SPACING
        dx, dy = fp.x - ofp.x, fp.y - ofp.y
        if dx * dx + dy * dy > reach * reach:
            continue
        if not overlaps(fp, ofp, C.SPACING - 0.01):
            continue
        if overlaps(fp, shrunk(other.fp)):
            return False
        if not overlaps(start, other.fp, C.SPACING - 0.01):
            return False
        if distance(fp, other.fp) < distance(start, other.fp) - 1e-6:
            return False
    return True


def step_blocked(
    state: BattleState,
    unit: Unit,
    fp: Footprint,
    marching: bool,
    near: list[Unit] | None = None,
    pieces: list[TerrainPiece] | None = None,
) -> bool:
    """Blocking terrain and enemy units block a move; friends may be passed through; a
    marching unit may not cross an obstacle; Fly passes over all (seed 003 §4-§5, §9).
    ``near`` and ``pieces`` limit the units and terrain looked at (as in ``valid_end``)."""
    if not on_table(fp):
        return True
    fly = unit.has("fly")
    for piece in state.terrain if pieces is None else pieces:
        if piece.kind == "blocking" and not fly and overlaps(fp, piece.fp):
            return True
        if piece.kind == "obstacle" and marching and overlaps(fp, piece.fp):
            return True
    if not fly:
        for other in state.units if near is None else near:
            if not other.alive or other.side == unit.side:
                continue
            ofp = other.fp
            reach = fp.r + ofp.r + C.SPACING
            dx, dy = fp.x - ofp.x, fp.y - ofp.y
            if dx * dx + dy * dy > reach * reach:
                continue
            if overlaps(fp, ofp, C.SPACING - 0.01):
                return True
    return False


def move_straight(
    state: BattleState, unit: Unit, forward: float, left: float, allowance: float, marching: bool
) -> float:
    """Move along one direction, area terrain costing double, ending at the furthest legal
    spot; returns the distance covered (seed 003 §4 orders, §5 area terrain)."""
    length = (forward * forward + left * left) ** 0.5
    if length == 0 or allowance <= 0:
        return 0.0
    du, dv = forward / length, left / length
    start = unit.fp
    near = units_near(state, unit, allowance)
    pieces = terrain_near(state.terrain, start, allowance)
    path: list[tuple[float, Footprint]] = []
    spent = 0.0
    travelled = 0.0
    while allowance - spent > 1e-9:
        step = min(C.STEP, allowance - spent)
        candidate = start.moved(du * (travelled + step), dv * (travelled + step))
        cost = step * move_cost_factor(pieces, candidate.x, candidate.y)
        if spent + cost > allowance + 1e-9:
            break
        if step_blocked(state, unit, candidate, marching, near, pieces):
            if step > C.FINE_STEP:
                half = start.moved(du * (travelled + C.FINE_STEP), dv * (travelled + C.FINE_STEP))
                if not step_blocked(state, unit, half, marching, near, pieces):
                    path.append((travelled + C.FINE_STEP, half))
            break
        spent += cost
        travelled += step
        path.append((travelled, candidate))
    for dist, candidate in reversed(path):
        if valid_end(state, unit, candidate, near, pieces):
            unit.fp = candidate
            return dist
    return 0.0


def pivot(state: BattleState, unit: Unit, facing: float) -> bool:
    """Pivot around the unit centre (seed 003 §4 change facing / advance pivot)."""
    turned = unit.fp.turned(facing)
    if valid_end(state, unit, turned):
        unit.fp = turned
        return True
    return False


def clamp_pivot(
    unit: Unit, wanted: float, limit: float = 90.0, nimble_reading: str = "extra_pivot"
) -> float:
    """An Advance pivots at most 90° from the original facing; Nimble may pivot once more
    (seed 003 §4; Nimble as an extra pivot: not in seed 003, published KoW rules of
    later editions)."""
    if unit.nimble and nimble_reading == "extra_pivot":
        limit += 90.0
    delta = max(-limit, min(limit, wanted))
    return delta


def order_halt(state: BattleState, unit: Unit) -> None:
    """Halt: no move (seed 003 §4)."""
    unit.order = "halt"


def order_change_facing(state: BattleState, unit: Unit, facing: float) -> bool:
    """Change facing: pivot on the spot, no angle limit (seed 003 §4)."""
    unit.order = "change_facing"
    return pivot(state, unit, facing)


def order_advance(state: BattleState, unit: Unit, turn_by: float, distance: float) -> float:
    """Advance: one pivot up to 90° then straight forward up to Sp (seed 003 §4)."""
    unit.order = "advance"
    delta = clamp_pivot(unit, turn_by, nimble_reading=state.settings.nimble_reading)
    if abs(delta) > 0.5:
        pivot(state, unit, unit.fp.facing + delta)
    return move_straight(state, unit, 1.0, 0.0, min(distance, unit.sp), False)


def order_back(state: BattleState, unit: Unit, distance: float | None = None) -> float:
    """Back: straight backwards up to Sp/2 (seed 003 §4)."""
    unit.order = "back"
    limit = unit.sp / 2 if distance is None else min(distance, unit.sp / 2)
    return move_straight(state, unit, -1.0, 0.0, limit, False)


def order_march(state: BattleState, unit: Unit, distance: float | None = None) -> float:
    """March: straight forward up to 2×Sp, no obstacle crossing, no shooting afterwards;
    war engines and Shambling units cannot (seed 003 §4, §5, §10)."""
    if "march" not in allowed_orders(unit, state.settings):
        raise ValueError(f"{unit.id} may not march")
    unit.order = "march"
    limit = 2 * unit.sp if distance is None else min(distance, 2 * unit.sp)
    return move_straight(state, unit, 1.0, 0.0, limit, True)


def forced_move(state: BattleState, unit: Unit, forward: float) -> float:
    """After melee: move exactly ``forward`` (negative = back), stopping 1" from any other
    unit or at blocking terrain (seed 003 §7 after the nerve test)."""
    direction = 1.0 if forward >= 0 else -1.0
    dist = abs(forward)
    start = unit.fp
    travelled = 0.0
    while travelled + 1e-9 < dist:
        step = min(C.STEP, dist - travelled)
        candidate = start.moved(direction * (travelled + step))
        if not valid_end(state, unit, candidate):
            break
        travelled += step
        unit.fp = candidate
    return travelled


RECOIL_STEP = 0.1  # a blocked recoil is tried this much shorter each time


CONTACT = 0.01  # closer than this is base contact


def _room_at(state: BattleState, unit: Unit, fp: Footprint, nudged: bool) -> bool:
    """On the table, off blocking terrain and not over another unit (touching is allowed);
    a ``nudged`` unit may not come into contact with a unit it was not touching, as a nudge
    moves units so they "no longer touch" (seed 003 §5: "使双方不再接触")."""
    if not on_table(fp):
        return False
    for piece in state.terrain:
        if piece.kind == "blocking" and overlaps(fp, piece.fp):
            return False
    for other in state.units:
        if other is unit or not other.alive:
            continue
        if overlaps(fp, shrunk(other.fp)):
            return False
        if nudged and overlaps(fp, other.fp, CONTACT) and not overlaps(unit.fp, other.fp, CONTACT):
            return False
    return True


def _shift(
    state: BattleState, unit: Unit, dx: float, dy: float, inches: float, nudged: bool = False
) -> float:
    """Slide the unit up to ``inches`` along the table direction (dx, dy) without turning, as
    far as there is room; returns the distance moved."""
    fp = unit.fp
    dist = inches
    while dist > 1e-9:
        candidate = fp.at(fp.x + dx * dist, fp.y + dy * dist)
        if _room_at(state, unit, candidate, nudged):
            unit.fp = candidate
            return dist
        dist -= RECOIL_STEP
    return 0.0


NUDGE = 0.5  # a nudge moves a unit this far at most ("稍稍移动", slightly)


def nudge_touched(state: BattleState, charger: Unit, target: Unit) -> None:
    """Enemies other than its target that a charger ends up touching are nudged slightly
    away so they no longer touch (seed 003 §5: "把目标以外的敌军稍稍移动,使双方不再接触");
    one also touching another unit of the charger's side (in its own melee) is left."""
    for other in state.units:
        if (
            not other.alive
            or other.side == charger.side
            or other is target
            or not overlaps(charger.fp, other.fp, CONTACT)
        ):
            continue
        if any(
            u is not charger
            and u.alive
            and u.side == charger.side
            and overlaps(u.fp, other.fp, CONTACT)
            for u in state.units
        ):
            continue
        _push_away(state, other, charger)


def _push_away(state: BattleState, unit: Unit, source: Unit) -> float:
    """Nudge ``unit`` up to 1/2" straight away from ``source``'s centre (seed 003 §5)."""
    dx, dy = unit.fp.x - source.fp.x, unit.fp.y - source.fp.y
    norm = (dx * dx + dy * dy) ** 0.5 or 1.0
    return _shift(state, unit, dx / norm, dy / norm, NUDGE, nudged=True)


def recoil(state: BattleState, unit: Unit, enemy: Unit, inches: float = 1.0) -> float:
    """The attacker of a target that did not rout moves back 1" (seed 003 §7: "我方单位必须
    后退1""). Where the table edge, blocking terrain or another unit stops it short, the
    target is nudged straight away by the rest, as the seed moves touching enemies apart
    after a charge (seed 003 §5: "把目标以外的敌军稍稍移动,使双方不再接触"), so the two are
    never left in base contact, and no nudge pushes a unit into contact with another; boxed
    in, the units behind the attacker are nudged back first (``_boxed_in``); two still
    touching side by side are nudged apart (``_part``). Returns the gap opened."""
    fx, fy = unit.fp.fx, unit.fp.fy
    gap = _shift(state, unit, -fx, -fy, inches)
    if not enemy.alive:
        return gap
    if gap < inches - 1e-9:
        gap += _shift(state, enemy, fx, fy, inches - gap, nudged=True)
    if gap <= 0.0:
        gap = _boxed_in(state, unit, enemy, inches)
    if gap > 0.0 and overlaps(unit.fp, enemy.fp, CONTACT):
        _part(state, unit, enemy)
    return gap


def _boxed_in(state: BattleState, unit: Unit, enemy: Unit, inches: float) -> float:
    """The units behind a boxed-in attacker are nudged back, then it steps back: enemies as
    after a charge (seed 003 §5), friends as friends left touching after a melee are moved
    apart (seed 003 §7)."""
    fp = unit.fp
    fx, fy = fp.fx, fp.fy
    behind = fp.at(fp.x - fx * inches, fp.y - fy * inches)
    for other in state.units:
        if (
            other.alive
            and other is not unit
            and other is not enemy
            and overlaps(behind, shrunk(other.fp))
        ):
            _shift(state, other, -fx, -fy, inches, nudged=True)
    return _shift(state, unit, -fx, -fy, inches)


def _part(state: BattleState, unit: Unit, enemy: Unit) -> None:
    """Two units still touching after a step back (a contact along the attacker's flank,
    which backing slides along) are nudged apart along the line between their centres
    (seed 003 §5: "使双方不再接触")."""
    if _push_away(state, enemy, unit) <= 0.0:
        _push_away(state, unit, enemy)
