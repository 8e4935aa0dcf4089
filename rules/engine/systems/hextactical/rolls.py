"""Success rolls: 3d6 roll-under with critical success and failure, and quick contests.

NOT IN SEED: GURPS 4e Basic Set rule — the seed (004) refers to ordinary success rolls; the
digest's §19.1 gives them.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from itertools import product

from rules.engine.dice import Dice


def _three_d6_counts() -> tuple[int, ...]:
    counts = [0] * 19
    for a, b, c in product(range(1, 7), repeat=3):
        counts[a + b + c] += 1
    return tuple(counts)


#: Number of the 216 outcomes of 3d6 giving each total (index = total, 0–18).
THREE_D6_COUNTS: tuple[int, ...] = _three_d6_counts()


@dataclass(frozen=True, slots=True)
class RollResult:
    """The outcome of one success roll."""

    roll: int
    target: int
    success: bool
    critical: bool

    @property
    def margin(self) -> int:
        """Effective skill − roll (positive = succeeded by that much)."""
        return self.target - self.roll


def is_critical_success(roll: int, skill: int) -> bool:
    """3 or 4 always; 5 at effective skill 15+; 6 at 16+.
    NOT IN SEED: GURPS 4e Basic Set rule (digest §19.1.2)."""
    return roll <= 4 or (roll == 5 and skill >= 15) or (roll == 6 and skill >= 16)


def is_critical_failure(roll: int, skill: int) -> bool:
    """18 always; 17 at effective skill ≤ 15; any roll ≥ skill + 10.
    NOT IN SEED: GURPS 4e Basic Set rule (digest §19.1.3)."""
    return roll == 18 or (roll == 17 and skill <= 15) or roll >= skill + 10


def judge(roll: int, skill: int) -> RollResult:
    """Judge a 3d6 total against effective skill: success if ≤ skill, but 3–4 always succeed
    and 17–18 always fail. NOT IN SEED: GURPS 4e Basic Set rule (digest §19.1)."""
    if is_critical_success(roll, skill):
        return RollResult(roll, skill, True, True)
    if roll >= 17:
        return RollResult(roll, skill, False, is_critical_failure(roll, skill))
    if roll <= skill:
        return RollResult(roll, skill, True, False)
    return RollResult(roll, skill, False, is_critical_failure(roll, skill))


def success_roll(dice: Dice, skill: int) -> RollResult:
    """Roll 3d6 against ``skill``. NOT IN SEED: GURPS 4e Basic Set rule (digest §19.1)."""
    return judge(dice.three_d6(), skill)


def success_probability(skill: int) -> Fraction:
    """Exact chance of success at ``skill`` (criticals included)."""
    return Fraction(sum(THREE_D6_COUNTS[r] for r in range(3, 19) if judge(r, skill).success), 216)


def critical_success_probability(skill: int) -> Fraction:
    """Exact chance of a critical success at ``skill``."""
    hits = sum(THREE_D6_COUNTS[r] for r in range(3, 19) if is_critical_success(r, skill))
    return Fraction(hits, 216)


def critical_failure_probability(skill: int) -> Fraction:
    """Exact chance of a critical failure at ``skill``."""
    hits = sum(
        THREE_D6_COUNTS[r]
        for r in range(3, 19)
        if judge(r, skill).critical and not judge(r, skill).success
    )
    return Fraction(hits, 216)
