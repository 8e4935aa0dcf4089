"""One import's faction documents and its report, from a bundle of BattleScribe files."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from armybuilder.battlescribe.bundle import Bundle
from armybuilder.battlescribe.forces import force_constraints, force_entries
from armybuilder.battlescribe.mapping import UNIT_TYPES, Context, Importer, map_unit
from armybuilder.battlescribe.records import slugify
from armybuilder.battlescribe.report import CatalogueReport, ImportReport
from armybuilder.battlescribe.resolve import Scope
from armybuilder.battlescribe.unlocks import unit_constraints

FACTION_SLUG = 60


@dataclass(frozen=True, slots=True)
class Imported:
    """The Muster faction documents of an import, in file order, and its report."""

    factions: list[dict[str, Any]]
    report: ImportReport


def _cost_type(bundle: Bundle, points_name: str, report: ImportReport) -> str:
    types = bundle.system.root.each("costTypes", "costType")
    chosen = next(
        (t for t in types if t.get("name").lower() == points_name.lower()),
        types[0] if types else None,
    )
    for other in types:
        if other is not chosen:
            report.skip(
                bundle.system.file,
                other.get("id"),
                f"gameSystem/costTypes/costType[{other.get('name')}]",
                "costType",
                f"Muster prices units in one cost ({points_name}); this one is ignored",
            )
    return chosen.get("id") if chosen is not None else ""


def map_bundle(bundle: Bundle, *, system: str, points_name: str, importer: Importer) -> Imported:
    """Every faction catalogue of the bundle as Muster faction data, with the report."""
    gst = bundle.system
    report = ImportReport(
        system, {"id": gst.id, "name": gst.name, "revision": gst.revision, "file": gst.file}
    )
    cost_type = _cost_type(bundle, points_name, report)
    by_id = bundle.by_id()
    report.libraries = [c.file for c in bundle.catalogues if c.library]
    factions = []
    for document in bundle.catalogues:
        if document.library:
            continue
        scope = Scope(document, by_id, gst)
        counts = CatalogueReport(
            document.file,
            document.id,
            document.name,
            document.revision,
            slugify(document.name, FACTION_SLUG),
        )
        ctx = Context(document, scope, cost_type, {document.id, gst.id}, report, counts, importer)
        forces = force_entries(ctx)
        ctx.own |= {force.node.get("id") for _, force in forces}
        units, constraints, taken, unit_limits = [], [], set(), []
        for entry in scope.root_entries():
            if entry.type not in UNIT_TYPES:
                ctx.skip(
                    entry,
                    entry.id,
                    "selectionEntry",
                    f"a root entry of type '{entry.type}' (not a unit or model) has no "
                    "Muster equivalent",
                )
                continue
            mapped = map_unit(ctx, entry, taken)
            if mapped is not None:
                units.append(mapped[0])
                unit_limits.append((mapped[0]["slug"], mapped[0]["name"], mapped[1]))
        for slug, name, found in unit_limits:
            constraints += unit_constraints(ctx, slug, name, found)
        counts.counts["constraints"] += sum(1 for _ in constraints)
        constraints += force_constraints(ctx)
        for dangling in scope.dangling:
            report.skip(
                dangling.file,
                dangling.id,
                dangling.path,
                "link",
                f"its target '{dangling.target}' is in no uploaded file",
            )
        report.catalogues.append(counts)
        factions.append(
            {
                "system": system,
                "faction": counts.faction,
                "name": document.name,
                "revision": document.revision,
                "alignment": None,
                "description": f"Imported from BattleScribe data ({document.file}).",
                "special_rules": list(ctx.glossary.values()),
                "units": units,
                "constraints": constraints,
                "battlescribe": {
                    "catalogue_id": document.id,
                    "revision": document.revision,
                    "game_system_id": gst.id,
                    "game_system_revision": gst.revision,
                    "cost_type": cost_type,
                    "force_entry_id": forces[0][1].node.get("id") if forces else "",
                },
            }
        )
    return Imported(factions, report)
