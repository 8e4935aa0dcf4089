"""The roster editor's option list offers each unit the magic items it may take, its stat
line shows an item's change, and the validator's item messages point at the unit."""

from __future__ import annotations

import pytest

from armybuilder.rosterdata import load_sample_roster
from armybuilder.services.exchange import roster_import
from frontend.editor import editor_data
from tests.integration.campaigns.factories import make_user

pytestmark = pytest.mark.django_db


def _units(data):
    return {u["display_name"]: u for _c, units in _sections(data) for u in units}


def _sections(data):
    return [(s["category"], s["units"]) for s in data["sections"]]


def test_editor_offers_allowed_items_and_shows_their_effect(catalogues):
    payload = load_sample_roster("massbattle", "dawnguard-vanguard")
    payload["units"][1]["options"] = ["wardstone-of-the-pass"]  # Pass Wardens, Ne 3 → 4
    payload["units"][0]["options"] = ["wardstone-of-the-pass"]  # the same item again
    roster = roster_import(owner=make_user("ada"), data=payload)
    data = editor_data(roster)
    units = _units(data)
    spears = {o["slug"]: o for o in units["Pass Wardens"]["options"]}
    assert spears["wardstone-of-the-pass"]["item"]
    assert "emberbrand" not in spears  # heroes only
    marshal = {o["slug"] for o in units["Marshal Teodric"]["options"]}
    assert "emberbrand" in marshal
    assert units["Pass Wardens"]["profile"]["Ne"] == 4
    [unique] = [v for v in data["errors"] if v["code"] == "items.unique"]
    assert unique["unit_name"] == "Pass Wardens"
    assert unique["message"].endswith(
        "the Wardstone of the Pass is already taken by The Beacon Horde"
    )
