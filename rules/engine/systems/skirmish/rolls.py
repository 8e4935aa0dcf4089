"""Post-battle dice (NOT IN SEED: published Mordheim rules, digest §15.8–15.13): a table as
bands of a roll, and dice that record every roll with what it was for (``PostBattle.dice``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.engine.dice import Dice
from rules.engine.systems.base import EngineError

Band = tuple[int, int, str]


def band(table: tuple[Band, ...], value: int) -> str:
    """The entry of ``table`` whose range holds ``value``."""
    for low, high, code in table:
        if low <= value <= high:
            return code
    raise EngineError("post_battle.table", f"No table entry for {value}.")


class Roller:
    """Dice that record every roll with what it was for."""

    def __init__(self, seed: int) -> None:
        self.dice = Dice(seed)
        self.log: list[dict[str, Any]] = []

    def roll(self, what: str, who: str, kind: str) -> int:
        roll_fn: dict[str, Callable[[], int]] = {
            "D6": self.dice.d6,
            "D3": self.dice.d3,
            "2D6": self.dice.two_d6,
            "D66": self.dice.d66,
        }
        value = roll_fn[kind]()
        self.log.append({"what": what, "fighter": who, "kind": kind, "result": value})
        return value

    def many(self, what: str, who: str, count: int) -> list[int]:
        values = self.dice.d6s(count) if count else []
        self.log.append({"what": what, "fighter": who, "kind": f"{count}D6", "result": values})
        return values
