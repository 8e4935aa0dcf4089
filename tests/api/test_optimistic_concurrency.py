"""Lost updates: rosters, campaigns and user catalogues carry an ETag (their revision); a
write from a stale read answers 412 (``If-Match``) or 409 (``revision`` in the body), and a
PATCH merges onto the row as it is under the lock, so two PATCHes of different fields both
land (issue 23, item 4).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from functools import partial

import pytest
from django.db import connection

from armybuilder.models import Faction, FactionRevision, Roster, RosterRevision
from campaigns.models import Campaign
from campaigns.services.campaigns import campaign_create
from tests.api.conftest import strike_force, token_client
from tests.api.test_user_catalogues import URL as CATALOGUES
from tests.api.test_user_catalogues import my_wardens

pytestmark = pytest.mark.django_db(transaction=True)


def race(calls: list[Callable[[], object]]) -> list[object]:
    """Run every call in its own thread, released together; their results in order."""
    barrier = threading.Barrier(len(calls))
    results: list[object] = [None] * len(calls)

    def run(index: int) -> None:
        try:
            barrier.wait()
            results[index] = calls[index]()
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


def test_a_roster_answers_its_revision_as_etag(owner_client, roster):
    response = owner_client.get(f"/api/v1/rosters/{roster.pk}/")
    assert response["ETag"] == '"1"'
    changed = owner_client.patch(
        f"/api/v1/rosters/{roster.pk}/", {"name": "New"}, format="json", HTTP_IF_MATCH='"1"'
    )
    assert changed.status_code == 200, changed.content
    assert changed["ETag"] == '"2"'
    assert changed.json()["revision"] == 2


def test_a_write_with_a_stale_if_match_answers_412_and_writes_nothing(owner_client, roster):
    owner_client.patch(f"/api/v1/rosters/{roster.pk}/", {"name": "First"}, format="json")
    stale = owner_client.put(
        f"/api/v1/rosters/{roster.pk}/",
        strike_force(name="Second"),
        format="json",
        HTTP_IF_MATCH='"1"',
    )
    assert stale.status_code == 412, stale.content
    assert stale.json()["error"]["code"] == "revision.precondition_failed"
    assert Roster.objects.get(pk=roster.pk).name == "First"


def test_a_stale_revision_in_the_body_answers_409(owner_client, roster):
    owner_client.patch(f"/api/v1/rosters/{roster.pk}/", {"name": "First"}, format="json")
    stale = owner_client.patch(
        f"/api/v1/rosters/{roster.pk}/", {"name": "Second", "revision": 1}, format="json"
    )
    assert stale.status_code == 409, stale.content
    assert stale.json()["error"]["code"] == "revision.stale"
    current = owner_client.patch(
        f"/api/v1/rosters/{roster.pk}/", {"name": "Second", "revision": 2}, format="json"
    )
    assert current.status_code == 200


def test_two_concurrent_patches_of_different_fields_both_land(owner, roster):
    clients = [token_client(owner), token_client(owner)]
    url = f"/api/v1/rosters/{roster.pk}/"
    for trial in range(5):
        name, limit = f"Name {trial}", 1600 + trial
        answers = race(
            [
                partial(clients[0].patch, url, {"name": name}, format="json"),
                partial(clients[1].patch, url, {"points_limit": limit}, format="json"),
            ]
        )
        assert [a.status_code for a in answers] == [200, 200]
        stored = Roster.objects.get(pk=roster.pk)
        assert (stored.name, stored.payload["points_limit"]) == (name, limit), trial
    # One revision per change, numbered without gaps.
    numbers = list(RosterRevision.objects.filter(roster=roster).values_list("number", flat=True))
    assert sorted(numbers) == list(range(1, 12))


def test_of_twenty_puts_from_the_same_revision_one_lands_and_the_rest_answer_412(owner, roster):
    clients = [token_client(owner) for _ in range(20)]
    url = f"/api/v1/rosters/{roster.pk}/"

    answers = race(
        [
            partial(
                client.put, url, strike_force(name=f"Edit {i}"), format="json", HTTP_IF_MATCH='"1"'
            )
            for i, client in enumerate(clients)
        ]
    )

    codes = sorted(a.status_code for a in answers)
    assert codes == [200] + [412] * 19
    (winner,) = [a for a in answers if a.status_code == 200]
    stored = Roster.objects.get(pk=roster.pk)
    assert stored.revision == 2
    assert stored.name == winner.json()["name"]
    assert RosterRevision.objects.filter(roster=roster).count() == 2


@pytest.fixture
def campaign(owner, catalogues):
    return campaign_create(user=owner, system="grimdark", name="League", points_limit=1000)


def test_campaign_settings_writes_from_a_stale_read_are_refused(owner_client, campaign):
    url = f"/api/v1/campaigns/{campaign.pk}/"
    read = owner_client.get(url)
    assert read["ETag"] == '"1"'
    assert read.json()["revision"] == 1
    first = owner_client.patch(
        url, {"settings": {"grace_hours": 4}}, format="json", HTTP_IF_MATCH=read["ETag"]
    )
    assert first.status_code == 200, first.content
    assert first["ETag"] == '"2"'
    stale = owner_client.patch(
        url, {"settings": {"max_players": 4}}, format="json", HTTP_IF_MATCH=read["ETag"]
    )
    assert stale.status_code == 412
    in_body = owner_client.patch(
        url, {"settings": {"max_players": 4}, "revision": 1}, format="json"
    )
    assert in_body.status_code == 409
    assert Campaign.objects.get(pk=campaign.pk).settings == {"grace_hours": 4}


def test_concurrent_campaign_patches_of_different_fields_both_land(owner, campaign):
    clients = [token_client(owner), token_client(owner)]
    url = f"/api/v1/campaigns/{campaign.pk}/"
    for trial in range(5):
        name, limit = f"League {trial}", 1100 + trial
        answers = race(
            [
                partial(clients[0].patch, url, {"name": name}, format="json"),
                partial(clients[1].patch, url, {"points_limit": limit}, format="json"),
            ]
        )
        assert [a.status_code for a in answers] == [200, 200]
        stored = Campaign.objects.get(pk=campaign.pk)
        assert (stored.name, stored.points_limit) == (name, limit), trial
    assert Campaign.objects.get(pk=campaign.pk).revision == 11


def test_a_faction_answers_its_catalogue_revision_as_etag(owner_client, catalogues):
    response = owner_client.get("/api/v1/factions/iron-wardens/")
    assert response.status_code == 200
    assert response["ETag"] == f'"{response.json()["revision"]}"'


@pytest.fixture
def my_catalogue(owner_client, catalogues) -> str:
    """The URL of a catalogue of the owner's own (revision 1)."""
    created = owner_client.post(CATALOGUES, {"text": my_wardens(), "format": "yaml"}, format="json")
    assert created.status_code == 201, created.content
    return f"{CATALOGUES}{created.json()['id']}/"


def renamed(name: str) -> dict:
    return {"text": my_wardens(**{"name: Iron Wardens": f"name: {name}"}), "format": "yaml"}


def test_catalogue_writes_from_a_stale_read_are_refused(owner_client, my_catalogue):
    read = owner_client.get(my_catalogue)
    assert read["ETag"] == '"1"'
    first = owner_client.put(
        my_catalogue, renamed("First"), format="json", HTTP_IF_MATCH=read["ETag"]
    )
    assert first.status_code == 200, first.content
    assert first["ETag"] == '"2"'

    stale = owner_client.put(
        my_catalogue, renamed("Second"), format="json", HTTP_IF_MATCH=read["ETag"]
    )
    assert stale.status_code == 412
    assert stale.json()["error"]["code"] == "revision.precondition_failed"
    in_body = owner_client.put(my_catalogue, {**renamed("Second"), "revision": 1}, format="json")
    assert in_body.status_code == 409
    assert in_body.json()["error"]["code"] == "revision.stale"
    restore = owner_client.post(
        f"{my_catalogue}restore/", {"revision": 1}, format="json", HTTP_IF_MATCH=read["ETag"]
    )
    assert restore.status_code == 412
    current = owner_client.get(my_catalogue).json()
    assert (current["revision"], current["name"]) == (2, "First")
    restored = owner_client.post(
        f"{my_catalogue}restore/", {"revision": 1}, format="json", HTTP_IF_MATCH='"2"'
    )
    assert restored.status_code == 200, restored.content
    assert restored["ETag"] == '"3"'


def test_of_ten_catalogue_saves_from_the_same_revision_one_lands(owner, my_catalogue):
    clients = [token_client(owner) for _ in range(10)]

    answers = race(
        [
            partial(
                client.put, my_catalogue, renamed(f"Edit {i}"), format="json", HTTP_IF_MATCH='"1"'
            )
            for i, client in enumerate(clients)
        ]
    )

    assert sorted(a.status_code for a in answers) == [200] + [412] * 9
    (winner,) = [a for a in answers if a.status_code == 200]
    stored = Faction.objects.get(pk=winner.json()["id"])
    assert (stored.revision, stored.name) == (2, winner.json()["name"])
    assert FactionRevision.objects.filter(faction=stored).count() == 2
