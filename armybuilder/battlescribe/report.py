"""The import report a user reads before accepting: what was imported and every element
that could not be mapped, with its id, its path in the file and why (nothing is dropped
silently)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Unmapped:
    """One element left out of the Muster catalogue (or kept without effect)."""

    file: str
    id: str
    path: str
    element: str
    reason: str


@dataclass(slots=True)
class CatalogueReport:
    """What one faction catalogue became."""

    file: str
    battlescribe_id: str
    name: str
    revision: int
    faction: str
    counts: dict[str, int] = field(
        default_factory=lambda: {"units": 0, "options": 0, "constraints": 0, "rules": 0}
    )


@dataclass(slots=True)
class ImportReport:
    """The whole import: the Muster system, the game system file, each catalogue."""

    system: str
    game_system: dict[str, Any]
    catalogues: list[CatalogueReport] = field(default_factory=list)
    libraries: list[str] = field(default_factory=list)
    unmapped: list[Unmapped] = field(default_factory=list)
    _seen: set[Unmapped] = field(default_factory=set)

    def skip(self, file: str, ident: str, path: str, element: str, reason: str) -> None:
        """List an element once (the mapping may meet a shared element more than once)."""
        found = Unmapped(file, ident, path, element, reason)
        if found not in self._seen:
            self._seen.add(found)
            self.unmapped.append(found)

    def as_dict(self) -> dict[str, Any]:
        totals = {"units": 0, "options": 0, "constraints": 0, "rules": 0}
        for catalogue in self.catalogues:
            for key, value in catalogue.counts.items():
                totals[key] += value
        return {
            "system": self.system,
            "game_system": self.game_system,
            "counts": {**totals, "unmapped": len(self.unmapped)},
            "catalogues": [asdict(c) for c in self.catalogues],
            "libraries": self.libraries,
            "unmapped": [asdict(u) for u in self.unmapped],
        }
