"""The HTML login page is throttled per client address (issue 22 item 3)."""

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
