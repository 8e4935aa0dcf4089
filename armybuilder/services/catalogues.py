"""Load the catalogue files into the database: systems, factions (with a kept revision per
faction), unit types, options, special rules and constraints. Idempotent: an unchanged file
writes nothing, a changed file must raise its revision (``catalogue.revision_not_raised``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from django.db import transaction

from armybuilder import rosterdata
from armybuilder.catalogue_files import CatalogueFile, discover
from armybuilder.errors import CatalogueError
from armybuilder.models import (
    Constraint,
    Faction,
    FactionRevision,
    GameSystem,
    SpecialRule,
    UnitOption,
    UnitType,
)


@dataclass(slots=True)
class CatalogueLoadReport:
    """What ``catalogues_load`` did, file by file."""

    created: list[str] = field(default_factory=list)
    upgraded: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)
    errors: list[CatalogueError] = field(default_factory=list)

    @property
    def changed(self) -> bool:
        return bool(self.created or self.upgraded)


def _check_revision(
    label: str, stored_revision: int, stored_hash: str, file: CatalogueFile
) -> bool:
    """True when the file must be written; CatalogueError when its revision was not raised."""
    if file.revision == stored_revision and file.content_hash == stored_hash:
        return False
    if file.revision <= stored_revision:
        raise CatalogueError(
            f"{label}: content changed but revision {file.revision} was not raised above "
            f"{stored_revision}",
            code="catalogue.revision_not_raised",
            path=str(file.path),
        )
    return True


def _load_system(file: CatalogueFile, report: CatalogueLoadReport) -> None:
    data = file.data
    system = GameSystem.objects.filter(slug=file.slug).first()
    if system and not _check_revision(file.slug, system.revision, system.content_hash, file):
        report.unchanged.append(file.slug)
        return
    values = {
        "name": data["name"],
        "points_name": data["points_name"],
        "default_points_limit": data["default_points_limit"],
        "allies_allowed": bool(data.get("allies", False)),
        "revision": file.revision,
        "content_hash": file.content_hash,
        "data": data,
    }
    system, created = GameSystem.objects.update_or_create(slug=file.slug, defaults=values)
    _replace_constraints(system, None, data.get("constraints", []))
    (report.created if created else report.upgraded).append(file.slug)


def _replace_constraints(
    system: GameSystem, faction: Faction | None, constraints: list[dict[str, Any]]
) -> None:
    Constraint.objects.filter(system=system, faction=faction).delete()
    Constraint.objects.bulk_create(
        Constraint(
            system=system,
            faction=faction,
            code=c["code"],
            kind=c["kind"],
            severity=c["severity"],
            position=index,
            params=c,
        )
        for index, c in enumerate(constraints or [])
    )


def _load_faction(file: CatalogueFile, report: CatalogueLoadReport) -> None:
    label = f"{file.system}/{file.slug}"
    system = GameSystem.objects.filter(slug=file.system).first()
    if system is None:
        raise CatalogueError(
            f"{label}: no _system.yaml loaded for {file.system}",
            code="catalogue.system_missing",
            path=str(file.path),
        )
    faction = Faction.objects.filter(system=system, slug=file.slug).first()
    if faction and not _check_revision(label, faction.revision, faction.content_hash, file):
        report.unchanged.append(label)
        return
    data = file.data
    values = {
        "name": data["name"],
        "alignment": data.get("alignment") or "",
        "description": data.get("description") or "",
        "revision": file.revision,
        "content_hash": file.content_hash,
        "data": data,
    }
    faction, created = Faction.objects.update_or_create(
        system=system, slug=file.slug, defaults=values
    )
    FactionRevision.objects.update_or_create(
        faction=faction,
        revision=file.revision,
        defaults={"content_hash": file.content_hash, "data": data},
    )
    _replace_units(faction, data["units"])
    SpecialRule.objects.filter(faction=faction).delete()
    SpecialRule.objects.bulk_create(
        SpecialRule(faction=faction, slug=r["slug"], name=r["name"], text=r.get("text", ""))
        for r in {r["slug"]: r for r in data.get("special_rules", []) or []}.values()
    )
    _replace_constraints(system, faction, data.get("constraints", []))
    (report.created if created else report.upgraded).append(label)


def _replace_units(faction: Faction, units: list[dict[str, Any]]) -> None:
    UnitType.objects.filter(faction=faction).delete()
    for position, unit in enumerate(units):
        if "sizes" in unit:
            sizes = [int(s["size"]) for s in unit["sizes"]]
            low, high, cost = min(sizes), max(sizes), int(unit["sizes"][0]["cost"])
        else:
            low = int(unit["size"]["min"])
            high = int(unit["size"].get("max", low))
            cost = int(unit["cost"])
        row = UnitType.objects.create(
            faction=faction,
            slug=unit["slug"],
            name=unit["name"],
            category=unit["category"],
            unit_type=unit.get("unit_type", ""),
            size_min=low,
            size_max=high,
            cost=cost,
            cost_per_model=int(unit.get("cost_per_model", 0)),
            is_unique=bool(unit.get("unique", False)),
            position=position,
            data=unit,
        )
        UnitOption.objects.bulk_create(
            UnitOption(
                unit_type=row,
                slug=o["slug"],
                name=o["name"],
                cost=int(o["cost"]),
                per_model=bool(o.get("per_model", False)),
                group=o.get("group") or "",
                position=index,
                data=o,
            )
            for index, o in enumerate(unit.get("options", []) or [])
        )


def catalogues_load(*, directory: Path = rosterdata.CATALOGUE_DIR) -> CatalogueLoadReport:
    """Load or upgrade every catalogue file under ``directory`` idempotently: an unchanged
    file (same revision and content hash) writes nothing; a changed file must raise its
    revision. Each file loads in its own transaction; failures are reported, not raised."""
    files, errors = discover(directory)
    report = CatalogueLoadReport(errors=list(errors))
    for file in files:
        try:
            with transaction.atomic():
                (_load_system if file.is_system else _load_faction)(file, report)
        except CatalogueError as error:
            report.errors.append(error)
    return report
