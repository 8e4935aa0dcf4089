"""The two sides of every battle, "a" and "b", and the side opposite a side.

Sides are plain strings in reports, dict keys and events (JSON-ready); :class:`Side` is a
``StrEnum`` so ``Side.A == "a"`` and both can be used as the same dict key.
"""

from __future__ import annotations

from enum import StrEnum


class Side(StrEnum):
    """One side of a battle."""

    A = "a"
    """The first roster given to ``resolve_battle``."""
    B = "b"
    """The second roster given to ``resolve_battle``."""

    @property
    def other(self) -> Side:
        """The opposing side."""
        return Side.B if self is Side.A else Side.A


SIDES: tuple[str, str] = (Side.A.value, Side.B.value)

_OTHER: dict[str, str] = {"a": "b", "b": "a"}


def other(side: str) -> str:
    """The side opposite ``side`` ("a" ↔ "b"), for code that holds sides as plain strings."""
    return _OTHER[side]
