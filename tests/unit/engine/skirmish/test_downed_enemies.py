"""Knocked-down and stunned fighters outside the strike sequence: leaving a combat whose
enemies are all down (seed 001 §11.3), crawling (not in seed 001: published Mordheim rules,
Injuries), the §10.6 leftover attacks
setting (seed 001 "Attacking stunned and knocked down warriors") and shooting at downed enemies (not
in seed 001: published Mordheim rules, Shooting)."""

from __future__ import annotations

import math

import pytest

from rules.engine.dice import Dice
from rules.engine.systems.skirmish import tables
from rules.engine.systems.skirmish.ai import SkirmishPolicy
from rules.engine.systems.skirmish.attacks import (
    Exchange,
    Strike,
    exchange_distribution,
    roll_exchange,
)
from rules.engine.systems.skirmish.movement import (
    may_crawl,
    may_leave_combat,
    movement_phase,
)
from rules.engine.systems.skirmish.settings import SkirmishSettings
from rules.engine.systems.skirmish.shooting import (
    choose_shooting_target,
    legal_targets,
    shooting_targets,
)
from rules.engine.systems.skirmish.state import engage
from rules.engine.systems.skirmish.tables import KNOCKED_DOWN, OUT_OF_ACTION, STUNNED
from tests.unit.engine.skirmish.helpers import ScriptedDice, battle_state, fighter


def place(f, x, y):
    f.x, f.y = float(x), float(y)
    return f


class Stay(SkirmishPolicy):
    """Never charges or moves by choice (isolates the rule under test)."""

    def charge_target(self, state, fighter):
        return None

    def destination(self, state, fighter, step):
        return fighter.x, fighter.y


class Leave(Stay):
    """Always leaves a combat it may leave, then walks 4" east."""

    def leaves_combat(self, state, fighter):
        return True

    def destination(self, state, fighter, step):
        return fighter.x + 4.0, fighter.y


# --- leaving combat (seed 001 §11.3) ------------------------------------------------------


def test_may_leave_combat_only_when_every_enemy_in_contact_is_down():  # seed 001 §11.1, §11.3
    hero = place(fighter("a", "u1"), 10, 10)
    one, two = place(fighter("b", "u2"), 10, 11), place(fighter("b", "u3"), 11, 10)
    state = battle_state([hero], [one, two])
    engage(hero, one)
    engage(hero, two)
    one.state = KNOCKED_DOWN
    assert not may_leave_combat(state, hero)  # §11.1: a standing enemy still in contact
    two.state = STUNNED
    assert may_leave_combat(state, hero)  # §11.3: every enemy in contact is down


def test_engaged_fighter_moves_away_when_every_enemy_is_down():  # seed 001 §11.3
    hero = place(fighter("a", "u1"), 10, 10)
    downed = place(fighter("b", "u2"), 10, 11)
    state = battle_state([hero], [downed])
    engage(hero, downed)
    downed.state = KNOCKED_DOWN
    movement_phase(state, "a", Leave())
    assert hero.engaged == []
    assert downed.engaged == []
    assert hero.x == pytest.approx(14.0)


def test_engaged_fighter_stays_while_an_enemy_in_contact_stands():  # seed 001 §11.1
    hero = place(fighter("a", "u1"), 10, 10)
    foe = place(fighter("b", "u2"), 10, 11)
    state = battle_state([hero], [foe])
    engage(hero, foe)
    movement_phase(state, "a", Leave())
    assert hero.engaged == [foe.key]
    assert (hero.x, hero.y) == (10.0, 10.0)


def test_ai_leaves_a_downed_enemy_a_friend_will_finish_to_charge_another():  # seed 001 §11.3
    hero = place(fighter("a", "u1", M=4), 10, 10)
    friend = place(fighter("a", "u2"), 11, 11)
    downed = place(fighter("b", "u3"), 10, 11)
    fresh = place(fighter("b", "u4"), 10, 16)
    state = battle_state([hero, friend], [downed, fresh])
    engage(hero, downed)
    engage(friend, downed)
    downed.state = KNOCKED_DOWN
    movement_phase(state, "a", SkirmishPolicy())
    assert hero.charged
    assert hero.engaged == [fresh.key]
    assert downed.engaged == [friend.key]  # the friend stays to finish it (§10.2)


def test_ai_stays_on_a_downed_enemy_nobody_else_can_finish():  # seed 001 §11.3, §10.2
    hero = place(fighter("a", "u1", M=4), 10, 10)
    downed = place(fighter("b", "u3"), 10, 11)
    fresh = place(fighter("b", "u4"), 10, 16)
    state = battle_state([hero], [downed, fresh])
    engage(hero, downed)
    downed.state = KNOCKED_DOWN
    movement_phase(state, "a", SkirmishPolicy())
    assert hero.engaged == [downed.key]
    assert not hero.charged


def test_fighter_that_stood_up_may_not_leave_combat():
    # not in seed 001: published Mordheim rules, Injuries
    hero = place(fighter("a", "u1"), 10, 10)
    downed = place(fighter("b", "u2"), 10, 11)
    state = battle_state([hero], [downed])
    engage(hero, downed)
    downed.state = STUNNED
    hero.stood_up = True
    movement_phase(state, "a", Leave())
    assert hero.engaged == [downed.key]


# --- crawling (not in seed 001: published Mordheim rules, Injuries)
# --------------------------------------------------------------


def test_knocked_down_fighter_crawls_two_inches_away_from_a_threat():
    # not in seed 001: published Mordheim rules, Injuries
    crawler = place(fighter("a", "u1"), 10, 10)
    crawler.state = KNOCKED_DOWN
    enemy = place(fighter("b", "u2", M=4), 10, 15)
    state = battle_state([crawler], [enemy])
    movement_phase(state, "a", SkirmishPolicy())
    assert (crawler.x, crawler.y) == pytest.approx((10.0, 8.0))
    assert crawler.state == KNOCKED_DOWN
    assert not crawler.ran
    assert not crawler.charged
    assert not crawler.hidden


def test_crawl_is_never_longer_than_two_inches():
    # not in seed 001: published Mordheim rules, Injuries
    class FarAway(Stay):
        def crawl_destination(self, state, fighter, reach):
            return fighter.x + 30.0, fighter.y

    crawler = place(fighter("a", "u1", M=6), 10, 10)
    crawler.state = KNOCKED_DOWN
    state = battle_state([crawler], [place(fighter("b", "u2"), 40, 40)])
    movement_phase(state, "a", FarAway())
    assert crawler.x == pytest.approx(12.0)


def test_stunned_fighters_do_not_crawl():
    # not in seed 001: published Mordheim rules, Injuries: stunned can do nothing
    lying = place(fighter("a", "u1"), 10, 10)
    lying.state = STUNNED
    state = battle_state([lying], [place(fighter("b", "u2", M=4), 10, 15)])
    assert not may_crawl(state, lying)
    movement_phase(state, "a", SkirmishPolicy())
    assert (lying.x, lying.y) == (10.0, 10.0)


def test_crawling_out_of_contact_needs_the_enemy_busy_with_another():
    # not in seed 001: published Mordheim rules, Injuries
    crawler = place(fighter("a", "u1"), 10, 10)
    crawler.state = KNOCKED_DOWN
    friend = place(fighter("a", "u3"), 11, 12)
    enemy = place(fighter("b", "u2"), 10, 11)
    state = battle_state([crawler, friend], [enemy])
    engage(crawler, enemy)
    assert not may_crawl(state, crawler)
    movement_phase(state, "a", Stay())
    assert crawler.engaged == [enemy.key]
    engage(friend, enemy)
    assert may_crawl(state, crawler)
    movement_phase(state, "a", Stay())
    assert crawler.engaged == []
    assert enemy.engaged == [friend.key]


# --- §10.6 leftover attacks (seed 001 "Attacking stunned and knocked down warriors")
# ------------------------------------------------


def three_blows() -> Exchange:
    return Exchange(tuple(Strike(3, 4, None) for _ in range(3)), target_wounds=1)


def test_leftover_attacks_are_rolled_by_default():
    # seed 001 "Attacking stunned and knocked down warriors" "rolled"
    assert SkirmishSettings().leftover_attacks == tables.LEFTOVER_ROLLED
    # hits 3,3,3; wounds 4,4,4; injuries 1 (KD), 2 (KD), 5 (out): the worst stands
    dice = ScriptedDice([3, 3, 3, 4, 4, 4, 1, 2, 5])
    result = roll_exchange(three_blows(), dice)
    assert result.wounds == 3
    assert result.state == OUT_OF_ACTION


def test_leftover_attacks_are_lost_once_the_target_is_down():
    # seed 001 "Attacking stunned and knocked down warriors"
    lost = SkirmishSettings(leftover_attacks=tables.LEFTOVER_LOST)
    # hits 3,3,3; first wound 4 → injury 1 knocked down; the two other blows are lost
    dice = ScriptedDice([3, 3, 3, 4, 1, 4, 4, 5])
    result = roll_exchange(three_blows(), dice, lost)
    assert result.wounds == 1
    assert result.state == KNOCKED_DOWN
    assert dice.rolls == [4, 4, 5]  # never rolled


def test_leftover_setting_changes_the_exact_odds_to_match_simulation():  # §14.2
    rolled = exchange_distribution(three_blows())
    setting = SkirmishSettings(leftover_attacks=tables.LEFTOVER_LOST)
    lost = exchange_distribution(three_blows(), setting)
    assert sum(lost.values()) == pytest.approx(1.0)
    assert lost[OUT_OF_ACTION] < rolled[OUT_OF_ACTION] - 0.05
    dice = Dice(2024)
    n = 6000
    out = sum(roll_exchange(three_blows(), dice, setting).state == OUT_OF_ACTION for _ in range(n))
    assert out / n == pytest.approx(lost[OUT_OF_ACTION], abs=0.025)


# --- shooting downed enemies (not in seed 001: published Mordheim rules, Shooting)
# -----------------------------------------------


def test_knocked_down_and_stunned_enemies_may_be_shot():
    # not in seed 001: published Mordheim rules, Shooting
    archer = place(fighter("a", "u1", ("bow",)), 10, 5)
    down = place(fighter("b", "u2"), 10, 12)
    stunned = place(fighter("b", "u3"), 12, 12)
    down.state, stunned.state = KNOCKED_DOWN, STUNNED
    state = battle_state([archer], [down, stunned])
    assert shooting_targets(state, archer) == [down, stunned]
    assert choose_shooting_target(state, archer) is down  # the only ones there


def test_a_closer_downed_enemy_may_be_ignored_for_the_standing_one():
    # not in seed 001: published Mordheim rules, Shooting
    archer = place(fighter("a", "u1", ("bow",)), 10, 5)
    down = place(fighter("b", "u2"), 10, 8)
    standing = place(fighter("b", "u3"), 10, 11)
    far_down = place(fighter("b", "u4"), 10, 25)  # farther, no easier: not legal
    down.state, far_down.state = KNOCKED_DOWN, STUNNED
    state = battle_state([archer], [down, standing, far_down])
    legal = [e for e, _ in legal_targets(state, archer)]
    assert legal == [down, standing]  # the closer downed one may be shot or ignored
    assert choose_shooting_target(state, archer) is standing  # equal odds: the standing one


def test_shot_at_a_knocked_down_fighter_rolls_injury_not_the_melee_finish():
    # not in seed 001: published Mordheim rules, Shooting
    from rules.engine.systems.skirmish.shooting import fire

    archer = place(fighter("a", "u1", ("bow",), BS=3), 10, 5)
    down = place(fighter("b", "u2"), 10, 8)
    down.state, down.wounds = KNOCKED_DOWN, 0
    # hit 4 (BS3 short range), wound 4 (S3 v T3), injury 3 → stunned (not out at once)
    state = battle_state([archer], [down], ScriptedDice([4, 4, 3]))
    fire(state, archer, down)
    assert down.state == STUNNED


def test_fighters_in_battle_face_the_way_they_last_moved():  # report facing convention
    walker = place(fighter("a", "u1", M=4), 10, 10)
    state = battle_state([walker], [place(fighter("b", "u2"), 40, 40)])

    class South(Stay):
        def destination(self, state, fighter, step):
            return fighter.x, fighter.y + step

    movement_phase(state, "a", South())
    assert walker.facing == pytest.approx(90.0)  # +y is down the map: clockwise from east
    walker.x, walker.y = 10.0, 10.0

    class NorthWest(Stay):
        def destination(self, state, fighter, step):
            return fighter.x - 1.0, fighter.y - 1.0

    movement_phase(state, "a", NorthWest())
    assert walker.facing == pytest.approx(225.0)
    assert math.isfinite(walker.facing)
