"""The state of one battle in progress (plain data passed to the rule functions)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rules.engine.dice import Dice
from rules.engine.kernel.events import EventLog
from rules.engine.systems.massbattle.footprint import Footprint
from rules.engine.systems.massbattle.settings import DEFAULT_SETTINGS, MassBattleSettings
from rules.engine.systems.massbattle.sight import SightMemo
from rules.engine.systems.massbattle.terrain import TerrainPiece
from rules.engine.systems.massbattle.units import Unit


@dataclass(slots=True)
class BattleState:
    units: list[Unit]
    terrain: list[TerrainPiece]
    dice: Dice
    log: EventLog
    settings: MassBattleSettings = DEFAULT_SETTINGS
    objectives: list[tuple[float, float]] = field(default_factory=list)
    turn: int = 0
    phase: str = "deployment"
    condition: str = "kill"
    points_limit: int = 2000
    first: str = "a"
    engaged: set[str] = field(default_factory=set)
    # unit id -> ShotTarget chosen when the unit halted (movement phase, ai.move_unit)
    planned_shots: dict[str, Any] = field(default_factory=dict)
    # AI look-ups valid for one movement phase (cleared by battle.movement_phase)
    ai_memo: dict[str, Any] = field(default_factory=dict)
    # sight worked out this battle, by footprint (footprints are never changed in place)
    sight: SightMemo = field(default_factory=SightMemo)
    # (target footprint, facing) -> the obstacle defending it (charge.defending_obstacle)
    obstacles: dict[tuple[Footprint, str], Footprint | None] = field(default_factory=dict)

    def alive(self, side: str | None = None) -> list[Unit]:
        return [u for u in self.units if u.alive and (side is None or u.side == side)]

    def enemies(self, unit: Unit) -> list[Unit]:
        return [u for u in self.units if u.alive and u.side != unit.side]

    def friends(self, unit: Unit) -> list[Unit]:
        return [u for u in self.units if u.alive and u.side == unit.side and u is not unit]

    def event(
        self,
        side: str,
        actor: str,
        text: str,
        target: str = "",
        dice: list[int] | None = None,
        **data: object,
    ) -> None:
        if self.log.recording:
            self.log.record(self.turn, self.phase, side, actor, text, target, dice, data)
