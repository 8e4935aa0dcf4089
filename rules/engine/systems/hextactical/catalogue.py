"""hextactical catalogue checks: a template's cost is what its character points add up to
(``character.template_points``; README "Catalogues"), and a point-built template (one with an
``extra.sheet``) is what its sheet builds (``pointbuy.unit.sheet_unit``) and buys its equipment
within its starting wealth."""

from __future__ import annotations

from typing import Any

from rules.engine.systems.base import EngineError
from rules.engine.systems.capabilities import CatalogueCapability, SheetEditing
from rules.engine.systems.hextactical.character import template_points
from rules.engine.systems.hextactical.pointbuy.editor import (
    sheet_build,
    sheet_lists,
    sheet_review,
)
from rules.engine.systems.hextactical.pointbuy.interchange import gcs_export, gcs_import
from rules.engine.systems.hextactical.pointbuy.sheet import price, read_sheet
from rules.engine.systems.hextactical.pointbuy.unit import sheet_unit

#: The unit keys a sheet decides; the rest (slug, name, category, unique, options) are the
#: catalogue's.
SHEET_KEYS = ("cost", "profile", "weapons", "extra")


def template_problems(unit: dict[str, Any], where: str) -> list[str]:
    """``cost == template_points(unit)``, or why the template cannot be priced."""
    try:
        points = template_points(unit)
    except EngineError as error:
        return [f"{where}: {error}"]
    if points != unit.get("cost"):
        return [f"{where}: cost {unit.get('cost')} but template_points gives {points}"]
    sheet = (unit.get("extra") or {}).get("sheet")
    if sheet is None:
        return []
    try:
        built = sheet_unit(sheet, slug=str(unit.get("slug", "")))
        priced = price(read_sheet(sheet))
    except EngineError as error:
        return [f"{where}: {error.code}: {error.message}"]
    problems = [
        f"{where}: {key} differs from what extra.sheet builds"
        for key in SHEET_KEYS
        if built[key] != unit.get(key)
    ]
    if priced.equipment_cost > priced.wealth:
        problems.append(
            f"{where}: equipment costs ${priced.equipment_cost}, "
            f"more than the starting wealth of ${priced.wealth} (GURPS 4e Basic Set p.B27)"
        )
    return problems


# Rules become traits (``combatant.build_combatant``); these are the traits the engine reads
# (defence.py, turn.py, injury.py, wounds.py, tactics.py), plus ``skill(name, ±n)`` bonuses.
KNOWN_RULES: frozenset[str] = frozenset(
    {
        "skill",
        "combat-reflexes",
        "enhanced-parry",
        "enhanced-dodge",
        "enhanced-block",
        "hard-to-kill",
        "hard-to-subdue",
        "cowardice",
        "high-pain-threshold",
        "low-pain-threshold",
        "double-jointed",
        "extra-flexibility",
        "peripheral-vision",
    }
)

CATALOGUE = CatalogueCapability(
    sample_matchup=("thornwall-squad", "saltmarsh-squad"),
    unit_problems=template_problems,
    known_rules=KNOWN_RULES,
    importers={"gcs": gcs_import},
    exporters={"gcs": gcs_export},
    sheets=SheetEditing(lists=sheet_lists, review=sheet_review, build=sheet_build),
)
