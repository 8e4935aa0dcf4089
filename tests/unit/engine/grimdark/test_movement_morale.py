"""Movement, terrain, morale and regrouping (seed 000 [15]-[17]; 4e pp.47-49, pp.53-57)."""

from rules.engine.geometry import DANGEROUS, DIFFICULT, IMPASSABLE, Point, Rect, TerrainArea
from rules.engine.systems.grimdark import movement
from rules.engine.systems.grimdark.morale import fall_back_move, regroup_test

from .conftest import GAUNT, ScriptedDice, unit_data

WOODS = TerrainArea("Woods", Rect(0, 0, 72, 48), DIFFICULT, 5, 3)


def test_infantry_move_six_inches(make_battle):  # seed 000 [15]
    battle = make_battle([(unit_data("me"), (10, 10))], [(unit_data("foe"), (60, 40))])
    me = battle.units[0]
    moved = movement.move_unit(battle, me, Point(10, 40))
    assert abs(moved - 6.0) < 1e-6


def test_move_speeds_by_unit_type():  # 4e pp.53-57, pp.58-73
    from rules.engine.systems.grimdark.rosters import make_unit

    assert movement.max_move(make_unit(unit_data("j", unit_type="jump_infantry"), "a")) == 12
    assert movement.max_move(make_unit(unit_data("b", unit_type="bike"), "a")) == 12


def test_difficult_terrain_uses_highest_of_two_dice(make_battle):  # seed 000 [16]
    battle = make_battle(
        [(unit_data("me"), (10, 10))],
        [(unit_data("foe"), (60, 40))],
        dice=ScriptedDice([2, 3]),
        terrain=[WOODS],
    )
    me = battle.units[0]
    moved = movement.move_unit(battle, me, Point(10, 40))
    assert abs(moved - 3.0) < 1e-6


def test_bikes_are_not_slowed_but_test_dangerous_terrain(make_battle):  # 4e pp.53-57
    bikes = unit_data("bk", unit_type="bike", size=3, profile=dict(GAUNT, Sv="-"))
    battle = make_battle(
        [(bikes, (10, 10))],
        [(unit_data("foe"), (60, 40))],
        dice=ScriptedDice([1, 1, 1]),
        terrain=[WOODS],
    )
    me = battle.units[0]
    moved = movement.move_unit(battle, me, Point(10, 40))
    assert abs(moved - 12.0) < 1e-6
    assert me.count == 0


def test_dangerous_terrain_wounds_on_a_one(make_battle):  # seed 000 [17]
    vents = TerrainArea("Vents", Rect(0, 0, 72, 48), DANGEROUS, None, 0)
    squad = unit_data("me", size=4, profile=dict(GAUNT, Sv="-"))
    battle = make_battle(
        [(squad, (10, 10))],
        [(unit_data("foe"), (60, 40))],
        dice=ScriptedDice([6, 6, 1, 1, 6, 6]),
        terrain=[vents],
    )
    me = battle.units[0]
    movement.move_unit(battle, me, Point(10, 40))
    assert me.count == 2


def test_moves_never_end_within_one_inch_of_the_enemy(make_battle):  # seed 000 [15]
    battle = make_battle([(unit_data("me"), (10, 10))], [(unit_data("foe"), (10, 18))])
    me, foe = battle.units
    movement.move_unit(battle, me, foe.position)
    assert battle.gap(me, foe) >= 0.99


def test_impassable_terrain_is_walked_around(make_battle):  # seed 000 [16]
    wall = TerrainArea("Wall", Rect(5, 15, 10, 2), IMPASSABLE, None, 3)
    battle = make_battle(
        [(unit_data("me", size=1), (10, 12))], [(unit_data("foe"), (60, 40))], terrain=[wall]
    )
    me = battle.units[0]
    movement.move_unit(battle, me, Point(10, 30))
    assert not battle.table.path_blocked(Point(10, 12), me.position)


def test_fall_back_heads_for_own_edge_and_flees_off_it(make_battle):  # 4e pp.47-49
    battle = make_battle(
        [(unit_data("me"), (10, 5))], [(unit_data("foe"), (10, 40))], dice=ScriptedDice([6, 6])
    )
    me = battle.units[0]
    me.falling_back = True
    fall_back_move(battle, me)
    assert me.fled
    assert not me.on_table


def test_regroup_fails_below_half_strength(make_battle):  # 4e pp.47-49
    battle = make_battle(
        [(unit_data("me"), (10, 10))], [(unit_data("foe"), (10, 40))], dice=ScriptedDice([1, 1])
    )
    me = battle.units[0]
    me.falling_back = True
    for model in me.models[:6]:
        model.wounds = 0
    me.refresh()
    assert not regroup_test(battle, me)


def test_regroup_passes_ld_test_when_eligible(make_battle):  # 4e pp.47-49
    battle = make_battle(
        [(unit_data("me"), (10, 10))], [(unit_data("foe"), (10, 40))], dice=ScriptedDice([3, 3])
    )
    me = battle.units[0]
    me.falling_back = True
    assert regroup_test(battle, me)
    assert not me.falling_back


def test_knows_no_fear_regroups_even_below_half(make_battle):  # 4e pp.74-76
    battle = make_battle(
        [(unit_data("me", rules=["and_they_shall_know_no_fear"]), (10, 10))],
        [(unit_data("foe"), (10, 40))],
    )
    me = battle.units[0]
    me.falling_back = True
    for model in me.models[:8]:
        model.wounds = 0
    me.refresh()
    assert regroup_test(battle, me)
