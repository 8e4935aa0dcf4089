"""Users, catalogue rows and rosters for campaign tests (coinflip or real sample rosters)."""

from __future__ import annotations

from django.contrib.auth import get_user_model

from armybuilder.models import Faction, GameSystem, Roster
from armybuilder.rosterdata import CATALOGUE_DIR, load_sample_roster, load_yaml

COINFLIP_FACTION = {
    "system": "coinflip",
    "faction": "test",
    "name": "Test pawns",
    "units": [
        {
            "slug": "pawn",
            "name": "Pawn",
            "category": "Troops",
            "size": {"min": 1, "max": 5},
            "cost": 10,
            "cost_per_model": 10,
        }
    ],
}


def make_user(name: str):
    return get_user_model().objects.create_user(username=name, password="pw-campaign-123")


def _system(slug: str, data: dict) -> GameSystem:
    system, _ = GameSystem.objects.get_or_create(
        slug=slug,
        defaults={
            "name": data.get("name", slug),
            "default_points_limit": 500,
            "revision": 1,
            "content_hash": slug,
            "data": data,
        },
    )
    return system


def _faction(system: GameSystem, slug: str, data: dict) -> Faction:
    faction, _ = Faction.objects.get_or_create(
        system=system,
        slug=slug,
        defaults={
            "name": data.get("name", slug),
            "revision": 1,
            "content_hash": slug,
            "data": data,
        },
    )
    return faction


def coinflip_roster(owner, name: str | None = None, units: int = 2) -> Roster:
    system = _system("coinflip", {"system": "coinflip", "name": "Coinflip"})
    faction = _faction(system, "test", COINFLIP_FACTION)
    payload = {
        "system": "coinflip",
        "faction": "test",
        "name": name or f"{owner.username}'s pawns",
        "points_limit": 100,
        "units": [
            {"id": f"u{i}", "unit": "pawn", "size": 1, "options": [], "name": f"Pawn {i}"}
            for i in range(1, units + 1)
        ],
    }
    return Roster.objects.create(
        owner=owner,
        name=payload["name"],
        system=system,
        faction=faction,
        points_limit=100,
        payload=payload,
    )


def sample_roster(owner, system_slug: str, sample: str) -> Roster:
    """A roster row holding a sample from ``armybuilder/samples`` with its real catalogue."""
    payload = load_sample_roster(system_slug, sample)
    system = _system(system_slug, load_yaml(CATALOGUE_DIR / system_slug / "_system.yaml"))
    faction = _faction(
        system,
        payload["faction"],
        load_yaml(CATALOGUE_DIR / system_slug / f"{payload['faction']}.yaml"),
    )
    for index, unit in enumerate(payload["units"], start=1):
        unit.setdefault("id", f"u{index}")
    return Roster.objects.create(
        owner=owner,
        name=payload["name"],
        system=system,
        faction=faction,
        points_limit=payload["points_limit"],
        payload=payload,
    )


def sample_game(system_slug: str, samples: tuple[str, str], seed: int = 3):
    """A scheduled game of a 2000-point narrative campaign between two sample rosters."""
    from campaigns.services.campaigns import campaign_create
    from campaigns.services.games import game_create
    from campaigns.services.membership import campaign_join

    organiser = make_user(f"org-{system_slug}")
    campaign = campaign_create(
        user=organiser,
        system=system_slug,
        name=f"{system_slug} games",
        format="narrative",
        points_limit=2000,
        seed=seed,
    )
    users = [make_user(f"{name}-{system_slug}") for name in ("ash", "bay")]
    joined = [
        campaign_join(
            user=user,
            join_code=campaign.join_code,
            roster=sample_roster(user, system_slug, sample),
        )
        for user, sample in zip(users, samples, strict=True)
    ]
    return game_create(
        campaign=campaign, user=organiser, participant_a=joined[0], participant_b=joined[1]
    )
