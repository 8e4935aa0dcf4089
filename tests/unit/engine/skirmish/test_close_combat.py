"""Close combat exactly as seed 001: strike order, parry and its limits, two weapons,
knocked-down and stunned fighters, criticals, breaking from combat."""

from __future__ import annotations

from rules.engine.systems.skirmish import combat
from rules.engine.systems.skirmish.attacks import Exchange, Strike, roll_exchange
from rules.engine.systems.skirmish.combat import (
    choose_melee_target,
    close_combat_phase,
    melee_exchange,
    melee_weapons,
    strike_order,
)
from rules.engine.systems.skirmish.equipment import EQUIPMENT
from rules.engine.systems.skirmish.fighters import parry_level
from rules.engine.systems.skirmish.psychology import break_and_flee
from rules.engine.systems.skirmish.settings import SkirmishSettings
from rules.engine.systems.skirmish.state import engage
from rules.engine.systems.skirmish.tables import KNOCKED_DOWN, OUT_OF_ACTION, STANDING, STUNNED
from tests.unit.engine.skirmish.helpers import ScriptedDice, battle_state, fighter

NO_SAVE_HIT = Strike(hit_need=3, wound_need=4, save_need=None)


def test_parry_beats_the_hit_with_a_higher_roll():  # seed 001 §9.2: parry D6 > to-hit die
    dice = ScriptedDice([3, 4])
    result = roll_exchange(Exchange((NO_SAVE_HIT,), 1, parry=1), dice)
    assert result.parried
    assert result.wounds == 0


def test_parry_fails_on_an_equal_roll():  # seed 001 §9.2: strictly greater
    dice = ScriptedDice([4, 4, 1])  # hit 4, parry 4 fails, wound roll 1 misses
    result = roll_exchange(Exchange((NO_SAVE_HIT,), 1, parry=1), dice)
    assert not result.parried
    assert dice.used == [4, 4, 1]


def test_parry_fails_against_a_natural_six():  # seed 001 §9.3: a 6 to hit cannot be parried
    dice = ScriptedDice([6, 1])  # hit 6, no parry die, wound roll 1
    result = roll_exchange(Exchange((NO_SAVE_HIT,), 1, parry=2), dice)
    assert not result.parried
    assert dice.used == [6, 1]


def test_parry_must_target_the_highest_hit():  # seed 001 §9.5
    dice = ScriptedDice([3, 5, 4, 1, 1])  # hits 3 and 5; parry 4 does not beat 5
    result = roll_exchange(Exchange((NO_SAVE_HIT, NO_SAVE_HIT), 1, parry=1), dice)
    assert not result.parried
    assert result.hits == 2


def test_highest_hit_a_six_means_no_parry_at_all():  # seed 001 §9.5
    dice = ScriptedDice([3, 6, 1, 1])  # the 3 would be parryable but the highest is a 6
    result = roll_exchange(Exchange((NO_SAVE_HIT, NO_SAVE_HIT), 1, parry=1), dice)
    assert not result.parried
    assert dice.used == [3, 6, 1, 1]


def test_parry_fails_against_double_strength():  # seed 001 §9.9: S ≥ 2 × base S
    attacker = fighter("a", "u1", ("double-handed",), S=4)  # S4 + 2 = 6 against S3
    defender = fighter("b", "u2", ("sword",), S=3)
    exchange = melee_exchange(attacker, defender, first_parry=True)
    assert exchange.parry == 1
    assert not exchange.strikes[0].parryable
    weaker = melee_exchange(fighter("a", "u3", ("double-handed",), S=3), defender, True)
    assert weaker.strikes[0].parryable  # S5 < 6


def test_buckler_and_sword_reroll_a_failed_parry():  # seed 001 §9.7
    assert parry_level(EQUIPMENT["sword"], EQUIPMENT["buckler"]) == 2
    dice = ScriptedDice([4, 2, 5])  # hit 4, parry 2 fails, re-roll 5 succeeds
    result = roll_exchange(Exchange((NO_SAVE_HIT,), 1, parry=2), dice)
    assert result.parried


def test_two_swords_parry_once_without_reroll():  # seed 001 §9.8
    assert parry_level(EQUIPMENT["sword"], EQUIPMENT["sword"]) == 1
    dice = ScriptedDice([4, 2, 1])  # parry 2 fails and is not re-rolled; wound roll 1
    result = roll_exchange(Exchange((Strike(3, 4, None),), 1, parry=1), dice)
    assert not result.parried
    assert dice.used == [4, 2, 1]


def test_buckler_alone_parries_and_gives_no_save():  # seed 001 §9.1, §9.10
    defender = fighter("b", "u2", ("mace", "buckler"))
    assert defender.parry == 1
    assert defender.melee_save is None


def test_only_the_first_opponent_can_be_parried():  # seed 001 §9.6
    attacker = fighter("a", "u1", ("sword",))
    defender = fighter("b", "u2", ("sword",))
    assert melee_exchange(attacker, defender, first_parry=True).parry == 1
    assert melee_exchange(attacker, defender, first_parry=False).parry == 0


def test_one_parry_per_phase_in_a_phase(monkeypatch):  # seed 001 §9.4, §9.6
    a1, a2 = fighter("a", "u1", ("axe",), I=5), fighter("a", "u2", ("axe",), I=4)
    d = fighter("b", "u3", ("sword",), I=1, T=10)  # cannot be wounded: the fight goes on
    state = battle_state([a1, a2], [d])
    engage(a1, d)
    engage(a2, d)
    parries = []

    def spy(attacker, target, first_parry, settings, hated=False, boost=(0, 0)):
        exchange = melee_exchange(attacker, target, first_parry, settings, hated, boost)
        parries.append((attacker.id, exchange.parry))
        return exchange

    monkeypatch.setattr(combat, "melee_exchange", spy)
    close_combat_phase(state)
    assert parries == [("u1.1", 1), ("u2.1", 0), ("u3.1", 0)]


def test_knocked_down_fighters_are_hit_automatically():  # seed 001 §10.2
    attacker = fighter("a", "u1", ("axe",))
    target = fighter("b", "u2", ("sword",))
    target.state = KNOCKED_DOWN
    exchange = melee_exchange(attacker, target, first_parry=True)
    assert exchange.strikes[0].hit_need is None
    assert exchange.parry == 0  # seed 001 §9.11: knocked down cannot parry
    dice = ScriptedDice([4])  # no to-hit die: the only roll is the wound roll
    result = roll_exchange(exchange, dice)
    assert result.hits == 1
    assert dice.used == [4]


def test_wounded_knocked_down_fighter_goes_out_without_injury_roll():  # seed 001 §10.3
    exchange = Exchange((Strike(None, 4, None),), 0, target_state=KNOCKED_DOWN)
    dice = ScriptedDice([5])
    assert roll_exchange(exchange, dice).state == OUT_OF_ACTION
    assert dice.used == [5]


def test_stunned_fighter_is_out_of_action_when_attacked():  # seed 001 §10.4
    exchange = Exchange((Strike(3, 4, None),), 1, target_state=STUNNED)
    assert roll_exchange(exchange, ScriptedDice([])).state == OUT_OF_ACTION


def test_standing_enemy_in_contact_shields_downed_ones():  # seed 001 §10.5
    attacker = fighter("a", "u1")
    standing, downed = fighter("b", "u2"), fighter("b", "u3")
    downed.state = STUNNED
    state = battle_state([attacker], [standing, downed])
    engage(attacker, standing)
    engage(attacker, downed)
    assert choose_melee_target(state, attacker) is standing
    standing.state = KNOCKED_DOWN
    assert choose_melee_target(state, attacker) is downed  # stunned first: out at once


def test_second_attacker_finishes_a_fighter_the_first_knocked_down():  # seed 001 §10.6-10.7
    first = fighter("a", "u1", ("axe",), I=5)
    second = fighter("a", "u2", ("axe",), I=4)
    target = fighter("b", "u3", ("axe",), I=1)
    # first: hit 5, wound 4, injury 1 → knocked down; second: auto-hit, wound 4 → out
    state = battle_state([first, second], [target], ScriptedDice([5, 4, 1, 4]))
    engage(first, target)
    engage(second, target)
    close_combat_phase(state)
    assert target.state == OUT_OF_ACTION
    assert target.taken_out_by == "u2.1"
    assert second.enemies_taken_out == ["u3.1"]


def test_a_fighter_who_stood_up_strikes_last():  # seed 001 §2.3 overrides §2.4
    quick = fighter("a", "u1", I=6)
    quick.stood_up = True
    slow = fighter("b", "u2", I=1)
    charger = fighter("b", "u3", I=2)
    charger.charged = True
    order = strike_order([quick, slow, charger], {})
    assert [f.id for f in order] == ["u3.1", "u2.1", "u1.1"]


def test_chargers_strike_first_then_initiative():  # seed 001 §2.1, §2.4-2.6
    fast, slow = fighter("a", "u1", I=5), fighter("b", "u2", I=2)
    c1, c2 = fighter("b", "u3", I=3), fighter("b", "u4", I=4)
    c1.charged = c2.charged = True
    assert [f.id for f in strike_order([fast, slow, c1, c2], {})] == [
        "u4.1",
        "u3.1",
        "u1.1",
        "u2.1",
    ]


def test_equal_initiative_uses_the_rolloff():  # seed 001 §2.2
    a, b = fighter("a", "u1", I=3), fighter("b", "u2", I=3)
    assert strike_order([a, b], {"a:u1.1": 2, "b:u2.1": 5})[0] is b
    assert strike_order([a, b], {"a:u1.1": 6, "b:u2.1": 5})[0] is a


def test_two_weapons_give_one_extra_attack_with_the_second():  # seed 001 §5.1, §5.3
    dual = fighter("a", "u1", ("sword", "dagger"), A=2)
    weapons = [w.key for w in melee_weapons(dual, first_round=True)]
    assert weapons == ["sword", "sword", "dagger"]
    shielded = fighter("a", "u2", ("sword", "dagger", "shield"), A=2)
    assert [w.key for w in melee_weapons(shielded, True)] == ["sword", "sword"]


def test_each_weapon_uses_its_own_modifiers():  # seed 001 §5.4, §6
    attacker = fighter("a", "u1", ("axe", "dagger"), S=3)
    target = fighter("b", "u2", ("light-armour",))
    exchange = melee_exchange(attacker, target, True)
    axe, dagger = exchange.strikes
    assert axe.save_need is None  # 6+ worsened by the axe's cutting edge
    assert dagger.save_need == 5  # the dagger improves the target's save by 1


def test_weapon_strength_bonus_worsens_the_save():  # seed 001 §6.2, §8
    attacker = fighter("a", "u1", ("halberd",), S=3)  # S4 with the halberd
    target = fighter("b", "u2", ("heavy-armour",))
    strike = melee_exchange(attacker, target, True).strikes[0]
    assert strike.wound_need == 3
    assert strike.save_need == 6


def test_no_critical_when_a_six_was_needed():
    # NOT IN SEED: not in seed 001: published Mordheim rules, Critical hits
    dice = ScriptedDice([3, 6, 1])  # hit, wound on the needed 6, injury 1
    result = roll_exchange(Exchange((Strike(3, 6, None),), 1), dice)
    assert result.critical == ""
    assert result.state == KNOCKED_DOWN


def test_only_one_critical_per_fighter_per_phase():
    # NOT IN SEED: not in seed 001: published Mordheim rules, Critical hits
    strikes = (Strike(3, 4, None), Strike(3, 4, None))
    # hits 3, 3; wound 6 → critical (crit die 1: vital part, 2 wounds); wound 6 → plain
    dice = ScriptedDice([3, 3, 6, 1, 6, 6, 6, 6])
    result = roll_exchange(Exchange(strikes, 5), dice)
    assert result.critical == "vital_part"
    assert result.wounds == 3
    again = roll_exchange(
        Exchange((Strike(3, 4, None),), 5, critical_available=False), ScriptedDice([3, 6])
    )
    assert again.wounds == 1
    assert not again.critical_used


def test_multiple_wounds_roll_injuries_once_wounds_reach_zero():
    # not in seed 001: published Mordheim rules, Injuries
    # W2 target takes 3 wounds: first wound leaves 1 W, the next two each roll injury
    strikes = (Strike(None, 2, None),) * 3
    dice = ScriptedDice([2, 2, 2, 1, 5])  # three wounds (no crit: need 2, roll 2), injuries 1, 5
    result = roll_exchange(Exchange(strikes, 2, critical_available=False), dice)
    assert result.state == OUT_OF_ACTION  # the worst of knocked down and out of action


def test_helmet_turns_stunned_into_knocked_down_on_four():
    # NOT IN SEED: not in seed 001: published Mordheim rules, Shooting
    dice = ScriptedDice([3, 4, 3, 4])  # hit, wound, injury 3 (stunned), helmet 4
    result = roll_exchange(Exchange((Strike(3, 4, None),), 1, helmet=True), dice)
    assert result.state == KNOCKED_DOWN


def test_breaking_fighter_takes_one_free_hit_from_each_enemy():  # seed 001 §12.2
    runner = fighter("a", "u1", T=3)
    e1, e2 = fighter("b", "u2", ("axe",)), fighter("b", "u3", ("axe",))
    runner.x, runner.y, e1.x, e1.y, e2.x, e2.y = 10, 10, 10, 11, 11, 10
    state = battle_state([runner], [e1, e2], ScriptedDice([1, 1, 3, 3]))
    engage(runner, e1)
    engage(runner, e2)
    break_and_flee(state, runner)
    assert runner.state == STANDING
    assert runner.fleeing
    assert runner.engaged == []
    assert state.dice.used[:2] == [1, 1]  # two free hits: wound rolls only, both fail


def test_knocked_down_fighters_do_not_fight():
    # not in seed 001: published Mordheim rules, Injuries
    down = fighter("a", "u1", I=9)
    down.state = KNOCKED_DOWN
    enemy = fighter("b", "u2", T=10)
    state = battle_state([down], [enemy], ScriptedDice([1]))
    engage(down, enemy)
    close_combat_phase(state)  # only the enemy strikes: one wound roll, to-hit is automatic
    assert state.dice.used == [1]


def test_fists_give_the_enemy_plus_one_to_its_armour_save():  # published "Fist" entry
    brawler = fighter("a", "u1", ())
    assert brawler.main.key == "fists"
    armoured = fighter("b", "u2", ("sword", "light-armour"))
    unarmoured = fighter("b", "u3", ("sword",))
    # S3 - 1 = S2 (no save modifier): light armour 6+ becomes 5+
    assert melee_exchange(brawler, armoured, True).strikes[0].save_need == 5
    swordsman = fighter("a", "u4", ("sword",))
    assert melee_exchange(swordsman, armoured, True).strikes[0].save_need == 6
    # "... and a 6+ armour save if he normally has none" (the default reading)
    assert melee_exchange(brawler, unarmoured, True).strikes[0].save_need == 6


def test_fists_setting_can_give_an_unarmoured_enemy_no_save():  # older printing, ≈
    settings = SkirmishSettings(fists_give_unarmoured_save=False)
    brawler = fighter("a", "u1", ())
    unarmoured = fighter("b", "u3", ("sword",))
    assert melee_exchange(brawler, unarmoured, True, settings).strikes[0].save_need is None


def test_fists_strike_at_the_users_strength_less_the_setting():  # "Strength: As user -1"
    brawler = fighter("a", "u1", (), S=4)
    target = fighter("b", "u2", ("sword",), T=3)
    assert melee_exchange(brawler, target, True).strikes[0].wound_need == 4  # S3 v T3
    plain = SkirmishSettings(fists_strength_modifier=0)
    assert melee_exchange(brawler, target, True, plain).strikes[0].wound_need == 3  # S4 v T3


def test_pistol_after_the_first_round_is_fists_with_the_save_bonus():  # published pistol
    gunman = fighter("a", "u1", ("pistol",))
    target = fighter("b", "u2", ("sword", "light-armour"))
    gunman.combat_rounds = 1
    assert [w.key for w in melee_weapons(gunman, first_round=False)] == ["fists"]
    assert melee_exchange(gunman, target, True).strikes[0].save_need == 5
