"""Fixtures of the API tests: users, authenticated clients, a clean throttle cache."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

PASSWORD = "correct-horse-battery-9"


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings):
    """PBKDF2 at full strength costs ~0.3 s per user; these tests are not about hashing."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def _fresh_throttle_history():
    """Throttle counters live in the cache; each test starts with none."""
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def api_client() -> APIClient:
    return APIClient()


def make_user(username: str):
    return get_user_model().objects.create_user(username=username, password=PASSWORD)


def token_client(user) -> APIClient:
    client = APIClient()
    token, _ = Token.objects.get_or_create(user=user)
    client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    return client


@pytest.fixture
def owner(db):
    return make_user("owner")


@pytest.fixture
def stranger(db):
    return make_user("stranger")


@pytest.fixture
def owner_client(owner) -> APIClient:
    return token_client(owner)


@pytest.fixture
def stranger_client(stranger) -> APIClient:
    return token_client(stranger)


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    """Load the sample catalogues once for the API tests (tests roll back around them)."""
    from armybuilder.services import catalogues_load

    with django_db_blocker.unblock():
        catalogues_load()


@pytest.fixture
def catalogues(db):
    """The sample catalogues (reloaded when another test flushed them)."""
    from armybuilder.models import GameSystem
    from armybuilder.services import catalogues_load

    if not GameSystem.objects.filter(slug="grimdark").exists():
        catalogues_load()


def strike_force(**changes) -> dict:
    """A legal grimdark roster payload: one HQ, two Troops."""
    payload = {
        "name": "Strike force",
        "system": "grimdark",
        "faction": "iron-wardens",
        "points_limit": 1500,
        "units": [
            {"unit": "warden-captain", "options": ["power-sword"], "name": "Captain Hale"},
            {"unit": "line-squad", "size": 10, "options": ["flamer"]},
            {"unit": "line-squad", "size": 5},
        ],
    }
    payload.update(changes)
    return payload


@pytest.fixture
def roster(owner, catalogues):
    """A saved grimdark roster of ``owner``."""
    from armybuilder.services import roster_create

    data = strike_force()
    return roster_create(
        owner=owner,
        system=data["system"],
        faction=data["faction"],
        name=data["name"],
        points_limit=data["points_limit"],
        units=data["units"],
    )
