"""Where a unit's models stand inside its footprint, for the templates that hit models one
by one (issue 18 "model-level geometry where it changes outcomes"; seed 000 [30][31]).

A unit is moved as one footprint (``Unit.position``, ``Unit.radius``). When a blast or a
flamer template is laid over it, what matters is which models' bases lie under it, so the
living models are laid out here in close coherency: a triangular (hex) lattice whose cell is
the unit's area per model (``army.AREA_PER_MODEL``, doubled for bikes and cavalry), i.e.
neighbours about 1.7" apart centre to centre (2.4" for bikes) — 25 mm bases with a gap of
about 0.7", well inside the 2" coherency of seed 000 [8]. The models fill the lattice
points nearest the unit's centre, so the layout covers the footprint disc and closes up
as casualties are removed (the owning player removes casualties, 4e p.25, and keeps the
squad in coherency). A vehicle or monstrous creature is one model whose "base" is its
whole footprint. The layout is always this close order: the engine's footprints (movement,
engagement, the AI's estimates) assume it, so a unit never spreads out against blasts.

NOT IN SEED: base sizes (25 mm infantry, ≈ 4e p.3) and the lattice itself; the layout is
the engine's stand-in for the player's own placement of models.
"""

from __future__ import annotations

import math
from functools import lru_cache

from rules.engine.geometry import Point
from rules.engine.systems.grimdark.army import (
    AREA_PER_MODEL,
    BIKE,
    CAVALRY,
    JETBIKE,
    MONSTROUS,
    Unit,
)

BASE_RADIUS = 0.5  # a 25 mm base, in inches (NOT IN SEED, ≈ 4e p.3)
WIDE_BASES = (BIKE, JETBIKE, CAVALRY)
WIDE_BASE_RADIUS = 0.75  # a bike's or a horse's longer base, as a circle (NOT IN SEED)


@lru_cache(maxsize=256)
def lattice_offsets(count: int, area_per_model: float) -> tuple[tuple[float, float], ...]:
    """``count`` points of a triangular lattice whose cell has ``area_per_model`` square
    inches, the ones nearest the origin (ties broken by angle, so the layout is the same on
    every run), shifted so that their centroid is the origin."""
    spacing = math.sqrt(2.0 * area_per_model / math.sqrt(3.0))
    rings = int(math.sqrt(count)) + 2
    points = []
    for j in range(-rings, rings + 1):
        for i in range(-rings, rings + 1):
            x, y = spacing * (i + j / 2.0), spacing * j * math.sqrt(3.0) / 2.0
            points.append((round(math.hypot(x, y), 9), math.atan2(y, x) % math.tau, x, y))
    chosen = sorted(points)[:count]
    cx = sum(p[2] for p in chosen) / count
    cy = sum(p[3] for p in chosen) / count
    return tuple((x - cx, y - cy) for _, _, x, y in chosen)


def single_model(unit: Unit) -> bool:
    """A vehicle or monstrous creature: one model the size of its footprint."""
    return unit.is_vehicle or unit.unit_type == MONSTROUS


def base_radius(unit: Unit) -> float:
    """The radius of one model's base: its whole footprint for a vehicle or monstrous
    creature, a bike's or a rider's longer base, else a 25 mm base."""
    if single_model(unit):
        return unit.radius
    return WIDE_BASE_RADIUS if unit.unit_type in WIDE_BASES else BASE_RADIUS


def model_spots(unit: Unit) -> list[Point]:
    """The centres of the unit's living models on the table (see the module docstring)."""
    centre = unit.position
    if single_model(unit) or unit.count <= 1:
        return [centre] if unit.count else []
    area = AREA_PER_MODEL * (2.0 if unit.unit_type in WIDE_BASES else 1.0)
    return [Point(centre.x + dx, centre.y + dy) for dx, dy in lattice_offsets(unit.count, area)]
