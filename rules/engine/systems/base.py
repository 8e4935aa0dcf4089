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

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from rules.engine.report import BattleReport, Event
from rules.engine.systems.capabilities import (
    CampaignPack,
    CatalogueCapability,
    OddsCapability,
    RosterSummary,
)

RosterData = dict[str, Any]
EventHook = Callable[[Event], None]


class EngineError(ValueError):
    """A roster or request the engine cannot play; ``code`` is stable for the API."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


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

    slug: str
    name: str
    missions: Mapping[str, Mission]
    default_mission: str
    odds: OddsCapability | None
    """The exact calculator (None: the system has none)."""
    campaign: CampaignPack
    summary: RosterSummary
    catalogue: CatalogueCapability

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
    ) -> BattleReport:
        """Play a whole battle; same inputs and seed give the same report."""
        ...

    def post_battle(self, report: BattleReport, side: str, seed: int) -> PostBattle:
        """Campaign effects of ``report`` for ``side`` ("a" or "b")."""
        ...
