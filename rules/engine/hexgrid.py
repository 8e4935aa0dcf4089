"""Hex maps: coordinates, distance, the six directions, facing, arcs, reach and hex lines.

Hexes are "pointy-top" and addressed in **axial** coordinates ``(q, r)`` (a plain tuple, fast
to hash and compare). Maps and reports use **offset** coordinates ``(col, row)`` in the
"odd-r" layout (odd rows shifted half a hex right); convert with :func:`offset_to_axial` and
:func:`axial_to_offset`. One hex = one yard (seed 004).

Directions / facings are numbered 0–5 counter-clockwise from east: 0 E, 1 NE, 2 NW, 3 W,
4 SW, 5 SE (with rows growing downwards on screen, "N" is towards row −1). A combatant faces
one hex-side, i.e. one direction.

Arcs (front / side / rear) follow our reconstruction of seed 004 "Arc of vision", marked
uncertain because the seed's figures are missing: a hex is in the front arc when its centre is
at most ``front_half_angle`` (60°) off the facing, in the rear arc when more than
``180 − rear_half_angle`` (120°) off, otherwise in a side arc. :class:`ArcDefinition` makes the
choice a named setting (see ``ARC_RECONSTRUCTION``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

Hex = tuple[int, int]

#: Axial offsets of the six neighbours, indexed by direction 0–5 (E, NE, NW, W, SW, SE).
DIRECTIONS: tuple[Hex, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))

_SQRT3 = math.sqrt(3.0)
_EPS = 1e-6


@dataclass(frozen=True, slots=True)
class ArcDefinition:
    """How the front, side and rear arcs are drawn (seed 004 "Arc of vision", **uncertain**).

    Default (``ARC_RECONSTRUCTION``): front = centre within ±60° of the facing with the two
    boundary rays included (3 hexes at distance 1, 5 at 2, 7 at 3); rear = more than 120° off;
    side = the rest. Alternative (``ARC_NARROW``): boundary rays excluded beyond distance 1
    (3/3/5 front hexes), a narrower reading of the missing figure. The six neighbours are the
    standard 3 front / 2 side / 1 back in both.
    """

    front_half_angle: float = 60.0
    rear_half_angle: float = 60.0
    include_boundary: bool = True


ARC_RECONSTRUCTION = ArcDefinition()
ARC_NARROW = ArcDefinition(include_boundary=False)


def add(a: Hex, b: Hex) -> Hex:
    """Component-wise sum of two axial hexes."""
    return (a[0] + b[0], a[1] + b[1])


def neighbour(h: Hex, direction: int) -> Hex:
    """The adjacent hex in ``direction`` (0–5)."""
    d = DIRECTIONS[direction % 6]
    return (h[0] + d[0], h[1] + d[1])


def neighbours(h: Hex) -> list[Hex]:
    """The six adjacent hexes, in direction order 0–5."""
    return [(h[0] + d[0], h[1] + d[1]) for d in DIRECTIONS]


def distance(a: Hex, b: Hex) -> int:
    """Hex distance (yards) between two hexes."""
    dq = a[0] - b[0]
    dr = a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def offset_to_axial(col: int, row: int) -> Hex:
    """Axial hex of map column/row ("odd-r" offset layout)."""
    return (col - (row - (row & 1)) // 2, row)


def axial_to_offset(h: Hex) -> tuple[int, int]:
    """Map column/row ("odd-r" offset layout) of an axial hex."""
    q, r = h
    return (q + (r - (r & 1)) // 2, r)


def center(h: Hex) -> tuple[float, float]:
    """Centre of a hex in plane units (hex width √3, y pointing "north" = up)."""
    q, r = h
    return (_SQRT3 * (q + r / 2.0), -1.5 * r)


def bearing(a: Hex, b: Hex) -> float:
    """Direction from ``a`` to ``b`` in degrees [0, 360), 0 = east, counter-clockwise."""
    ax, ay = center(a)
    bx, by = center(b)
    return math.degrees(math.atan2(by - ay, bx - ax)) % 360.0


def angle_off_facing(origin: Hex, facing: int, target: Hex) -> float:
    """Unsigned angle (0–180°) between ``facing`` and the line to ``target``."""
    diff = (bearing(origin, target) - 60.0 * (facing % 6)) % 360.0
    return diff if diff <= 180.0 else 360.0 - diff


def signed_angle_off_facing(origin: Hex, facing: int, target: Hex) -> float:
    """Signed angle (−180, 180]: positive = to the left (counter-clockwise) of the facing."""
    diff = (bearing(origin, target) - 60.0 * (facing % 6)) % 360.0
    return diff if diff <= 180.0 else diff - 360.0


def arc_of(origin: Hex, facing: int, target: Hex, arcs: ArcDefinition = ARC_RECONSTRUCTION) -> str:
    """ "same", "front", "side" or "rear": where ``target`` lies for someone at ``origin``
    facing ``facing`` (seed 004 "Reach", "Arc of vision"; figures missing, reconstruction)."""
    if target == origin:
        return "same"
    angle = angle_off_facing(origin, facing, target)
    front_limit = arcs.front_half_angle
    rear_limit = 180.0 - arcs.rear_half_angle
    inclusive = arcs.include_boundary or distance(origin, target) == 1
    if angle < front_limit - _EPS or (inclusive and angle <= front_limit + _EPS):
        return "front"
    if angle > rear_limit + _EPS:
        return "rear"
    return "side"


def side_of(origin: Hex, facing: int, target: Hex) -> str:
    """ "left" or "right" of the facing line ("" when straight ahead or behind)."""
    angle = signed_angle_off_facing(origin, facing, target)
    if abs(angle) < _EPS or abs(abs(angle) - 180.0) < _EPS:
        return ""
    return "left" if angle > 0 else "right"


def front_hexes(h: Hex, facing: int) -> list[Hex]:
    """The 3 front hexes: front-right, front, front-left (seed 004 "Reach")."""
    return [neighbour(h, facing - 1), neighbour(h, facing), neighbour(h, facing + 1)]


def side_hexes(h: Hex, facing: int) -> list[Hex]:
    """The 2 side hexes: right and left (seed 004 "Reach")."""
    return [neighbour(h, facing - 2), neighbour(h, facing + 2)]


def rear_hex(h: Hex, facing: int) -> Hex:
    """The single back hex (seed 004 "Reach")."""
    return neighbour(h, facing + 3)


def ring(h: Hex, radius: int) -> list[Hex]:
    """Hexes at exactly ``radius`` from ``h`` (one hex for radius 0), in a fixed order."""
    if radius <= 0:
        return [h]
    results: list[Hex] = []
    current = (h[0] + DIRECTIONS[4][0] * radius, h[1] + DIRECTIONS[4][1] * radius)
    for direction in range(6):
        for _ in range(radius):
            results.append(current)
            current = neighbour(current, direction)
    return results


def arc_hexes(
    h: Hex, facing: int, radius: int, arc: str, arcs: ArcDefinition = ARC_RECONSTRUCTION
) -> list[Hex]:
    """Hexes at exactly ``radius`` in ``arc`` ("front", "side", "rear"), sorted."""
    q, r = h
    return [(q + dq, r + dr) for dq, dr in _arc_offsets(facing % 6, radius, arc, arcs)]


@lru_cache(maxsize=1024)
def _arc_offsets(facing: int, radius: int, arc: str, arcs: ArcDefinition) -> tuple[Hex, ...]:
    """:func:`arc_hexes` around the origin: arcs do not depend on where one stands, so the
    offsets are worked out once per facing, radius and arc (a translation keeps the order)."""
    origin = (0, 0)
    return tuple(sorted(t for t in ring(origin, radius) if arc_of(origin, facing, t, arcs) == arc))


def reach_hexes(
    h: Hex, facing: int, reach: int | str, arcs: ArcDefinition = ARC_RECONSTRUCTION
) -> list[Hex]:
    """Hexes a melee attack of ``reach`` may strike without a wild swing (seed 004 "Reach"):
    C = your own hex; 1 = the 3 front hexes; 2 and 3 = front-arc hexes at that distance."""
    if reach in ("C", "c", 0):
        return [h]
    return arc_hexes(h, facing, int(reach), "front", arcs)


def direction_to(a: Hex, b: Hex) -> int:
    """The facing (0–5) that points most nearly from ``a`` towards ``b`` (ties: lower)."""
    if a == b:
        return 0
    angle = bearing(a, b)
    return math.floor((angle + 30.0 - _EPS) / 60.0) % 6


def facing_turns(current: int, wanted: int) -> int:
    """Hex-sides to turn from ``current`` to ``wanted`` facing (0–3)."""
    diff = (wanted - current) % 6
    return min(diff, 6 - diff)


def turn_towards(current: int, wanted: int, max_turns: int) -> int:
    """The facing after turning at most ``max_turns`` hex-sides towards ``wanted``."""
    diff = (wanted - current) % 6
    if diff == 0:
        return current
    if diff <= 3:
        return (current + min(diff, max_turns)) % 6
    return (current - min(6 - diff, max_turns)) % 6


def _cube_round(x: float, z: float) -> Hex:
    y = -x - z
    rx, ry, rz = round(x), round(y), round(z)
    dx, dy, dz = abs(rx - x), abs(ry - y), abs(rz - z)
    if dx > dy and dx > dz:
        rx = -ry - rz
    elif dy <= dz:
        rz = -rx - ry
    return (int(rx), int(rz))


def line_steps(a: Hex, b: Hex) -> list[tuple[Hex, ...]]:
    """The hexes a straight centre-to-centre line from ``a`` to ``b`` crosses, in order,
    excluding both ends. Each step is one hex, or a pair of hexes when the line runs exactly
    along the border between them (a "hex-side line", seed 004 "attacking through occupied
    hexes" and "firing through occupied hexes")."""
    q, r = a
    return [
        tuple([(q + dq, r + dr) for dq, dr in step]) for step in _line_offsets(b[0] - q, b[1] - r)
    ]


@lru_cache(maxsize=4096)
def _line_offsets(dq: int, dr: int) -> tuple[tuple[Hex, ...], ...]:
    """:func:`line_steps` from the origin to ``(dq, dr)``. A line's hexes do not depend on
    where it starts (the rounding nudges keep every point at least 1e-4 from a hex border, far
    beyond float error), so each offset is worked out once."""
    n = distance((0, 0), (dq, dr))
    steps: list[tuple[Hex, ...]] = []
    for i in range(1, n):
        t = i / n
        x = dq * t
        z = dr * t
        plus = _cube_round(x + 1e-4, z + 2e-4)
        minus = _cube_round(x - 1e-4, z - 2e-4)
        if plus == minus:
            steps.append((plus,))
        else:
            steps.append(tuple(sorted((plus, minus))))
    return tuple(steps)


def in_bounds(h: Hex, width: int, height: int) -> bool:
    """Whether an axial hex lies on a ``width`` × ``height`` offset-coordinate map."""
    col, row = axial_to_offset(h)
    return 0 <= col < width and 0 <= row < height
