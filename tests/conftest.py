"""Fixtures shared by the whole suite.

The sample catalogues are reference data: loaded once per test session into the test
database, so tests roll back around them. Transactional tests flush the database; the
``catalogues`` fixture loads them again when that happened. Tests that need an empty
catalogue (the loader's own tests) clear it inside their transaction.
"""

from __future__ import annotations

import pytest


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    """Create the test database, then load the sample catalogues once."""
    from armybuilder.services.catalogues import catalogues_load

    with django_db_blocker.unblock():
        catalogues_load()


@pytest.fixture
def catalogues(db):
    """The sample catalogues (loaded again when a transactional test flushed them)."""
    from armybuilder.models import GameSystem
    from armybuilder.services.catalogues import catalogues_load

    if not GameSystem.objects.filter(slug="grimdark").exists():
        catalogues_load()


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings):
    """PBKDF2 at full strength costs ~0.3 s per user; the tests are not about hashing."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def coinflip_system(monkeypatch):
    """The test-only coinflip system, playable for this test: the explicit list of systems
    plus it (undone after the test)."""
    from rules.engine import systems
    from tests.coinflip_system import COINFLIP

    monkeypatch.setattr(systems, "SYSTEMS", (*systems.SYSTEMS, COINFLIP))
    return COINFLIP
