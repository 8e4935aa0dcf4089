"""The map's hexes numbered in hex order, with each hex's steps as numbers: what the movement
search (:func:`movement.reachable`) walks instead of coordinate pairs.

Pure geometry of one map's bounds (no occupants, no obstacles), worked out once per map size
and shared, read only, by every battle on a map of that size (:func:`grid_numbers`):
numbering the hexes in the order of their coordinates keeps every ordering the search makes
(a level is expanded in hex order) and lets it keep its costs in lists, without hashing a
coordinate pair at every step. The step costs are :data:`STEP_COSTS` (GURPS 4e Basic Set
pp.B386–387 "Movement and facing").
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from rules.engine import hexgrid
from rules.engine.hexgrid import Hex

#: facing → per direction (movement points, facing turns to the direction): any front hex 1
#: (front-left and front-right turn the mover), a sidestep or backward step 2 (GURPS 4e Basic
#: Set pp.B386–387).
STEP_COSTS: tuple[tuple[tuple[int, bool], ...], ...] = tuple(
    tuple(
        (1, hexgrid.facing_turns(facing, direction) == 1)
        if hexgrid.facing_turns(facing, direction) <= 1
        else (2, False)
        for direction in range(6)
    )
    for facing in range(6)
)

#: :data:`STEP_COSTS` as the search walks it: facing → (direction, MP, facing on arrival),
#: cheapest first (direction order within a cost).
STEPS: tuple[tuple[tuple[int, int, int], ...], ...] = tuple(
    tuple(
        sorted(
            (
                (direction, cost, direction if turned else facing)
                for direction, (cost, turned) in enumerate(STEP_COSTS[facing])
            ),
            key=lambda step: step[1],
        )
    )
    for facing in range(6)
)

#: A 1-MP step: (number of the hex stepped into, facing on arrival, direction of the step).
CheapStep = tuple[int, int, int]
#: A 2-MP step: (number of the hex stepped into, facing on arrival).
DearStep = tuple[int, int]


class GridNumbers:
    """The hexes of a map numbered in coordinate order, and per hex and facing the steps out
    of it onto the map (a step off the map is left out: nobody stands or moves there)."""

    __slots__ = ("cheap", "dear", "hexes", "neighbour", "number")

    def __init__(self, cells: Iterable[Hex]) -> None:
        #: number → hex, in coordinate order
        self.hexes: list[Hex] = sorted(cells)
        #: hex → number
        self.number: dict[Hex, int] = {h: n for n, h in enumerate(self.hexes)}
        #: number × 6 + direction → the neighbour's number, −1 off the map
        self.neighbour: list[int] = [
            self.number.get(hexgrid.neighbour(h, direction), -1)
            for h in self.hexes
            for direction in range(6)
        ]
        #: number × 6 + facing → the 1-MP steps onto the map (direction order)
        self.cheap: list[tuple[CheapStep, ...]] = []
        #: number × 6 + facing → the 2-MP steps onto the map (direction order)
        self.dear: list[tuple[DearStep, ...]] = []
        for n in range(len(self.hexes)):
            for steps in STEPS:
                self.cheap.append(
                    tuple(
                        (self.neighbour[n * 6 + direction], arrival, direction)
                        for direction, mp, arrival in steps
                        if mp == 1 and self.neighbour[n * 6 + direction] >= 0
                    )
                )
                self.dear.append(
                    tuple(
                        (self.neighbour[n * 6 + direction], arrival)
                        for direction, mp, arrival in steps
                        if mp == 2 and self.neighbour[n * 6 + direction] >= 0
                    )
                )


@lru_cache(maxsize=64)
def grid_numbers(width: int, height: int) -> GridNumbers:
    """The numbered grid of a ``width`` × ``height`` map ("odd-r" offset columns and rows):
    pure geometry, the same for every battle on a map of that size, so kept across battles."""
    return GridNumbers(
        hexgrid.offset_to_axial(col, row) for col in range(width) for row in range(height)
    )
