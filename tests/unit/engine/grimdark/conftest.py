"""Builders for grimdark engine tests: units, a bare table battle and scripted dice."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from rules.engine.dice import Dice
from rules.engine.geometry import Point, Table, TerrainArea
from rules.engine.kernel.events import EventLog
from rules.engine.systems.grimdark.ai import GrimdarkPolicy
from rules.engine.systems.grimdark.army import Unit
from rules.engine.systems.grimdark.battle import Battle
from rules.engine.systems.grimdark.missions import MISSIONS
from rules.engine.systems.grimdark.rosters import make_unit

MARINE = {"WS": 4, "BS": 4, "S": 4, "T": 4, "W": 1, "I": 4, "A": 1, "Ld": 8, "Sv": 3}
GAUNT = {"WS": 3, "BS": 3, "S": 3, "T": 3, "W": 1, "I": 4, "A": 1, "Ld": 5, "Sv": 6}
BOLTER = {"name": "Bolter", "range": 24, "S": 4, "AP": 5, "type": "rapid_fire"}


class ScriptedDice(Dice):
    """Dice whose D6 results come from a list (then fall back to the seeded stream)."""

    def __init__(self, script: list[int], seed: int = 1) -> None:
        super().__init__(seed)
        self.script = list(script)

    def _next(self) -> int:
        return self.script.pop(0) if self.script else self._rng.randint(1, 6)

    def die(self, sides: int) -> int:
        return self._next() if sides == 6 else super().die(sides)

    def d6s(self, count: int) -> list[int]:
        return [self._next() for _ in range(count)]

    def d6_batch(self, count: int) -> list[int]:
        return self.d6s(count)


def unit_data(
    uid: str,
    name: str = "",
    unit_type: str = "infantry",
    size: int = 10,
    profile: dict[str, Any] | None = None,
    weapons: list[dict[str, Any]] | None = None,
    rules: list[str] | None = None,
    category: str = "Troops",
    points: int = 150,
    extra: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """A RosterData unit dict."""
    return {
        "id": uid,
        "unit": uid,
        "name": name or uid,
        "category": category,
        "unit_type": unit_type,
        "size": size,
        "points": points,
        "profile": dict(profile or MARINE),
        "weapons": [dict(w, count=w.get("count", size)) for w in (weapons or [])],
        "rules": list(rules or []),
        "options": [],
        "extra": dict(extra or {}),
    }


BattleFactory = Callable[..., Battle]


@pytest.fixture
def make_battle() -> BattleFactory:
    """Build a Battle on a bare (or given) table with units at given positions."""

    def build(
        a: list[tuple[dict[str, Any], tuple[float, float]]],
        b: list[tuple[dict[str, Any], tuple[float, float]]],
        dice: Dice | None = None,
        terrain: list[TerrainArea] | None = None,
        mission: str = "annihilation",
        policy: Any = None,
    ) -> Battle:
        units: list[Unit] = []
        for side, entries in (("a", a), ("b", b)):
            for data, (x, y) in entries:
                unit = make_unit(data, side)
                unit.roster_id = unit.id
                unit.position = Point(x, y)
                unit.facing = 90.0 if side == "a" else 270.0
                units.append(unit)
        policies = {"a": policy or GrimdarkPolicy(), "b": policy or GrimdarkPolicy()}
        battle = Battle(
            units,
            Table(72, 48, list(terrain or [])),
            dice or Dice(1),
            MISSIONS[mission],
            policies,
            EventLog(True),
            {"a": "A", "b": "B"},
        )
        battle.turn = 1
        battle.ptc = 1
        battle.active = "a"
        return battle

    return build
