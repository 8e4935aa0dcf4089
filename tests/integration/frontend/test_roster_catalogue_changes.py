"""The builder page shows a roster what a newer revision of its catalogue changed (issue 15:
"affected rosters see what changed"), as ``/rosters/{id}/catalogue-changes/`` does in the
API: the points before and after, each unit whose points moved, and an Accept button that
records the new revision; a roster in a campaign sees the revision the campaign pins."""

from __future__ import annotations

import pytest
from django.test import Client

from armybuilder.models import Roster
from tests.api.test_campaign_catalogues import DEARER, join, league, pins_url, roster

pytestmark = pytest.mark.django_db

__all__ = ["league"]


def page_of(user, roster_id: int) -> str:
    client = Client()
    client.force_login(user)
    response = client.get(f"/rosters/{roster_id}/")
    assert response.status_code == 200
    return response.content.decode()


def test_the_builder_shows_a_new_catalogue_revision_and_accepting_it_clears_the_notice(league):
    _, clients, mine = league
    roster_id = roster(clients["ann"], mine["slug"])
    ann = Roster.objects.get(pk=roster_id).owner
    assert 'id="catalogue-changes"' not in page_of(ann, roster_id)

    clients["ann"].put(f"/api/v1/catalogues/{mine['id']}/", {"text": DEARER}, format="json")
    page = page_of(ann, roster_id)
    assert 'id="catalogue-changes"' in page
    assert "336 → 346 of 1500 pts" in page
    assert "Captain Hale: 105 → 115 pts (+10)" in page

    client = Client()
    client.force_login(ann)
    accepted = client.post(f"/rosters/{roster_id}/accept-catalogue/")
    assert accepted.status_code == 302
    assert 'id="catalogue-changes"' not in page_of(ann, roster_id)


def test_a_roster_in_a_campaign_sees_the_change_only_once_the_pin_moves(league):
    campaign, clients, mine = league
    clients["org"].post(pins_url(campaign), {"catalogue": mine["id"], "revision": 1}, format="json")
    roster_id = roster(clients["ann"], mine["slug"])
    assert join(clients["ann"], campaign, roster_id).status_code == 201
    ann = Roster.objects.get(pk=roster_id).owner
    clients["ann"].put(f"/api/v1/catalogues/{mine['id']}/", {"text": DEARER}, format="json")
    assert 'id="catalogue-changes"' not in page_of(ann, roster_id)

    clients["org"].post(f"{pins_url(campaign)}{mine['id']}/move/", {}, format="json")
    assert "Captain Hale: 105 → 115 pts (+10)" in page_of(ann, roster_id)


def test_another_players_roster_cannot_be_accepted(league):
    _, clients, mine = league
    roster_id = roster(clients["ann"], mine["slug"])
    org = Roster.objects.model._meta.get_field("owner").related_model.objects.get(username="org")
    client = Client()
    client.force_login(org)
    assert client.post(f"/rosters/{roster_id}/accept-catalogue/").status_code == 404
