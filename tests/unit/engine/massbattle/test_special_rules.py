"""Special rules of seed 003 §9-§10, each with a scripted or counted check."""

from __future__ import annotations

import pytest

from rules.engine.dice import Dice
from rules.engine.systems.massbattle.charge import ChargePlan, charged_facing
from rules.engine.systems.massbattle.combat import animal_attack, attack, melee_dice
from rules.engine.systems.massbattle.melee import phalanx_front, strike, take_nerve_test
from rules.engine.systems.massbattle.movement import allowed_orders, clamp_pivot
from rules.engine.systems.massbattle.nerve import nerve_test
from rules.engine.systems.massbattle.settings import MassBattleSettings
from rules.engine.systems.massbattle.shooting import (
    hit_needed,
    resolve_shot,
    shot_options,
    targets_for,
)
from tests.unit.engine.massbattle.helpers import ScriptedDice, state, unit


def test_elite_rerolls_one_failed_hit_and_one_failed_damage():  # seed 003 §9 Elite
    # 3 dice to hit on 4+: 6, 1, 2 → one re-roll (5) = 2 hits; damage on 4+: 1, 6 → re-roll 4
    dice = ScriptedDice([6, 1, 2, 5, 1, 6, 4])
    assert attack(dice, 3, 4, 4, 0, elite=True) == (2, 2)
    plain = ScriptedDice([6, 1, 2, 1])
    assert attack(plain, 3, 4, 4, 0, elite=False) == (1, 0)


def test_reroll_second_result_stands():  # seed 003 §3 re-rolls: the second result stands
    dice = ScriptedDice([1, 1, 6, 6])  # 1 die hits on 4+: 1 → re-roll 1 (still a miss)
    assert attack(dice, 1, 4, 4, 0, elite=True) == (0, 0)


def test_piercing_adds_to_ranged_damage():  # seed 003 §10 Piercing (n)
    shooter = unit(
        "s",
        weapons=[{"name": "Crossbows", "kind": "crossbow", "piercing": 2}],
        Ra=4,
        rules=["piercing(1)"],
    )
    assert shot_options(shooter)[0].piercing == 3


def test_crushing_strength_adds_to_melee_damage():  # seed 003 §9 Crushing Strength (n)
    attacker = unit("a1", At=1, Me=4, rules=["crushing-strength(2)"])
    target = unit("t1", side="b", De=6)
    st = state([attacker, target], dice=ScriptedDice([4, 4]))  # hit on 4, damage 4 vs De 6−2
    strike(st, ChargePlan(attacker, target, "front", 1.0))
    assert target.damage == 1


def test_breath_attack_rolls_n_dice_on_four_plus_ignoring_modifiers():  # seed 003 §9
    dragon = unit("d", unit_type="monster", size=1, rules=["breath-attack(4)"], y=10)
    target = unit("t", side="b", y=20, facing=270.0, De=4)
    st = state([dragon, target], dice=ScriptedDice([4, 4, 3, 6, 4, 4, 1]))
    dragon.order = "advance"  # moved: no modifier for breath
    option = next(o for o in shot_options(dragon) if o.kind == "breath")
    shot = targets_for(st, dragon, option)[0]
    assert option.dice == 4
    assert option.range == 12
    assert hit_needed(dragon, shot) == 4
    assert resolve_shot(st, dragon, shot) == 2


def test_lightning_bolt_has_range_24_and_piercing_1():  # seed 003 §10 Zap / Lightning Bolt
    mage = unit("m", unit_type="hero", size=1, rules=["lightning-bolt(5)"])
    option = shot_options(mage)[0]
    assert (option.dice, option.range, option.piercing, option.fixed) == (5, 24.0, 1, True)


def test_heal_removes_damage_from_a_friend():  # seed 003 §10 Heal (n)
    healer = unit("h", unit_type="hero", size=1, rules=["heal(3)"], x=36, y=6)
    friend = unit("f", x=36, y=12, De=4)
    friend.damage = 5
    st = state([healer, friend], dice=ScriptedDice([4, 5, 1]))
    option = shot_options(healer)[0]
    shot = targets_for(st, healer, option)[0]
    resolve_shot(st, healer, shot)
    assert friend.damage == 3


@pytest.mark.parametrize(("heal_self", "targets"), [(False, []), (True, ["h"])])
def test_a_healer_heals_itself_only_by_setting(heal_self, targets):
    # seed 003 §10 Heal (n): a ranged attack that "may only target friendly units"
    healer = unit("h", unit_type="hero", size=1, rules=["heal(3)"], x=36, y=6)
    healer.damage = 3
    st = state([healer])
    st.settings = MassBattleSettings(heal_self=heal_self)
    option = shot_options(healer)[0]
    assert [shot.target.id for shot in targets_for(st, healer, option)] == targets


def test_indirect_fire_ignores_range_and_cover_but_not_within_12():  # seed 003 §10
    catapult = unit(
        "c",
        unit_type="war_engine",
        size=1,
        Ra=5,
        rules=["indirect-fire"],
        weapons=[{"name": "Stones", "kind": "war_engine", "range": 48}],
    )
    near = unit("n", side="b", y=20, facing=270.0)
    far = unit("f", side="b", y=44, x=56, facing=270.0)
    st = state([catapult, near, far])
    option = shot_options(catapult)[0]
    targets = {s.target.id: s for s in targets_for(st, catapult, option)}
    assert "n" not in targets
    assert "f" in targets
    assert targets["f"].long_range
    assert hit_needed(catapult, targets["f"]) == 5  # halted, long range ignored


def test_individual_has_no_flanks_and_is_harder_to_shoot():  # seed 003 §10 Individual
    hero = unit("h", unit_type="hero", size=1, rules=["individual"], side="b")
    attacker = unit("a", At=5)
    assert melee_dice(attacker, hero, "rear") == 5
    attacker.fp = attacker.fp.moved(0)
    assert charged_facing(attacker, hero) == "front"
    assert hero.nimble


def test_nimble_may_pivot_beyond_90_degrees():  # not in seed 003: published KoW
    plain = unit()
    nimble = unit(rules=["nimble"])
    assert clamp_pivot(plain, 150) == 90
    assert clamp_pivot(nimble, 150) == 150


def test_fly_is_nimble_and_ignores_defended_and_hindered():  # seed 003 §9 Fly
    flyer = unit("f", unit_type="monster", size=1, rules=["fly"], At=1, Me=4)
    target = unit("t", side="b")
    st = state([flyer, target], dice=ScriptedDice([4, 6]))
    strike(st, ChargePlan(flyer, target, "front", 1.0, hindered=True, defended=True))
    assert flyer.nimble
    assert target.damage == 1


def test_inspiring_rerolls_a_rout():  # seed 003 §10 Inspiring
    out = nerve_test(ScriptedDice([6, 6, 1, 2]), damage=5, nerve=3, inspired=True)
    assert out.rerolled
    assert out.result == "steady"


def test_inspiring_reaches_friends_within_6_inches():  # seed 003 §10 Inspiring range
    general = unit("g", unit_type="hero", size=1, rules=["inspiring"], y=6)
    friend = unit("f", y=10)
    far = unit("x", x=10, y=40)
    st = state([general, friend, far], dice=ScriptedDice([6, 6, 2, 2, 6, 6, 6, 6]))
    friend.damage = 4
    far.damage = 4
    assert take_nerve_test(st, friend, False).rerolled
    assert not take_nerve_test(st, far, False).rerolled


def test_headstrong_shakes_off_wavering_on_4_plus():  # seed 003 §10 Headstrong
    assert nerve_test(ScriptedDice([4, 4, 4]), 3, 3, headstrong=True).result == "steady"
    assert nerve_test(ScriptedDice([4, 4, 3]), 3, 3, headstrong=True).result == "wavering"


def test_shambling_counts_wavering_as_steady_and_cannot_march():  # seed 003 §10 Shambling
    assert nerve_test(ScriptedDice([4, 4]), 3, 3, shambling=True).result == "steady"
    assert "march" not in allowed_orders(unit(rules=["shambling"]))


def test_phalanx_adds_attacks_after_multiplying():  # seed 003 §10 Phalanx
    regiment = unit(At=10, rules=["phalanx"])
    horde = unit(size=40, At=20, rules=["phalanx"])
    target = unit(side="b")
    assert melee_dice(regiment, target, "front") == 15
    assert melee_dice(regiment, target, "left") == 25
    assert melee_dice(horde, target, "front") == 30


def test_cavalry_charging_a_phalanx_front_is_minus_one():  # seed 003 §10 Phalanx
    cav = unit(unit_type="cavalry", size=10)
    spears = unit(side="b", rules=["phalanx"])
    assert phalanx_front(cav, spears, "front")
    assert not phalanx_front(cav, spears, "left")
    assert not phalanx_front(unit(), spears, "front")


def test_life_leech_heals_one_and_vicious_heals_per_damage():  # seed 003 §9 Evil Dead, §10 rats
    leech = unit("l", At=3, rules=["life-leech"])
    leech.damage = 4
    target = unit("t", side="b", De=4)
    strike(
        state([leech, target], dice=ScriptedDice([5, 5, 5, 5, 5, 5])),
        ChargePlan(leech, target, "front", 1.0),
    )
    assert target.damage == 3
    assert leech.damage == 3
    rats = unit("r", At=3, rules=["life-leech", "vicious"])
    rats.damage = 4
    target2 = unit("t2", side="b", De=4)
    strike(
        state([rats, target2], dice=ScriptedDice([5, 5, 5, 5, 5, 5])),
        ChargePlan(rats, target2, "front", 1.0),
    )
    assert rats.damage == 1


def test_throwing_animals_repeat_until_a_damage_roll_fails():  # seed 003 §9 mastiffs / cat
    # 5 dice: 4 hits; damage 4/4/4/4 all succeed → 4 dice again: 2 hits; damage 5, 1 → stop
    dice = ScriptedDice([4, 4, 4, 4, 1, 4, 4, 4, 4, 6, 6, 1, 1, 5, 1])
    assert animal_attack(dice, 4, 0, False) == 5
    assert dice.script == []


def test_mastiffs_reroll_failed_damage_against_shambling():  # seed 003 §9 mastiffs
    dice = ScriptedDice([4, 1, 1, 1, 1, 2, 4, 1, 1, 1, 1, 1])
    assert animal_attack(dice, 4, 0, True) == 1


def test_animals_are_used_once_per_game():  # seed 003 §9 once per game
    hero = unit("h", unit_type="hero", size=1, rules=["sabre-cat"])
    target = unit("t", side="b", unit_type="hero", size=1, y=18, facing=270.0)
    st = state([hero, target], dice=Dice(3))
    option = shot_options(hero)[0]
    resolve_shot(st, hero, targets_for(st, hero, option)[0])
    assert shot_options(hero) == []


def test_sabre_cat_only_against_small_units():  # seed 003 §9 cat targets
    hero = unit("h", unit_type="hero", size=1, rules=["sabre-cat"])
    big = unit("big", side="b", size=20, y=18, facing=270.0)
    st = state([hero, big])
    assert targets_for(st, hero, shot_options(hero)[0]) == []


@pytest.mark.parametrize("rule", ["elite", "piercing(1)", "crushing-strength(2)", "fly"])
def test_rules_parse_with_parameters(rule):  # seed 003 §9 "(n)" rules
    u = unit(rules=[rule])
    assert len(u.rules) == 1
