"""``/api/v1/rules-variants/``: a league's own version of a system's rules file, owned,
versioned and shared like catalogues; a roster (``/rosters/{id}/rules/``) and a campaign
name one and validation uses it (issue 15, "System-level rules are data too")."""

from __future__ import annotations

import pytest

from tests.api.conftest import strike_force
from tests.api.test_user_catalogues import BOMB

pytestmark = pytest.mark.django_db

URL = "/api/v1/rules-variants/"
LEAGUE = """\
system: grimdark
variant: league-foc
name: League force organisation
default_points_limit: 1000
constraints:
  - {code: points.limit, kind: points_limit, severity: error}
  - {code: foc.hq, kind: category_count, severity: error, category: HQ, min: 1, max: 1}
  - {code: foc.troops, kind: category_count, severity: error, category: Troops, min: 3, max: 6}
"""


def upload(client, text: str = LEAGUE, **extra):
    return client.post(URL, {"text": text, "format": "yaml", **extra}, format="json")


@pytest.fixture
def league(owner_client, catalogues):
    response = upload(owner_client)
    assert response.status_code == 201, response.json()
    return response.json()


def codes(roster_body) -> list[str]:
    return [v["code"] for v in roster_body["validation"]["errors"]]


def test_a_variant_lays_its_keys_over_the_system_rules(league):
    assert league["revision"] == 1
    assert league["visibility"] == "private"
    assert league["data"]["default_points_limit"] == 1000
    assert league["data"]["categories"][0] == "HQ"
    assert [c["code"] for c in league["data"]["constraints"]] == [
        "points.limit",
        "foc.hq",
        "foc.troops",
    ]
    assert league["document"]["variant"] == "league-foc"


def test_a_roster_naming_the_variant_is_validated_against_it(owner_client, league, roster):
    url = f"/api/v1/rosters/{roster.pk}/rules/"
    named = owner_client.post(url, {"rules_variant": league["id"]}, format="json")
    assert named.status_code == 200, named.json()
    assert named.json()["rules_variant"] == league["id"]
    assert codes(named.json()) == ["foc.troops"]
    again = owner_client.get(f"/api/v1/rosters/{roster.pk}/").json()
    assert codes(again) == ["foc.troops"]
    assert again["revision"] == 2
    back = owner_client.post(url, {"rules_variant": None}, format="json").json()
    assert back["rules_variant"] is None
    assert back["validation"]["legal"]


def test_a_campaign_naming_the_variant_validates_joining_rosters_with_it(
    owner_client, stranger_client, league, roster
):
    owner_client.post(f"{URL}{league['id']}/visibility/", {"visibility": "public"}, format="json")
    campaign = stranger_client.post(
        "/api/v1/campaigns/",
        {
            "system": "grimdark",
            "name": "League",
            "points_limit": 1500,
            "rules_variant": league["id"],
        },
        format="json",
    ).json()
    assert campaign["rules_variant"] == league["id"]
    joined = owner_client.post(
        "/api/v1/campaigns/join/",
        {"join_code": campaign["join_code"], "roster": roster.pk},
        format="json",
    )
    assert joined.status_code == 400
    assert joined.json()["error"]["code"] == "roster.illegal"
    assert "Troops" in joined.json()["error"]["message"]
    cleared = stranger_client.patch(
        f"/api/v1/campaigns/{campaign['id']}/", {"rules_variant": None}, format="json"
    )
    assert cleared.json()["rules_variant"] is None


def test_others_private_variant_answers_404_and_a_public_one_is_read_only(
    owner_client, stranger_client, league, catalogues
):
    url = f"{URL}{league['id']}/"
    assert stranger_client.get(url).status_code == 404
    theirs = stranger_client.post("/api/v1/rosters/", strike_force(), format="json").json()
    refused = stranger_client.post(
        f"/api/v1/rosters/{theirs['id']}/rules/", {"rules_variant": league["id"]}, format="json"
    )
    assert refused.status_code == 404
    owner_client.post(f"{url}visibility/", {"visibility": "public"}, format="json")
    listed = stranger_client.get(f"{URL}?scope=public&system=grimdark&search=league").json()
    assert [v["id"] for v in listed["results"]] == [league["id"]]
    assert stranger_client.get(url).json()["read_only"]
    assert stranger_client.put(url, {"text": LEAGUE}, format="json").status_code == 403
    used = stranger_client.post(
        f"/api/v1/rosters/{theirs['id']}/rules/", {"rules_variant": league["id"]}, format="json"
    )
    assert used.status_code == 200


def test_every_save_is_a_revision_with_a_diff_and_an_old_one_can_be_restored(owner_client, league):
    url = f"{URL}{league['id']}/"
    relaxed = LEAGUE.replace("min: 3, max: 6", "min: 2, max: 6")
    edited = owner_client.put(url, {"text": relaxed, "summary": "two troops"}, format="json")
    assert edited.json()["revision"] == 2
    revisions = owner_client.get(f"{url}revisions/").json()["results"]
    assert [(r["revision"], r["summary"]) for r in revisions] == [
        (2, "two troops"),
        (1, "uploaded"),
    ]
    diff = owner_client.get(f"{url}diff/?from=1&to=2").json()
    assert diff["constraints"]["changed"] == ["foc.troops"]
    restored = owner_client.post(f"{url}restore/", {"revision": 1}, format="json").json()
    assert restored["revision"] == 3
    assert owner_client.get(f"{url}revisions/3/").json()["text"] == LEAGUE
    moved = owner_client.put(
        url, {"text": LEAGUE.replace("variant: league-foc", "variant: other")}, format="json"
    )
    assert moved.json()["error"]["code"] == "variant.fixed"


@pytest.mark.parametrize(
    ("text", "code", "field"),
    [
        (LEAGUE + "units: []\n", "schema.additionalProperties", "document"),
        (LEAGUE.replace("category: HQ", "category: Lords"), "constraint.category_unknown", ""),
        (LEAGUE.replace("system: grimdark", "system: chess"), "variant.system_unknown", "system"),
        (LEAGUE.replace("kind: points_limit", "kind: bribes"), "schema.", ""),
        (BOMB, "upload.too_many_nodes", "document"),
        ("a: " + "[" * 60 + "]" * 60, "upload.too_deep", "document"),
    ],
    ids=["unknown-key", "category", "system", "constraint-kind", "bomb", "deep"],
)
def test_every_upload_error_is_a_400_naming_its_line(owner_client, catalogues, text, code, field):
    response = upload(owner_client, text)
    assert response.status_code == 400, response.json()
    error = response.json()["error"]
    assert error["code"].startswith(code), error
    assert any(field in key for key in error["fields"]), error
    assert next(iter(error["fields"].values()))[0].startswith("line "), error


def test_a_variant_in_use_cannot_be_deleted(owner_client, league, roster):
    owner_client.post(
        f"/api/v1/rosters/{roster.pk}/rules/", {"rules_variant": league["id"]}, format="json"
    )
    refused = owner_client.delete(f"{URL}{league['id']}/")
    assert refused.status_code == 409
    assert refused.json()["error"]["code"] == "variant.in_use"
    owner_client.post(f"/api/v1/rosters/{roster.pk}/rules/", {"rules_variant": None}, format="json")
    assert owner_client.delete(f"{URL}{league['id']}/").status_code == 204


def test_a_roster_cannot_name_another_systems_variant(owner_client, catalogues, roster):
    other = upload(
        owner_client,
        "system: massbattle\nvariant: small\nname: Small games\ndefault_points_limit: 1000\n",
    ).json()
    refused = owner_client.post(
        f"/api/v1/rosters/{roster.pk}/rules/", {"rules_variant": other["id"]}, format="json"
    )
    assert refused.status_code == 400
    assert refused.json()["error"]["code"] == "variant.system_mismatch"


def test_one_user_keeps_at_most_the_configured_number(owner_client, catalogues, settings):
    settings.MUSTER_CATALOGUES_PER_USER = 1
    assert upload(owner_client).status_code == 201
    again = upload(owner_client, LEAGUE.replace("league-foc", "second"))
    assert again.status_code == 409
    assert again.json()["error"]["code"] == "variant.limit_reached"
