"""The charge route: the shortest way to the contact position around blocking terrain and
enemy units, with room for the charger's frontage (seed 003 §4-§5).

The charger "must take the shortest route around blocking terrain and other units in its
way" and needs "room along the whole route" (seed 003 §5); friends are passed through
(seed 003 §4). The route is the shortest path of the charger's centre past the blockers
grown by its half frontage (so its flanks have room), turning only at their corners. The
charge makes one pivot of up to 90° (seed 003 §4, checked from its facing to its facing in
contact, ``charge.pivot_allowed``); the project reads that for a route as: no leg goes
backwards of the charger's facing (each within that 90°). The move is not measured
(seed 003 §5), but a detour may not add more than the charge distance the leader has left
(2×Sp minus its reach to the target): the project's reading of "within the charge range" for
a route that is not straight.
Difficult terrain and obstacles are not detoured: crossing them hinders the charge.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from rules.engine.systems.massbattle import constants as C
from rules.engine.systems.massbattle.footprint import Footprint, Point, segment_crosses
from rules.engine.systems.massbattle.state import BattleState
from rules.engine.systems.massbattle.units import Unit

# The charger's flank may pass this close to a blocker (touching is not crossing).
GRAZE = 0.1
# A turning point lies this far outside a blocker's corner (grown by the charger's half width).
CORNER_MARGIN = 0.2


@dataclass(frozen=True, slots=True)
class ChargeRoute:
    """The centre's path: its turning points (none when straight), length and Hindered."""

    turns: tuple[Point, ...]
    length: float
    hindered: bool


def _crosses(fp: Footprint, p: Point, q: Point, grow: float) -> bool:
    """The segment p→q comes within ``grow`` of the rectangle (bounding circle first)."""
    dx, dy = q[0] - p[0], q[1] - p[1]
    length2 = dx * dx + dy * dy or 1e-9
    t = ((fp.x - p[0]) * dx + (fp.y - p[1]) * dy) / length2
    t = 0.0 if t < 0.0 else (1.0 if t > 1.0 else t)
    cx, cy = p[0] + t * dx - fp.x, p[1] + t * dy - fp.y
    reach = fp.r + grow
    if cx * cx + cy * cy > reach * reach:
        return False
    return segment_crosses(fp, p, q, -grow)


def blockers(state: BattleState, charger: Unit, target: Unit) -> list[Footprint]:
    """What a charge must go around: blocking terrain and enemy units other than the
    target; nothing for a flyer (seed 003 §4-§5, §9 Fly)."""
    if charger.has("fly"):
        return []
    out = [p.fp for p in state.terrain if p.kind == "blocking"]
    out += [u.fp for u in state.units if u.alive and u.side != charger.side and u is not target]
    return out


def _hindered(state: BattleState, legs: list[tuple[Point, Point]]) -> bool:
    """Obstacles and area terrain crossed on the way hinder the charge (seed 003 §5)."""
    return any(
        piece.kind in ("obstacle", "area") and segment_crosses(piece.fp, p, q)
        for piece in state.terrain
        for p, q in legs
    )


def _forward(charger: Unit, p: Point, q: Point) -> bool:
    """The leg goes forward of the charger's facing (within its 90° pivot)."""
    return (q[0] - p[0]) * charger.fp.fx + (q[1] - p[1]) * charger.fp.fy >= 0.0


def _on_table(point: Point, margin: float) -> bool:
    x, y = point
    return margin <= x <= C.TABLE_WIDTH - margin and margin <= y <= C.TABLE_DEPTH - margin


def _corners(fp: Footprint, grow: float) -> list[Point]:
    """Turning points just outside the rectangle's corners, grown by ``grow``."""
    extra = 2 * (grow + CORNER_MARGIN)
    return Footprint(fp.x, fp.y, fp.facing, fp.width + extra, fp.depth + extra).corners()


def _shortest(
    start: Point, stop: Point, points: list[Point], clear: Callable[[Point, Point], bool]
) -> tuple[float, list[Point]] | None:
    """Dijkstra from ``start`` to ``stop`` over the turning points, legs that are ``clear``."""
    nodes = [start, *points, stop]
    best = [math.inf] * len(nodes)
    came = [-1] * len(nodes)
    best[0] = 0.0
    done = [False] * len(nodes)
    for _ in nodes:
        here = min((i for i in range(len(nodes)) if not done[i]), key=lambda i: best[i])
        if best[here] == math.inf or here == len(nodes) - 1:
            break
        done[here] = True
        for there in range(1, len(nodes)):
            if done[there]:
                continue
            length = best[here] + math.dist(nodes[here], nodes[there])
            if length < best[there] and clear(nodes[here], nodes[there]):
                best[there], came[there] = length, here
    if best[-1] == math.inf:
        return None
    path, at = [], came[-1]
    while at > 0:
        path.append(nodes[at])
        at = came[at]
    return best[-1], path[::-1]


def charge_route(
    state: BattleState, charger: Unit, target: Unit, end: Footprint, spare: float
) -> ChargeRoute | None:
    """The shortest clear route of the charger's centre to ``end``: straight when nothing
    blocks it, else around the corners of the blockers near the way, every leg forward of
    the charger's facing, adding at most ``spare`` inches; None when there is no such route
    (seed 003 §4-§5)."""
    fly = charger.has("fly")
    start = (charger.fp.x, charger.fp.y)
    stop = (end.x, end.y)
    walls = blockers(state, charger, target)
    grow = max(0.0, charger.fp.width / 2 - GRAZE)
    straight = math.dist(start, stop)
    if not any(_crosses(fp, start, stop, grow) for fp in walls):
        hindered = not fly and _hindered(state, [(start, stop)])
        return ChargeRoute((), straight, hindered)
    limit = straight + spare
    near = [
        fp
        for fp in walls
        if math.dist(start, (fp.x, fp.y)) + math.dist((fp.x, fp.y), stop)
        <= limit + 2 * (fp.r + grow)
    ]
    margin = charger.fp.width / 2
    points = [
        corner
        for fp in near
        for corner in _corners(fp, grow)
        if _on_table(corner, margin) and math.dist(start, corner) + math.dist(corner, stop) <= limit
    ]

    def clear(p: Point, q: Point) -> bool:
        return _forward(charger, p, q) and not any(_crosses(w, p, q, grow) for w in near)

    found = _shortest(start, stop, points, clear)
    if found is None or found[0] > limit:
        return None
    length, path = found
    legs = list(zip([start, *path], [*path, stop], strict=True))
    return ChargeRoute(tuple(path), length, _hindered(state, legs))
