"""The two original 250-CP point-built parties of ``tests/fixtures/hextactical``, as
catalogue units and engine rosters (shared by the point-buy engine and builder tests)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import yaml

from armybuilder.rosterdata import unit_entry_to_engine
from rules.engine.systems.hextactical.pointbuy.unit import sheet_unit

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "hextactical" / "pointbuy_parties.yaml"
PARTIES: dict[str, list[dict[str, Any]]] = yaml.safe_load(FIXTURE.read_text(encoding="utf-8"))


def party_units(side: str) -> list[dict[str, Any]]:
    """The catalogue units of one party (slugs ``<side>-<n>``)."""
    return [
        sheet_unit(m["sheet"], slug=f"{side}-{n}", category=m["category"])
        for n, m in enumerate(PARTIES[side], 1)
    ]


def party_roster(side: str) -> dict[str, Any]:
    """The engine roster (RosterData) of one party."""
    units = [
        unit_entry_to_engine(unit, {"unit": unit["slug"]}, f"u{n}")
        for n, unit in enumerate(party_units(side), 1)
    ]
    return {
        "name": side.title(),
        "faction": side,
        "points": sum(u["points"] for u in units),
        "units": units,
    }


def own_catalogue(owner: Any, slug: str = "my-company", name: str = "My Company") -> Any:
    """A user's own hextactical catalogue of the wardens party (point-built, 250 CP each)."""
    from armybuilder.services.user_catalogues import catalogue_create

    data = {
        "system": "hextactical",
        "faction": slug,
        "name": name,
        "revision": 1,
        "units": party_units("wardens"),
    }
    return catalogue_create(owner=owner, text=json.dumps(data), fmt="json").catalogue
