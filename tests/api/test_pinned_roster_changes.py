"""A roster playing in a campaign that pins its catalogue at revision N compares against
revision N in its catalogue-change diff (``/rosters/{id}/catalogue-changes/``), not the
catalogue's latest; once the organiser moves the pin to M, the roster sees N → M (issue 15,
"when a pinned catalogue gains a revision the organiser chooses whether to move the campaign
to it, and affected rosters see what changed")."""

from __future__ import annotations

import pytest

from tests.api.test_campaign_catalogues import DEARER, join, league, pins_url, roster

pytestmark = pytest.mark.django_db

__all__ = ["league"]


def changes(client, roster_id: int) -> dict:
    response = client.get(f"/api/v1/rosters/{roster_id}/catalogue-changes/")
    assert response.status_code == 200, response.json()
    return response.json()


def test_a_pinned_rosters_changes_follow_the_pin_not_the_latest_revision(league):
    campaign, clients, mine = league
    clients["org"].post(pins_url(campaign), {"catalogue": mine["id"], "revision": 1}, format="json")
    roster_id = roster(clients["ann"], mine["slug"])
    assert join(clients["ann"], campaign, roster_id).status_code == 201
    clients["ann"].put(f"/api/v1/catalogues/{mine['id']}/", {"text": DEARER}, format="json")

    held = changes(clients["ann"], roster_id)
    assert not held["changed"]
    assert held["current"][mine["slug"]] == 1
    assert held["units"] == []

    clients["org"].post(f"{pins_url(campaign)}{mine['id']}/move/", {}, format="json")
    moved = changes(clients["ann"], roster_id)
    assert moved["changed"]
    assert (moved["built_against"][mine["slug"]], moved["current"][mine["slug"]]) == (1, 2)
    assert [(u["name"], u["delta"]) for u in moved["units"]] == [("Captain Hale", 10)]
    assert moved["points_after"] - moved["points_before"] == 10


def test_a_roster_outside_any_campaign_sees_the_latest_revision(league):
    _, clients, mine = league
    roster_id = roster(clients["ann"], mine["slug"])
    clients["ann"].put(f"/api/v1/catalogues/{mine['id']}/", {"text": DEARER}, format="json")
    latest = changes(clients["ann"], roster_id)
    assert latest["changed"]
    assert latest["current"][mine["slug"]] == 2
