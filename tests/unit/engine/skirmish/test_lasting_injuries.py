"""Lasting serious injuries change the fighter in battle (issue 19 defect 3; NOT IN SEED:
published Mordheim serious injuries and psychology, not in seed 001: published Mordheim rules,
Serious injuries, §15.6). The campaign
carries them as ``rules`` of the roster entry; the engine reads them here."""

from __future__ import annotations

from rules.engine.systems.skirmish.ai import SkirmishPolicy
from rules.engine.systems.skirmish.attacks import ExchangeResult, exchange_distribution
from rules.engine.systems.skirmish.combat import close_combat_phase, melee_exchange, melee_weapons
from rules.engine.systems.skirmish.movement import may_run, movement_phase, recovery_phase
from rules.engine.systems.skirmish.psychology import fear_test, is_all_alone
from rules.engine.systems.skirmish.state import apply_exchange, engage
from rules.engine.systems.skirmish.tables import KNOCKED_DOWN
from tests.unit.engine.skirmish.helpers import ScriptedDice, battle_state, fighter


def place(f, x, y):
    f.x, f.y = x, y
    return f


def test_smashed_leg_may_not_run():  # "may no longer run (may still charge)"
    lame = place(fighter("a", "u1", rules=("may-not-run",)), 10, 10)
    state = battle_state([lame], [place(fighter("b", "u2"), 40, 40)])
    assert lame.may_not_run
    assert not may_run(state, lame)


def test_amputated_arm_keeps_a_single_one_handed_weapon():  # arm wound, D6 = 1
    one_arm = fighter(
        "a", "u1", ("sword", "dagger", "shield", "bow", "light-armour"), rules=("one-arm",)
    )
    assert one_arm.main.key == "sword"
    assert one_arm.off is None
    assert one_arm.missile is None
    assert one_arm.melee_save == 6  # the light armour stays, the shield does not
    assert len(melee_weapons(one_arm, True)) == 1


def test_hardened_is_immune_to_fear_and_horrible_scars_cause_it():
    scarred = fighter("b", "u2", rules=("causes-fear",))
    hardened = fighter("a", "u1", rules=("immune-to-fear",))
    state = battle_state([hardened], [scarred], ScriptedDice([]))
    assert scarred.causes_fear
    assert fear_test(state, hardened, scarred)  # no dice rolled


def test_frenzy_doubles_attacks_before_the_second_weapon():  # seed 001 §5.2
    berserk = fighter("a", "u1", ("axe", "dagger"), rules=("frenzy",), A=1)
    assert len(melee_weapons(berserk, True)) == 3  # 1 × 2, then +1


def test_frenzy_is_lost_when_knocked_down_and_spares_fear_and_all_alone():
    berserk = place(fighter("a", "u1", rules=("frenzy",)), 10, 10)
    foes = [place(fighter("b", f"u{n}", rules=("fear",)), 10 + n, 11) for n in (2, 3)]
    state = battle_state([berserk], foes, ScriptedDice([]))
    for foe in foes:
        engage(berserk, foe)
    assert fear_test(state, berserk, foes[0])
    assert not is_all_alone(state, berserk)
    apply_exchange(state, foes[0], berserk, ExchangeResult(state=KNOCKED_DOWN))
    assert not berserk.frenzy


def test_frenzied_fighter_must_charge_an_enemy_in_reach():
    class Timid(SkirmishPolicy):
        def charge_target(self, state, fighter):
            return None

    berserk = place(fighter("a", "u1", rules=("frenzy",), M=4), 10, 10)
    foe = place(fighter("b", "u2"), 10, 16)
    state = battle_state([berserk], [foe], ScriptedDice([1] * 20))
    movement_phase(state, "a", Timid())
    assert berserk.charged
    assert foe.key in berserk.engaged


def test_stupid_fighter_who_fails_does_not_move_or_strike():
    dullard = place(fighter("a", "u1", rules=("stupidity",), Ld=7), 10, 10)
    foe = place(fighter("b", "u2", I=2), 10, 11)
    engage(dullard, foe)
    state = battle_state([dullard], [foe], ScriptedDice([6, 6]))  # 12 > Ld 7: fails
    recovery_phase(state, "a")
    assert dullard.stupefied
    foe.state = KNOCKED_DOWN  # the foe cannot strike either: nobody rolls
    close_combat_phase(state)
    assert state.dice.used == [6, 6]


def test_hatred_rerolls_misses_in_the_first_round():  # bitter enmity
    avenger = fighter("a", "u1", rules=("hatred(Marsh Raiders)",))
    foe = fighter("b", "u2")
    assert avenger.hates_enemy(foe, "Marsh Raiders")
    assert not avenger.hates_enemy(foe, "Night Watch")
    plain = exchange_distribution(melee_exchange(avenger, foe, True))
    hating = exchange_distribution(melee_exchange(avenger, foe, True, hated=True))
    assert hating["unharmed"] < plain["unharmed"]
    avenger.combat_rounds = 1
    later = melee_exchange(avenger, foe, True, hated=True)
    assert not any(s.reroll_miss for s in later.strikes)


def test_hatred_odds_match_rolled_exchanges():
    """The exact odds with a re-rolled miss agree with 12 000 rolled exchanges (±0.02)."""
    from collections import Counter

    from rules.engine.dice import Dice
    from rules.engine.systems.skirmish.attacks import roll_exchange

    avenger = fighter("a", "u1", ("axe", "dagger"), rules=("hatred",), A=2)
    foe = fighter("b", "u2", ("sword",), WS=4)
    exchange = melee_exchange(avenger, foe, True, hated=True)
    exact = exchange_distribution(exchange)
    dice = Dice(19)
    rolled = Counter(roll_exchange(exchange, dice).outcome for _ in range(12_000))
    for outcome, p in exact.items():
        assert abs(rolled[outcome] / 12_000 - p) < 0.02, outcome
