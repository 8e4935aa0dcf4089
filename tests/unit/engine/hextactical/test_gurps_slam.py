"""Slam (GURPS 4e Basic Set pp.B371–372, digest §19.17): dice from HP × velocity / 100, both
take damage, the one who takes twice what he dealt falls; the log shows the DX roll's
modifiers."""

import pytest

from rules.engine.systems.hextactical import turn
from rules.engine.systems.hextactical.ai.approach import approach_plan
from rules.engine.systems.hextactical.damage import DamageDice
from rules.engine.systems.hextactical.plan import SLAM, Plan
from rules.engine.systems.hextactical.slam import falls, slam_dice
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


def test_who_takes_twice_what_he_dealt_falls():
    # B371 "Slam results": at least twice the damage one inflicted knocks one down
    assert falls(dealt=2, taken=4)
    assert not falls(dealt=3, taken=5)
    assert not falls(dealt=0, taken=0)


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
    assert "Move and Attack" in slam_line.text
    damage = next(e for e in battle.events.events if "dealt" in e.data)
    assert (damage.data["dealt"], damage.data["taken"]) == (6, 1)


def test_a_light_slammer_bounces_off_a_heavy_foe_and_falls():
    # B371: the slammer who takes twice what he dealt falls himself
    _battle, sword, axe = _slam(8, 30, totals=[5, 16])
    assert sword.posture == "prone"
    assert axe.posture == "standing"


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
