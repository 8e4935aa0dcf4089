"""Rules variants have what catalogues have (issue 15): a fork that remembers its origin,
and the stateless ``POST /rosters/validate/`` validates against a variant it names (another
user's private variant is answered as unknown, as an unreadable catalogue is)."""

from __future__ import annotations

import pytest

from tests.api.conftest import strike_force
from tests.api.test_rules_variants import URL, upload

pytestmark = pytest.mark.django_db

VALIDATE = "/api/v1/rosters/validate/"


@pytest.fixture
def league(owner_client, catalogues):
    response = upload(owner_client)
    assert response.status_code == 201, response.json()
    return response.json()


def error_codes(body) -> list[str]:
    return [v["code"] for v in body["validation"]["errors"]]


def test_a_public_variant_forks_into_a_private_copy_that_remembers_its_origin(
    owner_client, stranger_client, league
):
    url = f"{URL}{league['id']}/"
    assert stranger_client.post(f"{url}fork/", {}, format="json").status_code == 404
    owner_client.post(f"{url}visibility/", {"visibility": "public"}, format="json")
    forked = stranger_client.post(f"{url}fork/", {}, format="json")
    assert forked.status_code == 201, forked.json()
    copy = forked.json()
    assert copy["forked_from"] == league["id"]
    assert copy["visibility"] == "private"
    assert not copy["read_only"]
    assert copy["data"] == league["data"]
    history = stranger_client.get(f"{URL}{copy['id']}/revisions/").json()["results"]
    assert history[0]["summary"] == "forked from League force organisation r1"
    listed = stranger_client.get(f"{URL}?scope=mine").json()["results"]
    assert [(v["id"], v["forked_from"]) for v in listed] == [(copy["id"], league["id"])]


def test_forking_ones_own_variant_needs_a_new_slug(owner_client, league):
    url = f"{URL}{league['id']}/fork/"
    assert owner_client.post(url, {}, format="json").json()["error"]["code"] == (
        "variant.slug_taken"
    )
    again = owner_client.post(url, {"slug": "league-two"}, format="json")
    assert again.status_code == 201, again.json()
    assert again.json()["slug"] == "league-two"
    assert again.json()["document"]["variant"] == "league-two"


def test_validate_uses_the_named_rules_variant(owner_client, league):
    plain = owner_client.post(VALIDATE, strike_force(), format="json")
    assert plain.json()["validation"]["legal"]
    assert plain.json()["points_limit"] == 1500
    varied = owner_client.post(
        VALIDATE, {**strike_force(points_limit=None), "rules_variant": league["id"]}, format="json"
    )
    assert varied.status_code == 200, varied.json()
    assert error_codes(varied.json()) == ["foc.troops"]


def test_validate_refuses_a_private_variant_of_another_user_like_a_catalogue(
    owner_client, stranger_client, league
):
    refused = stranger_client.post(
        VALIDATE, {**strike_force(), "rules_variant": league["id"]}, format="json"
    )
    assert refused.status_code == 400
    assert "rules_variant" in refused.json()["error"]["fields"]
    owner_client.post(f"{URL}{league['id']}/visibility/", {"visibility": "unlisted"}, format="json")
    token = owner_client.get(f"{URL}{league['id']}/").json()["link_token"]
    opened = stranger_client.post(
        VALIDATE,
        {**strike_force(), "rules_variant": league["id"], "rules_variant_token": token},
        format="json",
    )
    assert opened.status_code == 200
    assert error_codes(opened.json()) == ["foc.troops"]


def test_validate_refuses_another_systems_variant(owner_client, league):
    skirmish = {**strike_force(), "system": "skirmish", "faction": "x", "units": []}
    refused = owner_client.post(
        VALIDATE, {**skirmish, "rules_variant": league["id"]}, format="json"
    )
    assert refused.status_code == 400


def test_validate_refuses_a_malformed_variant_id(owner_client, league):
    refused = owner_client.post(
        VALIDATE, {**strike_force(), "rules_variant": "many"}, format="json"
    )
    assert refused.status_code == 400
