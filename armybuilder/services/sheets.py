"""Point-buy character sheets in one's own catalogue (docs/army-builder.md "Character
sheets"): check a sheet as it is edited and save it as a catalogue unit (a new revision).

A sheet is checked by what already checks it everywhere else, so the editor has no rule set of
its own: the system's ``sheets`` capability prices it line by line; the unit it builds goes
into the catalogue document, which ``user_catalogues.catalogue_check`` checks whole (the one
catalogue check: cost equals the sheet's total, equipment within starting wealth); and the one
roster validator runs over a party of this combatant alone, so the budget rules of the system
(points per combatant, disadvantage and quirk caps) answer with their usual codes and paths.
"""

from __future__ import annotations

import copy
import json
import re
from dataclasses import dataclass, field
from typing import Any

from armybuilder.catalogue_issues import CatalogueIssue
from armybuilder.constraints import Violation
from armybuilder.errors import ArmyBuilderError, CatalogueRejected, NotFoundError
from armybuilder.models import Faction
from armybuilder.services.user_catalogues import CatalogueSaved, catalogue_check, catalogue_update
from armybuilder.validation import validate_roster
from rules.engine.systems import get_system
from rules.engine.systems.capabilities import SheetEditing

#: The key of a point-built unit's sheet in the unit's ``extra``.
SHEET_KEY = "sheet"


@dataclass(frozen=True, slots=True)
class SheetChecked:
    """A sheet as the editor shows it: the engine's review (lines, totals, derived values,
    the first bad field), the unit it builds (None while a field is bad), the catalogue
    check's issues and the roster validator's violations for a party of this one combatant."""

    review: dict[str, Any]
    unit: dict[str, Any] | None
    index: int
    issues: list[CatalogueIssue] = field(default_factory=list)
    violations: tuple[Violation, ...] = ()

    @property
    def savable(self) -> bool:
        """No bad field and no error from the catalogue check (the budget checks are the
        roster's: an over-budget sheet may be saved, a roster holding it is illegal)."""
        return self.unit is not None and not any(i.severity == "error" for i in self.issues)


def sheet_editing(system: str) -> SheetEditing:
    """The system's sheet capability; 400 ``sheet.unsupported`` when it has none."""
    editing = get_system(system).catalogue.sheets
    if editing is None:
        raise ArmyBuilderError(
            "sheet.unsupported",
            "This game system does not build characters point by point.",
            "system",
        )
    return editing


def sheet_units(catalogue: Faction) -> list[tuple[int, str]] | None:
    """(index, name) of each point-built unit of ``catalogue``; None when its system builds
    no characters point by point."""
    if get_system(catalogue.system.slug).catalogue.sheets is None:
        return None
    units = catalogue.data.get("units") or []
    return [(i, str(u.get("name", i))) for i, u in enumerate(units) if sheet_of(u) is not None]


def sheet_of(unit: dict[str, Any]) -> dict[str, Any] | None:
    """The point-buy sheet of a catalogue unit (None for a template)."""
    sheet = (unit.get("extra") or {}).get(SHEET_KEY)
    return sheet if isinstance(sheet, dict) else None


def unit_slug(name: str, taken: set[str]) -> str:
    """A unit slug from a character's name, not among ``taken``."""
    base = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") or "combatant"
    slug, number = base, 2
    while slug in taken:
        slug, number = f"{base}-{number}", number + 1
    return slug


def with_unit(data: dict[str, Any], index: int, unit: dict[str, Any]) -> dict[str, Any]:
    """A copy of catalogue ``data`` with ``unit`` at ``index`` (appended past the end)."""
    changed = copy.deepcopy(data)
    units = changed.setdefault("units", [])
    if index < len(units):
        units[index] = unit
    else:
        units.append(unit)
    return changed


def _built(
    catalogue: Faction, index: int, sheet: dict[str, Any], category: str
) -> tuple[dict[str, Any], dict[str, Any] | None]:
    review = sheet_editing(catalogue.system.slug).review(sheet)
    if review["error"] is not None:
        return review, None
    units = catalogue.data.get("units") or []
    current = units[index] if index < len(units) else {}
    taken = {str(u.get("slug")) for i, u in enumerate(units) if i != index}
    slug = current.get("slug") or unit_slug(str(sheet.get("name", "")), taken)
    unit = sheet_editing(catalogue.system.slug).build(sheet, slug, category)
    for key in ("unique", "options"):
        if key in current:
            unit[key] = current[key]
    return review, unit


def _party_of_one(catalogue: Faction, data: dict[str, Any], slug: str) -> tuple[Violation, ...]:
    system = catalogue.system.data
    payload = {
        "name": "sheet",
        "system": catalogue.system.slug,
        "faction": catalogue.slug,
        "points_limit": system.get("default_points_limit"),
        "allies": [],
        "units": [{"id": "sheet", "unit": slug, "size": 1, "options": [], "name": ""}],
    }
    result = validate_roster(payload, system=system, factions={catalogue.slug: data})
    return result.violations


def sheet_check(
    *, catalogue: Faction, index: int, sheet: dict[str, Any], category: str
) -> SheetChecked:
    """The sheet ``sheet`` as unit ``index`` of ``catalogue`` (past the end: a new one),
    checked as a save would check it; nothing is saved."""
    review, unit = _built(catalogue, index, sheet, category)
    if unit is None:
        return SheetChecked(review, None, index)
    data = with_unit(catalogue.data, index, unit)
    try:
        _, issues = catalogue_check(text=json.dumps(data), fmt="json")
    except CatalogueRejected as rejected:
        issues = rejected.issues
    return SheetChecked(review, unit, index, issues, _party_of_one(catalogue, data, unit["slug"]))


def sheet_save(
    *, catalogue: Faction, actor: Any, index: int, sheet: dict[str, Any], category: str
) -> CatalogueSaved:
    """Save the sheet as unit ``index`` of the owner's ``catalogue`` (past the end: added) as
    the catalogue's next revision; CatalogueRejected with every issue otherwise."""
    units = catalogue.data.get("units") or []
    if index < len(units) and sheet_of(units[index]) is None:
        raise NotFoundError(
            "sheet.not_found", f"Unit {index} of this catalogue has no character sheet", "index"
        )
    review, unit = _built(catalogue, index, sheet, category)
    if unit is None:
        error = review["error"]
        raise ArmyBuilderError("sheet.invalid", error["message"], error["path"])
    data = with_unit(catalogue.data, index, unit)
    verb = "edited" if index < len(units) else "added"
    return catalogue_update(
        catalogue=catalogue,
        actor=actor,
        text=json.dumps(data, ensure_ascii=False),
        fmt="json",
        summary=f"{unit['name']} {verb} (character sheet)",
    )
