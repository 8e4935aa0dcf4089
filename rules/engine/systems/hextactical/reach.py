"""The tree of a movement search (:func:`movement.reachable`): per hex the movement points
spent to reach it, the hex it was reached from and the facing on arrival, kept by hex number
(:class:`GridNumbers`) as the search wrote them.

It reads as the mapping hex → (cost, previous hex, facing on arrival) it stands for, hexes in
the order they were first reached; the AI's hottest loop (``ai.approach.approach_plan``)
reads the numbers themselves, so a search builds no pair or triple per hex it reaches.
"""

from __future__ import annotations

from collections.abc import Iterator

from rules.engine.hexgrid import Hex
from rules.engine.systems.hextactical.grid_numbers import GridNumbers

#: The cost of a hex the search has not reached.
UNREACHED = 1 << 30


class Tree:
    """Hex → (movement points spent, previous hex, facing on arrival) of one search."""

    __slots__ = ("arrival_facing", "came_from", "grid", "reached", "spent")

    def __init__(self, grid: GridNumbers, start: int, facing: int) -> None:
        size = len(grid.hexes)
        self.grid = grid
        #: hex number → movement points spent (``UNREACHED`` if not reached)
        self.spent = [UNREACHED] * size
        #: hex number → the number of the hex it was reached from (−1: the start, or none)
        self.came_from = [-1] * size
        #: hex number → facing on arrival
        self.arrival_facing = [0] * size
        #: the numbers of the hexes reached, in the order they were first reached
        self.reached = [start]
        self.spent[start] = 0
        self.arrival_facing[start] = facing

    def reach(self, n: int, cost: int, before: int, facing: int) -> None:
        """Hex number ``n`` reached for ``cost`` from ``before``, facing ``facing``."""
        if self.spent[n] == UNREACHED:
            self.reached.append(n)
        self.spent[n] = cost
        self.came_from[n] = before
        self.arrival_facing[n] = facing

    def number(self, h: Hex) -> int:
        """The number of hex ``h`` if the search reached it, else −1."""
        n = self.grid.number.get(h, -1)
        return n if n >= 0 and self.spent[n] != UNREACHED else -1

    def __contains__(self, h: object) -> bool:
        return isinstance(h, tuple) and self.number(h) >= 0

    def __getitem__(self, h: Hex) -> tuple[int, Hex | None, int]:
        n = self.number(h)
        if n < 0:
            raise KeyError(h)
        before = self.came_from[n]
        hexes = self.grid.hexes
        return self.spent[n], None if before < 0 else hexes[before], self.arrival_facing[n]

    def __iter__(self) -> Iterator[Hex]:
        hexes = self.grid.hexes
        return iter([hexes[n] for n in self.reached])

    def __len__(self) -> int:
        return len(self.reached)

    def items(self) -> list[tuple[Hex, tuple[int, Hex | None, int]]]:
        """(hex, (cost, previous hex, facing on arrival)) in the order first reached."""
        return [(h, self[h]) for h in self]

    def path_to(self, goal: Hex) -> list[Hex]:
        """The hexes from the start to ``goal``, the start itself left out."""
        n = self.number(goal)
        if n < 0:
            raise KeyError(goal)
        hexes, came_from = self.grid.hexes, self.came_from
        path: list[Hex] = []
        while came_from[n] >= 0:
            path.append(hexes[n])
            n = came_from[n]
        path.reverse()
        return path
