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
    segment_inside,
)
from rules.engine.systems.massbattle.terrain import TerrainPiece

UNCLEAR_SIGHT_SEEN = 1  # one point of five seen: visible on a D6 4+ (seed 003 §3)
UNCLEAR_COVER_SEEN = 2  # two points of five seen: out of cover on a D6 4+ (seed 003 §6)
UNCLEAR_ROLL = 4


def points_seen(
    terrain: list[TerrainPiece], others: list[Footprint], looker: Footprint, target: Footprint
) -> int:
    """How many of the target's sample points the looker's leader sees past terrain and the
    ``others`` (every unit but the two)."""
    eye = looker.leader()
    return visible_points(eye, target, sight_blockers(terrain, others, eye, target))[0]


def visible_points(eye: Point, target: Footprint, blockers: list[Footprint]) -> tuple[int, int]:
    """(visible, total) sample points of the target seen from ``eye`` past the blockers."""
    samples = target.samples()
    if not blockers:
        return len(samples), len(samples)
    px, py = eye
    seen = 0
    for point in samples:
        qx, qy = point
        dx, dy = qx - px, qy - py
        length2 = dx * dx + dy * dy or 1e-9
        hidden = False
        for fp in blockers:
            t = ((fp.x - px) * dx + (fp.y - py) * dy) / length2
            t = 0.0 if t < 0.0 else (1.0 if t > 1.0 else t)
            cx, cy = px + t * dx - fp.x, py + t * dy - fp.y
            if cx * cx + cy * cy > fp.r * fp.r:
                continue
            if segment_inside(fp, eye, point, shrink=0.05) > 0.0:
                hidden = True
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
    seen, total = visible_points(looker.leader(), target, blockers)
    if seen == 0:
        return False, False
    return True, seen * 2 <= total


def sight_blockers(
    terrain: list[TerrainPiece], others: list[Footprint], eye: Point, target: Footprint
) -> list[Footprint]:
    """Blocking terrain and other units close to the line from ``eye`` to the target."""
    px, py = eye
    dx, dy = target.x - px, target.y - py
    length2 = dx * dx + dy * dy or 1e-9
    out = []
    tr = target.r
    for group in ([p.fp for p in terrain if p.kind == "blocking"], others):
        for fp in group:
            ex, ey = fp.x - px, fp.y - py
            t = (ex * dx + ey * dy) / length2
            t = 0.0 if t < 0.0 else (1.0 if t > 1.0 else t)
            cx, cy = t * dx - ex, t * dy - ey
            reach = fp.r + tr
            if cx * cx + cy * cy <= reach * reach:
                out.append(fp)
    return out
