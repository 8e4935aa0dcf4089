"""One battle's state and its second-by-second loop: setup → deploy → seconds → is over → score.

Each second every active combatant, in turn order, takes one maneuver chosen by the policy
(``ai``); ``turn.py`` plays a combatant's second and the rules modules around it apply the
maneuver: ``board`` (hexes, occupancy, lines of fire), ``movement``, ``melee``, ``ranged``,
``active_defence``, ``weapons`` and ``wounds``. The hex rules come from seed 004
(``tactics.py``); the basic combat chapter is NOT IN SEED: GURPS 4e Basic Set rule (digest
§19).
"""

from __future__ import annotations

from typing import Any, Protocol

from rules.engine import hexgrid
from rules.engine.dice import Dice
from rules.engine.report import Event, EventLog, UnitPosition
from rules.engine.systems.base import EventHook
from rules.engine.systems.hextactical.board import Board
from rules.engine.systems.hextactical.combatant import Combatant
from rules.engine.systems.hextactical.plan import Plan
from rules.engine.systems.hextactical.scenario import Layout
from rules.engine.systems.hextactical.settings import Settings
from rules.engine.systems.hextactical.turn import take_turn


class BattlePolicy(Protocol):
    """What the battle asks of the AI: a plan per second, and which melee weapon to fall back
    on when the one in hand breaks or runs out."""

    def choose(self, b: Battle, c: Combatant) -> Plan: ...

    def best_melee_index(self, c: Combatant) -> int | None: ...


class Battle:
    """One battle's state; ``run`` plays it to the end and ``winner`` scores it."""

    def __init__(
        self,
        sides: dict[str, list[Combatant]],
        layout: Layout,
        max_seconds: int,
        dice: Dice,
        settings: Settings,
        policy: BattlePolicy,
        log: bool = True,
        on_event: EventHook | None = None,
    ) -> None:
        self.sides = sides
        self.layout = layout
        self.max_seconds = max_seconds
        self.dice = dice
        self.settings = settings
        self.policy = policy
        self.log_enabled = log or on_event is not None
        self.events = EventLog(log)
        self.on_event = on_event
        self.second = 0
        self.all: list[Combatant] = sides["a"] + sides["b"]
        self.by_id = {c.id: c for c in self.all}
        self.board = Board(layout, self.by_id)
        self.positions: list[list[UnitPosition]] = []
        self.deploy()
        self.order = self.turn_order()

    # ----------------------------------------------------------------- phases
    def deploy(self) -> None:
        """Each side in its deployment hexes and facings; reach-changing weapons start at
        their longest reach."""
        for side in ("a", "b"):
            for c, (pos, facing) in zip(self.sides[side], self.layout.deploy[side], strict=True):
                c.pos = pos
                c.facing = facing
                self.board.enter(c)
                c.reach_setting = c.weapon.max_reach if c.weapon.reach_change_ready else -1

    def turn_order(self) -> list[Combatant]:
        """Basic Speed, then DX, then a random roll-off (digest §19.2.2, uncertain)."""
        ties = {c.id: self.dice.randint(1, 1_000_000) for c in self.all}
        return sorted(self.all, key=lambda c: (-c.basic_speed, -c.dx, ties[c.id], c.id))

    def play_second(self) -> None:
        """One second: every active combatant in turn order, until a side is gone."""
        self.second += 1
        for c in self.order:
            if c.active:
                take_turn(self, c)
            if self.is_over():
                break

    def is_over(self) -> bool:
        """A side has nobody left fighting (the time limit is ``run``'s)."""
        return not self.side_alive("a") or not self.side_alive("b")

    def run(self) -> None:
        self.record_positions()
        while self.second < self.max_seconds:
            self.play_second()
            self.record_positions()
            if self.is_over():
                break

    def winner(self) -> tuple[str | None, dict[str, int]]:
        """Victory when the other side is all dead, unconscious or fled; at the time limit the
        side that took down more character points wins (engine choice)."""
        scores = {
            side: sum(e.points for e in self.sides["b" if side == "a" else "a"] if not e.active)
            for side in ("a", "b")
        }
        alive_a, alive_b = self.side_alive("a"), self.side_alive("b")
        if alive_a and not alive_b:
            return "a", scores
        if alive_b and not alive_a:
            return "b", scores
        if not alive_a and not alive_b:
            return None, scores
        if scores["a"] == scores["b"]:
            return None, scores
        return ("a" if scores["a"] > scores["b"] else "b"), scores

    # ----------------------------------------------------------------- state queries
    def side_alive(self, side: str) -> bool:
        return any(c.active for c in self.sides[side])

    def enemies(self, c: Combatant) -> list[Combatant]:
        return [e for e in self.all if e.side != c.side and e.active]

    def friends(self, c: Combatant) -> list[Combatant]:
        return [f for f in self.all if f.side == c.side and f.active and f is not c]

    # ----------------------------------------------------------------- records
    def log(
        self,
        phase: str,
        c: Combatant,
        text: str,
        target: str = "",
        dice: list[int] | None = None,
        **data: Any,
    ) -> None:
        event = Event(self.second, phase, c.side, c.id, text, target, list(dice or []), dict(data))
        self.events.add(event)
        if self.on_event is not None:
            self.on_event(event)

    def record_positions(self) -> None:
        snapshot = []
        for c in self.all:
            col, row = hexgrid.axial_to_offset(c.pos)
            snapshot.append(
                UnitPosition(
                    c.id,
                    c.side,
                    float(col),
                    float(row),
                    c.active,
                    1 if c.active else 0,
                    float(c.facing),
                    1.0,
                    1.0,
                    c.status,
                )
            )
        self.positions.append(snapshot)
