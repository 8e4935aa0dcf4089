"""Issue 21's verified defects against the GURPS 4e Basic Set, each cited by page (the basic
combat chapter is NOT IN SEED: GURPS 4e Basic Set rule)."""

import pytest

from rules.engine.systems.base import EngineError
from rules.engine.systems.hextactical import damage
from rules.engine.systems.hextactical.odds import attack_odds


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
