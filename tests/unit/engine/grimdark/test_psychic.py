"""Psychic powers (NOT IN SEED: published 4e p.52): psychic tests, Perils of the Warp, one
power a turn, the sample shooting power and buff."""

import pytest

from rules.engine.systems.base import EngineError
from rules.engine.systems.grimdark import assault
from rules.engine.systems.grimdark.psychic import battle_hymns, psychic_test
from rules.engine.systems.grimdark.resolve import resolve_battle
from rules.engine.systems.grimdark.rosters import build_army
from rules.engine.systems.grimdark.shooting import shoot_unit
from rules.engine.systems.grimdark.volleys import plan_volleys

from .conftest import GAUNT, MARINE, ScriptedDice, unit_data

SAGE = dict(MARINE, Ld=10, W=2)
SWORD = {"name": "Blade", "type": "close_combat", "special": ["ccw"]}


def psyker(powers=("soul_spear",), profile=SAGE):
    return unit_data(
        "sage",
        size=1,
        profile=profile,
        weapons=[SWORD],
        rules=["psyker", "independent_character"],
        category="HQ",
        extra={"psychic_powers": list(powers)},
    )


def test_psychic_test_passes_on_leadership_or_less(make_battle):
    # 4e p.52: 2D6 ≤ Ld
    for dice, passed in (([5, 5], True), ([6, 5], False)):
        battle = make_battle([(psyker(), (10, 10))], [(unit_data("foe"), (60, 40))])
        battle.dice = ScriptedDice(dice)
        sage = battle.units[0]
        assert psychic_test(battle, sage, sage.models[0]) is passed
        assert sage.models[0].power_turn == battle.ptc
        assert sage.models[0].wounds == 2


@pytest.mark.parametrize(("dice", "passed", "wounds"), [([1, 1], True, 1), ([6, 6], False, 1)])
def test_perils_of_the_warp_on_a_two_or_a_twelve(make_battle, dice, passed, wounds):
    # digest §36.4 (4e p.52): a test of 2 or 12 costs the psyker a wound, no armour save
    battle = make_battle([(psyker(), (10, 10))], [(unit_data("foe"), (60, 40))])
    battle.dice = ScriptedDice(dice)
    sage = battle.units[0]
    assert psychic_test(battle, sage, sage.models[0]) is passed
    assert sage.models[0].wounds == wounds
    assert any("Perils of the Warp" in e.text for e in battle.events.events)


def test_an_invulnerable_save_stops_the_perils_wound(make_battle):
    battle = make_battle(
        [(psyker(profile=dict(SAGE, Inv=4)), (10, 10))], [(unit_data("foe"), (60, 40))]
    )
    battle.dice = ScriptedDice([6, 6, 4])
    sage = battle.units[0]
    psychic_test(battle, sage, sage.models[0])
    assert sage.models[0].wounds == 2


def test_soul_spear_fires_only_after_a_passed_test(make_battle):
    # 4e p.52: a shooting power is fired like a weapon once the test is passed
    for dice, hurt in (([6, 6, 6], False), ([3, 3, 6, 6, 6, 6, 1, 1], True)):
        battle = make_battle(
            [(psyker(), (30, 10))], [(unit_data("gaunts", size=10, profile=GAUNT), (30, 26))]
        )
        battle.dice = ScriptedDice(dice)
        sage, gaunts = battle.units
        shoot_unit(battle, sage)
        assert (gaunts.count < 10) is hurt


def test_a_psyker_uses_one_power_a_turn(make_battle):
    battle = make_battle(
        [(psyker(), (30, 10))], [(unit_data("gaunts", size=10, profile=GAUNT), (30, 26))]
    )
    sage, gaunts = battle.units
    assert plan_volleys(battle, sage, gaunts, False, lambda *a: 1.0)
    sage.models[0].power_turn = battle.ptc
    assert not plan_volleys(battle, sage, gaunts, False, lambda *a: 1.0)


def test_battle_hymn_lets_a_locked_unit_reroll_missed_close_combat_hits(make_battle):
    battle = make_battle(
        [(psyker(powers=("battle_hymn",)), (30, 10))],
        [(unit_data("gaunts", size=10, profile=GAUNT), (30, 12))],
        dice=ScriptedDice([4, 4]),
    )
    sage, gaunts = battle.units
    model = sage.models[0]
    assert not assault.melee_attack(battle, sage, model, gaunts, 3).reroll_hits
    battle_hymns(battle)  # not locked: no test
    assert model.power_turn == -1
    sage.locked = gaunts.locked = True
    sage.foes, gaunts.foes = [gaunts.id], [sage.id]
    battle_hymns(battle)
    assert sage.hymn_turn == battle.ptc
    assert assault.melee_attack(battle, sage, model, gaunts, 3).reroll_hits


def test_powers_are_checked_when_the_army_is_built():
    unknown = dict(psyker(), extra={"psychic_powers": ["fireball"]})
    plain = dict(psyker(), rules=["independent_character"])
    for data in (unknown, plain):
        with pytest.raises(EngineError) as err:
            build_army({"system": "grimdark", "units": [data]})
        assert err.value.code == "unit.power_unknown"


def test_a_psyker_casts_in_a_battle():
    squad = unit_data(
        "squad", weapons=[{"name": "Bolter", "range": 24, "S": 4, "AP": 5, "type": "rapid_fire"}]
    )
    roster = build_army({"system": "grimdark", "units": [psyker(), squad]})
    foe = build_army({"system": "grimdark", "units": [unit_data("g", size=20, profile=GAUNT)]})
    tests = sum(
        any("psychic test" in e.text for e in resolve_battle(roster, foe, "annihilation", s).events)
        for s in range(4)
    )
    assert tests >= 1
