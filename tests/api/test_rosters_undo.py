"""``POST /api/v1/rosters/{id}/undo/`` and ``/redo/``: a pointer over the edit timeline, so
undo twice goes back two edits, redo returns them, and a new edit drops the redo branch."""

import pytest

pytestmark = pytest.mark.django_db


def url(roster, suffix: str = "") -> str:
    return f"/api/v1/rosters/{roster.pk}/{suffix}"


def rename(client, roster, name: str) -> None:
    response = client.patch(url(roster), {"name": name}, format="json")
    assert response.status_code == 200, response.content


def post(client, roster, suffix: str):
    return client.post(url(roster, suffix), format="json")


def test_undo_twice_goes_back_two_edits_and_redo_returns_them(owner_client, roster):
    original = owner_client.get(url(roster)).json()["name"]
    rename(owner_client, roster, "Second")
    rename(owner_client, roster, "Third")
    assert post(owner_client, roster, "undo/").json()["name"] == "Second"
    assert post(owner_client, roster, "undo/").json()["name"] == original
    refused = post(owner_client, roster, "undo/")
    assert refused.status_code == 400
    assert refused.json()["error"]["code"] == "roster.nothing_to_undo"
    assert post(owner_client, roster, "redo/").json()["name"] == "Second"
    assert post(owner_client, roster, "redo/").json()["name"] == "Third"
    assert post(owner_client, roster, "redo/").json()["error"]["code"] == "roster.nothing_to_redo"


def test_a_new_edit_after_undo_drops_the_redo_branch(owner_client, roster):
    rename(owner_client, roster, "Second")
    rename(owner_client, roster, "Third")
    post(owner_client, roster, "undo/")
    rename(owner_client, roster, "Branch")
    refused = post(owner_client, roster, "redo/")
    assert refused.status_code == 400, refused.content
    assert post(owner_client, roster, "undo/").json()["name"] == "Second"


def test_undo_and_redo_are_revisions_named_in_the_history(owner_client, roster):
    rename(owner_client, roster, "Second")
    post(owner_client, roster, "undo/")
    post(owner_client, roster, "redo/")
    history = owner_client.get(url(roster, "revisions/")).json()["results"]
    assert [r["summary"] for r in history[:2]] == [
        "redo: forward to revision 2",
        "undo: back to revision 1",
    ]


def test_only_the_owner_may_undo(api_client, roster):
    assert post(api_client, roster, "undo/").status_code in (401, 403)
