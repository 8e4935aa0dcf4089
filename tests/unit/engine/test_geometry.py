"""Table geometry (rules/engine/geometry.py, seed 000 [6][15]-[17])."""

import math

import pytest

from rules.engine.geometry import (
    DIFFICULT,
    IMPASSABLE,
    Point,
    Rect,
    Table,
    TerrainArea,
    circle_overlap_area,
    point_segment_distance,
    segment_entry_distance,
)


def test_segment_clipping_and_entry():
    rect = Rect(4, -1, 2, 2)
    assert rect.segment_length_inside(Point(0, 0), Point(10, 0)) == pytest.approx(2.0)
    assert segment_entry_distance(rect, Point(0, 0), Point(10, 0)) == pytest.approx(4.0)
    assert segment_entry_distance(rect, Point(0, 5), Point(10, 5)) is None


def test_terrain_queries():
    table = Table(
        72,
        48,
        [
            TerrainArea("Woods", Rect(10, 10, 5, 5), DIFFICULT, 5, 3),
            TerrainArea("Cliff", Rect(30, 0, 2, 48), IMPASSABLE, None, 3),
        ],
    )
    assert [a.name for a in table.areas_at(Point(12, 12))] == ["Woods"]
    assert table.terrain[0].slows
    assert table.path_blocked(Point(20, 5), Point(40, 5))
    assert not table.path_blocked(Point(0, 5), Point(20, 5))
    assert [a.name for a in table.areas_on_path(Point(0, 12), Point(20, 12))] == ["Woods"]


def test_circle_overlap_area():
    assert circle_overlap_area(1, 1, 3) == 0.0
    assert circle_overlap_area(1, 2, 0) == pytest.approx(math.pi)
    half = circle_overlap_area(1, 1, 1)
    assert 0 < half < math.pi


def test_point_segment_distance():
    assert point_segment_distance(Point(5, 3), Point(0, 0), Point(10, 0)) == pytest.approx(3)
    assert point_segment_distance(Point(-4, 3), Point(0, 0), Point(10, 0)) == pytest.approx(5)


def test_circle_segment_fraction():
    from rules.engine.geometry import circle_segment_fraction

    assert circle_segment_fraction(2.0, 0.0) == 0.0
    assert circle_segment_fraction(2.0, 4.0) == 1.0
    assert circle_segment_fraction(2.0, 2.0) == pytest.approx(0.5)
    assert 0 < circle_segment_fraction(5.0, 1.0) < 0.2
