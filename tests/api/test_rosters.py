"""``/rosters/``: owner-only CRUD (another user's roster is 404), computed points and
validation, validate without saving, export/import, revisions, duplicate, share, verify."""

import pytest

from armybuilder.models import Roster, RosterRevision
from tests.api.conftest import make_user, strike_force, token_client

pytestmark = pytest.mark.django_db


def test_create_roster_by_slugs_answers_201_with_points_and_validation(owner_client, catalogues):
    response = owner_client.post("/api/v1/rosters/", strike_force(), format="json")
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["system"] == "grimdark"
    assert body["faction"] == "iron-wardens"
    assert [u["unit"] for u in body["units"]] == ["warden-captain", "line-squad", "line-squad"]
    assert body["points"] == sum(u["points"] for u in body["units"])
    assert body["points"] > 0
    assert body["validation"]["legal"] is True
    assert body["validation"]["errors"] == []
    assert Roster.objects.get(pk=body["id"]).owner.username == "owner"


def test_illegal_roster_is_saved_with_its_errors(owner_client, catalogues):
    payload = strike_force(units=[{"unit": "line-squad", "size": 5}])
    response = owner_client.post("/api/v1/rosters/", payload, format="json")
    assert response.status_code == 201
    validation = response.json()["validation"]
    assert validation["legal"] is False
    codes = {e["code"] for e in validation["errors"]}
    assert "foc.hq" in codes
    error = validation["errors"][0]
    assert set(error) == {"code", "severity", "message", "path"}
    assert error["severity"] == "error"


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"system": "no-such-system"}, "system"),
        ({"faction": "no-such-faction"}, "faction"),
        ({"units": [{"unit": "no-such-unit"}]}, "units[0].unit"),
        ({"units": [{"unit": "line-squad", "options": ["no-such-option"]}]}, "units[0].options[0]"),
        ({"units": [{"unit": "line-squad", "size": -1}]}, "units[0].size"),
        ({"units": [{"unit": "line-squad", "size": "ten"}]}, "units[0].size"),
        ({"points_limit": 10**9}, "points_limit"),
        ({"points_limit": -5}, "points_limit"),
        ({"name": ""}, "name"),
        ({"units": "line-squad"}, "units"),
        ({"allies": ["iron-wardens"]}, "allies[0]"),
    ],
)
def test_bad_roster_input_answers_400_and_writes_nothing(owner_client, catalogues, change, field):
    response = owner_client.post("/api/v1/rosters/", strike_force(**change), format="json")
    assert response.status_code == 400, response.content
    error = response.json()["error"]
    assert error["code"] == "invalid"
    assert field in error["fields"], error
    assert not Roster.objects.exists()


def test_list_shows_only_own_rosters(owner_client, stranger, roster, catalogues):
    from armybuilder.services.rosters import roster_create

    roster_create(owner=stranger, system="grimdark", faction="iron-wardens", name="Theirs")
    response = owner_client.get("/api/v1/rosters/")
    assert response.status_code == 200
    body = response.json()
    assert body["count"] == 1
    assert body["results"][0]["id"] == roster.pk
    assert "validation" in body["results"][0]


def test_roster_list_has_no_n_plus_one(owner, owner_client, roster, django_assert_max_num_queries):
    from armybuilder.services.rosters import roster_duplicate

    for _ in range(5):
        roster_duplicate(roster=roster, owner=owner)
    with django_assert_max_num_queries(6):
        response = owner_client.get("/api/v1/rosters/")
    assert response.json()["count"] == 6


def test_list_filters_by_system_and_legality(owner_client, roster):
    assert owner_client.get("/api/v1/rosters/", {"system": "skirmish"}).json()["count"] == 0
    assert owner_client.get("/api/v1/rosters/", {"legal": "true"}).json()["count"] == 1


def test_anonymous_cannot_list_or_create(api_client, catalogues):
    assert api_client.get("/api/v1/rosters/").status_code == 401
    response = api_client.post("/api/v1/rosters/", strike_force(), format="json")
    assert response.status_code == 401
    assert not Roster.objects.exists()


def test_owner_retrieves_roster(owner_client, roster):
    response = owner_client.get(f"/api/v1/rosters/{roster.pk}/")
    assert response.status_code == 200
    assert response.json()["name"] == "Strike force"


@pytest.mark.parametrize(
    ("method", "suffix", "body"),
    [
        ("get", "", None),
        ("put", "", strike_force()),
        ("patch", "", {"name": "Mine now"}),
        ("delete", "", None),
        ("get", "export/", None),
        ("get", "revisions/", None),
        ("post", "restore/", {"revision": 1}),
        ("post", "duplicate/", {}),
        ("post", "share/", None),
        ("get", "verification/", None),
    ],
)
def test_another_users_roster_answers_404_not_403(stranger_client, roster, method, suffix, body):
    url = f"/api/v1/rosters/{roster.pk}/{suffix}"
    response = getattr(stranger_client, method)(url, body, format="json")
    assert response.status_code == 404
    assert response.json()["error"]["code"] == "not_found"
    roster.refresh_from_db()
    assert roster.name == "Strike force"
    assert roster.revision == 1


def test_anonymous_access_to_a_roster_answers_401(api_client, roster):
    assert api_client.get(f"/api/v1/rosters/{roster.pk}/").status_code == 401


def test_put_replaces_units_and_keeps_ids(owner_client, roster):
    current = owner_client.get(f"/api/v1/rosters/{roster.pk}/").json()
    kept = current["units"][1]
    payload = strike_force(
        name="Renamed",
        points_limit=1000,
        units=[
            {"id": kept["id"], "unit": "line-squad", "size": 6, "options": []},
            {"unit": "warden-captain"},
        ],
    )
    response = owner_client.put(f"/api/v1/rosters/{roster.pk}/", payload, format="json")
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["name"] == "Renamed"
    assert body["points_limit"] == 1000
    by_unit = {u["unit"]: u for u in body["units"]}
    assert by_unit["line-squad"]["id"] == kept["id"]
    assert by_unit["line-squad"]["size"] == 6
    assert len(body["units"]) == 2
    assert body["revision"] > current["revision"]


def test_patch_changes_only_given_fields(owner_client, roster):
    response = owner_client.patch(
        f"/api/v1/rosters/{roster.pk}/", {"points_limit": 2000}, format="json"
    )
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["points_limit"] == 2000
    assert len(body["units"]) == 3


def test_update_with_unknown_unit_writes_nothing(owner_client, roster):
    payload = strike_force(units=[{"unit": "no-such-unit"}])
    response = owner_client.put(f"/api/v1/rosters/{roster.pk}/", payload, format="json")
    assert response.status_code == 400
    roster.refresh_from_db()
    assert roster.revision == 1
    assert len(roster.unit_entries()) == 3


def test_update_cannot_change_faction(owner_client, roster):
    payload = strike_force(faction="chitin-host", units=[])
    response = owner_client.put(f"/api/v1/rosters/{roster.pk}/", payload, format="json")
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "roster.fixed"


def test_owner_deletes_roster(owner_client, roster):
    assert owner_client.delete(f"/api/v1/rosters/{roster.pk}/").status_code == 204
    assert not Roster.objects.filter(pk=roster.pk).exists()


def test_validate_reports_without_saving(owner_client, catalogues):
    payload = strike_force(points_limit=100)
    response = owner_client.post("/api/v1/rosters/validate/", payload, format="json")
    assert response.status_code == 200
    body = response.json()
    assert body["validation"]["legal"] is False
    assert "points.limit" in {e["code"] for e in body["validation"]["errors"]}
    assert body["points"] > 100
    assert not Roster.objects.exists()


def test_validate_is_open_to_anonymous_clients(api_client, catalogues):
    response = api_client.post("/api/v1/rosters/validate/", strike_force(), format="json")
    assert response.status_code == 200
    assert response.json()["validation"]["legal"] is True


def test_validate_refuses_unknown_slug(api_client, catalogues):
    payload = strike_force(units=[{"unit": "line-squad", "options": ["nope"]}])
    response = api_client.post("/api/v1/rosters/validate/", payload, format="json")
    assert response.status_code == 400
    assert "units[0].options[0]" in response.json()["error"]["fields"]


def test_export_text_and_json(owner_client, roster):
    text = owner_client.get(f"/api/v1/rosters/{roster.pk}/export/", {"format": "text"})
    assert text.status_code == 200
    assert text["Content-Type"].startswith("text/plain")
    body = text.content.decode()
    assert "x Line Squad" in body  # names as a player writes them, no [slug] tags
    assert "[line-squad]" not in body
    assert "Faction: Iron Wardens\n" in body
    data = owner_client.get(f"/api/v1/rosters/{roster.pk}/export/", {"format": "json"}).json()
    assert data["faction"] == "iron-wardens"
    assert len(data["units"]) == 3


def test_export_unknown_format_answers_400(owner_client, roster):
    response = owner_client.get(f"/api/v1/rosters/{roster.pk}/export/", {"format": "pdf"})
    assert response.status_code == 400
    assert "format" in response.json()["error"]["fields"]


def test_import_round_trips_json_and_text(owner_client, roster):
    exported = owner_client.get(f"/api/v1/rosters/{roster.pk}/export/?format=json").json()
    from_json = owner_client.post(
        "/api/v1/rosters/import/", {"format": "json", "roster": exported}, format="json"
    )
    assert from_json.status_code == 201, from_json.content
    text = owner_client.get(f"/api/v1/rosters/{roster.pk}/export/?format=text").content.decode()
    from_text = owner_client.post(
        "/api/v1/rosters/import/", {"format": "text", "text": text}, format="json"
    )
    assert from_text.status_code == 201, from_text.content
    original = owner_client.get(f"/api/v1/rosters/{roster.pk}/").json()
    assert from_json.json()["points"] == original["points"]
    assert from_text.json()["points"] == original["points"]


def test_import_of_a_written_list_names_the_line_of_an_unknown_unit(owner_client, catalogues):
    text = "Game: Grimdark (40k 4th edition)\nFaction: Iron Wardens\nPoints: 0/500\n3x Line Sqaud\n"
    response = owner_client.post(
        "/api/v1/rosters/import/", {"format": "text", "text": text}, format="json"
    )
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "import.text"
    assert error["message"].startswith(
        "Line 4: Iron Wardens has no unit named 'Line Sqaud' (did you mean 'Line Squad' or "
    )
    assert not Roster.objects.exists()


def test_import_refuses_garbage_text(owner_client, catalogues):
    response = owner_client.post(
        "/api/v1/rosters/import/", {"format": "text", "text": "hello"}, format="json"
    )
    assert response.status_code == 400
    assert not Roster.objects.exists()


def test_import_refuses_unknown_unit(owner_client, catalogues):
    payload = strike_force(units=[{"unit": "no-such-unit"}])
    response = owner_client.post(
        "/api/v1/rosters/import/", {"format": "json", "roster": payload}, format="json"
    )
    assert response.status_code == 400
    assert "roster.units[0].unit" in response.json()["error"]["fields"]


def test_revisions_list_and_restore(owner_client, roster):
    owner_client.patch(f"/api/v1/rosters/{roster.pk}/", {"name": "Second"}, format="json")
    revisions = owner_client.get(f"/api/v1/rosters/{roster.pk}/revisions/").json()
    assert [r["number"] for r in revisions["results"]] == [2, 1]
    response = owner_client.post(
        f"/api/v1/rosters/{roster.pk}/restore/", {"revision": 1}, format="json"
    )
    assert response.status_code == 200
    assert response.json()["name"] == "Strike force"
    assert response.json()["revision"] == 3


def test_restore_unknown_revision_answers_404(owner_client, roster):
    response = owner_client.post(
        f"/api/v1/rosters/{roster.pk}/restore/", {"revision": 99}, format="json"
    )
    assert response.status_code == 404
    assert response.json()["error"]["code"] == "roster.revision_not_found"


def test_duplicate_creates_a_copy(owner_client, roster):
    response = owner_client.post(
        f"/api/v1/rosters/{roster.pk}/duplicate/", {"name": "Copy"}, format="json"
    )
    assert response.status_code == 201
    assert response.json()["name"] == "Copy"
    assert response.json()["id"] != roster.pk
    assert Roster.objects.count() == 2


def test_share_link_is_readable_by_anyone_holding_it(owner_client, api_client, roster):
    share = owner_client.post(f"/api/v1/rosters/{roster.pk}/share/").json()
    assert share["url"].endswith(f"/api/v1/shared/{share['token']}/")
    response = api_client.get(f"/api/v1/shared/{share['token']}/")
    assert response.status_code == 200
    assert response.json()["id"] == roster.pk
    stranger = token_client(make_user("third"))
    assert stranger.get(f"/api/v1/shared/{share['token']}/").status_code == 200
    assert stranger.get(f"/api/v1/rosters/{roster.pk}/").status_code == 404


def test_forged_share_token_answers_404(api_client, roster):
    response = api_client.get(f"/api/v1/shared/{roster.pk}-forged/")
    assert response.status_code == 404


def test_unsharing_revokes_the_link(owner_client, api_client, roster):
    token = owner_client.post(f"/api/v1/rosters/{roster.pk}/share/").json()["token"]
    assert owner_client.delete(f"/api/v1/rosters/{roster.pk}/share/").status_code == 204
    assert api_client.get(f"/api/v1/shared/{token}/").status_code == 404


def test_unshared_roster_is_not_readable_by_link(api_client, roster):
    assert api_client.get("/api/v1/shared/not-a-token/").status_code == 404


def test_verification_token_checks_out_and_detects_changes(owner_client, api_client, roster):
    token = owner_client.get(f"/api/v1/rosters/{roster.pk}/verification/").json()["token"]
    check = api_client.post("/api/v1/verify/", {"token": token}, format="json").json()
    assert check["matches_roster"] is True
    assert check["data"]["validation"]["valid"] is True
    owner_client.patch(f"/api/v1/rosters/{roster.pk}/", {"points_limit": 900}, format="json")
    changed = api_client.post("/api/v1/verify/", {"token": token}, format="json").json()
    assert changed["matches_roster"] is False


def test_tampered_verification_token_answers_400(api_client, roster):
    response = api_client.post("/api/v1/verify/", {"token": "abc:def"}, format="json")
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "verification.bad_signature"


def test_revisions_are_recorded_for_api_writes(owner_client, roster):
    owner_client.patch(f"/api/v1/rosters/{roster.pk}/", {"name": "Again"}, format="json")
    assert RosterRevision.objects.filter(roster=roster).count() == 2


def test_a_heros_skills_are_validated_against_his_skill_lists(api_client, catalogues):
    """Issue 19: a skirmish entry's ``skills`` (slugs) must come from the lists its hero
    type may take (published Mordheim rulebook p.122); they are echoed back."""
    payload = {
        "name": "Watch",
        "system": "skirmish",
        "faction": "lantern-wardens",
        "units": [
            {"unit": "warden-captain", "options": ["sword"], "skills": ["dodge"]},
            {"unit": "lamp-sergeant", "options": ["sword"], "skills": ["dodge"]},
            {"unit": "watchman", "size": 2},
        ],
    }
    response = api_client.post("/api/v1/rosters/validate/", payload, format="json")
    assert response.status_code == 200
    body = response.json()
    errors = [(e["code"], e["path"]) for e in body["validation"]["errors"]]
    assert errors == [("skill.not_allowed", "units[1].skills[0]")]
    assert body["units"][0]["skills"] == ["dodge"]
