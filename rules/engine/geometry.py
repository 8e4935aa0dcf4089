"""Table geometry in inches: points, segments, circles, terrain areas (seed 000 [15]-[17]).

Generic for every inch-measured system (grimdark, massbattle, skirmish): positions are
:class:`Point`; a grimdark unit is a circle of models (``circle_overlap_area``,
``circle_segment_fraction``) and distances are between the closest edges (seed 000 [6]).
The one ``Footprint`` class, a rectangle of models with a facing, is massbattle's
(``rules/engine/systems/massbattle/footprint.py``): only that system ranks its models.
Terrain is a list of :class:`TerrainArea` rectangles with a movement class, a cover save and
a height on the size scale (seed 000 [7][16]).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

CLEAR = "clear"
DIFFICULT = "difficult"
DANGEROUS = "dangerous"
IMPASSABLE = "impassable"


@dataclass(slots=True, unsafe_hash=True)
class Point:
    """A position on the table in inches. Treat it as immutable (make a new one to move):
    it is hashed like a frozen dataclass, but not frozen, because a frozen dataclass's
    constructor (``object.__setattr__`` per field) costs about three times as much and
    points are built on every move and range check."""

    x: float
    y: float

    def distance(self, other: Point) -> float:
        """Centre-to-centre distance."""
        return math.hypot(self.x - other.x, self.y - other.y)

    def toward(self, other: Point, distance: float) -> Point:
        """The point ``distance`` inches from here in the direction of ``other`` (not past)."""
        total = self.distance(other)
        if total <= distance or total == 0.0:
            return other
        f = distance / total
        return Point(self.x + (other.x - self.x) * f, self.y + (other.y - self.y) * f)

    def offset(self, angle_degrees: float, distance: float) -> Point:
        """The point ``distance`` inches away at ``angle_degrees`` (0 = +x, 90 = +y)."""
        rad = math.radians(angle_degrees)
        return Point(self.x + math.cos(rad) * distance, self.y + math.sin(rad) * distance)

    def angle_to(self, other: Point) -> float:
        """Direction to ``other`` in degrees, 0–360."""
        return math.degrees(math.atan2(other.y - self.y, other.x - self.x)) % 360.0


@dataclass(frozen=True, slots=True)
class Rect:
    """An axis-aligned rectangle (terrain, deployment zones, table quarters)."""

    x: float
    y: float
    width: float
    height: float

    @property
    def centre(self) -> Point:
        return Point(self.x + self.width / 2, self.y + self.height / 2)

    def contains(self, p: Point) -> bool:
        return self.x <= p.x <= self.x + self.width and self.y <= p.y <= self.y + self.height

    def distance_to(self, p: Point) -> float:
        """Distance from ``p`` to the rectangle (0 inside)."""
        dx = max(self.x - p.x, 0.0, p.x - (self.x + self.width))
        dy = max(self.y - p.y, 0.0, p.y - (self.y + self.height))
        return math.hypot(dx, dy)

    def depth_inside(self, p: Point) -> float:
        """How far inside ``p`` is (distance to the nearest edge; 0 outside)."""
        if not self.contains(p):
            return 0.0
        return min(
            p.x - self.x, self.x + self.width - p.x, p.y - self.y, self.y + self.height - p.y
        )

    def clamp(self, p: Point, margin: float = 0.0) -> Point:
        """``p`` moved inside the rectangle, ``margin`` from its edges (min(max(...)),
        written out: this runs for every move)."""
        x, low, high = p.x, self.x + margin, self.x + self.width - margin
        x = low if low > x else x
        x = high if high < x else x
        y, low, high = p.y, self.y + margin, self.y + self.height - margin
        y = low if low > y else y
        y = high if high < y else y
        return Point(x, y)

    def clip(self, a: Point, b: Point) -> tuple[float, float] | None:
        """Parameters (t0, t1) in [0, 1] of the part of segment a→b inside the rectangle
        (Liang–Barsky clipping), or None when it misses."""
        dx, dy = b.x - a.x, b.y - a.y
        t0, t1 = 0.0, 1.0
        for p, q in (
            (-dx, a.x - self.x),
            (dx, self.x + self.width - a.x),
            (-dy, a.y - self.y),
            (dy, self.y + self.height - a.y),
        ):
            if p == 0.0:
                if q < 0.0:
                    return None
                continue
            t = q / p
            if p < 0.0:
                if t > t0:
                    t0 = t
            elif t < t1:
                t1 = t
            if t0 > t1:
                return None
        return t0, t1

    def apart(self, a: Point, b: Point) -> bool:
        """Whether segment a→b lies wholly to one side of the rectangle (its bounding box
        misses it): a quick test before clipping."""
        right, top = self.x + self.width, self.y + self.height
        return (
            (a.x < self.x and b.x < self.x)
            or (a.x > right and b.x > right)
            or (a.y < self.y and b.y < self.y)
            or (a.y > top and b.y > top)
        )

    def segment_length_inside(self, a: Point, b: Point) -> float:
        """Length of segment a→b inside the rectangle."""
        if self.apart(a, b):
            return 0.0
        clipped = self.clip(a, b)
        if clipped is None:
            return 0.0
        return (clipped[1] - clipped[0]) * math.hypot(b.x - a.x, b.y - a.y)


def circle_overlap_area(r1: float, r2: float, d: float) -> float:
    """Area of the intersection of two circles of radii r1, r2 with centres d apart."""
    if d >= r1 + r2:
        return 0.0
    if d <= abs(r1 - r2):
        return math.pi * min(r1, r2) ** 2
    # cosines clamped: near tangency rounding can step just outside [-1, 1]
    c1 = min(1.0, max(-1.0, (d * d + r1 * r1 - r2 * r2) / (2 * d * r1)))
    c2 = min(1.0, max(-1.0, (d * d + r2 * r2 - r1 * r1) / (2 * d * r2)))
    a1 = r1 * r1 * math.acos(c1)
    a2 = r2 * r2 * math.acos(c2)
    a3 = 0.5 * math.sqrt(max(0.0, (-d + r1 + r2) * (d + r1 - r2) * (d - r1 + r2) * (d + r1 + r2)))
    return a1 + a2 - a3


def circle_segment_fraction(radius: float, depth: float) -> float:
    """Share of a circle's area lying within ``depth`` of one edge (a circular segment):
    how much of a blob of models is near the side an enemy touches."""
    if depth <= 0.0:
        return 0.0
    if depth >= 2 * radius:
        return 1.0
    d = radius - depth
    area = radius * radius * math.acos(d / radius) - d * math.sqrt(2 * radius * depth - depth**2)
    return area / (math.pi * radius * radius)


@dataclass(frozen=True, slots=True)
class TerrainArea:
    """Area terrain (seed 000 [16][17]): class, cover save (None = none) and height 1–3."""

    name: str
    rect: Rect
    kind: str = CLEAR
    cover_save: int | None = None
    height: int = 0

    @property
    def slows(self) -> bool:
        """Difficult and dangerous terrain slow movement (seed 000 [16])."""
        return self.kind in (DIFFICULT, DANGEROUS)


@dataclass(slots=True)
class Table:
    """The battlefield: size in inches and its terrain areas."""

    width: float = 72.0
    height: float = 48.0
    terrain: list[TerrainArea] = field(default_factory=list)

    @property
    def bounds(self) -> Rect:
        return Rect(0.0, 0.0, self.width, self.height)

    @property
    def centre(self) -> Point:
        return Point(self.width / 2, self.height / 2)

    def clamp(self, p: Point, margin: float = 0.0) -> Point:
        return self.bounds.clamp(p, margin)

    def areas_at(self, p: Point) -> list[TerrainArea]:
        """Terrain areas containing ``p``, in table order."""
        return [t for t in self.terrain if t.rect.contains(p)]

    def areas_on_path(self, a: Point, b: Point) -> list[TerrainArea]:
        """Terrain areas the segment a→b enters, leaves or crosses."""
        out = []
        for t in self.terrain:
            if t.rect.apart(a, b):
                continue
            if t.rect.contains(a) or t.rect.contains(b) or t.rect.segment_length_inside(a, b) > 0:
                out.append(t)
        return out

    def path_blocked(self, a: Point, b: Point) -> bool:
        """True when the segment a→b crosses impassable terrain."""
        for t in self.terrain:  # a plain loop: quicker than any() over a generator
            if t.kind == IMPASSABLE and t.rect.segment_length_inside(a, b) > 0:
                return True
        return False


def segment_entry_distance(rect: Rect, a: Point, b: Point) -> float | None:
    """Distance along a→b at which the segment first enters ``rect`` (0 if it starts
    inside; None if it never does)."""
    clipped = rect.clip(a, b)
    if clipped is None:
        return None
    return clipped[0] * a.distance(b)


def point_segment_distance(p: Point, a: Point, b: Point) -> float:
    """Distance from ``p`` to the segment a→b (LOS past a large model)."""
    dx, dy = b.x - a.x, b.y - a.y
    length2 = dx * dx + dy * dy
    if length2 == 0.0:
        return p.distance(a)
    t = ((p.x - a.x) * dx + (p.y - a.y) * dy) / length2
    t = t if t < 1.0 else 1.0  # max(0.0, min(1.0, t)), without the calls
    t = t if t > 0.0 else 0.0
    return math.hypot(a.x + dx * t - p.x, a.y + dy * t - p.y)
