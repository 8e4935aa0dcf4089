"""Recovery, movement, shooting and psychology (NOT IN SEED: published Mordheim rules,
not in seed 001: published Mordheim rules, Turn sequence, Movement, Shooting, Critical hits,
Injuries, Leadership & psychology)."""

from __future__ import annotations

import pytest

from rules.engine.geometry import CLEAR, Rect, TerrainArea
from rules.engine.systems.skirmish.ai import SkirmishPolicy
from rules.engine.systems.skirmish.movement import (
    charge,
    hide,
    may_run,
    movement_phase,
    recovery_phase,
)
from rules.engine.systems.skirmish.psychology import (
    effective_leadership,
    is_all_alone,
    rally,
    rout_leadership,
    rout_test,
)
from rules.engine.systems.skirmish.shooting import (
    in_cover,
    may_shoot,
    shooting_modifier,
    shooting_phase,
    shooting_targets,
    visible,
)
from rules.engine.systems.skirmish.state import engage
from rules.engine.systems.skirmish.tables import KNOCKED_DOWN, OUT_OF_ACTION, STANDING, STUNNED
from tests.unit.engine.skirmish.helpers import ScriptedDice, battle_state, fighter


def place(f, x, y):
    f.x, f.y = float(x), float(y)
    return f


def test_recovery_stunned_to_knocked_down_to_standing():
    # not in seed 001: published Mordheim rules, Turn sequence
    stunned, down = fighter("a", "u1"), fighter("a", "u2")
    stunned.state, down.state = STUNNED, KNOCKED_DOWN
    state = battle_state([stunned, down], [place(fighter("b", "u3"), 40, 40)])
    recovery_phase(state, "a")
    assert stunned.state == KNOCKED_DOWN
    assert not stunned.stood_up
    assert down.state == STANDING
    assert down.stood_up


def test_no_running_with_an_enemy_within_eight_inches():
    # not in seed 001: published Mordheim rules, Movement
    runner = place(fighter("a", "u1"), 10, 10)
    enemy = place(fighter("b", "u2"), 10, 17.5)
    state = battle_state([runner], [enemy])
    assert not may_run(state, runner)
    enemy.state = KNOCKED_DOWN  # knocked-down enemies do not stop running
    assert may_run(state, runner)
    enemy.state = STANDING
    enemy.y = 18.5
    assert may_run(state, runner)


def test_charge_reaches_twice_move_into_base_contact():
    # not in seed 001: published Mordheim rules, Movement
    charger = place(fighter("a", "u1", M=4), 10, 10)
    target = place(fighter("b", "u2"), 10, 18.9)  # 7.9" gap between bases
    state = battle_state([charger], [target])
    assert charge(state, charger, target)
    assert charger.charged
    assert target.key in charger.engaged
    assert abs(((charger.x - 10) ** 2 + (charger.y - 18.9) ** 2) ** 0.5 - 1.0) < 1e-6


def test_charge_out_of_reach_fails_and_moves_normally():
    # not in seed 001: published Mordheim rules, Movement
    charger = place(fighter("a", "u1", M=4), 10, 10)
    target = place(fighter("b", "u2"), 10, 20)  # 9" gap
    state = battle_state([charger], [target])
    assert not charge(state, charger, target)
    assert charger.y == pytest.approx(14.0)
    assert charger.no_shoot
    assert not charger.engaged


def test_failed_fear_test_stops_a_charge():  # NOT IN SEED: published fear
    charger = place(fighter("a", "u1", Ld=7), 10, 10)
    horror = place(fighter("b", "u2", rules=("fear",)), 10, 14)
    state = battle_state([charger], [horror], ScriptedDice([6, 6]))
    assert not charge(state, charger, horror)
    assert charger.y == 10
    assert not charger.engaged


def test_stood_up_fighter_does_not_charge_and_moves_half():
    # not in seed 001: published Mordheim rules, Injuries
    riser = place(fighter("a", "u1", M=4), 10, 10)
    riser.stood_up = True
    enemy = place(fighter("b", "u2"), 10, 16)
    state = battle_state([riser], [enemy])
    movement_phase(state, "a", SkirmishPolicy())
    assert not riser.engaged
    assert riser.y - 10 <= 2.0 + 1e-9


def test_leader_within_six_inches_lends_leadership():
    # not in seed 001: published Mordheim rules, Leadership & psychology
    leader = place(fighter("a", "u1", Ld=8), 10, 10)
    near = place(fighter("a", "u2", Ld=6), 10, 15.9)
    far = place(fighter("a", "u3", Ld=6), 10, 16.5)
    state = battle_state([leader, near, far], [place(fighter("b", "u4"), 40, 40)])
    assert effective_leadership(state, near) == 8
    assert effective_leadership(state, far) == 6
    leader.state = KNOCKED_DOWN
    assert effective_leadership(state, near) == 6


def test_rout_test_uses_best_leadership_when_leader_is_out():
    # not in seed 001: published Mordheim rules, Leadership & psychology
    fs = [fighter("a", f"u{i}", Ld=ld) for i, ld in enumerate((8, 7, 9, 6), start=1)]
    fs[0].state = OUT_OF_ACTION
    fs[2].state = STUNNED
    state = battle_state(fs, [place(fighter("b", "u9"), 40, 40)])
    assert rout_leadership(state, "a") == 7


def test_rout_test_at_a_quarter_and_voluntary_rout():
    # not in seed 001: published Mordheim rules, Leadership & psychology
    fs = [fighter("a", f"u{i}", Ld=7) for i in range(1, 5)]
    state = battle_state(fs, [fighter("b", "u9")], ScriptedDice([6, 6]))
    assert not rout_test(state, "a", voluntary=True)  # nobody out: no test at all
    fs[1].state = OUT_OF_ACTION
    assert rout_test(state, "a", voluntary=True)
    assert rout_test(state, "a", voluntary=False)  # 12 > Ld 7


def test_all_alone_needs_two_standing_enemies_and_no_friend_near():
    # not in seed 001: published Mordheim rules, Leadership & psychology
    lone = place(fighter("a", "u1"), 10, 10)
    friend = place(fighter("a", "u2"), 10, 17)
    e1, e2 = place(fighter("b", "u3"), 10, 11), place(fighter("b", "u4"), 11, 10)
    state = battle_state([lone, friend], [e1, e2])
    engage(lone, e1)
    engage(lone, e2)
    assert is_all_alone(state, lone)
    friend.y = 15
    assert not is_all_alone(state, lone)
    friend.y = 17
    e2.state = KNOCKED_DOWN
    assert not is_all_alone(state, lone)


def test_no_rally_when_the_closest_model_is_an_enemy():
    # not in seed 001: published Mordheim rules, Turn sequence
    runner = place(fighter("a", "u1"), 10, 10)
    runner.fleeing = True
    friend = place(fighter("a", "u2"), 10, 20)
    enemy = place(fighter("b", "u3"), 10, 14)
    state = battle_state([friend, runner], [enemy], ScriptedDice([1, 1]))
    rally(state, runner)
    assert runner.fleeing
    enemy.y = 30
    rally(state, runner)
    assert not runner.fleeing


def test_shooting_modifiers():  # not in seed 001: published Mordheim rules, Shooting
    archer = fighter("a", "u1", ("bow",))
    target = fighter("b", "u2")
    bow = archer.missile
    assert shooting_modifier(archer, target, bow, 10, cover=False) == 0
    assert shooting_modifier(archer, target, bow, 13, cover=False) == -1  # long range
    archer.moved = True
    assert shooting_modifier(archer, target, bow, 13, cover=True) == -3
    big = fighter("b", "u3", rules=("large-target",))
    assert shooting_modifier(archer, big, bow, 13, cover=True) == -2


def test_ruins_give_cover():  # not in seed 001: published Mordheim rules, Shooting
    archer = place(fighter("a", "u1", ("bow",)), 10, 5)
    target = place(fighter("b", "u2"), 10, 20)
    state = battle_state([archer], [target])
    assert not in_cover(state, archer, target)
    state.table.terrain.append(TerrainArea("ruin", Rect(8, 10, 4, 3), CLEAR, None, 1))
    assert in_cover(state, archer, target)


def test_who_may_shoot():  # not in seed 001: published Mordheim rules, Shooting
    archer = fighter("a", "u1", ("crossbow",))
    assert may_shoot(archer)
    archer.moved = True
    assert not may_shoot(archer)  # crossbow: move or fire
    bowman = fighter("a", "u2", ("bow",))
    bowman.ran = True
    assert not may_shoot(bowman)
    bowman.ran = False
    bowman.engaged = ["b:u9.1"]
    assert not may_shoot(bowman)


def test_hidden_fighter_is_seen_only_within_initiative():
    # not in seed 001: published Mordheim rules, Movement
    archer = place(fighter("a", "u1", ("bow",), I=3), 10, 5)
    lurker = place(fighter("b", "u2"), 10, 15)
    state = battle_state([archer], [lurker])
    state.table.terrain.append(TerrainArea("ruin", Rect(8, 13, 4, 4), CLEAR, None, 1))
    hide(state, lurker)
    assert lurker.hidden
    assert shooting_targets(state, archer) == []
    archer.y = 12.5
    assert shooting_targets(state, archer) == [lurker]


def test_fighters_in_combat_are_not_shot_at():
    # not in seed 001: published Mordheim rules, Shooting
    archer = place(fighter("a", "u1", ("bow",)), 10, 5)
    target = place(fighter("b", "u2"), 10, 15)
    friend = place(fighter("a", "u3"), 10, 16)
    state = battle_state([archer, friend], [target])
    engage(friend, target)
    assert shooting_targets(state, archer) == []


def test_fighters_with_missile_weapons_may_hide_and_shooting_reveals_them():
    # not in seed 001: published Mordheim rules, Movement
    archer = place(fighter("a", "u1", ("bow",)), 10, 15)
    target = place(fighter("b", "u2", I=3), 10, 30)
    state = battle_state([archer], [target], ScriptedDice([1]))  # the shot misses
    state.table.terrain.append(TerrainArea("ruin", Rect(8, 13, 4, 4), CLEAR, None, 1))
    hide(state, archer)
    assert archer.hidden
    assert not visible(target, archer)  # 15" away, beyond the enemy's I3
    shooting_phase(state, "a")
    assert state.dice.used == [1]  # it shot (and missed)
    assert not archer.hidden
    assert visible(target, archer)


def test_running_fighters_do_not_hide():  # not in seed 001: published Mordheim rules, Movement
    runner = place(fighter("a", "u1", ("bow",)), 10, 15)
    state = battle_state([runner], [place(fighter("b", "u2"), 40, 40)])
    state.table.terrain.append(TerrainArea("ruin", Rect(8, 13, 4, 4), CLEAR, None, 1))
    runner.ran = True
    hide(state, runner)
    assert not runner.hidden
