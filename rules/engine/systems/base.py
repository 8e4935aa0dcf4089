"""The GameSystem protocol every game system implements, and the shapes it exchanges.

Data flows one way: a roster from the army builder becomes :data:`RosterData` (plain dicts,
options already applied by ``armybuilder``), ``build_army`` turns it into the system's own
army object, ``resolve_battle`` plays it and returns a :class:`BattleReport`, and
``post_battle`` turns a report into campaign effects for one side.

RosterData (JSON-ready dict; the format is documented in docs/catalogue-format.md)::

    {"system": "grimdark", "name": "Strike force", "faction": "ashen-legion",
     "points": 1495, "points_limit": 1500,
     "units": [{"id": "u1", "unit": "line-squad", "name": "Squad Varro",
                "category": "Troops", "size": 10, "points": 150,
                "profile": {...}, "weapons": [...], "rules": [...], "options": [...],
                "extra": {...}}]}
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from rules.engine.errors import EngineError as EngineError  # the protocol's error, re-exported
from rules.engine.kernel.events import EventHook
from rules.engine.report import BattleReport
from rules.engine.systems.capabilities import (
    CampaignPack,
    CatalogueCapability,
    OddsCapability,
    ResultCheck,
    RosterSummary,
)

if TYPE_CHECKING:
    from rules.engine.kernel.settings import RuleSettings

RosterData = dict[str, Any]
__all__ = ["EngineError", "EventHook", "GameSystem", "Mission", "PostBattle", "RosterData"]


@dataclass(frozen=True, slots=True)
class Mission:
    """A mission or scenario: slug, name, turn limit and a one-line description."""

    slug: str
    name: str
    max_turns: int
    description: str = ""


@dataclass(slots=True)
class PostBattle:
    """Campaign effects of one battle for one side: per-unit experience, injuries,
    resources. Every entry is plain data; ``dice`` records the server rolls made."""

    side: str
    entries: list[dict[str, Any]] = field(default_factory=list)
    resources: dict[str, int] = field(default_factory=dict)
    dice: list[dict[str, Any]] = field(default_factory=list)


@runtime_checkable
class GameSystem(Protocol):
    """One game system (slug → implementation in :mod:`rules.engine.systems`): battle, and
    every other per-system capability (:mod:`rules.engine.systems.capabilities`)."""

    # Read-only members (properties): each system may narrow them (its own pack class, a
    # dict for ``missions``), which mypy accepts only for members it may not write.
    @property
    def slug(self) -> str: ...

    @property
    def name(self) -> str: ...

    @property
    def missions(self) -> Mapping[str, Mission]: ...

    @property
    def default_mission(self) -> str: ...

    @property
    def settings_type(self) -> type[RuleSettings]:
        """The frozen dataclass of this system's ambiguous-rule choices (its defaults are what
        ``resolve_battle`` plays when ``settings`` is None)."""
        ...

    @property
    def engine_version(self) -> str:
        """This system's engine version, carried by every report; it changes whenever the same
        inputs and seed give another battle."""
        ...

    @property
    def odds(self) -> OddsCapability | None:
        """The exact calculator (None: the system has none)."""
        ...

    @property
    def campaign(self) -> CampaignPack: ...

    @property
    def summary(self) -> RosterSummary: ...

    @property
    def catalogue(self) -> CatalogueCapability: ...

    @property
    def results(self) -> ResultCheck:
        """Whether an entered result contradicts itself (winner against scores)."""
        ...

    def build_army(self, roster: RosterData) -> Any:
        """Turn a roster into the system's army object; raise EngineError if unplayable."""
        ...

    def resolve_battle(
        self,
        army_a: Any,
        army_b: Any,
        mission: str,
        seed: int,
        on_event: EventHook | None = None,
        log: bool = True,
        settings: Any = None,
    ) -> BattleReport:
        """Play a whole battle; same inputs, seed and settings (an instance of
        ``settings_type``, None for its defaults) give the same report. Systems also take
        ``policies``: a mapping side → AI policy object (None: the system's default AI).
        A system with timed-game rules sets ``plays_clock = True`` and takes ``clock``: the
        game clock's :class:`rules.engine.gameclock.ClockRecord` (turns that ran out of time,
        a flag); the services pass it only to such a system."""
        ...

    def post_battle(self, report: BattleReport, side: str, seed: int) -> PostBattle:
        """Campaign effects of ``report`` for ``side`` ("a" or "b")."""
        ...
