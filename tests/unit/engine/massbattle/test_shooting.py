"""Shooting phase: who may shoot, cover, range (seed 003 §6)."""

from __future__ import annotations

import pytest

from rules.engine.systems.massbattle.ai import MassBattlePolicy
from rules.engine.systems.massbattle.battle import shooting_phase
from rules.engine.systems.massbattle.shooting import (
    hit_needed,
    may_shoot,
    option_allowed,
    settle_unclear,
    shot_options,
    targets_for,
)
from tests.unit.engine.massbattle.helpers import ScriptedDice, piece, state, unit

BOWS = [{"name": "Bows", "kind": "bow", "range": 24}]
CROSSBOWS = [{"name": "Crossbows", "kind": "crossbow", "range": 24}]


def test_crossbows_guns_and_war_engines_shoot_only_after_halting():  # seed 003 §6
    xbow = unit("x", Ra=4, weapons=CROSSBOWS)
    bow = unit("b", Ra=4, weapons=BOWS)
    engine = unit(
        "e", unit_type="war_engine", size=1, Ra=4, weapons=[{"name": "Bolt", "kind": "war_engine"}]
    )
    for u in (xbow, bow, engine):
        u.order = "advance"
    assert not option_allowed(xbow, shot_options(xbow)[0])
    assert not option_allowed(engine, shot_options(engine)[0])
    assert option_allowed(bow, shot_options(bow)[0])
    xbow.order = "halt"
    assert option_allowed(xbow, shot_options(xbow)[0])


def test_marching_and_wavering_units_do_not_shoot():  # seed 003 §6, §8
    archers = unit("a", Ra=4, weapons=BOWS)
    st = state([archers])
    archers.order = "march"
    assert not may_shoot(st, archers)
    archers.order = "halt"
    archers.wavering = True
    assert not may_shoot(st, archers)


def test_units_in_contact_can_neither_shoot_nor_be_shot():  # seed 003 §6
    archers = unit("a", Ra=4, weapons=BOWS)
    target = unit("t", side="b", y=25, facing=270.0)
    st = state([archers, target])
    st.engaged = {"t"}
    assert targets_for(st, archers, shot_options(archers)[0]) == []
    st.engaged = {"a"}
    assert not may_shoot(st, archers)


def test_long_range_and_moving_each_cost_one():  # seed 003 §6 modifiers
    archers = unit("a", Ra=4, weapons=BOWS, y=6)
    near = unit("n", side="b", x=36, y=18, facing=270.0)
    far = unit("f", side="b", x=50, y=28, facing=270.0)
    st = state([archers, near, far])
    shots = {s.target.id: s for s in targets_for(st, archers, shot_options(archers)[0])}
    assert not shots["n"].long_range
    assert shots["f"].long_range
    archers.order = "halt"
    assert hit_needed(archers, shots["n"]) == 4
    assert hit_needed(archers, shots["f"]) == 5
    archers.order = "advance"
    assert hit_needed(archers, shots["f"]) == 6


def test_target_half_hidden_behind_blocking_terrain_is_in_cover():  # seed 003 §6 cover
    archers = unit("a", Ra=4, weapons=BOWS, y=6)
    target = unit("t", side="b", x=38, y=20, facing=270.0)
    house = piece("blocking", 35.5, 13, 3, 2)
    st = state([archers, target], [house])
    shots = targets_for(st, archers, shot_options(archers)[0])
    assert shots
    assert shots[0].cover
    clear = targets_for(state([archers, target]), archers, shot_options(archers)[0])
    assert not clear[0].cover


@pytest.mark.parametrize(("roll", "cover"), [(3, True), (4, False)])
def test_unclear_cover_is_rolled_for_when_the_shot_is_fired(roll, cover):
    # seed 003 §6 cover: "unclear: roll a D6, 4+ not in cover"; unclear = two of the
    # target's five sample points seen (about half hidden)
    archers = unit("a", Ra=4, weapons=BOWS, y=6)
    target = unit("t", side="b", x=38, y=20, facing=270.0)
    st = state([archers, target], [piece("blocking", 35.5, 13, 3, 2)], ScriptedDice([roll]))
    shot = targets_for(st, archers, shot_options(archers)[0])[0]
    assert settle_unclear(st, archers, shot).cover is cover
    assert "unclear cover" in st.log.events[0].text


def test_unclear_sight_loses_the_shot_on_a_failed_roll():  # seed 003 §3: 4+ visible
    archers = unit("a", Ra=4, weapons=BOWS, x=36, y=10)
    target = unit("t", side="b", x=36, y=21, facing=270.0)
    wall = piece("blocking", 34.6, 15, 4.2, 1.0)  # hides all but the corner (38, 19.4)
    st = state([archers, target], [wall], ScriptedDice([3]))
    shot = targets_for(st, archers, shot_options(archers)[0])[0]
    assert settle_unclear(st, archers, shot) is None


def test_unit_makes_one_ranged_attack_per_turn():  # seed 003 §6: only one ranged attack
    mage = unit(
        "m",
        unit_type="hero",
        size=1,
        Ra=4,
        weapons=BOWS,
        rules=["lightning-bolt(3)", "breath-attack(3)"],
        y=10,
    )
    target = unit("t", side="b", y=18, facing=270.0)
    st = state([mage, target])
    shooting_phase(st, "a", MassBattlePolicy())
    assert sum(1 for e in st.log.events if "shoots" in e.text) == 1
