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


@dataclass(slots=True, init=False)
class RollResult:
    """The outcome of one success roll; never changed once made
    (``init=False`` and the ``__init__`` below: the compiled engine builds a class with its
    own ``__init__`` natively, a generated one through the interpreter, ~0.4 µs each)."""

    roll: int
    target: int
    success: bool
    critical: bool

    def __init__(self, roll: int, target: int, success: bool, critical: bool) -> None:
        self.roll = roll
        self.target = target
        self.success = success
        self.critical = critical

    @property
    def margin(self) -> int:
        """Effective skill − roll (positive = succeeded by that much)."""
        return self.target - self.roll


def is_critical_success(roll: int, skill: int) -> bool:
    """3 or 4 always; 5 at effective skill 15+; 6 at 16+.
    NOT IN SEED: GURPS 4e Basic Set rule (not in seed 004: GURPS Basic Set, Success rolls)."""
    return roll <= 4 or (roll == 5 and skill >= 15) or (roll == 6 and skill >= 16)


def is_critical_failure(roll: int, skill: int) -> bool:
    """18 always; 17 at effective skill ≤ 15; any roll ≥ skill + 10.
    NOT IN SEED: GURPS 4e Basic Set rule (not in seed 004: GURPS Basic Set, Success rolls)."""
    return roll == 18 or (roll == 17 and skill <= 15) or roll >= skill + 10


def judge(roll: int, skill: int) -> RollResult:
    """Judge a 3d6 total against effective skill: success if ≤ skill, but 3–4 always succeed
    and 17–18 always fail. NOT IN SEED: GURPS 4e Basic Set rule (not in seed 004: GURPS Basic Set,
    Success rolls)."""
    if is_critical_success(roll, skill):
        return RollResult(roll, skill, True, True)
    if roll >= 17:
        return RollResult(roll, skill, False, is_critical_failure(roll, skill))
    if roll <= skill:
        return RollResult(roll, skill, True, False)
    return RollResult(roll, skill, False, is_critical_failure(roll, skill))


def success_roll(dice: Dice, skill: int) -> RollResult:
    """Roll 3d6 against ``skill``. NOT IN SEED: GURPS 4e Basic Set rule (not in seed 004: GURPS
    Basic Set, Success rolls)."""
    return judge(dice.three_d6(), skill)


def success_probability(skill: int) -> Fraction:
    """Exact chance of success at ``skill`` (criticals included)."""
    return Fraction(sum(THREE_D6_COUNTS[r] for r in range(3, 19) if judge(r, skill).success), 216)


@dataclass(frozen=True, slots=True)
class ContestResult:
    """A Quick Contest: both rolls and whether the active side won (a tie is not a win)."""

    mine: RollResult
    theirs: RollResult

    @property
    def won(self) -> bool:
        return contest_key(self.mine) > contest_key(self.theirs)


def contest_key(result: RollResult) -> tuple[bool, int]:
    """Ordering of one side of a Quick Contest: a success beats a failure; between two
    successes the larger margin, between two failures the smaller failure wins.
    NOT IN SEED: GURPS 4e Basic Set rule (not in seed 004: GURPS Basic Set, Success rolls)."""
    return (result.success, result.margin)


def quick_contest(dice: Dice, mine: int, theirs: int) -> ContestResult:
    """Quick Contest: the active side rolls against ``mine``, the resisting side against
    ``theirs``; the better result wins, a tie means no winner.
    NOT IN SEED: GURPS 4e Basic Set rule (not in seed 004: GURPS Basic Set, Success rolls)."""
    first = success_roll(dice, mine)
    return ContestResult(first, success_roll(dice, theirs))


def quick_contest_win_probability(mine: int, theirs: int) -> float:
    """Exact chance that the active side wins a Quick Contest (ties lose)."""
    return _contest_win(max(-10, min(mine, 30)), max(-10, min(theirs, 30)))


def _contest_win_uncached(mine: int, theirs: int) -> float:
    wins = 0
    for a in range(3, 19):
        key_a = contest_key(judge(a, mine))
        for b in range(3, 19):
            if key_a > contest_key(judge(b, theirs)):
                wins += THREE_D6_COUNTS[a] * THREE_D6_COUNTS[b]
    return wins / (216 * 216)


_CONTEST_CACHE: dict[tuple[int, int], float] = {}


def _contest_win(mine: int, theirs: int) -> float:
    key = (mine, theirs)
    value = _CONTEST_CACHE.get(key)
    if value is None:
        value = _CONTEST_CACHE[key] = _contest_win_uncached(mine, theirs)
    return value
