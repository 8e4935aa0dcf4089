"""Where every unit stood at each turn end, for the map replay (report ``positions``)."""

from __future__ import annotations

from rules.engine.report import UnitPosition


class PositionRecorder:
    """One list of :class:`UnitPosition` per recorded moment; index 0 is deployment."""

    __slots__ = ("turns",)

    def __init__(self) -> None:
        self.turns: list[list[UnitPosition]] = []

    def record(self, positions: list[UnitPosition]) -> None:
        """Append the positions of one turn end."""
        self.turns.append(positions)
