"""The AI concentrates force: charges assigned together to break one enemy, a reserve,
objectives taken late (seed 003 §5 multiple charges, §8 nerve, §12 Pillage)."""

from __future__ import annotations

import pytest

from rules.engine.systems.massbattle.ai import MassBattlePolicy, assign_objectives, line_front
from rules.engine.systems.massbattle.battle import movement_phase
from rules.engine.systems.massbattle.charge import ChargePlan
from rules.engine.systems.massbattle.tactics import (
    concentrate,
    late_objective,
    objective_sides,
    reserve_id,
    rout_chance,
)
from tests.unit.engine.massbattle.helpers import state, unit


def test_rout_chance_follows_the_nerve_table():  # seed 003 §8: 2D6 + damage − Ne ≥ 10
    target = unit("t", side="b", Ne=3)
    assert rout_chance(target, 0) == 0.0  # needs 13 on 2D6
    assert rout_chance(target, 3) == pytest.approx(6 / 36)  # 10+
    assert rout_chance(target, 20) == pytest.approx(35 / 36)  # a double one still holds


def test_two_chargers_go_together_where_their_damage_breaks_the_enemy():
    # seed 003 §5 multiple charges, §8: two units each hurting a stubborn enemy a little more
    # charge instead the one their damage together is likely to rout
    a, b = unit("a", x=20), unit("b", x=30)
    brittle = unit("brittle", side="b", Ne=3)
    stubborn = unit("stubborn", side="b", Ne=20)
    options = {
        u.id: [
            (ChargePlan(u, brittle, "front", 5.0), 3.0, 3.0),
            (ChargePlan(u, stubborn, "front", 5.0), 3.5, 3.5),
        ]
        for u in (a, b)
    }
    chosen = concentrate(options, lambda plan: False)
    assert [p.target.id for p in chosen] == ["brittle", "brittle"]


def test_a_vetoed_charge_leaves_the_unit_out():  # the unit shoots or cannot see instead
    a = unit("a")
    target = unit("t", side="b", Ne=3)
    options = {"a": [(ChargePlan(a, target, "front", 5.0), 3.0, 3.0)]}
    assert concentrate(options, lambda plan: True) == []


def test_a_charge_failing_the_late_test_is_dropped_and_the_unit_picks_again():
    # sight is looked at only for the charge about to be taken (seed 003 §4: the target must
    # be seen); the unit then takes its next choice, as if the unseen one was never listed
    a = unit("a")
    hidden, seen = unit("hidden", side="b", Ne=3), unit("seen", side="b", Ne=3)
    options = {
        "a": [
            (ChargePlan(a, hidden, "front", 5.0), 4.0, 4.0),
            (ChargePlan(a, seen, "front", 5.0), 3.0, 3.0),
        ]
    }
    looked: list[str] = []

    def legal(plan: ChargePlan) -> bool:
        looked.append(plan.target.id)
        return plan.target is not hidden

    chosen = concentrate(options, lambda plan: False, legal)
    assert [p.target.id for p in chosen] == ["seen"]
    assert looked == ["hidden", "seen"]
    assert len(options["a"]) == 2  # the caller's lists are left alone


def test_the_cheapest_melee_unit_is_held_in_reserve_in_the_first_half():
    units = [unit(f"u{i}", x=10.0 * i) for i in range(1, 4)]
    units[1].points = 60
    st = state(units)
    assert reserve_id(st, "a") == "u2"
    st.turn = 7
    assert reserve_id(st, "a") is None


@pytest.mark.parametrize(
    ("condition", "turn", "goes"),
    [
        ("pillage", 10, True),
        ("kill-and-pillage", 10, True),
        ("pillage", 4, False),
        ("kill", 10, False),
    ],
)
def test_late_in_the_game_units_go_for_objectives_they_lack(condition, turn, goes):
    # seed 003 §12: Pillage is won by two objectives more; Kill and Pillage adds 100 each
    runner = unit("r", x=36, y=10)
    st = state([runner, unit("e", side="b", x=10, y=40, facing=270.0)])
    st.condition, st.turn = condition, turn
    st.objectives = [(36.0, 20.0)]
    assert (late_objective(st, runner) == (36.0, 20.0)) is goes


def test_the_reserve_moves_behind_the_line():
    # AI: the reserve (tactics.reserve_id) is played by the movement phase: it neither
    # marches nor comes within RESERVE_DEPTH of the line, the others march (seed 003 §4)
    units = [unit(f"u{i}", x=12.0 * i, y=6.0) for i in range(1, 4)]
    units[1].points = 60
    enemy = unit("e", side="b", x=24, y=40, facing=270.0)
    st = state([*units, enemy])
    movement_phase(st, "a", MassBattlePolicy())
    assert {u.id: u.order for u in units} == {"u1": "march", "u2": "advance", "u3": "march"}
    assert units[1].fp.y < min(units[0].fp.y, units[2].fp.y)


@pytest.mark.parametrize(("turn", "goes"), [(10, True), (4, False)])
def test_a_free_unit_makes_for_an_empty_objective_late_in_kill_and_pillage(turn, goes):
    # seed 003 §12: Kill and Pillage adds 100 points per objective held; from LATE_TURN a
    # unit with no objective to hold goes for one the side lacks instead of the enemy
    runner = unit("r", x=36, y=10)
    enemy = unit("e", side="b", x=36, y=44, facing=270.0)
    st = state([runner, enemy])
    st.condition, st.turn = "kill-and-pillage", turn
    st.objectives = [(50.0, 12.0)]
    MassBattlePolicy().move_unit(st, runner, {}, line_front(st, "a"))
    assert (runner.fp.x > 38.0) is goes


def test_the_holders_of_the_objectives_are_read_as_the_movement_phase_begins():
    # massbattle-4 (found by a cache audit): the AI's note of who holds each objective (seed
    # 003 §12: a unit within 3") was taken when a unit first asked, after the charges and the
    # units before it had moved, and then kept for the rest of the phase; it is now taken
    # when the phase begins (``assign_objectives``), as its docstring says
    holder = unit("h", x=36, y=18)
    st = state([holder, unit("e", side="b", x=10, y=44, facing=270.0)])
    st.condition, st.turn = "pillage", 10
    st.objectives = [(36.0, 20.0)]
    assign_objectives(st, "a")
    holder.fp = holder.fp.moved(12.0)  # the holder marches off before anyone asks
    assert objective_sides(st) == [{"a"}]
