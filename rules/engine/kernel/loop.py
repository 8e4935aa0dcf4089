"""The battle-loop skeleton every system fills with its own phases.

:meth:`BattleLoop.run` is the one turn sequence: ``setup`` → ``deploy`` → positions at
deployment → for each turn up to ``max_turns``: ``play_turn`` → positions → ``is_over`` →
(``at_turn_limit`` when the last turn ends without a result) → ``finish`` → ``score`` and the
report. A system subclasses it and overrides the hooks, as python-chess's variants subclass
one ``Board`` and override ``is_variant_end``; the system's own battle state (units, table,
phase, …) is the subclass's business.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import Any, ClassVar

from rules.engine.dice import Dice
from rules.engine.kernel.events import EventLog
from rules.engine.kernel.positions import PositionRecorder
from rules.engine.kernel.reporting import Result, build_report
from rules.engine.report import BattleMap, BattleReport, UnitOutcome, UnitPosition


class BattleLoop(ABC):
    """One battle from set-up to report; subclasses define the phases.

    ``system`` and ``engine_version`` name the system in the report. ``turn`` is the turn
    being played (0 during set-up); the loop sets it before each ``play_turn``.
    """

    system: ClassVar[str]
    engine_version: ClassVar[str]

    def __init__(
        self,
        *,
        mission: str,
        seed: int,
        max_turns: int,
        armies: Mapping[str, str],
        log: EventLog,
        settings: Any,
        policies: Mapping[str, Any],
    ) -> None:
        self.mission = mission
        self.seed = seed
        self.max_turns = max_turns
        self.armies = armies
        self.log = log
        self.settings = settings
        self.policies = policies
        self.dice = Dice(seed)
        self.positions = PositionRecorder()
        self.turn = 0

    def run(self) -> BattleReport:
        """Play the battle through and return its report."""
        self.setup()
        self.deploy()
        self.positions.record(self.snapshot())
        for turn in range(1, self.max_turns + 1):
            self.turn = turn
            self.play_turn(turn)
            self.positions.record(self.snapshot())
            if self.is_over():
                break
        else:
            self.at_turn_limit()
        self.finish()
        return self.report()

    # ----- hooks a system overrides ---------------------------------------------------
    @abstractmethod
    def setup(self) -> None:
        """Build the table, objectives and battle copies of the armies."""

    @abstractmethod
    def deploy(self) -> None:
        """Place both armies and decide who takes the first turn."""

    @abstractmethod
    def play_turn(self, turn: int) -> None:
        """Play turn ``turn`` (one or both players' turns, as the system counts turns)."""

    @abstractmethod
    def snapshot(self) -> list[UnitPosition]:
        """Where every unit stands now (recorded after deployment and after each turn)."""

    @abstractmethod
    def is_over(self) -> bool:
        """Whether the battle ended before the turn limit (a side gone, routed, …)."""

    def at_turn_limit(self) -> None:
        """Called once when the last turn ends and ``is_over`` never answered True."""
        return None

    def finish(self) -> None:
        """Called once when play stops, before scoring (default: nothing)."""
        return None

    @abstractmethod
    def score(self) -> Result:
        """The winner, scores, summary and the system's report extras."""

    @abstractmethod
    def outcomes(self) -> list[UnitOutcome]:
        """Per-unit (and per-fighter) outcomes for the report."""

    @abstractmethod
    def battle_map(self) -> BattleMap:
        """The table for the replay: size, terrain, objectives, deployment zones."""

    def turns_played(self) -> int:
        """Turns the report counts (default: the last turn started)."""
        return self.turn

    def report(self) -> BattleReport:
        """Assemble the report (score first, then outcomes and the map)."""
        result = self.score()
        units = self.outcomes()
        return build_report(
            system=self.system,
            engine_version=self.engine_version,
            mission=self.mission,
            seed=self.seed,
            armies=self.armies,
            result=result,
            turns_played=self.turns_played(),
            units=units,
            positions=self.positions,
            battle_map=self.battle_map(),
            log=self.log,
        )
