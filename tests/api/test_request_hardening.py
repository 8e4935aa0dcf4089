"""Issue 22 items 3, 8, 9 and issue 23 item 2 at the HTTP edge: forwarded addresses are not
trusted by default, request errors before a view answer the API error format, authenticated
answers are private, the schema and docs behave, and a cache outage never breaks the API."""

import logging

import pytest
from django.conf import settings as django_settings
from django.core.cache import caches
from django.test import override_settings

from api.middleware import API_MAX_HEADER_LENGTH, API_MAX_URL_LENGTH
from api.throttles import AnonRateThrottle

pytestmark = pytest.mark.django_db


@pytest.fixture
def tight_anon_rate(settings):
    rates = {**django_settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "calc": "2/minute"}
    settings.REST_FRAMEWORK = {**django_settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": rates}


def test_a_fresh_x_forwarded_for_gets_no_fresh_allowance(tight_anon_rate, api_client):
    for n in range(2):
        api_client.post("/api/v1/calc/attacks/", {}, HTTP_X_FORWARDED_FOR=f"10.0.0.{n}")
    response = api_client.post("/api/v1/calc/attacks/", {}, HTTP_X_FORWARDED_FOR="10.9.9.9")
    assert response.status_code == 429


def test_a_fresh_x_forwarded_for_gets_no_fresh_sign_in_allowance(monkeypatch, api_client):
    """Issue 22 §3: the token endpoint counts by the connecting address, not a header. (DRF's
    anonymous throttle reads its rates once, at import, so the test sets them on the class.)"""
    rates = {**django_settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "anon": "2/minute"}
    monkeypatch.setattr(AnonRateThrottle, "THROTTLE_RATES", rates)
    wrong = {"username": "nobody", "password": "wrong"}
    for n in range(2):
        api_client.post("/api/v1/auth/token/", wrong, HTTP_X_FORWARDED_FOR=f"10.0.0.{n}")
    response = api_client.post("/api/v1/auth/token/", wrong, HTTP_X_FORWARDED_FOR="10.9.9.9")
    assert response.status_code == 429


def test_with_one_proxy_the_forwarded_address_is_the_client(tight_anon_rate, settings, api_client):
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "NUM_PROXIES": 1}
    for _ in range(2):
        api_client.post("/api/v1/calc/attacks/", {}, HTTP_X_FORWARDED_FOR="10.0.0.1")
    assert (
        api_client.post("/api/v1/calc/attacks/", {}, HTTP_X_FORWARDED_FOR="10.0.0.1").status_code
        == 429
    )
    assert (
        api_client.post("/api/v1/calc/attacks/", {}, HTTP_X_FORWARDED_FOR="10.0.0.2").status_code
        == 400
    )


def test_unknown_host_under_api_answers_the_json_error(client):
    response = client.get("/api/v1/systems/", HTTP_HOST="evil.example")
    assert response.status_code == 400
    assert response["Content-Type"] == "application/json"
    assert response.json()["error"]["code"] == "bad_host"


def test_unknown_host_outside_api_keeps_djangos_page(client):
    assert client.get("/", HTTP_HOST="evil.example").status_code == 400


def test_too_long_url_under_api_answers_414_json(client):
    response = client.get("/api/v1/systems/?q=" + "x" * API_MAX_URL_LENGTH)
    assert response.status_code == 414
    assert response.json()["error"]["code"] == "uri_too_long"


def test_too_large_header_under_api_answers_431_json(client):
    response = client.get("/api/v1/systems/", HTTP_X_JUNK="x" * (API_MAX_HEADER_LENGTH + 1))
    assert response.status_code == 431
    body = response.json()["error"]
    assert body["code"] == "header_too_large"
    assert "X-Junk" in body["message"]


def test_authenticated_api_answers_are_private_and_vary(owner_client):
    response = owner_client.get("/api/v1/rosters/")
    assert response.status_code == 200
    assert "private" in response["Cache-Control"]
    vary = {part.strip().lower() for part in response["Vary"].split(",")}
    assert {"authorization", "cookie"} <= vary


def test_schema_answers_json_for_format_json(client):
    response = client.get("/api/schema/?format=json")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/vnd.oai.openapi+json")
    assert response.json()["openapi"].startswith("3.")
    assert client.get("/api/schema/")["Content-Type"].startswith("application/vnd.oai.openapi")


def test_redoc_loads_nothing_from_elsewhere(client):
    page = client.get("/api/redoc/").content.decode()
    assert "fonts.googleapis.com" not in page
    assert "fonts.gstatic.com" not in page
    assert "redoc.standalone.js" in page


REDIS_DOWN = {
    "default": {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": "redis://127.0.0.1:1/0",
    }
}


@pytest.fixture
def redis_cache_down():
    """The default cache on Redis at a closed port (a Redis outage), for this test only."""
    with override_settings(CACHES=REDIS_DOWN):
        yield
        caches["default"].close()


def test_api_keeps_answering_when_the_cache_is_down(redis_cache_down, owner_client, caplog):
    with caplog.at_level(logging.WARNING, logger="api.throttles"):
        assert owner_client.get("/api/v1/rosters/").status_code == 200
        assert owner_client.post("/api/v1/calc/attacks/", {}).status_code == 400
    assert "cache unavailable" in caplog.text


def test_queuing_a_battle_answers_202_when_the_cache_is_down(
    redis_cache_down, owner, owner_client, catalogues
):
    from armybuilder.rosterdata import load_sample_roster
    from armybuilder.services.exchange import roster_import

    rosters = [
        roster_import(owner=owner, data=load_sample_roster("skirmish", name))
        for name in ("night-watch", "marsh-raiders")
    ]
    response = owner_client.post("/api/v1/battles/", {"rosters": [r.pk for r in rosters]})
    assert response.status_code == 202
    assert response.json()["status"] == "queued"


def test_healthz_reports_a_cache_outage(redis_cache_down, client):
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json()["cache"].startswith("error")
