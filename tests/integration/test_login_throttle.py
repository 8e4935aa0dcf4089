"""The HTML login page and the API token endpoint are throttled per client address, with
one count of failed sign-ins (issue 22 item 3)."""

import pytest
from django.contrib.auth import get_user_model

pytestmark = pytest.mark.django_db

PASSWORD = "correct-horse-battery-9"


@pytest.fixture
def player(db):
    return get_user_model().objects.create_user(username="player", password=PASSWORD)


@pytest.fixture(autouse=True)
def _fresh_cache():
    from django.core.cache import cache

    cache.clear()
    yield
    cache.clear()


def sign_in(client, password, **extra):
    return client.post("/accounts/login/", {"username": "player", "password": password}, **extra)


def test_many_wrong_passwords_then_the_right_one_is_refused_with_429(client, player, settings):
    for _ in range(settings.LOGIN_FAILURE_LIMIT):
        assert sign_in(client, "wrong").status_code == 200
    response = sign_in(client, PASSWORD)
    assert response.status_code == 429
    assert "Too many failed sign-ins" in response.content.decode()
    assert "_auth_user_id" not in client.session


def test_a_forged_forwarded_address_does_not_reset_the_count(client, player, settings):
    for n in range(settings.LOGIN_FAILURE_LIMIT):
        sign_in(client, "wrong", HTTP_X_FORWARDED_FOR=f"10.0.0.{n}")
    assert sign_in(client, PASSWORD, HTTP_X_FORWARDED_FOR="10.9.9.9").status_code == 429


def test_a_few_mistakes_still_let_the_player_in(client, player):
    for _ in range(3):
        sign_in(client, "wrong")
    response = sign_in(client, PASSWORD)
    assert response.status_code == 302
    assert client.session["_auth_user_id"] == str(player.pk)


def api_token(client, password):
    return client.post(
        "/api/v1/auth/token/",
        {"username": "player", "password": password},
        content_type="application/json",
    )


def test_the_api_token_endpoint_refuses_guessing_with_429(client, player, settings):
    """``POST /api/v1/auth/token/`` used to be limited only by the anonymous rate (600 a
    minute): now its failures count like the login page's, and past the limit even the
    right password answers 429 in the API's error format."""
    for _ in range(settings.LOGIN_FAILURE_LIMIT):
        assert api_token(client, "wrong").status_code == 400
    response = api_token(client, PASSWORD)
    assert response.status_code == 429
    assert response.json()["error"]["code"] == "throttled"
    assert "Retry-After" in response


def test_api_and_page_failures_share_one_count(client, player, settings):
    for _ in range(settings.LOGIN_FAILURE_LIMIT - 1):
        api_token(client, "wrong")
    sign_in(client, "wrong")
    assert sign_in(client, PASSWORD).status_code == 429


def test_the_api_token_endpoint_still_answers_after_a_few_mistakes(client, player):
    for _ in range(3):
        api_token(client, "wrong")
    assert api_token(client, PASSWORD).json()["token"]
