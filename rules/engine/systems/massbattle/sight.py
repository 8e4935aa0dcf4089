"""Line of sight from the leader, front arc, cover (seed 003 §3, §6 cover).

Sight and cover sample the target's centre and four corners. Two counts are the unclear
cases the seed settles with a D6 (seed 003 §3: "roll a D6, 4+ visible"; §6 cover: "4+ not in
cover"): one point seen of five (the leader sees at most a corner of it), and two of five
(about half hidden, where the five points cannot tell "at least half" from less).
"""

from __future__ import annotations

from rules.engine.systems.massbattle.footprint import (
    Footprint,
    Point,
    in_front_arc_partly,
    segment_crosses,
)
from rules.engine.systems.massbattle.terrain import TerrainPiece

UNCLEAR_SIGHT_SEEN = 1  # one point of five seen: visible on a D6 4+ (seed 003 §3)
UNCLEAR_COVER_SEEN = 2  # two points of five seen: out of cover on a D6 4+ (seed 003 §6)
UNCLEAR_ROLL = 4


# the units passed over, the blockers among them and the (visible, total) sample points
_Look = tuple[tuple[Footprint, ...], tuple[Footprint, ...], tuple[int, int]]


class SightMemo:
    """Sight already worked out in this battle, by footprint: footprints are never changed
    in place, so the same looker and target footprints past the same other footprints (or
    the same blockers among them) see the same points, and the front arc of one footprint
    holds another or not for good. One per battle (``BattleState.sight``); the answers are
    those of ``points_seen`` and ``can_see``."""

    __slots__ = ("_arcs", "_points", "_terrain", "_walls")

    def __init__(self) -> None:
        self._arcs: dict[tuple[Footprint, Footprint], bool] = {}
        self._points: dict[tuple[Footprint, Footprint], _Look] = {}
        self._terrain: list[TerrainPiece] | None = None
        self._walls: list[Footprint] = []

    def walls(self, terrain: list[TerrainPiece]) -> list[Footprint]:
        """The blocking terrain's footprints, kept while the battle's terrain list is the same
        (terrain is laid out once and never moves)."""
        if terrain is not self._terrain:
            self._terrain = terrain
            self._walls = blocking_terrain(terrain)
        return self._walls

    def in_front_arc(self, looker: Footprint, target: Footprint) -> bool:
        """``in_front_arc_partly(looker, target)``."""
        key = (looker, target)
        inside = self._arcs.get(key)
        if inside is None:
            inside = self._arcs[key] = in_front_arc_partly(looker, target)
        return inside

    def look(
        self,
        terrain: list[TerrainPiece],
        others: list[Footprint],
        looker: Footprint,
        target: Footprint,
    ) -> tuple[int, int]:
        """(visible, total) sample points of the target from the looker's leader past
        terrain and the ``others`` (``visible_points`` past their ``sight_blockers``). The
        last look of each pair is kept: it serves again while the others, or else the
        blockers among them, are the same footprints."""
        key = (looker, target)
        crowd = tuple(others)
        known = self._points.get(key)
        if known is not None and known[0] == crowd:
            return known[2]
        eye = looker.leader()
        blockers = sight_blockers(self.walls(terrain), others, eye, target)
        walls = tuple(blockers)
        if known is not None and known[1] == walls:
            answer = known[2]
        else:
            answer = visible_points(eye, target, blockers)
        self._points[key] = (crowd, walls, answer)
        return answer

    def sight(
        self,
        terrain: list[TerrainPiece],
        others: list[Footprint],
        looker: Footprint,
        target: Footprint,
        all_round: bool = False,
    ) -> tuple[bool, bool]:
        """``can_see`` past terrain and the ``others``' ``sight_blockers``."""
        if not all_round and not self.in_front_arc(looker, target):
            return False, False
        return _verdict(*self.look(terrain, others, looker, target))


def points_seen(
    terrain: list[TerrainPiece],
    others: list[Footprint],
    looker: Footprint,
    target: Footprint,
    memo: SightMemo | None = None,
) -> int:
    """How many of the target's sample points the looker's leader sees past terrain and the
    ``others`` (every unit but the two); ``memo`` keeps the answer."""
    if memo is not None:
        return memo.look(terrain, others, looker, target)[0]
    eye = looker.leader()
    walls = blocking_terrain(terrain)
    return visible_points(eye, target, sight_blockers(walls, others, eye, target))[0]


def visible_points(eye: Point, target: Footprint, blockers: list[Footprint]) -> tuple[int, int]:
    """(visible, total) sample points of the target seen from ``eye`` past the blockers.
    The blocker that hid the last point is tried first for the next (neighbouring points
    are mostly hidden by the same one); the count does not depend on the order."""
    samples = target.samples()
    if not blockers:
        return len(samples), len(samples)
    px, py = eye
    order = list(blockers)
    seen = 0
    for point in samples:
        qx, qy = point
        dx, dy = qx - px, qy - py
        length2 = dx * dx + dy * dy or 1e-9
        hidden = False
        for index, fp in enumerate(order):
            t = ((fp.x - px) * dx + (fp.y - py) * dy) / length2
            t = 0.0 if t < 0.0 else (1.0 if t > 1.0 else t)
            cx, cy = px + t * dx - fp.x, py + t * dy - fp.y
            if cx * cx + cy * cy > fp.r * fp.r:
                continue
            if segment_crosses(fp, eye, point, shrink=0.05):
                hidden = True
                if index:
                    order.insert(0, order.pop(index))
                break
        if not hidden:
            seen += 1
    return seen, len(samples)


def can_see(
    looker: Footprint,
    target: Footprint,
    blockers: list[Footprint],
    all_round: bool = False,
) -> tuple[bool, bool]:
    """(sees, in_cover): the target must be partly in the front arc (Individuals see all
    round) and the leader must see part of it; it is in cover when at least half of it is
    hidden behind blocking terrain or models (seed 003 §3 sight, §6 cover)."""
    if not all_round and not in_front_arc_partly(looker, target):
        return False, False
    return _verdict(*visible_points(looker.leader(), target, blockers))


def _verdict(seen: int, total: int) -> tuple[bool, bool]:
    """(sees, in_cover) of ``seen`` sample points of ``total`` (``can_see``)."""
    if seen == 0:
        return False, False
    return True, seen * 2 <= total


def blocking_terrain(terrain: list[TerrainPiece]) -> list[Footprint]:
    """The footprints of the blocking pieces, in layout order (seed 003 §5)."""
    return [p.fp for p in terrain if p.kind == "blocking"]


def sight_blockers(
    walls: list[Footprint], others: list[Footprint], eye: Point, target: Footprint
) -> list[Footprint]:
    """Blocking terrain (``walls``, ``blocking_terrain``) and other units close to the line
    from ``eye`` to the target: their bounding circle comes within the target's of it (those
    outside the line's box grown by both radii are passed over first, as they cannot). The
    target's own footprint among ``others`` is passed over, so a looker may pass every unit
    but itself."""
    px, py = eye
    tx, ty = target.x, target.y
    dx, dy = tx - px, ty - py
    length2 = dx * dx + dy * dy or 1e-9
    tr = target.r
    lo_x, hi_x = min(px, tx) - tr - 1e-6, max(px, tx) + tr + 1e-6
    lo_y, hi_y = min(py, ty) - tr - 1e-6, max(py, ty) + tr + 1e-6
    out = []
    for group in (walls, others):
        for fp in group:
            if fp is target:
                continue
            fx, fy, fr = fp.x, fp.y, fp.r
            if fx + fr < lo_x or fx - fr > hi_x or fy + fr < lo_y or fy - fr > hi_y:
                continue
            ex, ey = fx - px, fy - py
            t = (ex * dx + ey * dy) / length2
            t = 0.0 if t < 0.0 else (1.0 if t > 1.0 else t)
            cx, cy = t * dx - ex, t * dy - ey
            reach = fr + tr
            if cx * cx + cy * cy <= reach * reach:
                out.append(fp)
    return out
