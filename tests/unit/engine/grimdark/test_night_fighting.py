"""Night Fight (4e pp.84-87, the mission option ``settings.night_fighting``): in game turn 1
a unit sees 2D6 × 3 inches."""

from rules.engine.systems.grimdark.settings import GrimdarkSettings
from rules.engine.systems.grimdark.shooting import night_fight_targets, shoot_unit

from .conftest import BOLTER, ScriptedDice, unit_data
from .test_battle import SWARM, SYSTEM, WARDENS


def night_battle(make_battle, dice):
    battle = make_battle(
        [(unit_data("squad", weapons=[BOLTER]), (36, 5))],
        [(unit_data("near"), (36, 20)), (unit_data("far"), (20, 26))],
        dice=ScriptedDice(dice),
    )
    battle.settings = GrimdarkSettings(night_fighting=True)
    return battle


def test_a_unit_sees_two_d6_times_three_inches_in_the_dark(make_battle):
    battle = night_battle(make_battle, [2, 4])  # 18" of sight
    squad, near, far = battle.units
    assert battle.gap(squad, near) <= 18.0 < battle.gap(squad, far)
    assert night_fight_targets(battle, squad, [near, far], barrage_only=False) == [near]
    assert battle.events.events[-1].dice == [2, 4]
    assert night_fight_targets(battle, squad, [near, far], barrage_only=True) == [near, far]


def test_a_unit_that_sees_nobody_in_the_dark_holds_its_fire(make_battle):
    battle = night_battle(make_battle, [1, 1])  # 6" of sight: nobody in reach
    shoot_unit(battle, battle.units[0])
    assert not any("fires" in e.text for e in battle.events.events)
    battle.turn = 2  # the night lasts game turn 1 only
    shoot_unit(battle, battle.units[0])
    assert any("fires" in e.text for e in battle.events.events)


def test_night_fighting_battles_log_the_sight_rolls_in_turn_one_only():
    night = GrimdarkSettings(night_fighting=True)
    report = SYSTEM.resolve_battle(WARDENS, SWARM, "annihilation", 2, settings=night)
    sights = [e for e in report.events if "in the dark" in e.text]
    assert sights
    assert all(e.turn == 1 and len(e.dice) == 2 for e in sights)
