"""Line of sight from the leader, front arc, cover (seed 003 §3, §6 cover)."""

from __future__ import annotations

from rules.engine.systems.massbattle.footprint import (
    Footprint,
    Point,
    in_front_arc_partly,
    segment_inside,
)
from rules.engine.systems.massbattle.terrain import TerrainPiece


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
