"""In battle (issue 19): ruins block line of sight, enemies near a charge's route intercept
it, and a model with several attacks splits them between the enemies it touches.

Seed 001 §3.2-3.4: a model touching several enemies chooses whom to attack and may split its
attacks, declared before any die is rolled. NOT IN SEED (seed 001 is the close-combat
chapter): published Mordheim Shooting and Charge ("an unobstructed line"; "Intercepting": an
enemy not in combat within 2" of the charge route may intercept, the charger engages it
instead and still counts as charging).
"""

from __future__ import annotations

import dataclasses

from rules.engine.geometry import CLEAR, Rect, TerrainArea
from rules.engine.systems.skirmish.ai import SkirmishPolicy
from rules.engine.systems.skirmish.combat import allocate_attacks, close_combat_phase
from rules.engine.systems.skirmish.movement import charge
from rules.engine.systems.skirmish.settings import SkirmishSettings
from rules.engine.systems.skirmish.shooting import in_cover, line_of_sight, shooting_targets
from rules.engine.systems.skirmish.state import engage
from rules.engine.systems.skirmish.tables import KNOCKED_DOWN
from tests.unit.engine.skirmish.helpers import battle_state, fighter


def place(f, x, y):
    f.x, f.y = float(x), float(y)
    return f


def ruin(x, y, w, h):
    return TerrainArea("ruin", Rect(x, y, w, h), CLEAR, None, 1)


def test_a_ruin_between_two_fighters_blocks_sight_but_not_the_one_they_stand_in():
    shooter = place(fighter("a", "s", items=("bow",)), 10, 24)
    target = place(fighter("b", "t"), 30, 24)
    state = battle_state([shooter], [target])
    state.table.terrain.append(ruin(18, 20, 6, 8))  # 6" of walls across the line
    assert not line_of_sight(state, shooter, target)
    assert shooting_targets(state, shooter) == []
    place(target, 20, 24)  # now inside the ruin: seen, in cover
    assert line_of_sight(state, shooter, target)
    assert in_cover(state, shooter, target)
    assert shooting_targets(state, shooter) == [target]


def test_clipping_a_ruins_corner_only_gives_cover():
    shooter = place(fighter("a", "s", items=("bow",)), 10, 24)
    target = place(fighter("b", "t"), 30, 24)
    state = battle_state([shooter], [target])
    state.table.terrain.append(ruin(18, 23.5, 1.5, 4))  # 1.5" crossed: under the 2" depth
    assert line_of_sight(state, shooter, target)
    assert in_cover(state, shooter, target)


def test_ruin_sight_depth_setting():
    shooter = place(fighter("a", "s", items=("bow",)), 10, 24)
    target = place(fighter("b", "t"), 30, 24)
    state = battle_state([shooter], [target])
    state.table.terrain.append(ruin(18, 20, 6, 8))
    state.settings = dataclasses.replace(state.settings, ruin_sight_depth=48.0)
    assert line_of_sight(state, shooter, target)
    assert SkirmishSettings().ruin_sight_depth == 2.0
    assert SkirmishSettings.from_dict({"ruin_sight_depth": 0}).ruin_sight_depth == 0.0


def test_the_ai_charges_no_enemy_behind_a_ruin():
    charger = place(fighter("a", "c", M=4), 10, 24)
    target = place(fighter("b", "t"), 16, 24)
    state = battle_state([charger], [target])
    assert SkirmishPolicy().charge_target(state, charger) is target
    state.table.terrain.append(ruin(12, 20, 3, 8))
    assert SkirmishPolicy().charge_target(state, charger) is None


def test_an_enemy_near_the_route_intercepts_the_charge():
    charger = place(fighter("a", "c", M=4), 20, 10)
    target = place(fighter("b", "t"), 20, 17)
    guard = place(fighter("b", "g"), 22.5, 13)  # 2.5" from the route: its base within 2"
    state = battle_state([charger], [target, guard])
    assert charge(state, charger, target)
    assert charger.engaged == [guard.key]
    assert charger.charged  # still counts as charging (strikes first)
    assert target.engaged == []
    assert abs(guard.x - 20) < 1e-6  # stepped onto the route
    assert any(e.text == "intercepts" and e.actor == "g.1" for e in state.log.events)


def test_an_engaged_or_distant_enemy_does_not_intercept():
    charger = place(fighter("a", "c", M=4), 20, 10)
    target = place(fighter("b", "t"), 20, 17)
    far = place(fighter("b", "far"), 24, 13)  # 4" from the route
    busy = place(fighter("b", "busy"), 19, 13)
    friend = place(fighter("a", "f"), 18, 13)
    engage(busy, friend)
    state = battle_state([charger, friend], [target, far, busy])
    assert charge(state, charger, target)
    assert charger.engaged == [target.key]


def test_attacks_are_split_between_standing_enemies_in_contact():
    attacker = place(fighter("a", "x", A=2), 20, 20)
    left = place(fighter("b", "l"), 19, 20)
    right = place(fighter("b", "r"), 21, 20)
    engage(attacker, left)
    engage(attacker, right)
    state = battle_state([attacker], [left, right])
    assert allocate_attacks(state, attacker, 2) == [(left, 1), (right, 1)]
    assert allocate_attacks(state, attacker, 3) == [(left, 2), (right, 1)]
    assert allocate_attacks(state, attacker, 1) == [(left, 1)]
    right.state = KNOCKED_DOWN  # §10.5: the standing one shields it
    assert allocate_attacks(state, attacker, 2) == [(left, 2)]


def test_a_split_attacker_rolls_one_exchange_per_enemy():
    attacker = place(fighter("a", "x", A=2, I=9), 20, 20)
    left = place(fighter("b", "l", I=1), 19, 20)
    right = place(fighter("b", "r", I=1), 21, 20)
    engage(attacker, left)
    engage(attacker, right)
    state = battle_state([attacker], [left, right])
    close_combat_phase(state)
    mine = [e for e in state.log.events if e.actor == "x.1" and e.text.startswith("attacks")]
    assert [e.target for e in mine] == ["l.1", "r.1"]
    assert [len(e.dice or []) >= 1 for e in mine] == [True, True]  # one to-hit die each
