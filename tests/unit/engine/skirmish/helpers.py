"""Shared builders for the skirmish tests: fighters from a few stats, scripted dice."""

from __future__ import annotations

from rules.engine.dice import Dice
from rules.engine.geometry import Table
from rules.engine.kernel.events import EventLog
from rules.engine.systems.skirmish.fighters import Fighter, Warband, build_fighters
from rules.engine.systems.skirmish.state import BattleState


class ScriptedDice(Dice):
    """Dice that return the listed D6 results in order (fails loudly when exhausted)."""

    def __init__(self, rolls: list[int]) -> None:
        super().__init__(0)
        self.rolls = list(rolls)
        self.used: list[int] = []

    def d6(self) -> int:
        value = self.rolls.pop(0)
        self.used.append(value)
        return value

    def d6s(self, count: int) -> list[int]:
        return [self.d6() for _ in range(count)]


def fighter(
    side: str = "a",
    uid: str = "u1",
    items: tuple[str, ...] = ("sword",),
    leader: bool = False,
    rules: tuple[str, ...] = (),
    **stats: int,
) -> Fighter:
    """One fighter with human stats (M4 WS3 BS3 S3 T3 W1 I3 A1 Ld7) overridden by ``stats``."""
    profile = {"M": 4, "WS": 3, "BS": 3, "S": 3, "T": 3, "W": 1, "I": 3, "A": 1, "Ld": 7}
    profile.update(stats)
    unit = {
        "id": uid,
        "name": uid,
        "size": 1,
        "category": "Leader" if leader else "Henchmen",
        "profile": profile,
        "weapons": [{"type": k} for k in items],
        "rules": list(rules),
    }
    f = build_fighters(unit, side, uid)[0]
    f.key = f"{side}:{f.id}"
    return f


def battle_state(a: list[Fighter], b: list[Fighter], dice: Dice | None = None) -> BattleState:
    """A bare battle on an empty 48" table; the first fighter of each side leads it."""
    a[0].leader = True
    b[0].leader = True
    return BattleState(
        mission="skirmish",
        table=Table(48.0, 48.0, []),
        warbands={"a": Warband("A", "x", a, []), "b": Warband("B", "y", b, [])},
        dice=dice or Dice(1),
        log=EventLog(True),
    )
