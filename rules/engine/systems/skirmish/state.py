"""The state of one battle in progress and the small helpers every phase uses."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from rules.engine.dice import Dice
from rules.engine.geometry import Table
from rules.engine.kernel.events import EventLog
from rules.engine.systems.skirmish.attacks import ExchangeResult
from rules.engine.systems.skirmish.fighters import Fighter, Warband
from rules.engine.systems.skirmish.settings import DEFAULT_SETTINGS, SkirmishSettings
from rules.engine.systems.skirmish.tables import OUT_OF_ACTION, SEVERITY

BASE_CONTACT = 1.0
"""Centre distance of two fighters in base contact (25 mm bases ≈ 1")."""


@dataclass(slots=True)
class Objective:
    """A scenario marker (a wyrdstone counter): where it lies and who carries it."""

    id: str
    x: float
    y: float
    carrier: str | None = None  # the carrier's key


@dataclass(slots=True)
class BattleState:
    """Everything that changes during one battle."""

    mission: str
    table: Table
    warbands: dict[str, Warband]
    dice: Dice
    log: EventLog
    settings: SkirmishSettings = DEFAULT_SETTINGS
    turn: int = 0
    active: str = "a"
    phase: str = "deployment"
    objectives: list[Objective] = field(default_factory=list)
    routed: str | None = None
    winner: str | None = None
    end_reason: str = ""
    attacker: str = "a"
    by_id: dict[str, Fighter] = field(default_factory=dict)
    extra: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.by_id = {f.key: f for side in ("a", "b") for f in self.warbands[side].fighters}

    @property
    def recording(self) -> bool:
        return self.log.recording

    def event(
        self,
        side: str,
        actor: str,
        text: str,
        target: str = "",
        dice: list[int] | None = None,
        data: dict[str, Any] | None = None,
    ) -> None:
        """Record one line of the battle log (dropped on the fast path)."""
        if self.log.recording:
            self.log.record(self.turn, self.phase, side, actor, text, target, dice, data)

    def fighters(self, side: str) -> list[Fighter]:
        return self.warbands[side].fighters

    def on_table(self, side: str) -> list[Fighter]:
        """Fighters of ``side`` still on the table (not out of action, not escaped)."""
        return [f for f in self.warbands[side].fighters if not f.out]


def in_ruin(table: Table, x: float, y: float) -> bool:
    """True when the point lies inside a terrain area (a ruin gives cover)."""
    for area in table.terrain:
        r = area.rect
        if r.x <= x <= r.x + r.width and r.y <= y <= r.y + r.height:
            return True
    return False


def distance(a: Fighter, b: Fighter) -> float:
    return math.hypot(a.x - b.x, a.y - b.y)


def heading(dx: float, dy: float) -> float:
    """Screen direction of a move in degrees: 0 = east (+x), 90 = +y (down the map, toward
    side b's edge), clockwise as ``frontend/svg.py`` rotates markers; in [0, 360)."""
    return round(math.degrees(math.atan2(dy, dx)) % 360.0, 1)


def move_to(fighter: Fighter, x: float, y: float) -> None:
    """Place ``fighter`` at ``x``/``y`` and face the way it moved (skirmish fighters have no
    facing in the rules; the replay arrow shows the direction of the last move)."""
    dx, dy = x - fighter.x, y - fighter.y
    if dx * dx + dy * dy > 1e-4:
        fighter.facing = heading(dx, dy)
    fighter.x, fighter.y = x, y


def face(fighter: Fighter, x: float, y: float) -> None:
    """Turn ``fighter`` toward a point without moving (deployment)."""
    dx, dy = x - fighter.x, y - fighter.y
    if dx * dx + dy * dy > 1e-4:
        fighter.facing = heading(dx, dy)


def leader_of(state: BattleState, side: str) -> Fighter:
    return next(f for f in state.fighters(side) if f.leader)


def take_out_of_action(state: BattleState, target: Fighter, by: Fighter | None) -> None:
    """Remove ``target`` from the table, crediting ``by`` (not in seed 001: published Mordheim
    rules, Injuries out of action)."""
    target.state = OUT_OF_ACTION
    target.fleeing = False
    target.hidden = False
    if by is not None:
        target.taken_out_by = by.id
        by.enemies_taken_out.append(target.id)
    for other_id in target.engaged:
        partner = state.by_id[other_id]
        if target.key in partner.engaged:
            partner.engaged.remove(target.key)
    target.engaged = []
    if target.carrying:
        for objective in state.objectives:
            if objective.carrier == target.key:
                objective.carrier = None
                objective.x, objective.y = target.x, target.y
        target.carrying = 0
    state.event(
        target.side,
        by.id if by else "",
        "out of action",
        target.id,
        data={"by": by.id if by else None},
    )


def apply_exchange(
    state: BattleState, attacker: Fighter | None, target: Fighter, result: ExchangeResult
) -> None:
    """Apply an exchange's wounds and injury result to ``target`` (not in seed 001: published
    Mordheim rules, Injuries); no ``attacker`` for a fall."""
    if result.wounds:
        target.wounds = max(0, target.wounds - result.wounds)
        target.wounds_suffered += result.wounds
    if result.critical_used and attacker is not None:
        attacker.crit_used = True
    if result.state == OUT_OF_ACTION:
        take_out_of_action(state, target, attacker)
        return
    if SEVERITY[result.state] > SEVERITY[target.state]:
        target.state = result.state
        target.hidden = False
        # published frenzy: a frenzied warrior knocked down or stunned is frenzied no more
        target.frenzy = False


def disengage(state: BattleState, fighter: Fighter) -> None:
    """Break every base contact of ``fighter``."""
    for other_id in fighter.engaged:
        partner = state.by_id[other_id]
        if fighter.key in partner.engaged:
            partner.engaged.remove(fighter.key)
    fighter.engaged = []


def engage(a: Fighter, b: Fighter) -> None:
    if b.key not in a.engaged:
        a.engaged.append(b.key)
        a.engaged.sort()
    if a.key not in b.engaged:
        b.engaged.append(a.key)
        b.engaged.sort()
