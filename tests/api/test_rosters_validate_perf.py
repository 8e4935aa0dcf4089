"""``POST /rosters/validate/`` stays cheap (cached catalogues, plain input checks) and keeps
the behaviour of the serializer it replaced: same errors, same paths, reloads seen."""

from __future__ import annotations

import pytest

from api.serializers.rosters import RosterInputSerializer
from api.validation_input import roster_input_parse
from armybuilder.catalogue_cache import catalogue_clear
from armybuilder.models import Faction
from tests.api.conftest import strike_force

pytestmark = pytest.mark.django_db

URL = "/api/v1/rosters/validate/"


def horde(count: int = 30) -> dict:
    kinds = [
        {"unit": "warden-captain", "options": ["power-sword"]},
        {"unit": "line-squad", "size": 10, "options": ["flamer"]},
        {"unit": "line-squad", "size": 5},
    ]
    return strike_force(points_limit=5000, units=[kinds[i % 3] for i in range(count)])


def test_validate_of_thirty_units_costs_one_query_once_warm(
    api_client, catalogues, django_assert_num_queries
):
    catalogue_clear()
    assert api_client.post(URL, horde(), format="json").status_code == 200
    with django_assert_num_queries(1):
        response = api_client.post(URL, horde(), format="json")
    assert response.status_code == 200
    assert len(response.json()["units"]) == 30


def test_validate_with_a_token_adds_only_the_token_query(
    owner_client, catalogues, django_assert_num_queries
):
    assert owner_client.post(URL, horde(), format="json").status_code == 200
    with django_assert_num_queries(2):
        assert owner_client.post(URL, horde(), format="json").status_code == 200


def test_validate_sees_a_catalogue_change_on_the_next_request(api_client, catalogues):
    payload = strike_force(units=[{"unit": "line-squad", "size": 5}])
    before = api_client.post(URL, payload, format="json").json()["points"]
    faction = Faction.objects.get(system__slug="grimdark", slug="iron-wardens")
    data = faction.data
    for unit in data["units"]:
        if unit["slug"] == "line-squad":
            unit["cost"] += 100
    Faction.objects.filter(pk=faction.pk).update(revision=faction.revision + 1, data=data)
    after = api_client.post(URL, payload, format="json").json()["points"]
    assert after == before + 100


def test_a_bad_token_is_still_refused(api_client, catalogues):
    api_client.credentials(HTTP_AUTHORIZATION="Token not-a-real-token")
    response = api_client.post(URL, horde(), format="json")
    assert response.status_code == 401
    assert response.json()["error"]["code"] == "authentication_failed"


BAD_INPUTS = [
    None,
    [],
    "roster",
    {},
    {"name": None, "system": 7, "faction": True, "points_limit": "1.5"},
    {"name": "  ", "system": "a b", "faction": "x" * 81, "points_limit": 0},
    {"name": "n" * 121, "system": "grimdark", "faction": "iron-wardens", "points_limit": 10**6},
    {"name": "x\x00y", "system": "grimdark", "faction": "iron-wardens", "allies": "a"},
    {"name": "x", "system": "grimdark", "faction": "iron-wardens", "allies": [None, "ok", 3.5]},
    {
        "name": "Hâle \ud83d of \udfff",
        "system": "grimdark",
        "faction": "iron-wardens",
        "units": [{"unit": "line-squad", "name": "é\x00\udc00"}],
    },
    {"name": "x", "system": "grimdark", "faction": "iron-wardens", "allies": ["a"] * 11},
    {"name": "x", "system": "grimdark", "faction": "iron-wardens", "units": {"unit": "a"}},
    {"name": "x", "system": "grimdark", "faction": "iron-wardens", "units": None},
    {"name": "x", "system": "grimdark", "faction": "iron-wardens", "units": [{}] * 201},
    {
        "name": "x",
        "system": "grimdark",
        "faction": "iron-wardens",
        "units": [
            None,
            "line-squad",
            {"unit": "line-squad", "size": 0},
            {"unit": "line-squad", "size": "ten", "options": "flamer"},
            {"unit": "line-squad", "size": True, "options": [1, "", "ok", "no way"]},
            {"unit": "line-squad", "size": 1001, "name": ["n"], "id": "i" * 21},
            {"size": 5, "faction": "bad slug", "name": None},
            {"unit": "line-squad", "size": "10.0", "id": 12, "name": 3},
        ],
    },
]


@pytest.mark.parametrize("data", BAD_INPUTS)
def test_plain_checks_give_the_same_errors_as_drf_fields(data):
    from rest_framework.exceptions import ValidationError

    from api.errors import flatten_detail

    reference = DrfRosterInput(data=data)
    assert not reference.is_valid()
    with pytest.raises(ValidationError) as raised:
        roster_input_parse(data)
    assert flatten_detail(raised.value.detail) == flatten_detail(reference.errors)


def test_plain_checks_return_what_drf_fields_return():
    data = {
        "name": "  Strike force ",
        "system": "grimdark",
        "faction": "iron-wardens",
        "points_limit": "1500.0",
        "extra": "ignored",
        "units": [
            {"unit": "line-squad", "size": 10.0, "options": ["flamer"], "id": 7},
            {"unit": "warden-captain", "size": None, "faction": "iron-wardens"},
        ],
    }
    reference = DrfRosterInput(data=data)
    assert reference.is_valid(), reference.errors
    expected = plain(reference.validated_data)
    assert roster_input_parse(data) == expected
    assert expected["units"][0] == {
        "id": "7",
        "unit": "line-squad",
        "size": 10,
        "options": ["flamer"],
        "name": "",
    }


def test_bad_input_answers_400_with_field_paths(api_client, catalogues):
    payload = strike_force(units=[{"unit": "line-squad"}] * 3 + [{"unit": "line-squad", "size": 0}])
    response = api_client.post(URL, payload, format="json")
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "invalid"
    assert error["fields"] == {
        "units[3].size": ["Ensure this value is greater than or equal to 1."]
    }
    assert error["message"] == "units[3].size: Ensure this value is greater than or equal to 1."


def test_schema_still_documents_the_validate_request_body(api_client):
    response = api_client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    schema = response.json()
    body = schema["paths"]["/api/v1/rosters/validate/"]["post"]["requestBody"]
    ref = body["content"]["application/json"]["schema"]["$ref"].rsplit("/", 1)[1]
    fields = schema["components"]["schemas"][ref]["properties"]
    assert {"name", "system", "faction", "points_limit", "allies", "units"} <= set(fields)


class DrfRosterInput(RosterInputSerializer):
    """The declared DRF fields doing the checking themselves (the behaviour replaced)."""

    def to_internal_value(self, data):
        return super(RosterInputSerializer, self).to_internal_value(data)

    def validate(self, attrs):
        return attrs


def plain(value):
    """OrderedDicts and ReturnLists as plain dicts and lists, for comparison."""
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [plain(v) for v in value]
    return value
