"""Scenarios: the duel and the squad skirmish — map size, obstacles, deployment, time limit.

Engine choices, not rules: the seed (004) has no scenarios. Victory when the other side is all
dead, unconscious or fled; at the time limit the side that took down more character points
wins, equal is a draw.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rules.engine import hexgrid
from rules.engine.dice import Dice
from rules.engine.hexgrid import Hex
from rules.engine.systems.base import Mission

MISSIONS: dict[str, Mission] = {
    "duel": Mission(
        "duel", "Duel", 60, "One combatant each on a small hex map with two rocks; 60 seconds."
    ),
    "skirmish": Mission(
        "skirmish",
        "Squad skirmish",
        120,
        "Squads on a 22×15 hex map with trees and walls; 120 seconds.",
    ),
}
DEFAULT_MISSION = "skirmish"


@dataclass(slots=True)
class Layout:
    """Map size (offset columns × rows), obstacle hexes with labels, deployment hexes."""

    width: int
    height: int
    obstacles: dict[Hex, str] = field(default_factory=dict)
    deploy: dict[str, list[tuple[Hex, int]]] = field(default_factory=dict)


def _column_slots(col: int, height: int, count: int) -> list[int]:
    if count <= 0:
        return []
    middle = height // 2
    rows = [middle]
    offset = 1
    while len(rows) < count:
        for row in (middle - offset, middle + offset):
            if 0 <= row < height and len(rows) < count:
                rows.append(row)
        offset += 1
    return sorted(rows)


def build_layout(mission: str, dice: Dice, sizes: dict[str, list[bool]]) -> Layout:
    """The map for ``mission``; ``sizes`` maps side → per combatant "is ranged" (ranged
    fighters deploy one column behind)."""
    if mission == "duel":
        layout = Layout(12, 9)
        for col, row, label in ((6, 2, "rock"), (5, 6, "rock")):
            layout.obstacles[hexgrid.offset_to_axial(col, row)] = label
        front = {"a": 3, "b": 8}
        back = {"a": 2, "b": 9}
    else:
        layout = Layout(22, 15)
        for _ in range(7):
            col = dice.randint(6, 15)
            row = dice.randint(1, 13)
            kind = dice.choice(("tree", "rock", "wall"))
            cells = [(col, row)]
            if kind == "wall":
                cells += [(col, row + 1), (col, row + 2)]
            elif kind == "rock":
                cells += [(col + 1, row)]
            for c, r in cells:
                if 0 <= r < layout.height:
                    layout.obstacles[hexgrid.offset_to_axial(c, r)] = kind
        front = {"a": 3, "b": 18}
        back = {"a": 1, "b": 20}
    facing = {"a": 0, "b": 3}
    for side, flags in sizes.items():
        melee = [i for i, ranged in enumerate(flags) if not ranged]
        ranged = [i for i, ranged in enumerate(flags) if ranged]
        slots: list[tuple[Hex, int]] = [((0, 0), 0)] * len(flags)
        for group, col in ((melee, front[side]), (ranged, back[side])):
            rows = _column_slots(col, layout.height, len(group))
            for index, row in zip(group, rows, strict=True):
                slots[index] = (hexgrid.offset_to_axial(col, row), facing[side])
        layout.deploy[side] = slots
    return layout
