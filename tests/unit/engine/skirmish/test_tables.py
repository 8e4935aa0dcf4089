"""The dice tables: one test per cell family (seed 001 §4, §7, §8) and the published tables."""

from __future__ import annotations

import pytest

from rules.engine.systems.skirmish.settings import SkirmishSettings
from rules.engine.systems.skirmish.tables import (
    KNOCKED_DOWN,
    OUT_OF_ACTION,
    STUNNED,
    critical_result,
    injury_result,
    melee_to_hit,
    rout_test_required,
    save_needed,
    shooting_hit_probability_parts,
    shooting_to_hit,
    strength_save_modifier,
    to_wound,
)

# seed 001 §4: the to-hit table, attacker WS rows 1-10, target WS columns 1-10
TO_HIT = [
    [4, 4, 5, 5, 5, 5, 5, 5, 5, 5],
    [3, 4, 4, 4, 5, 5, 5, 5, 5, 5],
    [3, 3, 4, 4, 4, 4, 5, 5, 5, 5],
    [3, 3, 3, 4, 4, 4, 4, 4, 5, 5],
    [3, 3, 3, 3, 4, 4, 4, 4, 4, 4],
    [3, 3, 3, 3, 3, 4, 4, 4, 4, 4],
    [3, 3, 3, 3, 3, 3, 4, 4, 4, 4],
    [3, 3, 3, 3, 3, 3, 3, 4, 4, 4],
    [3, 3, 3, 3, 3, 3, 3, 3, 4, 4],
    [3, 3, 3, 3, 3, 3, 3, 3, 3, 4],
]
# seed 001 §7: the to-wound table, S rows 1-10, T columns 1-10 (None = '-')
N = None
TO_WOUND = [
    [4, 5, 6, 6, N, N, N, N, N, N],
    [3, 4, 5, 6, 6, N, N, N, N, N],
    [2, 3, 4, 5, 6, 6, N, N, N, N],
    [2, 2, 3, 4, 5, 6, 6, N, N, N],
    [2, 2, 2, 3, 4, 5, 6, 6, N, N],
    [2, 2, 2, 2, 3, 4, 5, 6, 6, N],
    [2, 2, 2, 2, 2, 3, 4, 5, 6, 6],
    [2, 2, 2, 2, 2, 2, 3, 4, 5, 6],
    [2, 2, 2, 2, 2, 2, 2, 3, 4, 5],
    [2, 2, 2, 2, 2, 2, 2, 2, 3, 4],
]


def test_to_hit_matches_every_cell_of_the_seed_table():  # seed 001 §4
    for att in range(1, 11):
        for tgt in range(1, 11):
            assert melee_to_hit(att, tgt) == TO_HIT[att - 1][tgt - 1], (att, tgt)


def test_higher_weapon_skill_hits_on_three():  # seed 001 §4: WS4 vs WS3 hits on 3+
    assert melee_to_hit(4, 3) == 3
    assert melee_to_hit(10, 1) == 3


def test_equal_up_to_double_weapon_skill_hits_on_four():  # seed 001 §4: WS3 vs WS6 → 4+
    assert melee_to_hit(3, 3) == 4
    assert melee_to_hit(3, 6) == 4


def test_more_than_double_weapon_skill_hits_on_five():  # seed 001 §4: WS3 vs WS7 → 5+
    assert melee_to_hit(3, 7) == 5
    assert melee_to_hit(1, 3) == 5


def test_to_wound_matches_every_cell_of_the_seed_table():  # seed 001 §7
    for s in range(1, 11):
        for t in range(1, 11):
            assert to_wound(s, t) == TO_WOUND[s - 1][t - 1], (s, t)


@pytest.mark.parametrize(
    ("strength", "toughness", "needed"),
    [(5, 3, 2), (4, 3, 3), (3, 3, 4), (3, 4, 5), (3, 5, 6), (3, 6, 6)],
)
def test_to_wound_families(strength, toughness, needed):  # seed 001 §7: S − T bands
    assert to_wound(strength, toughness) == needed


def test_dash_means_no_wound_is_possible():  # seed 001 §7: S3 vs T7 is '-'
    assert to_wound(3, 7) is None
    assert to_wound(1, 5) is None


@pytest.mark.parametrize(("strength", "modifier"), [(1, 0), (3, 0), (4, 1), (5, 2), (6, 3), (9, 6)])
def test_save_modifier_by_strength(strength, modifier):  # seed 001 §8 table
    assert strength_save_modifier(strength) == modifier


def test_save_worse_than_six_is_no_save():  # seed 001 §8, seed 001 "Armour"
    assert save_needed(5, 4) == 6
    assert save_needed(5, 5) is None
    assert save_needed(None, 3) is None
    assert save_needed(6, 3, extra_modifier=1) is None


def test_bs_table_and_modifiers():
    # NOT IN SEED: published BS table (not in seed 001: published Mordheim rules, Shooting)
    assert shooting_to_hit(4, 0) == 3
    assert shooting_to_hit(3, -2) == 6
    assert shooting_hit_probability_parts(3) == (3, None)
    assert shooting_hit_probability_parts(7) == (6, 4)
    assert shooting_hit_probability_parts(9) == (6, 6)
    assert shooting_hit_probability_parts(10) == (7, None)
    assert shooting_hit_probability_parts(0) == (2, None)  # a natural 1 misses


def test_seven_plus_to_hit_setting():
    # not in seed 001: published Mordheim rules, Shooting (uncertain), issue 19 open question
    assert SkirmishSettings().seven_plus_to_hit == "six_then"
    assert shooting_hit_probability_parts(7, True, "six_then") == (6, 4)
    assert shooting_hit_probability_parts(7, True, "impossible") == (7, None)
    assert shooting_hit_probability_parts(6, True, "impossible") == (6, None)


def test_injury_table():
    # NOT IN SEED: published injury D6 (not in seed 001: published Mordheim rules, Injuries)
    assert [injury_result(r) for r in range(1, 7)] == [
        KNOCKED_DOWN,
        KNOCKED_DOWN,
        STUNNED,
        STUNNED,
        OUT_OF_ACTION,
        OUT_OF_ACTION,
    ]
    assert injury_result(2, concussion=True) == STUNNED


def test_critical_table():
    # NOT IN SEED: published critical hits (not in seed 001: published Mordheim rules, Critical
    # hits)
    assert critical_result(1)[:3] == ("vital_part", 2, False)
    assert critical_result(4)[:3] == ("exposed_spot", 2, True)
    assert critical_result(6) == ("master_strike", 2, True, 2)


def test_rout_at_a_quarter_out_of_action():
    # NOT IN SEED: not in seed 001: published Mordheim rules, Leadership & psychology, 12 fighters
    # test at 3
    assert not rout_test_required(2, 12)
    assert rout_test_required(3, 12)
    assert rout_test_required(3, 11)
