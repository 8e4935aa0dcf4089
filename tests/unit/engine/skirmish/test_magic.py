"""Spells cast in the shooting phase (issue 19). NOT IN SEED: seed 001 is the close-combat
chapter; published Mordheim rulebook "Magic" (one spell a turn in the shooting phase, 2D6
equal to or above the difficulty) and p.123 Sorcery (+1 to cast)."""

from __future__ import annotations

import pytest

from rules.engine.systems.base import EngineError
from rules.engine.systems.skirmish.magic import cast, end_spells, spell_target, try_to_cast
from rules.engine.systems.skirmish.shooting import shooting_phase
from rules.engine.systems.skirmish.spells import read_spell, read_spells
from rules.engine.systems.skirmish.state import engage
from rules.engine.systems.skirmish.tables import OUT_OF_ACTION
from tests.unit.engine.skirmish.helpers import ScriptedDice, battle_state, fighter

DART = {
    "slug": "dart",
    "name": "Dart",
    "difficulty": 7,
    "range": 18,
    "kind": "damage",
    "strength": 4,
}
GLOW = {"slug": "glow", "difficulty": 6, "range": 6, "kind": "buff", "stat": "WS", "amount": 1}
GLARE = {"slug": "glare", "difficulty": 7, "range": 12, "kind": "debuff", "stat": "WS"}
GUST = {"slug": "gust", "difficulty": 8, "range": 8, "kind": "movement", "distance": 4}


def caster(*spells, items=("bow",), **stats):
    f = fighter("a", "c", items=items, **stats)
    f.spells = read_spells(list(spells), "spells")
    return f


def at(f, x, y):
    f.x, f.y = float(x), float(y)
    return f


def test_a_spell_needs_a_known_kind_and_a_stat_for_buffs():
    with pytest.raises(EngineError, match="kind"):
        read_spell({"slug": "x", "kind": "heal"}, "spells[0]")
    with pytest.raises(EngineError, match="stat"):
        read_spell({"slug": "x", "kind": "buff", "stat": "W"}, "spells[0]")
    assert read_spell(DART, "spells[0]").strength == 4


def test_a_cast_rolls_2d6_against_the_difficulty_and_logs_both_dice():
    wizard, enemy = at(caster(DART), 10, 10), at(fighter("b", "t"), 20, 10)
    state = battle_state([wizard], [enemy], ScriptedDice([2, 4]))
    assert not cast(state, wizard, wizard.spells[0], enemy)
    (event,) = [e for e in state.log.events if "casts" in e.text]
    assert event.dice == [2, 4]
    assert event.data["cast"] is False


def test_a_damage_spell_hits_at_its_strength_with_no_armour_save():
    wizard = at(caster(DART), 10, 10)
    enemy = at(fighter("b", "t", items=("sword", "heavy-armour")), 20, 10)
    # cast 4+4; wound 3 (S4 v T3: 3+), no save rolled; injury 5: out of action
    state = battle_state([wizard], [enemy], ScriptedDice([4, 4, 3, 5]))
    assert cast(state, wizard, wizard.spells[0], enemy)
    assert enemy.state == OUT_OF_ACTION
    assert enemy.taken_out_by == wizard.id


def test_a_buff_lasts_until_the_casters_next_turn():
    wizard, friend = at(caster(GLOW), 10, 10), at(fighter("a", "f", WS=3), 13, 10)
    foe = at(fighter("b", "t"), 14, 10)
    engage(friend, foe)
    state = battle_state([wizard, friend], [foe], ScriptedDice([3, 3]))
    assert spell_target(state, wizard, wizard.spells[0]) is friend
    assert cast(state, wizard, wizard.spells[0], friend)
    assert friend.WS == 4
    end_spells(state, "b")
    assert friend.WS == 4
    end_spells(state, "a")
    assert friend.WS == 3


def test_a_debuff_picks_an_enemy_fighting_a_friend_and_never_goes_below_one():
    wizard, friend = at(caster(GLARE), 10, 10), at(fighter("a", "f"), 20, 10)
    near, fighting = at(fighter("b", "n"), 14, 10), at(fighter("b", "e", WS=1), 21, 10)
    engage(friend, fighting)
    state = battle_state([wizard, friend], [near, fighting], ScriptedDice([6, 6]))
    assert spell_target(state, wizard, wizard.spells[0]) is fighting
    assert cast(state, wizard, wizard.spells[0], fighting)
    assert fighting.WS == 1


def test_a_movement_spell_throws_the_enemy_back():
    wizard, enemy = at(caster(GUST), 10, 10), at(fighter("b", "t"), 15, 10)
    state = battle_state([wizard], [enemy], ScriptedDice([4, 4]))
    assert cast(state, wizard, wizard.spells[0], enemy)
    assert (enemy.x, enemy.y) == (19.0, 10.0)


def test_sorcery_adds_one_to_the_casting_roll():
    wizard, enemy = at(caster(DART), 10, 10), at(fighter("b", "t", T=10), 20, 10)
    state = battle_state([wizard], [enemy], ScriptedDice([3, 3]))
    assert not cast(state, wizard, wizard.spells[0], enemy)
    wizard.skills = frozenset({"sorcery"})
    state.dice = ScriptedDice([3, 3])
    assert cast(state, wizard, wizard.spells[0], enemy)  # 7 v 7; T10: cannot wound


def test_a_caster_who_casts_does_not_shoot_in_the_same_phase():
    wizard, enemy = at(caster(DART), 10, 10), at(fighter("b", "t", T=10), 20, 10)
    state = battle_state([wizard], [enemy], ScriptedDice([1, 1]))
    shooting_phase(state, "a", try_to_cast)
    texts = [e.text for e in state.log.events]
    assert any("casts Dart" in t for t in texts)
    assert not any(t.startswith("shoots") for t in texts)
