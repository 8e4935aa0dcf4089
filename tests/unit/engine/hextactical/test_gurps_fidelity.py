"""Issue 21's verified defects against the GURPS 4e Basic Set, each cited by page (the basic
combat chapter is NOT IN SEED: GURPS 4e Basic Set rule)."""

import pytest

from rules.engine import hexgrid
from rules.engine.systems.base import EngineError
from rules.engine.systems.hextactical import damage, tactics, turn
from rules.engine.systems.hextactical.odds import attack_odds
from rules.engine.systems.hextactical.plan import Plan
from tests.unit.engine.hextactical.test_gurps_battle_rules import _battle
from tests.unit.engine.hextactical.test_gurps_review_fixes import A, _near


# ----------------------------------------------------------------- 12: the damage table
@pytest.mark.parametrize(
    ("st", "thrust", "swing"),
    [
        (25, (2, 2), (5, -1)),
        (28, (3, -1), (5, 1)),
        (40, (4, 1), (7, -1)),
        (47, (5, 0), (7, 1)),
        (100, (11, 0), (13, 0)),
        (120, (13, 0), (15, 0)),
    ],
)
def test_damage_table_continues_above_st_25(st, thrust, swing):
    # GURPS 4e Basic Set p.B15 Damage Table: ST 28 is thr 3d-1 / sw 5d+1; from ST 40 the
    # rows go by 5 (use the row at or below); above 100, +1d per full 10 ST
    assert damage.thrust_swing(st) == (thrust, swing)


@pytest.mark.parametrize("text", ["-3d cr", "0d cr", "101d cr", "99999999d cr"])
def test_damage_dice_count_is_bounded(text):
    # B15/B269: damage is a positive number of dice; the engine reads at most 100d
    with pytest.raises(EngineError) as error:
        damage.parse_damage(text, 10)
    assert error.value.code == "damage"


@pytest.mark.parametrize("st", [0, -4, 1001])
def test_calculator_refuses_st_out_of_range(st):
    # B15: ST 1 upward; the calculator refuses what its field declares out of range
    with pytest.raises(EngineError) as error:
        attack_odds({"skill": 10, "damage": "thr", "st": st})
    assert error.value.code == "odds.st"


def test_calculator_reads_st_above_25_from_the_table():
    # B15: ST 28 swing is 5d+1: the best roll is 31 basic damage
    result = attack_odds({"skill": 10, "damage": "sw", "st": 28, "critical_hits": False})
    assert max(int(k) for k in result["injury"]) == 31


# ----------------------------------------------------------------- 1: Aim then Attack
def _bow_and_axe():
    return _battle(
        [("thornwall-company", "longbowman")],
        [("saltmarsh-reavers", "marsh-axeman")],
        {"longbowman": (A, 0), "marsh-axeman": (_near(0, 5), 3)},
        totals=[18],
    )


def test_three_aims_then_attack_add_acc_plus_two():
    # GURPS 4e Basic Set p.B364 Aim: an Attack after Aim gets +Acc, +1 more after two
    # seconds and +2 after three or more
    battle, c = _bow_and_axe()
    bow, axe = c["longbowman"], c["marsh-axeman"]
    for _ in range(3):
        turn.execute(battle, bow, Plan("aim", target=axe.id, facing=bow.facing))
    attack = Plan("attack", target=axe.id, weapon=bow.weapon_index, mode="ranged", facing=0)
    turn.execute(battle, bow, attack)
    shot = [e for e in battle.events.events if e.phase == "shoot"][-1]
    unaimed = bow.weapon.skill + tactics.range_modifier(hexgrid.distance(bow.pos, axe.pos))
    assert shot.data["skill"] == unaimed + bow.weapon.acc + 2
    assert bow.aim_turns == 0
