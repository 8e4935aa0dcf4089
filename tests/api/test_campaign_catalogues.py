"""``/api/v1/campaigns/{id}/catalogues/``: a campaign pins the catalogues its players may
build from (at a revision or "latest"); joining or updating with anything else is refused
naming the catalogue; the organiser moves a pin to a newer revision and each affected roster
gets its catalogue-change diff (issue 15, "Campaigns pin catalogues")."""

from __future__ import annotations

import pytest

from tests.api.conftest import make_user, strike_force, token_client
from tests.api.test_user_catalogues import my_wardens, upload

pytestmark = pytest.mark.django_db

DEARER = my_wardens(**{"cost: 90": "cost: 100"})


@pytest.fixture
def league(catalogues):
    """An organiser's grimdark campaign, a player with a public catalogue of their own."""
    org, ann = make_user("org"), make_user("ann")
    clients = {"org": token_client(org), "ann": token_client(ann)}
    mine = upload(clients["ann"], my_wardens(), visibility="public").json()
    campaign = (
        clients["org"]
        .post(
            "/api/v1/campaigns/",
            {"system": "grimdark", "name": "League", "points_limit": 1500, "seed": 1},
            format="json",
        )
        .json()
    )
    return campaign, clients, mine


def pins_url(campaign) -> str:
    return f"/api/v1/campaigns/{campaign['id']}/catalogues/"


def roster(client, faction: str) -> int:
    created = client.post("/api/v1/rosters/", strike_force(faction=faction), format="json")
    assert created.status_code == 201, created.json()
    return created.json()["id"]


def join(client, campaign, roster_id: int):
    return client.post(
        "/api/v1/campaigns/join/",
        {"join_code": campaign["join_code"], "roster": roster_id},
        format="json",
    )


def test_joining_with_a_catalogue_the_campaign_does_not_pin_is_refused_naming_it(league):
    campaign, clients, mine = league
    pinned = clients["org"].post(pins_url(campaign), {"catalogue": mine["id"]}, format="json")
    assert pinned.status_code == 201, pinned.json()
    assert pinned.json()["revision"] == "latest"
    refused = join(clients["ann"], campaign, roster(clients["ann"], "iron-wardens"))
    assert refused.status_code == 400
    error = refused.json()["error"]
    assert error["code"] == "campaign.catalogue_not_pinned"
    assert "'iron-wardens'" in error["message"]
    assert mine["slug"] in error["message"]
    assert "faction" in error["fields"]
    assert join(clients["ann"], campaign, roster(clients["ann"], mine["slug"])).status_code == 201


def test_a_campaign_without_pins_takes_any_catalogue(league):
    campaign, clients, _ = league
    assert clients["org"].get(pins_url(campaign)).json() == []
    assert join(clients["ann"], campaign, roster(clients["ann"], "iron-wardens")).status_code == 201


def test_a_roster_update_using_an_unpinned_catalogue_is_refused(league):
    campaign, clients, mine = league
    joined = join(clients["ann"], campaign, roster(clients["ann"], "iron-wardens")).json()
    sample = clients["org"].get("/api/v1/catalogues/?scope=samples&search=iron").json()
    clients["org"].post(pins_url(campaign), {"catalogue": mine["id"]}, format="json")
    url = f"/api/v1/campaigns/{campaign['id']}/participants/{joined['participant']}/roster/"
    refused = clients["ann"].post(url, {}, format="json")
    assert refused.status_code == 400
    assert refused.json()["error"]["code"] == "campaign.catalogue_not_pinned"
    clients["org"].post(
        pins_url(campaign), {"catalogue": sample["results"][0]["id"]}, format="json"
    )
    assert clients["ann"].post(url, {}, format="json").status_code == 201


def test_a_pin_at_a_revision_prices_there_until_the_organiser_moves_it(league):
    campaign, clients, mine = league
    clients["org"].post(pins_url(campaign), {"catalogue": mine["id"], "revision": 1}, format="json")
    joined = join(clients["ann"], campaign, roster(clients["ann"], mine["slug"])).json()
    edited = clients["ann"].put(
        f"/api/v1/catalogues/{mine['id']}/", {"text": DEARER}, format="json"
    )
    assert edited.json()["revision"] == 2
    [pin] = clients["org"].get(pins_url(campaign)).json()
    assert (pin["revision"], pin["latest_revision"], pin["behind"]) == (1, 2, True)
    check = clients["ann"].get(
        f"/api/v1/campaigns/{campaign['id']}/participants/{joined['participant']}/roster/"
    )
    cost_at_pin = check.json()["proposed"]["cost"]

    preview = clients["org"].get(f"{pins_url(campaign)}{mine['id']}/changes/").json()
    assert preview["to"] == 2
    [row] = preview["rosters"]
    assert row["participant"] == joined["participant"]
    assert row["changes"]["points_after"] - row["changes"]["points_before"] == 10
    assert [(u["name"], u["delta"]) for u in row["changes"]["units"]] == [("Captain Hale", 10)]
    assert row["changes"]["message"].startswith(f"now {row['changes']['points_after']}/1500")
    assert clients["org"].get(pins_url(campaign)).json()[0]["revision"] == 1

    moved = clients["org"].post(f"{pins_url(campaign)}{mine['id']}/move/", {}, format="json")
    assert moved.status_code == 200, moved.json()
    assert moved.json()["pin"]["revision"] == 2
    assert not moved.json()["pin"]["behind"]
    assert moved.json()["rosters"] == preview["rosters"]
    after = clients["ann"].get(
        f"/api/v1/campaigns/{campaign['id']}/participants/{joined['participant']}/roster/"
    )
    assert after.json()["proposed"]["cost"] == cost_at_pin + 10
    log = clients["ann"].get(f"/api/v1/campaigns/{campaign['id']}/audit/").json()["results"]
    [entry] = [e for e in log if e["action"] == "catalogue_moved"]
    assert entry["data"]["from"] == 1
    assert entry["data"]["to"] == 2
    assert entry["data"]["rosters"] == preview["rosters"]


def test_only_organisers_pin_and_only_members_see_pins(league):
    campaign, clients, mine = league
    assert clients["ann"].get(pins_url(campaign)).status_code == 404
    join(clients["ann"], campaign, roster(clients["ann"], mine["slug"]))
    assert clients["ann"].get(pins_url(campaign)).status_code == 200
    refused = clients["ann"].post(pins_url(campaign), {"catalogue": mine["id"]}, format="json")
    assert refused.status_code == 403


def test_pins_name_a_readable_catalogue_of_the_campaigns_system_and_a_real_revision(league):
    campaign, clients, mine = league
    secret = upload(clients["ann"], my_wardens(**{"faction: my-wardens": "faction: secret"})).json()
    url = pins_url(campaign)
    assert clients["org"].post(url, {"catalogue": secret["id"]}, format="json").status_code == 404
    other = clients["org"].get("/api/v1/catalogues/?scope=samples&system=massbattle").json()
    wrong = clients["org"].post(url, {"catalogue": other["results"][0]["id"]}, format="json")
    assert wrong.json()["error"]["code"] == "campaign.catalogue_system"
    missing = clients["org"].post(url, {"catalogue": mine["id"], "revision": 9}, format="json")
    assert missing.json()["error"]["code"] == "catalogue.revision_not_found"
    bad = clients["org"].post(url, {"catalogue": mine["id"], "revision": "newest"}, format="json")
    assert bad.status_code == 400
    assert clients["org"].post(url, {"catalogue": mine["id"]}, format="json").status_code == 201
    again = clients["org"].post(url, {"catalogue": mine["id"]}, format="json")
    assert again.status_code == 409
    assert clients["org"].delete(f"{url}{mine['id']}/").status_code == 204
    assert clients["org"].get(url).json() == []


def test_a_pin_moved_to_latest_follows_every_later_revision(league):
    campaign, clients, mine = league
    clients["org"].post(pins_url(campaign), {"catalogue": mine["id"], "revision": 1}, format="json")
    url = f"{pins_url(campaign)}{mine['id']}/move/"
    assert clients["org"].post(url, [], format="json").status_code == 400
    assert clients["org"].post(url, {"revision": 0}, format="json").status_code == 400
    moved = clients["org"].post(url, {"revision": "latest"}, format="json").json()
    assert moved["pin"]["revision"] == "latest"
    clients["ann"].put(f"/api/v1/catalogues/{mine['id']}/", {"text": DEARER}, format="json")
    [pin] = clients["org"].get(pins_url(campaign)).json()
    assert (pin["revision"], pin["latest_revision"], pin["behind"]) == ("latest", 2, False)
