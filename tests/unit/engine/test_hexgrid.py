"""Hex grid geometry (seed 004; arcs reconstructed: seed 004 "Reach", "Arc of vision")."""

from rules.engine import hexgrid
from rules.engine.hexgrid import ARC_NARROW

ORIGIN = (0, 0)


def test_distance_and_neighbours():
    assert [hexgrid.distance(ORIGIN, n) for n in hexgrid.neighbours(ORIGIN)] == [1] * 6
    assert hexgrid.distance((0, 0), (3, -1)) == 3
    assert hexgrid.distance((2, -4), (-1, 1)) == 5


def test_offset_round_trip():
    for col in range(6):
        for row in range(6):
            assert hexgrid.axial_to_offset(hexgrid.offset_to_axial(col, row)) == (col, row)


def test_three_front_two_side_one_back_hexes_for_every_facing():
    # seed 004 "Reach": 3 front, 2 side, 1 back
    for facing in range(6):
        assert sorted(hexgrid.front_hexes(ORIGIN, facing)) == hexgrid.arc_hexes(
            ORIGIN, facing, 1, "front"
        )
        assert sorted(hexgrid.side_hexes(ORIGIN, facing)) == hexgrid.arc_hexes(
            ORIGIN, facing, 1, "side"
        )
        assert [hexgrid.rear_hex(ORIGIN, facing)] == hexgrid.arc_hexes(ORIGIN, facing, 1, "rear")


def test_reach_hexes_c_1_2_3():
    # seed 004 "Reach": C own hex, 1 the front hexes, 2 and 3 the front arc (5 and 7 hexes)
    assert hexgrid.reach_hexes(ORIGIN, 0, "C") == [ORIGIN]
    assert hexgrid.reach_hexes(ORIGIN, 0, 1) == [(0, 1), (1, -1), (1, 0)]
    assert hexgrid.reach_hexes(ORIGIN, 0, 2) == [(0, 2), (1, 1), (2, -2), (2, -1), (2, 0)]
    assert len(hexgrid.reach_hexes(ORIGIN, 0, 3)) == 7
    assert (3, 0) in hexgrid.reach_hexes(ORIGIN, 0, 3)
    assert (0, 3) in hexgrid.reach_hexes(ORIGIN, 0, 3)


def test_narrow_arc_setting_gives_fewer_reach_hexes():
    assert [len(hexgrid.reach_hexes(ORIGIN, 2, r, ARC_NARROW)) for r in (1, 2, 3)] == [3, 3, 5]


def test_arc_of_rear_and_side():
    assert hexgrid.arc_of(ORIGIN, 0, (-2, 0)) == "rear"
    assert hexgrid.arc_of(ORIGIN, 0, (0, -2)) == "side"
    assert hexgrid.arc_of(ORIGIN, 0, ORIGIN) == "same"
    assert hexgrid.side_of(ORIGIN, 0, (0, -1)) == "left"
    assert hexgrid.side_of(ORIGIN, 0, (-1, 1)) == "right"


def test_line_steps_single_hexes_and_hex_side_pairs():
    assert hexgrid.line_steps(ORIGIN, (3, 0)) == [((1, 0),), ((2, 0),)]
    assert hexgrid.line_steps(ORIGIN, (2, -1)) == [((1, -1), (1, 0))]


def test_facing_helpers():
    assert [hexgrid.direction_to(ORIGIN, n) for n in hexgrid.neighbours(ORIGIN)] == list(range(6))
    assert hexgrid.facing_turns(0, 3) == 3
    assert hexgrid.facing_turns(5, 1) == 2
    assert hexgrid.turn_towards(0, 4, 1) == 5
