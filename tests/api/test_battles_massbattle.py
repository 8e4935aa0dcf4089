"""A massbattle (Kings of War 2010) battle through ``POST /api/v1/battles/`` with the sample
rosters, imported as a player would; tasks run eagerly in the test settings."""

from __future__ import annotations

import pytest

from armybuilder.rosterdata import load_sample_roster
from armybuilder.services.exchange import roster_import

pytestmark = pytest.mark.django_db


@pytest.fixture
def massbattle_rosters(owner, catalogues):
    return [
        roster_import(owner=owner, data=load_sample_roster("massbattle", name))
        for name in ("dawnguard-vanguard", "gravemire-tide")
    ]


@pytest.mark.parametrize("mission", ["kill", "pillage"])
def test_massbattle_battle_resolves_through_the_api(
    owner_client, massbattle_rosters, django_capture_on_commit_callbacks, mission
):
    # seed 003 §12: Kill and Pillage are scored at the end of the battle
    with django_capture_on_commit_callbacks(execute=True):
        response = owner_client.post(
            "/api/v1/battles/",
            {"rosters": [r.pk for r in massbattle_rosters], "mission": mission, "seed": 11},
            format="json",
        )
    assert response.status_code == 202, response.content
    detail = owner_client.get(response.json()["url"]).json()
    assert detail["status"] == "resolved", detail.get("failure_reason")
    assert detail["system"] == "massbattle"
    assert detail["mission"] == mission
    assert detail["winner"] in ("a", "b", "")
    assert 1 <= detail["report"]["turns_played"] <= 12
    sides = {u["side"] for u in detail["report"]["units"]}
    assert sides == {"a", "b"}
    replay = owner_client.post(response.json()["url"] + "replay/")
    assert replay.status_code == 200
    assert replay.json()["identical"] is True
