"""Fixtures of the API tests: users, authenticated clients, a clean throttle cache."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

PASSWORD = "correct-horse-battery-9"


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
    from armybuilder.services.rosters import roster_create

    data = strike_force()
    return roster_create(
        owner=owner,
        system=data["system"],
        faction=data["faction"],
        name=data["name"],
        points_limit=data["points_limit"],
        units=data["units"],
    )
