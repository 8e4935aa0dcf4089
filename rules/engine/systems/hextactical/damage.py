"""Damage: ST → thrust/swing dice, damage strings, DR, wounding modifiers and injury.

NOT IN SEED: GURPS 4e Basic Set rule — the seed (004) relies on the basic combat chapter for
damage; the digest's §19.11–19.13 gives it (the ST table is marked "verify").
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from rules.engine.dice import Dice
from rules.engine.systems.base import EngineError

#: ST → ((thrust dice, adds), (swing dice, adds)), GURPS 4e Basic Set p.B15 Damage Table: every
#: ST to 40, then every 5 ST to 100 (an ST between two rows uses the row below).
THRUST_SWING: dict[int, tuple[tuple[int, int], tuple[int, int]]] = {
    1: ((1, -6), (1, -5)),
    2: ((1, -6), (1, -5)),
    3: ((1, -5), (1, -4)),
    4: ((1, -5), (1, -4)),
    5: ((1, -4), (1, -3)),
    6: ((1, -4), (1, -3)),
    7: ((1, -3), (1, -2)),
    8: ((1, -3), (1, -2)),
    9: ((1, -2), (1, -1)),
    10: ((1, -2), (1, 0)),
    11: ((1, -1), (1, 1)),
    12: ((1, -1), (1, 2)),
    13: ((1, 0), (2, -1)),
    14: ((1, 0), (2, 0)),
    15: ((1, 1), (2, 1)),
    16: ((1, 1), (2, 2)),
    17: ((1, 2), (3, -1)),
    18: ((1, 2), (3, 0)),
    19: ((2, -1), (3, 1)),
    20: ((2, -1), (3, 2)),
    21: ((2, 0), (4, -1)),
    22: ((2, 0), (4, 0)),
    23: ((2, 1), (4, 1)),
    24: ((2, 1), (4, 2)),
    25: ((2, 2), (5, -1)),
    26: ((2, 2), (5, 0)),
    27: ((3, -1), (5, 1)),
    28: ((3, -1), (5, 1)),
    29: ((3, 0), (5, 2)),
    30: ((3, 0), (5, 2)),
    31: ((3, 1), (6, -1)),
    32: ((3, 1), (6, -1)),
    33: ((3, 2), (6, 0)),
    34: ((3, 2), (6, 0)),
    35: ((4, -1), (6, 1)),
    36: ((4, -1), (6, 1)),
    37: ((4, 0), (6, 2)),
    38: ((4, 0), (6, 2)),
    39: ((4, 1), (7, -1)),
    40: ((4, 1), (7, -1)),
    45: ((5, 0), (7, 1)),
    50: ((5, 2), (8, -1)),
    55: ((6, 0), (8, 1)),
    60: ((7, -1), (9, 0)),
    65: ((7, 1), (9, 2)),
    70: ((8, 0), (10, 0)),
    75: ((8, 2), (10, 2)),
    80: ((9, 0), (11, 0)),
    85: ((9, 2), (11, 2)),
    90: ((10, 0), (12, 0)),
    95: ((10, 2), (12, 2)),
    100: ((11, 0), (13, 0)),
}

MAX_DICE = 100
"""The most dice a damage string may roll (the calculator and rosters; 100d is ST 870 swing)."""

#: Wounding multiplier by damage type (torso). NOT IN SEED: GURPS 4e Basic Set rule (§19.13).
WOUNDING: dict[str, float] = {
    "cr": 1.0,
    "cut": 1.5,
    "imp": 2.0,
    "pi-": 0.5,
    "pi": 1.0,
    "pi+": 1.5,
    "pi++": 2.0,
    "burn": 1.0,
    "cor": 1.0,
    "tox": 1.0,
    "fat": 1.0,
}


@dataclass(frozen=True, slots=True)
class DamageDice:
    """``dice``d6 + ``adds`` of ``kind`` damage (e.g. 2d+1 cut); ``divisor`` armour divisor."""

    dice: int
    adds: int
    kind: str
    divisor: float = 1.0

    @property
    def min_basic(self) -> int:
        """Lowest basic damage: 1, or 0 for crushing (not in seed 004: GURPS Basic Set, Damage,
        uncertain)."""
        return 0 if self.kind == "cr" else 1

    def label(self) -> str:
        adds = f"{self.adds:+d}" if self.adds else ""
        return f"{self.dice}d{adds} {self.kind}"


def thrust_swing(st: int) -> tuple[tuple[int, int], tuple[int, int]]:
    """Thrust and swing dice for ST (GURPS 4e Basic Set p.B15): the table's row at or below
    ST (ST below 1 plays as 1); above 100, thrust (ST/10 + 1)d and swing (ST/10 + 3)d."""
    st = max(1, int(st))
    if st > 100:
        return ((st // 10 + 1, 0), (st // 10 + 3, 0))
    if st > 40:
        st -= st % 5
    return THRUST_SWING[st]


def parse_damage(text: str, st: int, field: str = "damage") -> DamageDice:
    """Parse "sw+1 cut", "thr imp", "1d+2 pi" or "2d-1 cr" into dice for a wielder of ``st``;
    EngineError with code ``field`` when it cannot, or when the dice are not 1 to
    :data:`MAX_DICE`."""
    parts = str(text).split()
    if len(parts) != 2 or parts[1] not in WOUNDING:
        raise EngineError(
            field, f"Damage {text!r} must be '<dice> <type>', type in {sorted(WOUNDING)}."
        )
    base, kind = parts
    thrust, swing = thrust_swing(st)
    for prefix, (n, adds) in (("thr", thrust), ("sw", swing)):
        if base.startswith(prefix):
            rest = base[len(prefix) :]
            extra = int(rest) if rest else 0
            return DamageDice(n, adds + extra, kind)
    if "d" in base:
        n_text, _, add_text = base.partition("d")
        if len(n_text) > 3 or len(add_text) > 4:
            raise EngineError(field, f"Damage {text!r} must roll 1 to {MAX_DICE} dice.")
        try:
            n = int(n_text or 1)
            adds = int(add_text) if add_text else 0
        except ValueError as exc:
            raise EngineError(field, f"Cannot read damage dice {text!r}.") from exc
        if not 1 <= n <= MAX_DICE:
            raise EngineError(field, f"Damage {text!r} must roll 1 to {MAX_DICE} dice.")
        return DamageDice(n, adds, kind)
    raise EngineError(field, f"Cannot read damage dice {text!r}.")


def roll_basic_damage(dice: Dice, damage: DamageDice, bonus: int = 0) -> int:
    """Roll basic damage (minimum 1, 0 for crushing). NOT IN SEED: GURPS 4e Basic Set rule."""
    total = sum(dice.d6s(damage.dice)) + damage.adds + bonus
    return max(damage.min_basic, total)


def strong_bonus(damage: DamageDice) -> int:
    """All-Out Attack (Strong): +2 damage or +1 per die, whichever is higher.
    NOT IN SEED: GURPS 4e Basic Set rule (not in seed 004: GURPS Basic Set, Maneuvers)."""
    return max(2, damage.dice)


def penetration(basic: int, dr: int, divisor: float = 1.0) -> int:
    """Penetrating damage = basic − DR (DR divided by the armour divisor first).
    NOT IN SEED: GURPS 4e Basic Set rule (not in seed 004: GURPS Basic Set, Damage resistance)."""
    effective_dr = int(dr / divisor) if divisor > 1 else dr
    return max(0, basic - effective_dr)


def injury(
    basic: int, dr: int, kind: str, divisor: float = 1.0, multiplier: float | None = None
) -> int:
    """Injury = penetrating damage × wounding multiplier (``multiplier``, else the torso's for
    ``kind``), rounded down, minimum 1 if anything penetrated. NOT IN SEED: GURPS 4e Basic
    Set rule (not in seed 004: GURPS Basic Set, Wounding modifiers and injury)."""
    penetrating = penetration(basic, dr, divisor)
    if penetrating <= 0:
        return 0
    factor = WOUNDING[kind] if multiplier is None else multiplier
    return max(1, math.floor(penetrating * factor))


@lru_cache(maxsize=512)
def dice_sum_distribution(n: int) -> tuple[int, ...]:
    """Counts of each total of ``n`` d6 (index = total), out of 6**n."""
    counts = [1]
    for _ in range(n):
        nxt = [0] * (len(counts) + 6)
        for total, c in enumerate(counts):
            if c:
                for face in range(1, 7):
                    nxt[total + face] += c
        counts = nxt
    return tuple(counts)
