"""Climbing, jumping down and falling (issue 19, in battle). NOT IN SEED: seed 001 is the
close-combat chapter; published Mordheim rules, Movement ("Climbing": height climbed within
M, one Initiative test, a failed climb up means no move; "Jumping down": up to 6", one
Initiative test per full 2", a failure is a fall; "Falling": D3 hits at S = the height, no
armour save) and Charge (climbing to charge: one Initiative test or the charge fails)."""

from __future__ import annotations

from rules.engine.geometry import CLEAR, Rect, TerrainArea
from rules.engine.systems.skirmish.ai import SkirmishPolicy
from rules.engine.systems.skirmish.climbing import (
    downed_on_a_floor,
    fall,
    jump_down,
)
from rules.engine.systems.skirmish.movement import change_level, charge
from rules.engine.systems.skirmish.shooting import line_of_sight
from rules.engine.systems.skirmish.tables import KNOCKED_DOWN, STANDING
from tests.unit.engine.skirmish.helpers import ScriptedDice, battle_state, fighter


def place(f, x, y, z=0.0):
    f.x, f.y, f.z = float(x), float(y), float(z)
    return f


def tower(level=2):
    return TerrainArea("tower", Rect(20, 20, 4, 4), CLEAR, None, level)  # floor 4" up


def test_a_shooter_climbs_when_move_and_height_fit_in_its_move():
    archer = place(fighter("a", "s", items=("bow",), M=6, I=3), 19, 22)
    state = battle_state([archer], [place(fighter("b", "t"), 40, 40)], ScriptedDice([2]))
    state.table.terrain.append(tower())
    assert change_level(state, archer, 21, 22, SkirmishPolicy())  # 2" + 4" = 6" = M
    assert archer.z == 4.0


def test_a_failed_climb_up_means_no_move():
    archer = place(fighter("a", "s", items=("bow",), M=6, I=3), 19, 22)
    state = battle_state([archer], [place(fighter("b", "t"), 40, 40)], ScriptedDice([5]))
    state.table.terrain.append(tower())
    assert not change_level(state, archer, 21, 22, SkirmishPolicy())
    assert archer.z == 0.0


def test_no_climb_when_the_height_does_not_fit():
    archer = place(fighter("a", "s", items=("bow",), M=4), 18, 22)
    state = battle_state([archer], [place(fighter("b", "t"), 40, 40)], ScriptedDice([]))
    state.table.terrain.append(tower())
    assert change_level(state, archer, 21, 22, SkirmishPolicy())  # 3" + 4" > 4": stays below
    assert archer.z == 0.0


def test_jumping_down_tests_initiative_per_full_two_inches():
    jumper = place(fighter("a", "j", I=4), 21, 21, z=4.0)
    state = battle_state([jumper], [place(fighter("b", "t"), 40, 40)], ScriptedDice([3, 4]))
    state.table.terrain.append(tower())
    assert jump_down(state, jumper)
    assert jumper.z == 0.0
    assert state.dice.used == [3, 4]  # two tests for 4"


def test_a_failed_jump_is_a_fall_with_d3_hits_at_the_height_and_no_save():
    jumper = place(fighter("a", "j", I=3, T=3, W=1, items=("heavy-armour",)), 21, 21, z=4.0)
    # I test 5 fails; D3 (d6 4 → 2 hits); to wound S4 v T3 needs 3: 3 and 6 wound; no save;
    # the injury dice for the two wounds past 0 W: 1 and 5 → out of action (worst stands)
    dice = ScriptedDice([5, 4, 3, 6, 1, 5])
    state = battle_state([jumper], [place(fighter("b", "t"), 40, 40)], dice)
    state.table.terrain.append(tower())
    assert not jump_down(state, jumper)
    assert jumper.z == 0.0
    assert jumper.state == "out_of_action"
    assert any(e.text.startswith('falls 4"') for e in state.log.events)


def test_a_fall_wounds_at_the_height_strength():
    faller = place(fighter("a", "f", T=3, W=3), 21, 21, z=2.0)
    # D3: d6 1 → 1 hit at S2 v T3 needs 5: a 5 wounds
    state = battle_state([faller], [place(fighter("b", "t"), 40, 40)], ScriptedDice([1, 5]))
    fall(state, faller, 2.0)
    assert faller.wounds == 2
    assert faller.state == STANDING


def test_a_fighter_downed_near_the_floor_edge_may_slip_and_fall():
    edge = place(fighter("a", "e", I=3, T=3, W=1), 20.5, 22, z=4.0)
    edge.state = KNOCKED_DOWN
    # I test 6 fails; D3 (d6 2 → 1 hit) S4 v T3: 2 misses the wound
    state = battle_state([edge], [place(fighter("b", "t"), 40, 40)], ScriptedDice([6, 2, 2]))
    state.table.terrain.append(tower())
    downed_on_a_floor(state, edge)
    assert edge.z == 0.0


def test_charging_up_to_a_floor_takes_an_initiative_test():
    charger = place(fighter("a", "c", M=4, I=3), 22, 16)
    target = place(fighter("b", "t"), 22, 21, z=4.0)
    state = battle_state([charger], [target], ScriptedDice([6]))
    state.table.terrain.append(tower())
    assert not charge(state, charger, target)
    assert charger.no_shoot
    state = battle_state([charger], [target], ScriptedDice([2]))
    state.table.terrain.append(tower())
    assert charge(state, charger, target)
    assert charger.z == 4.0


def test_up_on_a_floor_a_fighter_sees_over_other_walls():
    shooter = place(fighter("a", "s", items=("bow",)), 10, 22)
    target = place(fighter("b", "t"), 30, 22)
    state = battle_state([shooter], [target])
    state.table.terrain.append(TerrainArea("wall", Rect(15, 18, 6, 8), CLEAR, None, 1))
    assert not line_of_sight(state, shooter, target)
    shooter.z = 2.0
    assert line_of_sight(state, shooter, target)
