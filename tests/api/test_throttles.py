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


class Clock:
    """A settable ``timer`` for throttles."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def drf_and_compact(rate: str, clock: Clock):
    """DRF's own user throttle and ours at the same rate and clock, each with its own key."""
    from rest_framework import throttling

    from api.throttles import UserRateThrottle

    class Drf(throttling.UserRateThrottle):
        cache_format = "drf_%(scope)s_%(ident)s"

    pair = []
    for cls in (Drf, UserRateThrottle):
        throttle_cls = type(cls.__name__, (cls,), {"rate": rate, "timer": clock})
        pair.append(throttle_cls)
    return pair


def test_compact_log_decides_and_waits_as_drfs_sliding_log(owner):
    """Same 429s and the same Retry-After as DRF's list, over a window that slides: bursts,
    a pause past the period, requests exactly at the period's edge (issue 25)."""
    from rest_framework.test import APIRequestFactory

    clock = Clock()
    drf, compact = drf_and_compact("5/minute", clock)
    request = APIRequestFactory().get("/")
    request.user = owner
    steps = [0, 1, 1, 2, 3, 5, 8, 13, 59, 60, 60.5, 61, 61, 62, 120, 125, 180.25, 181, 181, 182]
    for step in steps:
        clock.now = 1_000_000.0 + step
        answers = []
        for cls in (drf, compact):
            throttle = cls()
            allowed = throttle.allow_request(request, None)
            answers.append((allowed, None if allowed else throttle.wait()))
        assert answers[0] == answers[1], step


def test_compact_log_is_stored_as_one_array_and_reads_drfs_list(owner):
    from array import array

    from django.core.cache import cache
    from rest_framework.test import APIRequestFactory

    clock = Clock()
    _drf, compact = drf_and_compact("3/minute", clock)
    request = APIRequestFactory().get("/")
    request.user = owner
    key = compact().get_cache_key(request, None)
    # DRF's format, newest first: two requests in the last minute, one long expired.
    cache.set(key, [clock.now - 10, clock.now - 20, clock.now - 100])
    assert compact().allow_request(request, None)
    assert cache.get(key) == array("d", [clock.now - 20, clock.now - 10, clock.now])
    assert not compact().allow_request(request, None)
