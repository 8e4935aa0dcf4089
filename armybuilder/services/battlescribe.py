"""BattleScribe interop use cases (docs/battlescribe.md): preview and accept an import of a
game system file with its catalogues as the caller's own catalogues, export a roster as
``.ros``/``.rosz`` and import one.

An import is mapped and checked twice, the same way: ``battlescribe_preview`` answers the
report and saves nothing (cancelling is not accepting); ``battlescribe_import`` does it again
and saves every faction in one transaction, so one refused catalogue saves none. A faction
whose BattleScribe catalogue id the caller already imported becomes a new revision of that
catalogue (an unchanged one is left as it is); others are created through the ordinary
user-catalogue service.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from django.db import transaction

from armybuilder.battlescribe.archive import unpack
from armybuilder.battlescribe.bundle import read_bundle
from armybuilder.battlescribe.documents import read_document
from armybuilder.battlescribe.errors import BattleScribeRefused
from armybuilder.battlescribe.factions import Imported, map_bundle
from armybuilder.battlescribe.rosters import catalogue_id, ros_to_payload, roster_to_ros, zipped
from armybuilder.catalogue_access import visible_q
from armybuilder.errors import CatalogueRejected, NotFoundError
from armybuilder.models import Faction, GameSystem, Roster
from armybuilder.selectors import context_validate, roster_context
from armybuilder.services.exchange import roster_import
from armybuilder.services.user_catalogues import (
    CatalogueSaved,
    catalogue_check,
    catalogue_create,
    catalogue_update,
)
from rules.engine.systems import get_system

FORMAT = "battlescribe"


@dataclass(frozen=True, slots=True)
class ImportResult:
    """The report (``as_dict``) and, once accepted, the saved catalogues."""

    report: dict[str, Any]
    saved: list[CatalogueSaved]


def _mapped(*, system: str, uploads: list[tuple[str, bytes]]) -> Imported:
    row = GameSystem.objects.filter(slug=system).first()
    if row is None:
        raise NotFoundError("system.not_found", f"No game system '{system}' is loaded", "system")
    importer = get_system(system).catalogue.importers.get(FORMAT)
    if importer is None:
        raise BattleScribeRefused(
            "battlescribe.system_unsupported",
            "system",
            f"{row.name} has no BattleScribe mapping yet; import into another system",
        )
    bundle = read_bundle(unpack(uploads))
    return map_bundle(bundle, system=system, points_name=row.points_name, importer=importer)


def _existing(owner: Any, system: str, data: dict[str, Any]) -> Faction | None:
    return Faction.objects.filter(
        owner=owner,
        system__slug=system,
        data__battlescribe__catalogue_id=data["battlescribe"]["catalogue_id"],
    ).first()


def _same(a: dict[str, Any], b: dict[str, Any]) -> bool:
    return {**a, "revision": 0} == {**b, "revision": 0}


def _plan(owner: Any, system: str, imported: Imported) -> list[tuple[dict, str, Faction | None]]:
    """Each faction's document (its slug kept when it updates a catalogue) and action."""
    planned = []
    for data in imported.factions:
        existing = _existing(owner, system, data)
        if existing is not None:
            data["faction"] = existing.data["faction"]
            action = "unchanged" if _same(existing.data, data) else "update"
        else:
            action = "create"
        planned.append((data, action, existing))
    return planned


def _checks(data: dict[str, Any], text: str) -> list[dict[str, Any]]:
    try:
        _, warnings = catalogue_check(text=text, fmt="json")
    except CatalogueRejected as rejected:
        return [i.as_dict() for i in rejected.issues]
    return [w.as_dict() for w in warnings]


def battlescribe_preview(*, owner: Any, system: str, uploads: list[tuple[str, bytes]]) -> dict:
    """The import report and, per catalogue, what accepting would do and the catalogue
    checks' findings; nothing is saved."""
    imported = _mapped(system=system, uploads=uploads)
    report = imported.report.as_dict()
    for entry, (data, action, existing) in zip(
        report["catalogues"], _plan(owner, system, imported), strict=True
    ):
        entry["action"] = action
        entry["catalogue_id"] = existing.pk if existing else None
        entry["checks"] = _checks(data, json.dumps(data, ensure_ascii=False))
    report["accepted"] = False
    return report


@transaction.atomic
def battlescribe_import(
    *, owner: Any, system: str, uploads: list[tuple[str, bytes]]
) -> ImportResult:
    """Save every faction of the import (all or nothing): new catalogues, or new revisions
    of those imported before from the same BattleScribe catalogue."""
    imported = _mapped(system=system, uploads=uploads)
    report = imported.report.as_dict()
    saved: list[CatalogueSaved] = []
    for entry, (data, action, existing) in zip(
        report["catalogues"], _plan(owner, system, imported), strict=True
    ):
        text = json.dumps(data, ensure_ascii=False, indent=1)
        summary = f"BattleScribe {data['battlescribe']['catalogue_id']} r{data['revision']}"
        if existing is None:
            done = catalogue_create(owner=owner, text=text, fmt="json")
        elif action == "update":
            done = catalogue_update(
                catalogue=existing, actor=owner, text=text, fmt="json", summary=summary
            )
        else:
            done = CatalogueSaved(existing, [])
        entry["action"] = action
        entry["catalogue_id"] = done.catalogue.pk
        entry["checks"] = [w.as_dict() for w in done.warnings]
        saved.append(done)
    report["accepted"] = True
    return ImportResult(report, saved)


def roster_export_battlescribe(*, roster: Roster, zip_it: bool = False) -> tuple[str, bytes]:
    """The roster as ``<name>.ros`` (or ``.rosz``) bytes."""
    context = roster_context(roster=roster)
    result = context_validate(context)
    data = roster_to_ros(
        context.payload,
        system=context.system,
        factions=context.factions,
        unit_points=result.unit_points,
        points=result.points,
        points_limit=result.points_limit,
    )
    name = f"roster-{roster.pk}.ros"
    return (name + "z", zipped(name, data)) if zip_it else (name, data)


@dataclass(frozen=True, slots=True)
class RosterImported:
    roster: Roster
    unknown: list[dict[str, str]]
    forces: list[dict[str, Any]]


def roster_import_battlescribe(
    *, owner: Any, system: str, upload: tuple[str, bytes]
) -> RosterImported:
    """A new roster from a ``.ros``/``.rosz`` built on catalogues the caller can read;
    selections that match no unit or option are listed in ``unknown``, and what became of
    each force (a second catalogue's force is an ally) in ``forces``."""
    files = unpack([upload])
    if len(files) != 1:
        raise BattleScribeRefused(
            "battlescribe.roster_files", upload[0], "a roster upload holds exactly one .ros"
        )
    document = read_document(files[0])
    if document.kind != "roster":
        raise BattleScribeRefused(
            "battlescribe.not_roster", files[0].name, f"is a <{document.kind}>, not a <roster>"
        )
    rows = Faction.objects.filter(visible_q(owner), system__slug=system)
    catalogues: dict[str, tuple[str, dict[str, Any]]] = {}
    for row in sorted(rows, key=lambda f: f.owner_id != owner.pk):  # the caller's own first
        catalogues.setdefault(catalogue_id(row.data, row.slug), (row.slug, row.data))
    read = ros_to_payload(document.root, catalogues=catalogues, system=system)
    if not read.payload["faction"]:
        raise BattleScribeRefused(
            "battlescribe.catalogue_unknown",
            files[0].name,
            "none of its forces is built on a catalogue available to you; import the "
            "catalogues first",
        )
    return RosterImported(roster_import(owner=owner, data=read.payload), read.unknown, read.forces)
