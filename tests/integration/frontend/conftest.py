"""Fixtures of the page tests: catalogues loaded, a signed-in player, two grimdark rosters,
the attack calculator's page for one shooting attack, a second player and users' own
catalogues (the grimdark sample under another slug)."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from armybuilder.models import Faction
from armybuilder.rosterdata import CATALOGUE_DIR
from armybuilder.services.rosters import roster_create
from armybuilder.services.units import roster_add_unit
from armybuilder.services.user_catalogues import catalogue_create


@pytest.fixture
def player(db):
    return get_user_model().objects.create_user(username="ada", password="pw-ada-12345")


@pytest.fixture
def player_client(client, player):
    client.force_login(player)
    return client


@pytest.fixture
def shooting_attack_response(player_client):
    """The attack calculator's page for 10 BS4 S4 shots at T4 3+ models (one wound each)."""
    return player_client.post(
        reverse("attack-calculate"),
        {
            "system": "grimdark",
            "mode": "shooting",
            "attacks": 10,
            "skill": 4,
            "strength": 4,
            "ap": "",
            "target__toughness": 4,
            "target__save": "3",
            "target__invulnerable": "",
            "target__cover": "",
            "target__wounds": 1,
            "target__models": 10,
            "target__weapon_skill": 4,
        },
    )


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


WARDENS = (CATALOGUE_DIR / "grimdark" / "iron-wardens.yaml").read_text()


def wardens(slug: str = "my-wardens", name: str = "My Wardens") -> str:
    """The grimdark sample re-slugged and renamed as a user's own."""
    return WARDENS.replace("faction: iron-wardens", f"faction: {slug}", 1).replace(
        "name: Iron Wardens", f"name: {name}", 1
    )


def upload(owner, *, visibility: str = "private", **names: str) -> Faction:
    return catalogue_create(
        owner=owner, text=wardens(**names), fmt="yaml", visibility=visibility
    ).catalogue


@pytest.fixture
def rival(db):
    """A second player, owner of the catalogues the first may or may not see."""
    return get_user_model().objects.create_user(username="bea", password="pw-bea-12345")
