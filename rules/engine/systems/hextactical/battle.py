"""One battle's state and its second: every active combatant's maneuver in turn order.

:class:`~rules.engine.systems.hextactical.resolve.HexTacticalBattle` runs it on the kernel's
loop (setup → deploy → seconds → is over → score). Each second every active combatant, in
turn order, takes one maneuver chosen by its side's policy (``policies``); ``turn.py`` plays a
combatant's second and the rules modules around it apply the maneuver: ``board`` (hexes,
occupancy, lines of fire), ``movement``, ``melee``, ``ranged``, ``active_defence``,
``weapons`` and ``wounds``. The hex rules come from seed 004 (``tactics.py``); the basic
combat chapter is NOT IN SEED: GURPS 4e Basic Set rule (not in seed 004: GURPS Basic Set).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from rules.engine.dice import Dice
from rules.engine.kernel.events import EventLog
from rules.engine.kernel.sides import SIDES
from rules.engine.systems.hextactical.board import Board
from rules.engine.systems.hextactical.combatant import Combatant
from rules.engine.systems.hextactical.plan import Plan
from rules.engine.systems.hextactical.scenario import Layout
from rules.engine.systems.hextactical.settings import Settings
from rules.engine.systems.hextactical.trait_effects import encumbrance_text
from rules.engine.systems.hextactical.turn import take_turn

#: How many recent 3d6 rolls the log keeps to show a total as its dice.
RECENT_ROLLS = 8


class BattlePolicy(Protocol):
    """What the battle asks of a side's AI: a plan per second, and which melee weapon to fall
    back on when the one in hand breaks or runs out."""

    def choose(self, b: Battle, c: Combatant) -> Plan: ...

    def best_melee_index(self, c: Combatant) -> int | None: ...


class Battle:
    """One battle's state: ``deploy`` places both sides, ``play_second`` plays a second.

    ``events`` is the kernel's :class:`EventLog`; ``log_enabled`` is whether it records
    (kept, or seen by its hook), so callers format a line only when someone reads it.
    """

    def __init__(
        self,
        sides: dict[str, list[Combatant]],
        layout: Layout,
        dice: Dice,
        settings: Settings,
        policies: Mapping[str, BattlePolicy],
        log: EventLog,
    ) -> None:
        self.sides = sides
        self.layout = layout
        self.dice = dice
        self.settings = settings
        self.policies = policies
        self.events = log
        self.log_enabled = log.recording
        # The dice of recent 3d6 rolls, for the log only (the hook Dice offers for it)
        self.recent_3d6: list[tuple[int, ...]] = []
        if self.log_enabled:
            dice.on_roll = self._saw_roll
        self.second = 0
        self.all: list[Combatant] = sides["a"] + sides["b"]
        self.by_id = {c.id: c for c in self.all}
        self.board = Board(layout, self.by_id)
        self.order: list[Combatant] = []

    # ----------------------------------------------------------------- phases
    def deploy(self) -> None:
        """Each side in its deployment hexes and facings (reach-changing weapons start at
        their longest reach; the log notes who starts encumbered, p.B17), then the turn
        order."""
        for side in SIDES:
            for c, (pos, facing) in zip(self.sides[side], self.layout.deploy[side], strict=True):
                c.pos = pos
                c.facing = facing
                self.board.enter(c)
                c.reach_setting = c.weapon.max_reach if c.weapon.reach_change_ready else -1
                if c.encumbrance and self.log_enabled:
                    self.log("status", c, encumbrance_text(c), encumbrance=c.encumbrance)
        self.order = self.turn_order()

    def turn_order(self) -> list[Combatant]:
        """Basic Speed, then DX, then a random roll-off (not in seed 004: GURPS Basic Set, Turn
        sequence and basic attributes, uncertain)."""
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
        """A side has nobody left fighting (the time limit is the loop's)."""
        return not self.side_alive("a") or not self.side_alive("b")

    # ----------------------------------------------------------------- state queries
    def side_alive(self, side: str) -> bool:
        # a plain loop, not any() over a generator: asked after every combatant's turn;
        # here and below ``status == "fighting"`` is Combatant.active, inlined
        for c in self.sides[side]:  # noqa: SIM110
            if c.status == "fighting":
                return True
        return False

    def enemies(self, c: Combatant) -> list[Combatant]:
        side = c.side
        return [e for e in self.all if e.side != side and e.status == "fighting"]

    def friends(self, c: Combatant) -> list[Combatant]:
        side = c.side
        return [f for f in self.all if f.side == side and f.status == "fighting" and f is not c]

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
        """One event of ``c``'s in this second (kept only when the log records); each 3d6
        total in ``dice`` is shown as its three dice (:meth:`faces`)."""
        if dice:
            dice = self.faces(dice)
        self.events.record(self.second, phase, c.side, c.id, text, target, dice, data)

    def _saw_roll(self, kind: str, values: tuple[int, ...]) -> None:
        """The dice hook: keep the last few 3d6 rolls' dice."""
        if kind == "3D6":
            self.recent_3d6.append(values)
            if len(self.recent_3d6) > RECENT_ROLLS:
                del self.recent_3d6[0]

    def faces(self, totals: list[int]) -> list[int]:
        """The dice of the 3d6 rolls whose totals ``totals`` are, in order: the latest run of
        recent rolls with those sums (then forgotten), e.g. [10] → [3, 5, 2]; the totals as
        they are when no such run was rolled (scripted dice in tests). Matching on sums is
        an honest shortcut: a 3-die damage roll of the same sum in between could lend its
        dice, which changes no total and no battle."""
        n, recent = len(totals), self.recent_3d6
        for start in range(len(recent) - n, -1, -1):
            run = recent[start : start + n]
            if all(sum(r) == t for r, t in zip(run, totals, strict=True)):
                del recent[: start + n]
                return [d for r in run for d in r]
        return totals
