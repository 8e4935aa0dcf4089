"""Hex-map rules of seed 004 with its numbers."""

from dataclasses import replace

from rules.engine import hexgrid
from rules.engine.systems.hextactical import tactics
from rules.engine.systems.hextactical.board import Board
from rules.engine.systems.hextactical.scenario import Layout
from rules.engine.systems.hextactical.settings import DEFAULT_SETTINGS


def test_opportunity_fire_penalty_table():
    # seed 004 "Opportunity fire": 1 hex 0, 2 −1, 3–4 −2, 5–6 −3, 7–10 −4, 11+ −5, line −2
    expected = {1: 0, 2: -1, 3: -2, 4: -2, 5: -3, 6: -3, 7: -4, 10: -4, 11: -5, 30: -5}
    for hexes, penalty in expected.items():
        assert tactics.opportunity_fire_penalty(hexes) == penalty
    assert tactics.opportunity_fire_penalty(line=True) == -2
    assert tactics.opportunity_fire_may_aim(1)
    assert not tactics.opportunity_fire_may_aim(2)


def _occupants(table):
    return lambda h: table.get(h, [])


def test_minus_four_per_person_in_the_way():
    # seed 004 "Firing through occupied hexes": −4 per person, friend or foe
    steps = hexgrid.line_steps((0, 0), (4, 0))
    people = {(1, 0): [("x", "standing")], (2, 0): [("y", "standing"), ("z", "standing")]}
    groups = tactics.people_in_the_way(steps, _occupants(people), "standing")
    assert [g.ids for g in groups] == [("x",), ("y", "z")]
    assert tactics.in_the_way_penalty(groups) == -12


def test_hex_side_line_counts_once_and_only_when_both_hexes_occupied():
    # seed 004: along a hex border no penalty unless both hexes occupied, then one −4
    steps = hexgrid.line_steps((0, 0), (2, -1))
    one = {(1, -1): [("x", "standing")]}
    both = {(1, -1): [("x", "standing")], (1, 0): [("y", "standing")]}
    assert (
        tactics.in_the_way_penalty(tactics.people_in_the_way(steps, _occupants(one), "standing"))
        == 0
    )
    groups = tactics.people_in_the_way(steps, _occupants(both), "standing")
    assert tactics.in_the_way_penalty(groups) == -4
    assert groups[0].pair


def test_prone_and_kneeling_occupants_not_in_the_way_of_standing_shooter():
    assert not tactics.in_the_way("prone", "standing")
    assert tactics.in_the_way("prone", "prone")
    assert not tactics.in_the_way("kneeling", "standing")
    assert tactics.in_the_way("kneeling", "sitting")


def test_melee_through_enemy_minus_four_ally_free():
    # seed 004 "Attacking through occupied hexes"
    steps = hexgrid.line_steps((0, 0), (3, 0))
    sides = {(1, 0): "b", (2, 0): "b"}
    assert tactics.melee_through_penalty(steps, sides.get, "a") == -8
    single = replace(DEFAULT_SETTINGS, melee_enemy_hex_penalty_each=False)
    assert tactics.melee_through_penalty(steps, sides.get, "a", single) == -4
    assert tactics.melee_through_penalty(steps, {(1, 0): "a"}.get, "a") == 0
    pair = hexgrid.line_steps((0, 0), (2, -1))
    assert tactics.melee_through_penalty(pair, {(1, -1): "b", (1, 0): "a"}.get, "a") == 0
    assert tactics.melee_through_penalty(pair, {(1, -1): "b", (1, 0): "b"}.get, "a") == -4


def test_wild_swing_minus_five_and_skill_capped_at_nine():
    # seed 004 "Wild swings": −5 or visibility, effective skill at most 9
    assert tactics.wild_swing_modifier() == -5
    assert tactics.wild_swing_modifier(-6) == -6
    assert tactics.wild_swing_skill(18, -5) == 9
    assert tactics.wild_swing_skill(12, -5) == 7
    literal = replace(DEFAULT_SETTINGS, wild_swing_caps_skill=False)
    assert tactics.wild_swing_skill(18, -10, literal) == 9
    assert tactics.is_wild_swing("side", "left", (), 1, "right") == (True, 0)
    assert tactics.is_wild_swing("side", "right", ("peripheral-vision",), 1, "right") == (False, 0)
    assert tactics.is_wild_swing("rear", "", ("360-vision",), 1, "right") == (False, -2)
    assert not tactics.wild_thrust_allowed("thrust", 2)


def test_blind_fire_minus_ten_capped_at_nine():
    # seed 004 "Blind fire"
    assert tactics.blind_fire_skill(25) == 9
    assert tactics.blind_fire_skill(15) == 5
    assert not tactics.in_arc_of_vision("side", ())
    assert tactics.in_arc_of_vision("side", ("peripheral-vision",))


def test_wrong_target_roll_vs_nine_or_lower_skill():
    # seed 004 "Hitting the wrong target"
    assert tactics.wrong_target_number(14) == 9
    assert tactics.wrong_target_number(6) == 6


def test_pop_up_attack_penalty_and_weapons():
    assert tactics.POP_UP_PENALTY == -2
    assert tactics.pop_up_allowed("crossbow")
    assert not tactics.pop_up_allowed("bow")


def test_flank_and_rear_defence_limits():
    # seed 004: side −2, no block from weapon side, no one-hand parry from the other side
    right = tactics.defence_allowance("side", "right", (), "right", 1)
    assert (right.dodge, right.parry, right.block) == (-2, -2, None)
    left = tactics.defence_allowance("side", "left", (), "right", 1)
    assert (left.dodge, left.parry, left.block) == (-2, None, -2)
    rear = tactics.defence_allowance("rear", "", (), "right", 1)
    assert (rear.dodge, rear.parry, rear.block) == (None, None, None)
    pv = tactics.defence_allowance("rear", "", ("peripheral-vision",), "right", 1)
    assert (pv.dodge, pv.parry, pv.block) == (-2, -4, None)


def test_close_combat_rules():
    assert tactics.close_combat_weapon_ok((0, 1))
    assert not tactics.close_combat_weapon_ok((1, 2))
    assert tactics.close_combat_ranged_modifier(-6) == -6
    assert sorted(tactics.leave_hexes((0, 0), 3)) == sorted(
        [hexgrid.neighbour((0, 0), d) for d in (2, 3, 4)]
    )


def test_range_modifier_brackets():
    assert [tactics.range_modifier(d) for d in (2, 3, 5, 7, 10, 15, 20)] == [
        0,
        -1,
        -2,
        -3,
        -4,
        -5,
        -6,
    ]


def test_occupied_steps_keep_the_steps_people_in_the_way_can_come_from():
    # only a held single hex, or a hex-side pair with both hexes held, puts anyone in the way
    board = Board(Layout(8, 8), {})
    assert board.occupied_steps((0, 0), (4, 0)) == []
    board.occ = {(2, 0): [], (1, -1): []}
    assert board.occupied_steps((0, 0), (4, 0)) == [((2, 0),)]
    assert board.occupied_steps((0, 0), (2, -1)) == []
    board.occ[(1, 0)] = []
    assert board.occupied_steps((0, 0), (2, -1)) == [((1, -1), (1, 0))]
    assert board.occupied_steps((0, 0), (4, 0)) == [((1, 0),), ((2, 0),)]


def test_in_melee_reach_is_membership_of_the_reach_hexes():
    # seed 004 "Reach": C = own hex, 1 = the 3 front hexes, 2/3 = front-arc hexes
    pos = (3, 2)
    near = [(pos[0] + dq, pos[1] + dr) for dq in range(-4, 5) for dr in range(-4, 5)]
    for facing in range(6):
        for reach in range(4):
            hexes = hexgrid.reach_hexes(pos, facing, "C" if reach == 0 else reach)
            inside = [h for h in near if tactics.in_melee_reach(pos, facing, reach, h)]
            assert sorted(inside) == sorted(hexes)
    assert tactics.in_melee_reach(pos, 0, 1, (4, 2))
    assert not tactics.in_melee_reach(pos, 3, 1, (4, 2))
