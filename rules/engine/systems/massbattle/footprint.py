"""Unit footprints: rectangles with a facing, arcs from 45° corner lines, distances.

Coordinates are table inches; ``facing`` is in degrees, 0 = +x, 90 = +y (towards side b).
A footprint's ``width`` runs along its front edge, ``depth`` front to back. The leader
stands at the centre of the front edge (seed 003 §3).
"""

from __future__ import annotations

import math
from functools import lru_cache

Point = tuple[float, float]


@lru_cache(maxsize=4096)
def _axes(facing: float) -> tuple[float, float, float, float]:
    rad = math.radians(facing)
    fx, fy = math.cos(rad), math.sin(rad)
    return fx, fy, -fy, fx


class Footprint:
    """A rectangle of models with a facing.

    Footprints are never changed in place (moves build new ones), so the values derived from
    one (radius, axes, leader, corners, sample points, the shrunk rectangle) are kept on it,
    and two footprints are equal only when they are the same object (so a footprint can key
    the look-ups of ``geometry_memo``).
    """

    __slots__ = (
        "_corners",
        "_edges",
        "_leader",
        "_samples",
        "_shrunk",
        "depth",
        "facing",
        "fx",
        "fy",
        "r",
        "width",
        "x",
        "y",
    )

    def __init__(
        self,
        x: float,
        y: float,
        facing: float,
        width: float,
        depth: float,
        shape: tuple[float, float, float] | None = None,
    ) -> None:
        """``shape`` = (r, fx, fy) of a footprint of the same size and facing, reused."""
        self.x = x
        self.y = y
        self.facing = facing
        self.width = width
        self.depth = depth
        if shape is None:
            self.r = 0.5 * (width * width + depth * depth) ** 0.5
            self.fx, self.fy, _lx, _ly = _axes(facing)
        else:
            self.r, self.fx, self.fy = shape
        self._leader: Point | None = None
        self._corners: list[Point] | None = None
        self._edges: dict[str, tuple[Point, Point, float]] | None = None
        self._samples: tuple[Point, ...] | None = None
        self._shrunk: Footprint | None = None

    def __repr__(self) -> str:
        return (
            f"Footprint(x={self.x!r}, y={self.y!r}, facing={self.facing!r}, "
            f"width={self.width!r}, depth={self.depth!r})"
        )

    def at(self, x: float, y: float) -> Footprint:
        """The same rectangle and facing centred on (x, y): the radius and axes are the
        same, so they are copied rather than computed again."""
        return Footprint(x, y, self.facing, self.width, self.depth, (self.r, self.fx, self.fy))

    def axes(self) -> tuple[float, float, float, float]:
        """(fx, fy, lx, ly): the forward unit vector and the left unit vector."""
        return self.fx, self.fy, -self.fy, self.fx

    def leader(self) -> Point:
        """Leader position: centre of the front rank (seed 003 §3)."""
        if self._leader is None:
            half = self.depth / 2
            self._leader = (self.x + self.fx * half, self.y + self.fy * half)
        return self._leader

    def corners(self) -> list[Point]:
        """Front-left, front-right, rear-right, rear-left corners."""
        if self._corners is not None:
            return self._corners
        fx, fy, lx, ly = self.axes()
        hd, hw = self.depth / 2, self.width / 2
        out = []
        for u, v in ((hd, hw), (hd, -hw), (-hd, -hw), (-hd, hw)):
            out.append((self.x + fx * u + lx * v, self.y + fy * u + ly * v))
        self._corners = out
        return out

    def samples(self) -> tuple[Point, ...]:
        """Points used for sight and cover checks: centre and the four corners."""
        if self._samples is None:
            self._samples = ((self.x, self.y), *self.corners())
        return self._samples

    def local(self, px: float, py: float) -> Point:
        """(u, v): a point's distance forward and to the left of the centre."""
        fx, fy = self.fx, self.fy
        dx, dy = px - self.x, py - self.y
        return dx * fx + dy * fy, dy * fx - dx * fy

    def world(self, u: float, v: float) -> Point:
        """The table point ``u`` forward and ``v`` left of the centre."""
        fx, fy, lx, ly = self.axes()
        return self.x + fx * u + lx * v, self.y + fy * u + ly * v

    def radius(self) -> float:
        return self.r

    def moved(self, forward: float, left: float = 0.0) -> Footprint:
        fx, fy = self.fx, self.fy
        return self.at(self.x + fx * forward + -fy * left, self.y + fy * forward + fx * left)

    def turned(self, facing: float) -> Footprint:
        return Footprint(self.x, self.y, facing % 360.0, self.width, self.depth)


TOUCH = 0.05  # a rectangle this much smaller on every side overlaps only what it crosses


def shrunk(fp: Footprint) -> Footprint:
    """The same rectangle ``TOUCH`` smaller on every side (touching is not overlapping),
    made once per footprint (kept on it: footprints are never changed in place)."""
    if fp._shrunk is None:
        fp._shrunk = Footprint(
            fp.x,
            fp.y,
            fp.facing,
            max(fp.width - 2 * TOUCH, 0.01),
            max(fp.depth - 2 * TOUCH, 0.01),
        )
    return fp._shrunk


def arc_of(fp: Footprint, px: float, py: float) -> str:
    """Which of the four arcs holds a point: lines at 45° from each corner divide them
    (seed 003 §3, figure B)."""
    u, v = fp.local(px, py)
    hd, hw = fp.depth / 2, fp.width / 2
    front = u - hd
    rear = -u - hd
    side = abs(v) - hw
    if front >= side and front >= rear:
        return "front"
    if rear >= side and rear > front:
        return "rear"
    return "left" if v > 0 else "right"


def in_front_arc_partly(looker: Footprint, target: Footprint) -> bool:
    """The target is at least partly inside the looker's front arc (seed 003 §3, §5), exactly:
    its centre or a corner in the arc (as ``arc_of`` says "front"), else the rectangle
    clipped to the arc's half-planes (in front: u >= 0; inside both 45° corner lines:
    u ∓ v >= depth/2 − width/2) is not empty. A target wholly behind the front edge's line
    (its bounding circle at u < 0) is out at once."""
    cu, cv = looker.local(target.x, target.y)
    if cu < -target.r - 1e-6:
        return False
    hd, hw = looker.depth / 2, looker.width / 2
    polygon = [looker.local(px, py) for px, py in target.corners()]
    for u, v in ((cu, cv), *polygon):
        front = u - hd
        if front >= abs(v) - hw and front >= -u - hd:
            return True
    apex = looker.depth / 2 - looker.width / 2
    for a, b, k in ((1.0, 0.0, 0.0), (1.0, -1.0, apex), (1.0, 1.0, apex)):
        polygon = _clip(polygon, a, b, k)
        if not polygon:
            return False
    return True


def _clip(polygon: list[Point], a: float, b: float, k: float) -> list[Point]:
    """The part of a convex polygon where a·u + b·v >= k (Sutherland-Hodgman, one edge)."""
    out: list[Point] = []
    count = len(polygon)
    for i in range(count):
        p, q = polygon[i], polygon[(i + 1) % count]
        sp, sq = a * p[0] + b * p[1] - k, a * q[0] + b * q[1] - k
        if sp >= 0.0:
            out.append(p)
        if (sp >= 0.0) != (sq >= 0.0):
            t = sp / (sp - sq)
            out.append((p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])))
    return out


def point_distance(fp: Footprint, px: float, py: float) -> float:
    """Distance from a point to the rectangle (0 inside)."""
    fx, fy = fp.fx, fp.fy
    dx, dy = px - fp.x, py - fp.y
    du = abs(dx * fx + dy * fy) - fp.depth / 2
    dv = abs(dy * fx - dx * fy) - fp.width / 2
    if du <= 0.0:
        return dv if dv > 0.0 else 0.0
    if dv <= 0.0:
        return du
    return math.hypot(du, dv)


def within_point(fp: Footprint, px: float, py: float, reach: float) -> bool:
    """``point_distance(fp, px, py) <= reach``, a point beyond the bounding circle grown by
    ``reach`` rejected at once (it is further than ``reach`` from every corner too)."""
    dx, dy = px - fp.x, py - fp.y
    limit = fp.r + reach + 1e-6
    if dx * dx + dy * dy > limit * limit:
        return False
    return point_distance(fp, px, py) <= reach


def overlaps(a: Footprint, b: Footprint, margin: float = 0.0) -> bool:
    """Separating-axis test of two rectangles, ``a`` grown by ``margin`` on every side."""
    dx, dy = b.x - a.x, b.y - a.y
    reach = a.r + b.r + margin
    if dx * dx + dy * dy > reach * reach:
        return False
    afx, afy = a.fx, a.fy
    bfx, bfy = b.fx, b.fy
    ahd, ahw = a.depth / 2 + margin, a.width / 2 + margin
    bhd, bhw = b.depth / 2, b.width / 2
    # a's axes: forward (afx, afy), left (-afy, afx); b's likewise.
    c = afx * bfx + afy * bfy  # cos of the angle between the forwards
    s = afx * bfy - afy * bfx  # sin of it
    ac, as_ = abs(c), abs(s)
    # Axis a-forward, a-left, b-forward, b-left.
    if abs(dx * afx + dy * afy) > ahd + bhd * ac + bhw * as_:
        return False
    if abs(dy * afx - dx * afy) > ahw + bhd * as_ + bhw * ac:
        return False
    if abs(dx * bfx + dy * bfy) > bhd + ahd * ac + ahw * as_:
        return False
    return abs(dy * bfx - dx * bfy) <= bhw + ahd * as_ + ahw * ac


def within(a: Footprint, b: Footprint, reach: float) -> bool:
    """The rectangles are at most ``reach`` apart (fast reject on bounding circles)."""
    dx, dy = a.x - b.x, a.y - b.y
    limit = a.r + b.r + reach
    if dx * dx + dy * dy > limit * limit:
        return False
    return distance(a, b) <= reach


def distance(a: Footprint, b: Footprint) -> float:
    """Closest distance between two rectangles (seed 003 §4: base to base)."""
    if overlaps(a, b):
        return 0.0
    best = min(point_distance(b, px, py) for px, py in a.corners())
    return min(best, min(point_distance(a, px, py) for px, py in b.corners()))


def segment_crosses(fp: Footprint, p: Point, q: Point, shrink: float = 0.0) -> bool:
    """Some length of the segment p→q lies inside the rectangle, each side ``shrink`` in
    (Liang-Barsky clipping: the segment's parameter range [0, 1] cut by the front/rear and
    the left/right pairs of sides; once empty it stays empty, so it is tested at the end)."""
    fx, fy = fp.fx, fp.fy
    ax, ay = p[0] - fp.x, p[1] - fp.y
    ex, ey = (q[0] - fp.x) - ax, (q[1] - fp.y) - ay
    u0, v0 = ax * fx + ay * fy, ay * fx - ax * fy
    du, dv = ex * fx + ey * fy, ey * fx - ex * fy
    hd, hw = fp.depth / 2 - shrink, fp.width / 2 - shrink
    t0, t1 = 0.0, 1.0
    for d, low, high in ((du, u0 + hd, hd - u0), (dv, v0 + hw, hw - v0)):
        if d == 0:
            if low < 0 or high < 0:
                return False
            continue
        if d > 0:
            enter, leave = low / -d, high / d
        else:
            enter, leave = high / d, low / -d
        if enter > t0:
            t0 = enter
        if leave < t1:
            t1 = leave
    return t1 > t0 and (t1 - t0) * math.hypot(q[0] - p[0], q[1] - p[1]) > 0.0


def angle_to(fp: Footprint, px: float, py: float) -> float:
    """Signed degrees (left positive) from the facing to the direction of a point."""
    bearing = math.degrees(math.atan2(py - fp.y, px - fp.x))
    return (bearing - fp.facing + 180.0) % 360.0 - 180.0


def facing_edge(fp: Footprint, side: str) -> tuple[Point, Point, float]:
    """(edge centre, outward normal, edge length) of one facing of a rectangle, kept on the
    footprint."""
    if fp._edges is None:
        fp._edges = {}
    edge = fp._edges.get(side)
    if edge is None:
        edge = fp._edges[side] = _facing_edge(fp, side)
    return edge


def _facing_edge(fp: Footprint, side: str) -> tuple[Point, Point, float]:
    fx, fy, lx, ly = fp.axes()
    hd, hw = fp.depth / 2, fp.width / 2
    if side == "front":
        return fp.world(hd, 0.0), (fx, fy), fp.width
    if side == "rear":
        return fp.world(-hd, 0.0), (-fx, -fy), fp.width
    if side == "left":
        return fp.world(0.0, hw), (lx, ly), fp.depth
    return fp.world(0.0, -hw), (-lx, -ly), fp.depth
