"""GURPS Character Sheet interop use cases (docs/api.md "GCS"): read an uploaded ``.gcs``
file as a Muster combatant of a system with a ``gcs`` importer, and write a point-built
combatant back as a ``.gcs`` file. Nothing is saved: the answer is the combatant (a catalogue
unit), its price, derived values and the import report; the caller adds it to a catalogue of
their own."""

from __future__ import annotations

import re
from typing import Any

from armybuilder.errors import ImportFormatError, NotFoundError
from armybuilder.models import GameSystem
from rules.engine.systems import get_system
from rules.engine.systems.base import EngineError

FORMAT = "gcs"
#: The largest upload read (a 250-CP character is ~50 kB; the engine refuses larger files too).
MAX_FILE_BYTES = 2 * 1024 * 1024


def _system_row(system: str) -> GameSystem:
    row = GameSystem.objects.filter(slug=system).first()
    if row is None:
        raise NotFoundError("system.not_found", f"No game system '{system}' is loaded", "system")
    return row


def _unsupported(row: GameSystem) -> ImportFormatError:
    return ImportFormatError(
        "gcs.system_unsupported", f"{row.name} reads no GURPS Character Sheet files", "system"
    )


def _refused(error: EngineError, name: str) -> ImportFormatError:
    """The engine's refusal as a 400 naming the file and the field at fault."""
    where = f"file.{error.field}" if error.field else "file"
    return ImportFormatError(error.code, f"{name}: {error.message}", where)


def gcs_preview(*, system: str, name: str, data: bytes, category: str = "") -> dict[str, Any]:
    """The combatant the ``.gcs`` file ``data`` becomes, with its import report."""
    row = _system_row(system)
    importer = get_system(system).catalogue.importers.get(FORMAT)
    if importer is None:
        raise _unsupported(row)
    try:
        return importer({"data": data, "category": category})
    except EngineError as error:
        raise _refused(error, name) from error


def gcs_export(*, system: str, unit: dict[str, Any]) -> tuple[str, bytes]:
    """(file name, ``.gcs`` bytes) of a point-built combatant (a catalogue unit)."""
    row = _system_row(system)
    exporter = get_system(system).catalogue.exporters.get(FORMAT)
    if exporter is None:
        raise _unsupported(row)
    try:
        data = exporter(unit)
    except EngineError as error:
        raise ImportFormatError(error.code, error.message, f"unit.{error.field}") from error
    slug = re.sub(r"[^a-z0-9]+", "-", str(unit.get("name", "")).lower()).strip("-")
    return f"{slug or 'combatant'}.gcs", data
