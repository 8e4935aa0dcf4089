"""Small builders for massbattle engine tests."""

from __future__ import annotations

from collections.abc import Iterable

from rules.engine.dice import Dice
from rules.engine.kernel.events import EventLog
from rules.engine.systems.massbattle.footprint import Footprint
from rules.engine.systems.massbattle.state import BattleState
from rules.engine.systems.massbattle.terrain import TerrainPiece
from rules.engine.systems.massbattle.units import Unit, build_unit


class ScriptedDice(Dice):
    """Dice that return a fixed script of D6 results, in order."""

    def __init__(self, rolls: Iterable[int]) -> None:
        super().__init__(0)
        self.script = list(rolls)

    def d6(self) -> int:
        return self.script.pop(0)

    def d6s(self, count: int) -> list[int]:
        return [self.d6() for _ in range(count)]


def unit(
    uid: str = "u",
    side: str = "a",
    unit_type: str = "infantry",
    size: int = 20,
    x: float = 36.0,
    y: float = 10.0,
    facing: float = 90.0,
    rules: list[str] | None = None,
    weapons: list[dict] | None = None,
    **profile: object,
) -> Unit:
    stats = {"Sp": 5, "Me": 4, "Ra": "-", "De": 4, "At": 10, "Ne": 3}
    stats.update(profile)
    u = build_unit(
        {
            "id": uid,
            "name": uid,
            "unit_type": unit_type,
            "size": size,
            "points": 100,
            "profile": stats,
            "rules": rules or [],
            "weapons": weapons or [],
        },
        side,
    )
    u.id = uid
    u.fp = Footprint(x, y, facing, u.fp.width, u.fp.depth)
    u.placed = True
    return u


def state(
    units: list[Unit], terrain: list[TerrainPiece] | None = None, dice: Dice | None = None
) -> BattleState:
    return BattleState(
        units=units, terrain=terrain or [], dice=dice or Dice(1), log=EventLog(True), turn=1
    )


def piece(
    kind: str, x: float, y: float, width: float, depth: float, facing: float = 90.0
) -> TerrainPiece:
    return TerrainPiece(f"t-{kind}", kind, kind, Footprint(x, y, facing, width, depth))
