"""Terrain pieces and the random table layout (seed 003 §5 terrain, §12 step 3)."""

from __future__ import annotations

from dataclasses import dataclass

from rules.engine.dice import Dice
from rules.engine.systems.massbattle import constants as C
from rules.engine.systems.massbattle.footprint import Footprint, overlaps

KINDS = ("blocking", "obstacle", "decorative", "area")


@dataclass(slots=True)
class TerrainPiece:
    """One piece of terrain with its agreed type (seed 003 §5)."""

    id: str
    kind: str
    name: str
    fp: Footprint


def move_cost_factor(pieces: list[TerrainPiece], x: float, y: float) -> float:
    """Area terrain is difficult: each inch inside costs 2" (seed 003 §5); decorative terrain
    is ignored (seed 003 §5)."""
    for piece in pieces:
        if piece.kind == "area":
            u, v = piece.fp.local(x, y)
            if abs(u) < piece.fp.depth / 2 and abs(v) < piece.fp.width / 2:
                return 2.0
    return 1.0


_LAYOUT: tuple[tuple[str, str, float, float], ...] = (
    ("blocking", "Old watchtower", 4.0, 4.0),
    ("blocking", "Granary", 5.0, 3.0),
    ("obstacle", "Dry-stone wall", 0.5, 8.0),
    ("obstacle", "Thorn hedge", 0.5, 6.0),
    ("area", "Birch copse", 7.0, 6.0),
    ("area", "Ploughed field", 8.0, 6.0),
    ("decorative", "Lone oak", 1.0, 1.0),
)


def generate_terrain(dice: Dice) -> list[TerrainPiece]:
    """Place D3+3 pieces of the four types in the middle band of the table, never in the
    deployment zones, none overlapping (seed 003 §12 step 3, "place it together")."""
    count = dice.d3() + 3
    pieces: list[TerrainPiece] = []
    for index in range(count):
        kind, name, depth, width = _LAYOUT[index]
        for _attempt in range(30):
            x = dice.uniform(8.0, C.TABLE_WIDTH - 8.0)
            y = dice.uniform(C.CENTRE_LINE_Y - 8.0, C.CENTRE_LINE_Y + 8.0)
            # Obstacles run along the table (facing 90: their width lies along x).
            facing = 90.0 if kind == "obstacle" else 0.0
            fp = Footprint(round(x, 2), round(y, 2), facing, width, depth)
            if not any(overlaps(fp, p.fp, 3.0) for p in pieces):
                pieces.append(TerrainPiece(f"t{index + 1}", kind, name, fp))
                break
    return pieces
