"""Movement orders, terrain and spacing (seed 003 §4-§5)."""

from __future__ import annotations

import pytest

from rules.engine.systems.massbattle.movement import (
    order_advance,
    order_back,
    order_change_facing,
    order_march,
)
from tests.unit.engine.massbattle.helpers import piece, state, unit


def test_advance_moves_up_to_speed():  # seed 003 §4 Advance
    u = unit(y=10)
    st = state([u])
    assert order_advance(st, u, 0.0, 20.0) == pytest.approx(5.0)
    assert u.fp.y == pytest.approx(15.0)


def test_advance_pivot_is_limited_to_90_degrees():  # seed 003 §4 Advance pivot
    u = unit(y=20)
    order_advance(state([u]), u, 135.0, 0.0)
    assert u.fp.facing == pytest.approx(180.0)


def test_change_facing_has_no_angle_limit():  # seed 003 §4 Change Facing
    u = unit(y=20)
    order_change_facing(state([u]), u, 270.0)
    assert u.fp.facing == pytest.approx(270.0)
    assert u.fp.y == 20


def test_back_moves_half_speed():  # seed 003 §4 Back
    u = unit(y=20)
    st = state([u])
    assert order_back(st, u) == pytest.approx(2.5)
    assert u.fp.y == pytest.approx(17.5)


def test_march_moves_double_speed():  # seed 003 §4 March
    u = unit(y=10)
    assert order_march(state([u]), u) == pytest.approx(10.0)


def test_war_engines_may_not_march():  # seed 003 §4 March
    engine = unit(unit_type="war_engine", size=1)
    with pytest.raises(ValueError, match="march"):
        order_march(state([engine]), engine)


def test_area_terrain_costs_double():  # seed 003 §5 area terrain
    u = unit(y=10)
    wood = piece("area", 36, 20, 20, 12)
    st = state([u], [wood])
    moved = order_march(st, u)
    assert moved < 10.0  # part of the move is inside the wood at double cost
    assert moved == pytest.approx(7.0)  # 4" to the edge, then 3" for 6" of allowance


def test_blocking_terrain_stops_movement():  # seed 003 §5 blocking terrain
    u = unit(y=10)
    tower = piece("blocking", 36, 17, 6, 2)
    st = state([u], [tower])
    order_advance(st, u, 0.0, 5.0)
    assert u.fp.y + u.fp.depth / 2 <= 16.0 + 1e-9


def test_flyers_pass_over_blocking_terrain():  # seed 003 §9 Fly
    u = unit(unit_type="monster", size=1, y=10, rules=["fly"], Sp=10)
    tower = piece("blocking", 36, 16, 6, 2)
    order_advance(state([u], [tower]), u, 0.0, 10.0)
    assert u.fp.y == pytest.approx(20.0)


def test_marching_units_may_not_cross_obstacles():  # seed 003 §5 obstacles
    u = unit(y=10)
    wall = piece("obstacle", 36, 16, 10, 0.5)
    st = state([u], [wall])
    order_march(st, u)
    assert u.fp.y + u.fp.depth / 2 < 15.75
    other = unit("o", y=10)
    order_advance(state([other], [wall]), other, 0.0, 5.0)
    assert other.fp.y == pytest.approx(15.0)  # advancing may cross


def test_units_end_one_inch_from_enemies():  # seed 003 §4 1" spacing
    u = unit(y=10)
    enemy = unit("e", side="b", y=18, facing=270.0)
    order_march(state([u, enemy]), u)
    gap = (enemy.fp.y - enemy.fp.depth / 2) - (u.fp.y + u.fp.depth / 2)
    assert gap >= 1.0 - 1e-6
    assert gap < 1.6


def test_friends_may_be_passed_through_but_not_ended_on():  # seed 003 §4 passing units
    u = unit(y=10)
    friend = unit("f", y=15)
    st = state([u, friend])
    order_march(st, u)
    assert u.fp.y == pytest.approx(20.0)
    blocker = unit("e", side="b", y=15)
    v = unit("v", y=10)
    order_march(state([v, blocker]), v)
    assert v.fp.y < 12.0  # enemies block
