"""A 9-player Swiss league of 4 rounds: byes, no rematches, standings."""

import random

import pytest

from campaigns.models import Game, GameStatus
from campaigns.selectors import campaign_standings
from campaigns.services.campaigns import campaign_create
from campaigns.services.membership import campaign_join
from campaigns.services.results import game_confirm, game_report_result
from campaigns.services.rounds import round_create
from tests.integration.campaigns.factories import coinflip_roster, make_user

pytestmark = pytest.mark.django_db


def play_round(round_, rng):
    for game in round_.games.select_related("participant_a__user", "participant_b__user"):
        if game.is_bye:
            continue
        winner = rng.choice(["a", "b", None])
        scores = {"a": rng.randint(0, 20), "b": rng.randint(0, 20)}
        game_report_result(game=game, user=game.participant_a.user, winner=winner, scores=scores)
        game_confirm(game=game, user=game.participant_b.user)


def test_nine_player_swiss_league_of_four_rounds_gives_four_byes_and_no_rematch():
    organiser = make_user("org")
    campaign = campaign_create(
        user=organiser, system="coinflip", name="Winter league", points_limit=100, seed=11
    )
    players = [make_user(f"p{i}") for i in range(9)]
    for user in players:
        campaign_join(user=user, join_code=campaign.join_code, roster=coinflip_roster(user))
    rng = random.Random(5)
    byes = []
    for _ in range(4):
        round_ = round_create(campaign=campaign, user=organiser, pairing="swiss")
        games = list(round_.games.all())
        assert len(games) == 5
        bye_games = [g for g in games if g.is_bye]
        assert len(bye_games) == 1
        assert bye_games[0].status == GameStatus.CONFIRMED
        byes.append(bye_games[0].participant_a_id)
        play_round(round_, rng)
    assert len(set(byes)) == 4  # nobody gets a second bye while others have none
    pairs = [
        frozenset((g.participant_a_id, g.participant_b_id))
        for g in Game.objects.filter(campaign=campaign, participant_b__isnull=False)
    ]
    assert len(pairs) == 16
    assert len(set(pairs)) == 16
    table = campaign_standings(campaign=campaign)
    assert [row["rank"] for row in table] == list(range(1, 10))
    assert all(row["played"] == 4 for row in table)
    for row in table:
        assert row["match_points"] == 3 * row["won"] + row["drawn"]
    assert [r["match_points"] for r in table] == sorted(
        (r["match_points"] for r in table), reverse=True
    )
    for bye_player in byes:
        row = next(r for r in table if r["participant"] == bye_player)
        assert row["byes"] == 1


def test_bye_goes_to_the_lowest_ranked_player_without_one():
    organiser = make_user("org")
    campaign = campaign_create(
        user=organiser, system="coinflip", name="L", points_limit=100, seed=3
    )
    users = [make_user(f"q{i}") for i in range(3)]
    for user in users:
        campaign_join(user=user, join_code=campaign.join_code, roster=coinflip_roster(user))
    first = round_create(campaign=campaign, user=organiser)
    play_round(first, random.Random(1))
    table = campaign_standings(campaign=campaign)
    had_bye = first.games.get(participant_b__isnull=True).participant_a_id
    second = round_create(campaign=campaign, user=organiser)
    bye = second.games.get(participant_b__isnull=True).participant_a_id
    without = [r["participant"] for r in table if r["participant"] != had_bye]
    assert bye == without[-1]
