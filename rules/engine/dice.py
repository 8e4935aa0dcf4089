"""Seeded dice for one battle: D6, D3, 2D6, 3d6, D66, scatter, re-rolls (seed 000 [4][5]).

One :class:`Dice` per battle wraps one ``random.Random``; nothing in the engine touches the
global random state. Every roll can be recorded through an optional ``on_roll`` hook so the
event log can show the dice.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import NamedTuple, TypeVar

T = TypeVar("T")

RollHook = Callable[[str, tuple[int, ...]], None]


@dataclass(frozen=True, slots=True)
class ScatterResult:
    """Scatter die (seed 000 [4]): four arrow faces and two HIT faces, each with an arrow."""

    hit: bool
    direction_degrees: float


class RollOff(NamedTuple):
    """A roll-off: the winning side ("a" or "b") and every die rolled, side a's first in each
    pair."""

    winner: str
    rolls: list[int]


class Dice:
    """A seeded source of dice rolls for one battle.

    ``Dice(seed)`` always produces the same sequence; ``spawn(label)`` gives an independent
    but reproducible child stream (for example one per simulation run).
    """

    def __init__(self, seed: int, on_roll: RollHook | None = None) -> None:
        self.seed = seed
        self._rng = random.Random(seed)
        self._bits = self._rng.getrandbits
        self.on_roll = on_roll

    def _below(self, n: int) -> int:
        """An integer in [0, n) for n > 0, drawn exactly as CPython's
        ``random.Random._randbelow_with_getrandbits`` draws it (what ``randint``,
        ``randrange``, ``choice`` and ``shuffle`` use): ``n.bit_length()`` bits at a time
        until the value is below n. Same stream as ``random.Random``, without its three
        interpreted frames a die (the engine rolls hundreds of dice a battle)."""
        bits = self._bits
        k = n.bit_length()
        r = bits(k)
        while r >= n:
            r = bits(k)
        return r

    def _record(self, kind: str, values: tuple[int, ...]) -> None:
        if self.on_roll is not None:
            self.on_roll(kind, values)

    def spawn(self, label: str) -> Dice:
        """A reproducible child generator derived from this seed and ``label``."""
        child_seed = random.Random(f"{self.seed}:{label}").getrandbits(63)
        return Dice(child_seed, self.on_roll)

    def die(self, sides: int) -> int:
        """One die with ``sides`` faces (at least one)."""
        if sides < 1:
            raise ValueError(f"a die has at least one side, not {sides}")
        value = 1 + self._below(sides)
        if self.on_roll is not None:  # no label or tuple built when nobody listens
            self._record(f"D{sides}", (value,))
        return value

    def d6(self) -> int:
        """One D6 (seed 000 [4])."""
        return self.die(6)

    def d6s(self, count: int) -> list[int]:
        """``count`` D6 rolled together, in the order rolled."""
        bits = self._bits
        values: list[int] = []
        for _ in range(count):  # self._below(6), inlined: three bits until below six
            r = bits(3)
            while r >= 6:
                r = bits(3)
            values.append(r + 1)
        if self.on_roll is not None:
            self._record(f"{count}D6", tuple(values))
        return values

    def d3(self) -> int:
        """D3 = ceil(D6 / 2) (seed 000 [4], seed 003 §1.2)."""
        return (self.d6() + 1) // 2

    def two_d6(self) -> int:
        """The sum of two D6 (Leadership tests, nerve tests)."""
        return sum(self.d6s(2))

    def three_d6(self) -> int:
        """The sum of three D6 (GURPS success rolls, seed 004)."""
        return sum(self.d6s(3))

    def d66(self) -> int:
        """D66: the first D6 is tens, the second units (11–66; Mordheim serious injuries)."""
        tens, units = self.d6s(2)
        return tens * 10 + units

    def roll_off(self) -> RollOff:
        """Both sides roll a D6, the higher wins, ties roll again (seed 000 [14], seed 003
        §4 and §12, Mordheim's published roll-off)."""
        rolls: list[int] = []
        while True:
            a, b = self.d6(), self.d6()
            rolls += [a, b]
            if a != b:
                return RollOff("a" if a > b else "b", rolls)

    def scatter(self) -> ScatterResult:
        """Scatter die: 1–4 arrows, 5–6 HIT; every face carries a direction (seed 000 [4])."""
        face = self.d6()
        direction = self._rng.uniform(0.0, 360.0)
        return ScatterResult(hit=face >= 5, direction_degrees=direction)

    def choice(self, items: Sequence[T]) -> T:
        """A uniformly chosen item (for random allocation and roll-off ties)."""
        if not items:
            raise ValueError("empty range: no item to choose from")
        return items[self._below(len(items))]

    def shuffle(self, items: list) -> None:
        """Shuffle ``items`` in place with this battle's generator."""
        below = self._below
        for i in range(len(items) - 1, 0, -1):  # as random.Random.shuffle swaps
            j = below(i + 1)
            items[i], items[j] = items[j], items[i]

    def uniform(self, low: float, high: float) -> float:
        """A real number in [low, high] (terrain placement, scatter distance jitter)."""
        return self._rng.uniform(low, high)

    def randint(self, low: int, high: int) -> int:
        """An integer in [low, high], not recorded as a die roll (placement, seeds)."""
        if high < low:
            raise ValueError(f"empty range for randint({low}, {high})")
        return low + self._below(high - low + 1)

    def d6_batch(self, count: int) -> list[int]:
        """``count`` D6 drawn from one float each: the same uniform distribution as
        :meth:`d6s` but several times faster (a different stream, so a system picks one and
        keeps it for reproducibility)."""
        rnd = self._rng.random
        values = [int(rnd() * 6.0) + 1 for _ in range(count)]
        if self.on_roll is not None:
            self._record(f"{count}D6", tuple(values))
        return values
