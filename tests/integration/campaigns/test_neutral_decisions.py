"""An organiser who plays a game does not decide it, and a dispute says why (issue 24,
"Campaign pages"): the organiser could decide their own game, and a dispute with no reason
was accepted."""

import pytest

from campaigns.errors import CampaignError, CampaignForbidden
from campaigns.lifecycle import game_actions
from campaigns.models import GameStatus
from campaigns.services.campaigns import campaign_add_organiser, campaign_create
from campaigns.services.games import game_create
from campaigns.services.membership import campaign_join
from campaigns.services.results import (
    game_confirm,
    game_decide,
    game_dispute,
    game_report_result,
    game_reverse,
)
from tests.integration.campaigns.factories import coinflip_roster, make_user

pytestmark = pytest.mark.django_db


@pytest.fixture
def playing_organiser():
    """A league whose organiser plays in it, against ann."""
    organiser = make_user("org")
    campaign = campaign_create(user=organiser, system="coinflip", name="League", points_limit=100)
    org = campaign_join(
        user=organiser, join_code=campaign.join_code, roster=coinflip_roster(organiser)
    )
    ann_user = make_user("ann")
    ann = campaign_join(
        user=ann_user, join_code=campaign.join_code, roster=coinflip_roster(ann_user)
    )
    game = game_create(campaign=campaign, user=organiser, participant_a=org, participant_b=ann)
    return organiser, campaign, game


def test_an_organiser_cannot_decide_or_reverse_a_game_they_play(playing_organiser):
    organiser, _, game = playing_organiser
    with pytest.raises(CampaignForbidden) as refused:
        game_decide(game=game, user=organiser, winner="a", scores={"a": 9, "b": 0})
    assert refused.value.code == "game.own_game"
    assert "decide" not in game_actions(game, organiser)
    game_report_result(game=game, user=organiser, winner="a", scores={"a": 9, "b": 0})
    game_confirm(game=game, user=game.participant_b.user)
    game.refresh_from_db()
    with pytest.raises(CampaignForbidden):
        game_reverse(game=game, user=organiser, reason="I misread")
    assert "reverse" not in game_actions(game, organiser)
    assert game.status == GameStatus.CONFIRMED


def test_another_organiser_decides_the_playing_organisers_game(playing_organiser):
    organiser, campaign, game = playing_organiser
    referee = make_user("ref")
    campaign_add_organiser(campaign=campaign, user=organiser, username=referee.username)
    game_report_result(game=game, user=organiser, winner="a", scores={"a": 9, "b": 0})
    game_dispute(game=game, user=game.participant_b.user, reason="We drew at 4-4")
    assert "decide" in game_actions(game, referee)
    game_decide(game=game, user=referee, winner=None, scores={"a": 4, "b": 4})
    game.refresh_from_db()
    assert (game.status, game.winner) == (GameStatus.CONFIRMED, "")


def test_a_house_rule_lets_a_lone_organiser_decide_their_own_games(playing_organiser):
    organiser, campaign, game = playing_organiser
    campaign.settings = {"organiser_own_games": "allow"}
    campaign.save()
    game.refresh_from_db()
    game_decide(game=game, user=organiser, winner="a", scores={"a": 9, "b": 0})
    game.refresh_from_db()
    assert game.status == GameStatus.CONFIRMED


@pytest.mark.parametrize("reason", ["", "   "])
def test_a_dispute_must_say_why(playing_organiser, reason):
    organiser, _, game = playing_organiser
    game_report_result(game=game, user=organiser, winner="a", scores={"a": 9, "b": 0})
    with pytest.raises(CampaignError) as refused:
        game_dispute(game=game, user=game.participant_b.user, reason=reason)
    assert (refused.value.code, refused.value.field) == ("game.dispute_reason", "reason")
    game.refresh_from_db()
    assert game.status == GameStatus.REPORTED
