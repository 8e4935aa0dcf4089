"""What a battle returns: plain, JSON-ready data (no Django, no clock).

A :class:`BattleReport` is the single output of ``GameSystem.resolve_battle``. ``to_dict``
gives a canonical JSON structure; ``report_hash`` hashes it (sorted keys) so two runs with
the same inputs and seed can be compared byte for byte. The log's :class:`Event` lives in
:mod:`rules.engine.kernel.events` and is re-exported here (its :class:`EventLog` is not).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, dataclass, field
from typing import Any

from rules.engine.kernel.events import Event

__all__ = [
    "BattleMap",
    "BattleReport",
    "Event",
    "MapFeature",
    "UnitOutcome",
    "UnitPosition",
]


@dataclass(slots=True)
class UnitOutcome:
    """How one unit (or one fighter, or one combatant) ended the battle.

    ``id`` is the roster entry's id, unique within its side: both sides may have a "u1", so
    ``(side, id)`` identifies a unit in a battle (the same holds for UnitPosition).

    ``status`` is a system word: intact, destroyed, fled, shaken, routed, wavering,
    out_of_action, knocked_down, stunned, unconscious, dead…
    ``fighters`` holds per-model detail where the system has individual fighters
    (Mordheim heroes and henchmen, GURPS combatants): id, name, status, taken_out_by,
    enemies_taken_out (list of ids), wounds_suffered.
    """

    id: str
    name: str
    side: str
    status: str
    models_start: int
    models_lost: int = 0
    kills: int = 0
    points: int = 0
    points_lost: int = 0
    fighters: list[dict[str, Any]] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)


@dataclass(slots=True)
class UnitPosition:
    """Where a unit stood at the end of a turn, for the map replay.

    ``x``/``y`` are table inches (or hex column/row for hex maps), ``facing`` degrees
    (or hex direction 0–5), ``width``/``depth`` the footprint, ``alive`` whether it is still
    on the table, ``models`` how many models remain.
    """

    id: str
    side: str
    x: float
    y: float
    alive: bool
    models: int
    facing: float = 0.0
    width: float = 1.0
    depth: float = 1.0
    status: str = ""


@dataclass(slots=True)
class MapFeature:
    """Terrain or an objective drawn on the replay map.

    An objective's ``x``/``y`` is its centre. An area (terrain, deployment zone) is a
    rectangle from its top-left corner ``x``/``y``, unless ``data["facing"]`` is set: then
    ``x``/``y`` is its centre and the rectangle is turned to that facing (massbattle terrain).
    """

    kind: str  # "terrain" | "objective" | "deployment"
    x: float
    y: float
    width: float = 0.0
    height: float = 0.0
    label: str = ""
    data: dict[str, Any] = field(default_factory=dict)


@dataclass(slots=True)
class BattleMap:
    """The table: size in inches (or hexes), ``grid`` = "inches" or "hex", features."""

    width: float
    height: float
    grid: str = "inches"
    features: list[MapFeature] = field(default_factory=list)


@dataclass(slots=True)
class BattleReport:
    """The full result of one battle.

    ``winner`` is "a", "b" or None for a draw. ``scores`` maps side → victory points (or
    objectives, or the system's score). ``positions`` has one list of UnitPosition per turn
    end, index 0 being deployment. ``events`` is empty when the battle was run with
    ``log=False`` (the fast path).
    """

    system: str
    mission: str
    seed: int
    engine_version: str
    winner: str | None
    scores: dict[str, int]
    turns_played: int
    armies: dict[str, str]
    units: list[UnitOutcome]
    positions: list[list[UnitPosition]]
    map: BattleMap
    events: list[Event] = field(default_factory=list)
    summary: str = ""
    extra: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """The report as plain JSON-ready data."""
        return asdict(self)

    def to_json(self) -> str:
        """Canonical JSON: sorted keys, no whitespace, so equal reports give equal bytes."""
        return json.dumps(self.to_dict(), sort_keys=True, separators=(",", ":"))

    def report_hash(self) -> str:
        """SHA-256 of the canonical JSON (used by replays to prove reproducibility)."""
        return hashlib.sha256(self.to_json().encode()).hexdigest()
