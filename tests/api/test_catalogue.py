"""``/systems/``, ``/factions/``, ``/units/``: read-only catalogues for anyone."""

import pytest

from armybuilder.models import Faction, UnitType

pytestmark = pytest.mark.django_db


def test_systems_list_is_public_and_paginated(api_client, catalogues):
    response = api_client.get("/api/v1/systems/")
    assert response.status_code == 200
    body = response.json()
    assert set(body) == {"count", "next", "previous", "results"}
    slugs = [s["slug"] for s in body["results"]]
    assert "grimdark" in slugs
    assert slugs == sorted(slugs)


def test_system_detail_by_slug(api_client, catalogues):
    response = api_client.get("/api/v1/systems/grimdark/")
    assert response.status_code == 200
    assert response.json()["points_name"] == "pts"


def test_unknown_system_answers_404_in_error_format(api_client, catalogues):
    response = api_client.get("/api/v1/systems/no-such-system/")
    assert response.status_code == 404
    assert response.json()["error"]["code"] == "not_found"


def test_factions_filter_by_system(api_client, catalogues):
    response = api_client.get("/api/v1/factions/", {"system": "grimdark"})
    assert response.status_code == 200
    results = response.json()["results"]
    assert {f["system"] for f in results} == {"grimdark"}
    assert "iron-wardens" in {f["slug"] for f in results}


def test_units_filter_by_faction_and_category(api_client, catalogues):
    response = api_client.get(
        "/api/v1/units/", {"system": "grimdark", "faction": "iron-wardens", "category": "troops"}
    )
    assert response.status_code == 200
    results = response.json()["results"]
    assert results
    assert {u["category"] for u in results} == {"Troops"}
    squad = next(u for u in results if u["slug"] == "line-squad")
    assert squad["size"] == {"min": 5, "max": 10}
    assert squad["cost"] > 0
    assert squad["profile"]["T"] == 4
    assert "flamer" in {o["slug"] for o in squad["options"]}


def test_unit_detail_is_disambiguated_by_system(api_client, catalogues):
    grimdark = api_client.get("/api/v1/units/warden-captain/", {"system": "grimdark"})
    skirmish = api_client.get("/api/v1/units/warden-captain/", {"system": "skirmish"})
    assert grimdark.json()["system"] == "grimdark"
    assert skirmish.json()["system"] == "skirmish"


def test_page_size_is_capped_at_200(api_client, catalogues):
    faction = Faction.objects.get(system__slug="grimdark", slug="iron-wardens")
    UnitType.objects.bulk_create(
        UnitType(
            faction=faction,
            slug=f"filler-{n}",
            name=f"Filler {n}",
            category="Troops",
            size_min=1,
            size_max=1,
            cost=1,
            position=1000 + n,
            data={},
        )
        for n in range(200)
    )
    total = UnitType.objects.count()
    assert total > 200
    response = api_client.get("/api/v1/units/", {"page_size": 1000})
    assert response.status_code == 200
    body = response.json()
    assert body["count"] == total
    assert len(body["results"]) == 200
    assert body["next"] is not None


def test_page_size_and_page_navigate(api_client, catalogues):
    first = api_client.get("/api/v1/units/", {"page_size": 2}).json()
    second = api_client.get("/api/v1/units/", {"page_size": 2, "page": 2}).json()
    assert len(first["results"]) == 2
    assert first["next"] is not None
    assert first["results"][0]["slug"] != second["results"][0]["slug"] or (
        first["results"][0]["faction"] != second["results"][0]["faction"]
    )


def test_page_out_of_range_answers_404(api_client, catalogues):
    response = api_client.get("/api/v1/units/", {"page": 9999})
    assert response.status_code == 404
    assert response.json()["error"]["code"] == "not_found"


def test_ordering_by_cost(api_client, catalogues):
    results = api_client.get(
        "/api/v1/units/", {"faction": "iron-wardens", "ordering": "-cost"}
    ).json()["results"]
    costs = [u["cost"] for u in results]
    assert costs == sorted(costs, reverse=True)


def test_unit_list_has_no_n_plus_one(api_client, catalogues, django_assert_max_num_queries):
    with django_assert_max_num_queries(3):
        response = api_client.get("/api/v1/units/", {"page_size": 200})
    assert response.json()["count"] > 20


def test_faction_list_has_no_n_plus_one(api_client, catalogues, django_assert_max_num_queries):
    with django_assert_max_num_queries(2):
        response = api_client.get("/api/v1/factions/")
    assert response.json()["count"] >= 8


def test_catalogue_is_read_only(owner_client, catalogues):
    response = owner_client.post("/api/v1/systems/", {"slug": "x"}, format="json")
    assert response.status_code == 405
