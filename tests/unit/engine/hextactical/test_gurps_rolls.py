"""3d6 success rolls with criticals (NOT IN SEED: GURPS 4e Basic Set, not in seed 004: GURPS Basic
Set, Success rolls)."""

from fractions import Fraction

from rules.engine.dice import Dice
from rules.engine.systems.hextactical import rolls

# skill → (successes, critical successes, critical failures) out of 216
TABLE = {
    3: (4, 4, 56),
    4: (4, 4, 35),
    5: (10, 4, 20),
    6: (20, 4, 10),
    7: (35, 4, 4),
    8: (56, 4, 4),
    9: (81, 4, 4),
    10: (108, 4, 4),
    11: (135, 4, 4),
    12: (160, 4, 4),
    13: (181, 4, 4),
    14: (196, 4, 4),
    15: (206, 10, 4),
    16: (212, 20, 1),
    17: (212, 20, 1),
    18: (212, 20, 1),
}


def test_exact_odds_match_the_table_for_skills_3_to_18():
    for skill, (success, crit, fumble) in TABLE.items():
        assert rolls.success_probability(skill) == Fraction(success, 216), skill
        crits = sum(
            rolls.THREE_D6_COUNTS[r] for r in range(3, 19) if rolls.is_critical_success(r, skill)
        )
        fumbles = sum(
            rolls.THREE_D6_COUNTS[r] for r in range(3, 19) if rolls.is_critical_failure(r, skill)
        )
        assert (crits, fumbles) == (crit, fumble), skill


def test_17_and_18_always_fail_and_3_4_always_succeed():
    assert not rolls.judge(17, 20).success
    assert not rolls.judge(18, 25).success
    assert rolls.judge(3, -5).success
    assert rolls.judge(4, 1).critical
    assert rolls.judge(17, 16).success is False
    assert rolls.judge(17, 16).critical is False


def test_simulation_agrees_with_exact_odds():
    dice = Dice(4004)
    n = 20000
    totals = [dice.three_d6() for _ in range(n)]
    for skill in (6, 10, 13, 16):
        rate = sum(rolls.judge(t, skill).success for t in totals) / n
        assert abs(rate - float(rolls.success_probability(skill))) < 0.015
