"""GURPS Character Sheet interop use cases (docs/api.md "GCS"): read an uploaded ``.gcs``
file as a Muster combatant of a system with a ``gcs`` importer (nothing saved: the answer is
the combatant, a catalogue unit, its price, derived values and the import report), save
imported combatants into one of the caller's own catalogues (a new revision) and, if asked,
a new roster of them, and write a point-built combatant back as a ``.gcs`` file."""

from __future__ import annotations

import copy
import json
import re
from dataclasses import dataclass
from typing import Any

from django.db import transaction

from armybuilder.errors import ArmyBuilderError, ImportFormatError, NotFoundError
from armybuilder.models import Faction, GameSystem, Roster
from armybuilder.services.rosters import roster_create
from armybuilder.services.sheets import sheet_editing, sheet_of, unit_slug
from armybuilder.services.user_catalogues import CatalogueSaved, catalogue_update
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


#: The most combatants one save takes (a party; a catalogue holds at most what its schema
#: allows anyway).
MAX_SAVED_UNITS = 20


@dataclass(frozen=True, slots=True)
class GcsSaved:
    """Where imported combatants went: the catalogue (its new revision), their unit slugs and
    the new roster holding them (None when none was asked for)."""

    saved: CatalogueSaved
    slugs: list[str]
    roster: Roster | None


def _imported_units(system: str, units: Any) -> list[dict[str, Any]]:
    """Each unit rebuilt from its sheet (so what is saved is what the sheet buys), with the
    caller's name and category kept; 400 ``gcs.units`` at the bad entry otherwise."""
    if not isinstance(units, list) or not 1 <= len(units) <= MAX_SAVED_UNITS:
        raise ArmyBuilderError(
            "gcs.units", f"Give 1–{MAX_SAVED_UNITS} imported combatants.", "units"
        )
    editing = sheet_editing(system)
    built = []
    for index, unit in enumerate(units):
        sheet = sheet_of(unit) if isinstance(unit, dict) else None
        if sheet is None:
            raise ArmyBuilderError(
                "gcs.units", "Each combatant needs its extra.sheet.", f"units[{index}]"
            )
        review = editing.review(sheet)
        if review["error"] is not None:
            error = review["error"]
            raise ArmyBuilderError(
                "gcs.units", error["message"], f"units[{index}].extra.{error['path']}"
            )
        entry = editing.build(sheet, "", str(unit.get("category") or "Fighter"))
        entry["name"] = str(unit.get("name") or entry["name"])
        built.append(entry)
    return built


@transaction.atomic
def gcs_save(*, owner: Any, catalogue: Faction, units: Any, roster_name: str = "") -> GcsSaved:
    """Add imported combatants (the ``unit`` of each import answer) to the owner's
    ``catalogue`` as its next revision — a point-built combatant whose slug (from its name)
    is already there is replaced, so importing a character again updates it; a template is
    never replaced — and, given
    ``roster_name``, make a new roster of them; all or nothing."""
    built = _imported_units(catalogue.system.slug, units)
    data = copy.deepcopy(catalogue.data)
    present = {u["slug"]: i for i, u in enumerate(data.get("units") or [])}
    templates = {u["slug"] for u in data.get("units") or [] if sheet_of(u) is None}
    slugs: list[str] = []
    for unit in built:
        slug = unit_slug(unit["name"], {*slugs, *templates})
        unit["slug"] = slug
        slugs.append(slug)
        if slug in present:
            data["units"][present[slug]] = unit
        else:
            data.setdefault("units", []).append(unit)
    names = ", ".join(u["name"] for u in built)
    saved = catalogue_update(
        catalogue=catalogue,
        actor=owner,
        text=json.dumps(data, ensure_ascii=False),
        fmt="json",
        summary=f"imported from GCS: {names}",
    )
    roster = None
    if roster_name:
        roster = roster_create(
            owner=owner,
            system=catalogue.system.slug,
            faction=catalogue.slug,
            name=roster_name,
            units=[{"unit": slug} for slug in slugs],
        )
    return GcsSaved(saved, slugs, roster)
