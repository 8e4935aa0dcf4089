"""Slam (GURPS 4e Basic Set pp.B371–372, digest §19.17): dice from HP × velocity / 100, both
take damage, "Slam results" say who falls or rolls DX; the roll to hit is DX, Brawling or
Sumo Wrestling without Move and Attack's −4; the log shows the roll's modifiers."""

import pytest

from rules.engine.systems.hextactical import turn
from rules.engine.systems.hextactical.ai.approach import approach_plan
from rules.engine.systems.hextactical.damage import DamageDice
from rules.engine.systems.hextactical.plan import SLAM, Plan
from rules.engine.systems.hextactical.slam import (
    FALLS,
    ROLLS_DX,
    STAYS_UP,
    slam_dice,
    slam_results,
    slam_skill,
)
from tests.unit.engine.hextactical.test_gurps_review_fixes import _near, _sword_and_axe


@pytest.mark.parametrize(
    ("hp", "velocity", "dice", "adds"),
    [
        (10, 2, 1, -3),  # 0.2: 1d−3 (B371 table)
        (10, 5, 1, -2),  # 0.5: 1d−2
        (10, 9, 1, -1),  # 0.9: 1d−1
        (10, 10, 1, 0),  # 1.0: 1d
        (10, 15, 2, 0),  # 1.5 rounds up: 2d
        (14, 10, 1, 0),  # 1.4 rounds down: 1d
        (20, 10, 2, 0),
    ],
)
def test_slam_damage_is_hp_times_velocity_over_100_dice(hp, velocity, dice, adds):
    # B371: HP × velocity / 100 dice of crushing damage, the table below one die
    assert slam_dice(hp, velocity) == DamageDice(dice, adds, "cr")


@pytest.mark.parametrize(
    ("dealt", "taken", "foe", "slammer"),
    [
        (6, 3, FALLS, STAYS_UP),  # at least twice what he took: the foe falls
        (1, 0, FALLS, STAYS_UP),
        (5, 3, ROLLS_DX, STAYS_UP),  # more but less than twice: the foe rolls DX or falls
        (4, 4, STAYS_UP, STAYS_UP),  # equal: nobody ("more" is strict)
        (3, 5, STAYS_UP, STAYS_UP),  # the foe dealt more but less than twice: nobody
        (2, 4, STAYS_UP, FALLS),  # the slammer took at least twice what he dealt: he falls
        (0, 0, STAYS_UP, STAYS_UP),
    ],
)
def test_slam_results_compare_the_damage_each_side_dealt(dealt, taken, foe, slammer):
    # GURPS 4e Basic Set p.B371 "Slam results"
    assert slam_results(dealt, taken) == (foe, slammer)


def test_a_slam_rolls_dx_or_brawling_without_the_move_and_attack_penalty():
    # B371: DX, Brawling or Sumo Wrestling to hit; Move and Attack's −4 and cap of 9 do not apply
    _battle, sword, axe = _sword_and_axe(_near(0, 6))
    assert slam_skill(sword) == sword.dx
    axe.skills["Brawling"] = 15
    assert slam_skill(axe) == 15


def _slam(slammer_hp, foe_hp, totals):
    battle, sword, axe = _sword_and_axe(_near(0, 6), totals=totals)
    sword.hp_max = sword.hp = slammer_hp
    axe.hp_max = axe.hp = foe_hp
    path = [_near(0, n) for n in range(1, 6)]
    turn.execute(battle, sword, Plan("move_attack", target=axe.id, path=path, option=SLAM))
    return battle, sword, axe


def test_a_heavy_slammer_with_a_long_run_knocks_a_light_foe_down():
    # B371: velocity 6 (five yards run and one into him): 30 HP → 2d, 8 HP → 1d−2; both take
    # damage (single dice roll 3 here: 6 against 1) and the light foe falls
    battle, sword, axe = _slam(30, 8, totals=[5, 16])
    assert axe.posture == "prone"
    assert sword.posture == "standing"
    assert axe.hp < 8
    slam_line = next(e for e in battle.events.events if e.data.get("option") == SLAM)
    assert slam_line.text.startswith(f"{sword.name} slams {axe.name} at 6 yd/s: DX ")
    assert "Move and Attack" not in slam_line.text
    damage = next(e for e in battle.events.events if "dealt" in e.data)
    assert (damage.data["dealt"], damage.data["taken"]) == (6, 1)
    assert damage.text.endswith("deals 2d cr = 6, takes 1d-2 cr = 1")  # the GM sees the dice


def test_a_light_slammer_bounces_off_a_heavy_foe_and_falls():
    # B371: the slammer who takes twice what he dealt falls himself
    _battle, sword, axe = _slam(8, 30, totals=[5, 16])
    assert sword.posture == "prone"
    assert axe.posture == "standing"


def test_a_foe_dealt_more_but_not_twice_as_much_rolls_dx_or_falls():
    # B371: 20 HP at 6 yd/s → 1d (rolls 3), 12 HP → 1d−1 (2): he keeps his feet on a DX roll
    battle, sword, axe = _slam(20, 12, totals=[5, 16, 17])
    assert axe.posture == "prone"
    assert battle.dice.totals == []
    battle, sword, axe = _slam(20, 12, totals=[5, 16, 6])
    assert axe.posture == "standing"
    assert sword.posture == "standing"
    line = next(e for e in battle.events.events if "keeps his feet" in e.text)
    assert line.text.endswith(f"DX {axe.dx} = {axe.dx}, rolled 6: stays up")


def test_a_missed_slam_does_nothing():
    _battle, sword, axe = _slam(30, 8, totals=[18])
    assert (axe.hp, axe.posture, sword.hp) == (8, "standing", 30)


def _ai_plan(slammer_hp, foe_hp):
    battle, sword, axe = _sword_and_axe(_near(0, 6))
    sword.hp_max = sword.hp = slammer_hp
    axe.hp_max = axe.hp = foe_hp
    return approach_plan(battle, sword, axe, (1,)), axe


def test_the_ai_slams_a_light_foe_after_a_long_run():
    # engine choice on B371: a heavy fighter runs into a light one when he deals on average
    # at least twice what he takes (so the foe falls)
    plan, axe = _ai_plan(30, 8)
    assert (plan.kind, plan.option, plan.target) == ("move_attack", SLAM, axe.id)
    assert len(plan.path) == 5


def test_the_ai_does_not_slam_a_foe_as_heavy_as_himself():
    plan, _axe = _ai_plan(12, 12)
    assert plan.option != SLAM
