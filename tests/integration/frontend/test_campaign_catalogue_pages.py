"""The campaign page's pinned catalogues (issue 15, "Campaigns pin catalogues", in the
browser): the organiser pins a catalogue at a revision, sees what moving the pin to a newer
revision changes for each roster, moves it, and unpins; a player sees the pins only."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from campaigns.models import CampaignCatalogue
from tests.api.test_campaign_catalogues import DEARER, join, league, roster  # noqa: F401

pytestmark = pytest.mark.django_db


def page_client(username: str) -> Client:
    client = Client()
    client.force_login(get_user_model().objects.get(username=username))
    return client


def messages_of(response) -> list[str]:
    return [str(m) for m in response.context["messages"]]


def test_the_organiser_pins_moves_and_unpins_a_catalogue_on_the_campaign_page(league):  # noqa: F811
    campaign, clients, mine = league
    org = page_client("org")
    detail = reverse("campaign-detail", args=[campaign["id"]])
    page = org.get(detail).content.decode()
    assert "players may build from any catalogue" in page
    assert f'<option value="{mine["id"]}">' in page

    pinned = org.post(
        reverse("campaign-catalogue-pin", args=[campaign["id"]]),
        {"catalogue": mine["id"], "revision": "1"},
        follow=True,
    )
    assert messages_of(pinned)[-1] == f"Players may build from {mine['name']}."
    join(clients["ann"], campaign, roster(clients["ann"], mine["slug"]))
    clients["ann"].put(f"/api/v1/catalogues/{mine['id']}/", {"text": DEARER}, format="json")

    page = org.get(detail).content.decode()
    assert "Move to revision 2…" in page
    assert "Strike force: 336 → 346 points; Captain Hale 105 → 115" in page

    ann = page_client("ann")
    players_view = ann.get(detail).content.decode()
    assert "revision 1" in players_view
    assert "Move the campaign" not in players_view
    refused = ann.post(
        reverse("campaign-catalogue-move", args=[campaign["id"]]),
        {"catalogue": mine["id"], "revision": "2"},
        follow=True,
    )
    assert messages_of(refused)[-1] == "Only an organiser may do this."

    moved = org.post(
        reverse("campaign-catalogue-move", args=[campaign["id"]]),
        {"catalogue": mine["id"], "revision": "2"},
        follow=True,
    )
    assert messages_of(moved)[-1] == (
        f"The campaign plays {mine['name']} at revision 2; 1 roster(s) changed."
    )
    assert CampaignCatalogue.objects.get(campaign_id=campaign["id"]).revision == 2

    bad = org.post(
        reverse("campaign-catalogue-pin", args=[campaign["id"]]),
        {"catalogue": "x", "revision": "abc"},
        follow=True,
    )
    assert messages_of(bad)[-1] == "Choose a catalogue."
    org.post(reverse("campaign-catalogue-unpin", args=[campaign["id"]]), {"catalogue": mine["id"]})
    assert not CampaignCatalogue.objects.filter(campaign_id=campaign["id"]).exists()
