"""This system's ``.gcs`` import and export as the catalogue capability calls them
(``CatalogueCapability.importers["gcs"]`` / ``exporters["gcs"]``): a file in, a Muster
combatant (catalogue unit), its sheet, price, derived values and the import report out; a
unit's sheet in, a ``.gcs`` file out."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from rules.engine.systems.base import EngineError
from rules.engine.systems.hextactical.pointbuy.derived import derive
from rules.engine.systems.hextactical.pointbuy.gcs import gcs_sheet, read_gcs
from rules.engine.systems.hextactical.pointbuy.gcs_export import sheet_gcs_bytes
from rules.engine.systems.hextactical.pointbuy.sheet import price, read_sheet
from rules.engine.systems.hextactical.pointbuy.unit import sheet_unit


def _slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") or "combatant"


def gcs_import(upload: Mapping[str, Any]) -> dict[str, Any]:
    """``upload["data"]`` (the file's bytes) as ``{unit, sheet, price, derived, report}``;
    ``upload["category"]`` (default Fighter) is the unit's category."""
    document = read_gcs(upload["data"])
    sheet, report = gcs_sheet(document)
    unit = sheet_unit(
        sheet, slug=_slug(sheet["name"]), category=str(upload.get("category") or "Fighter")
    )
    read = read_sheet(sheet)
    return {
        "unit": unit,
        "sheet": sheet,
        "price": price(read).as_dict(),
        "derived": derive(read),
        "report": report.as_dict(),
    }


def gcs_export(unit: Mapping[str, Any]) -> bytes:
    """The ``.gcs`` file of a point-built unit (its ``extra.sheet``); EngineError
    ``gcs.no_sheet`` for a template that was not built point by point."""
    sheet = (unit.get("extra") or {}).get("sheet")
    if not isinstance(sheet, dict):
        raise EngineError(
            "gcs.no_sheet", "This combatant has no point-buy sheet (extra.sheet).", "extra.sheet"
        )
    return sheet_gcs_bytes(sheet)
