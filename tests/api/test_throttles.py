"""Scoped throttles of the expensive writes (battles, simulations, calculator): each scope
counts per user, reads never count, a throttled request answers 429 in the error format."""

import pytest
from django.conf import settings as django_settings

pytestmark = pytest.mark.django_db


@pytest.fixture
def low_rates(settings):
    """Every expensive scope at 2 requests a minute (the defaults are far above any test)."""
    rates = {
        **django_settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"],
        "battles": "2/minute",
        "simulations": "2/minute",
        "calc": "2/minute",
    }
    settings.REST_FRAMEWORK = {
        **django_settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": rates,
    }
    return rates


def test_default_rates_are_configured_for_every_scope():
    rates = django_settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]
    for scope in ("battles", "simulations", "calc"):
        count, period = rates[scope].split("/")
        assert int(count) >= 10
        assert period in ("second", "minute", "hour", "day")


@pytest.mark.parametrize("path", ["/api/v1/battles/", "/api/v1/simulations/"])
def test_queuing_is_throttled_per_user(low_rates, owner_client, stranger_client, path):
    for _ in range(2):
        assert owner_client.post(path, {}, format="json").status_code == 400
    response = owner_client.post(path, {}, format="json")
    assert response.status_code == 429
    assert response.json()["error"]["code"] == "throttled"
    assert "Retry-After" in response
    assert stranger_client.post(path, {}, format="json").status_code == 400


def test_reading_battles_is_not_throttled_by_the_scope(low_rates, owner_client):
    for _ in range(4):
        assert owner_client.get("/api/v1/battles/").status_code == 200
    assert owner_client.post("/api/v1/battles/", {}, format="json").status_code == 400


def test_battles_and_simulations_count_separately(low_rates, owner_client):
    for _ in range(2):
        owner_client.post("/api/v1/battles/", {}, format="json")
    assert owner_client.post("/api/v1/battles/", {}, format="json").status_code == 429
    assert owner_client.post("/api/v1/simulations/", {}, format="json").status_code == 400


def test_calculator_is_throttled(low_rates, api_client):
    for _ in range(2):
        assert api_client.post("/api/v1/calc/attacks/", {}, format="json").status_code == 400
    assert api_client.post("/api/v1/calc/attacks/", {}, format="json").status_code == 429
