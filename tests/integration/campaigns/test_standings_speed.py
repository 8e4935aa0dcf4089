"""Standings of 64 players × 8 rounds: a bounded number of queries."""

import random

import pytest
from django.contrib.auth import get_user_model

from armybuilder.models import Roster
from campaigns.models import Campaign, Game, GameStatus, Participant
from campaigns.selectors import campaign_standings
from campaigns.services.campaigns import campaign_create
from tests.integration.campaigns.factories import coinflip_roster, make_user

pytestmark = pytest.mark.django_db


def test_standings_of_64_players_and_8_rounds_take_two_queries(django_assert_max_num_queries):
    org = make_user("org")
    campaign = campaign_create(user=org, system="coinflip", name="Big", points_limit=100)
    roster = coinflip_roster(org)
    user_model = get_user_model()
    users = user_model.objects.bulk_create([user_model(username=f"u{i}") for i in range(64)])

    rosters = Roster.objects.bulk_create(
        [
            Roster(
                owner=u,
                name=u.username,
                system=roster.system,
                faction=roster.faction,
                points_limit=100,
                payload=roster.payload,
            )
            for u in users
        ]
    )
    people = Participant.objects.bulk_create(
        [
            Participant(campaign=campaign, user=u, roster=r, name=u.username)
            for u, r in zip(users, rosters, strict=True)
        ]
    )
    rng = random.Random(1)
    games = []
    for _ in range(8):
        order = people[:]
        rng.shuffle(order)
        for a, b in zip(order[::2], order[1::2], strict=True):
            games.append(
                Game(
                    campaign=campaign,
                    participant_a=a,
                    participant_b=b,
                    status=GameStatus.CONFIRMED,
                    winner=rng.choice("ab"),
                    score_a=rng.randint(0, 20),
                    score_b=rng.randint(0, 20),
                    post_battle_seed=1,
                )
            )
    Game.objects.bulk_create(games)
    campaign = Campaign.objects.get(pk=campaign.pk)
    with django_assert_max_num_queries(2):
        table = campaign_standings(campaign=campaign)
    assert len(table) == 64
    assert sum(r["played"] for r in table) == 64 * 8
