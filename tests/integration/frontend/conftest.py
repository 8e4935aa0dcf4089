"""Fixtures of the page tests: catalogues loaded, a signed-in player, two grimdark rosters."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from armybuilder.services import roster_add_unit, roster_create


@pytest.fixture
def player(db):
    return get_user_model().objects.create_user(username="ada", password="pw-ada-12345")


@pytest.fixture
def player_client(client, player):
    client.force_login(player)
    return client


def grimdark_roster(owner, name: str, faction: str = "iron-wardens"):
    """A small legal-ish grimdark list: one HQ and two Troops."""
    roster = roster_create(
        owner=owner, system="grimdark", faction=faction, name=name, points_limit=1500
    )
    units = {"iron-wardens": ["warden-captain", "line-squad", "line-squad"]}
    for unit in units.get(faction, []):
        roster_add_unit(roster=roster, unit=unit, actor=owner)
    roster.refresh_from_db()
    return roster
