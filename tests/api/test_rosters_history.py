"""Roster writes through the API: one revision per write naming what changed (none when
nothing did), catalogue changes and acceptance, duplicating one unit, strict filters."""

import pytest

from armybuilder.models import RosterAction, RosterRevision
from tests.api.conftest import strike_force

pytestmark = pytest.mark.django_db


def revisions(roster) -> list[RosterRevision]:
    return list(RosterRevision.objects.filter(roster=roster).order_by("number"))


def url(roster, suffix: str = "") -> str:
    return f"/api/v1/rosters/{roster.pk}/{suffix}"


def test_empty_patch_adds_no_revision(owner_client, roster):
    for _ in range(3):
        response = owner_client.patch(url(roster), {}, format="json")
        assert response.status_code == 200, response.content
        assert response.json()["revision"] == 1
    assert len(revisions(roster)) == 1


def test_put_of_the_stored_roster_adds_no_revision(owner_client, roster):
    current = owner_client.get(url(roster)).json()
    payload = strike_force(
        units=[
            {k: u[k] for k in ("id", "unit", "size", "options", "name")} for u in current["units"]
        ]
    )
    response = owner_client.put(url(roster), payload, format="json")
    assert response.status_code == 200, response.content
    assert [u["id"] for u in response.json()["units"]] == [u["id"] for u in current["units"]]
    assert len(revisions(roster)) == 1


def test_patch_of_the_name_records_one_revision_naming_only_the_name(owner_client, roster):
    owner_client.patch(url(roster), {"name": "Renamed"}, format="json")
    latest = revisions(roster)[-1]
    assert latest.number == 2
    assert latest.summary == "name"
    assert latest.action == RosterAction.UPDATED


def test_patch_of_units_records_exactly_one_revision(owner_client, roster):
    units = owner_client.get(url(roster)).json()["units"]
    changed = [
        {"id": units[0]["id"], "unit": "warden-captain", "options": ["power-sword"]},
        {"id": units[1]["id"], "unit": "line-squad", "size": 7, "options": ["flamer"]},
        {"unit": "line-squad", "size": 6},
        {"unit": "line-squad", "size": 5},
    ]
    response = owner_client.patch(url(roster), {"units": changed}, format="json")
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["revision"] == 2
    assert [u["id"] for u in body["units"][:2]] == [units[0]["id"], units[1]["id"]]
    assert units[2]["id"] not in {u["id"] for u in body["units"]}
    assert [u["size"] for u in body["units"]] == [1, 7, 6, 5]
    history = revisions(roster)
    assert len(history) == 2
    # Captain Hale lost his name: the entry changed; squad 2 resized; squad 3 replaced.
    assert history[-1].summary == "2 units added, 2 units changed, 1 unit removed"


def test_patch_of_limit_and_one_unit_names_both(owner_client, roster):
    units = owner_client.get(url(roster)).json()["units"]
    kept = [{k: u[k] for k in ("id", "unit", "size", "options", "name")} for u in units]
    response = owner_client.patch(
        url(roster), {"points_limit": 1750, "units": kept[:2]}, format="json"
    )
    assert response.status_code == 200, response.content
    latest = revisions(roster)[-1]
    assert latest.number == 2
    assert latest.summary == "points limit, 1 unit removed"


def test_removing_one_unit_alone_is_recorded_as_a_removal(owner_client, roster):
    units = owner_client.get(url(roster)).json()["units"]
    kept = [{k: u[k] for k in ("id", "unit", "size", "options", "name")} for u in units]
    owner_client.patch(url(roster), {"units": kept[1:]}, format="json")
    latest = revisions(roster)[-1]
    assert (latest.action, latest.summary) == (RosterAction.UNIT_REMOVED, "1 unit removed")


def test_reordering_units_is_one_revision(owner_client, roster):
    units = owner_client.get(url(roster)).json()["units"]
    kept = [{k: u[k] for k in ("id", "unit", "size", "options", "name")} for u in units]
    response = owner_client.patch(url(roster), {"units": kept[::-1]}, format="json")
    assert [u["id"] for u in response.json()["units"]] == [u["id"] for u in units[::-1]]
    assert revisions(roster)[-1].summary == "units reordered"


def test_failed_write_records_nothing(owner_client, roster):
    response = owner_client.patch(
        url(roster), {"name": "Fine", "units": [{"unit": "no-such-unit"}]}, format="json"
    )
    assert response.status_code == 400
    roster.refresh_from_db()
    assert (roster.name, roster.revision) == ("Strike force", 1)


def test_catalogue_changes_of_a_current_roster_report_none(owner_client, roster):
    response = owner_client.get(url(roster, "catalogue-changes/"))
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["changed"] is False
    assert body["message"] == "No catalogue change since this roster was saved"
    assert body["built_against"] == body["current"]
    assert body["points_before"] == body["points_after"] == roster.points
    assert body["units"] == []


def test_accepting_the_catalogue_is_a_new_revision(owner_client, roster):
    response = owner_client.post(url(roster, "accept-catalogue/"))
    assert response.status_code == 200, response.content
    assert response.json()["revision"] == 2
    latest = revisions(roster)[-1]
    assert latest.action == RosterAction.CATALOGUE_ACCEPTED
    assert latest.summary.startswith("catalogue revisions ")


def test_duplicating_a_unit_puts_the_copy_right_after_it(owner_client, roster):
    units = owner_client.get(url(roster)).json()["units"]
    response = owner_client.post(url(roster, f"units/{units[1]['id']}/duplicate/"))
    assert response.status_code == 201, response.content
    body = response.json()
    assert len(body["units"]) == 4
    original, copy = body["units"][1], body["units"][2]
    assert copy["id"] not in {u["id"] for u in units}
    assert (copy["unit"], copy["size"], copy["options"]) == (
        original["unit"],
        original["size"],
        original["options"],
    )
    assert body["points"] == roster.points + original["points"]
    assert revisions(roster)[-1].action == RosterAction.UNIT_DUPLICATED


def test_duplicating_an_unknown_unit_answers_404(owner_client, roster):
    response = owner_client.post(url(roster, "units/u99/duplicate/"))
    assert response.status_code == 404
    assert response.json()["error"]["code"] == "roster.unit_not_found"
    assert len(revisions(roster)) == 1


@pytest.mark.parametrize(
    ("method", "suffix"),
    [
        ("get", "catalogue-changes/"),
        ("post", "accept-catalogue/"),
        ("post", "units/u1/duplicate/"),
    ],
)
def test_another_users_roster_answers_404_on_new_actions(stranger_client, roster, method, suffix):
    response = getattr(stranger_client, method)(url(roster, suffix))
    assert response.status_code == 404
    assert response.json()["error"]["code"] == "not_found"
    roster.refresh_from_db()
    assert roster.revision == 1


def test_anonymous_clients_cannot_use_new_actions(api_client, roster):
    assert api_client.get(url(roster, "catalogue-changes/")).status_code == 401
    assert api_client.post(url(roster, "units/u1/duplicate/")).status_code == 401


def test_unknown_legal_filter_value_answers_400_naming_legal(owner_client, roster):
    response = owner_client.get("/api/v1/rosters/", {"legal": "maybe"})
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "invalid"
    assert "legal" in error["fields"]


@pytest.mark.parametrize(("value", "count"), [("true", 1), ("1", 1), ("false", 0), ("0", 0)])
def test_legal_filter_reads_true_and_false(owner_client, roster, value, count):
    response = owner_client.get("/api/v1/rosters/", {"legal": value})
    assert response.status_code == 200
    assert response.json()["count"] == count


def test_deleting_a_roster_played_in_a_campaign_answers_409(owner, owner_client, roster):
    from campaigns.services.campaigns import campaign_create
    from campaigns.services.membership import campaign_join

    campaign = campaign_create(user=owner, system="grimdark", name="League", points_limit=2000)
    campaign_join(user=owner, join_code=campaign.join_code, roster=roster)
    response = owner_client.delete(url(roster))
    assert response.status_code == 409
    assert response.json()["error"]["code"] == "roster.in_use"
    assert owner_client.get(url(roster)).status_code == 200
