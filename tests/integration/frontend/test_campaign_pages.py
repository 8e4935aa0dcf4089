"""Campaign pages: house rules on create, manual pairing, engine play, withdrawing, the
campaign budget and advance picks on the participant page."""

import pytest
from django.urls import reverse

from campaigns.models import Campaign, Game, GameStatus, Participant
from campaigns.selectors import participant_pending_choices
from campaigns.services import campaign_join, game_confirm, game_create, game_report_result
from tests.integration.campaigns.factories import coinflip_roster, make_user

pytestmark = pytest.mark.django_db


@pytest.fixture
def campaign_with_two(player, player_client):
    first = coinflip_roster(player)  # also makes "coinflip" a system to choose
    response = player_client.post(
        reverse("campaign-new"),
        {
            "name": "Marsh league",
            "system": "coinflip",
            "format": "narrative",
            "points_limit": 100,
            "points_step": 0,
            "win_points": 2,
            "draw_points": 1,
            "loss_points": 0,
            "injury_table": "hardy",
            "auto_resolve": "off",
            "grace_hours": 6,
        },
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    campaign = Campaign.objects.get(name="Marsh league")
    people = []
    other = make_user("bo")
    for user, roster in ((player, first), (other, coinflip_roster(other))):
        people.append(campaign_join(user=user, join_code=campaign.join_code, roster=roster))
    return campaign, people


def test_house_rules_chosen_on_create_are_stored(campaign_with_two):
    campaign, _ = campaign_with_two
    assert campaign.settings == {
        "match_points": {"win": 2, "draw": 1, "loss": 0, "bye": 2},
        "injury_table": "hardy",
        "auto_resolve": "off",
        "grace_hours": 6,
    }


def test_the_organiser_pairs_by_hand_and_a_player_lets_the_engine_play(
    campaign_with_two, player_client
):
    campaign, (mine, theirs) = campaign_with_two
    page = player_client.get(reverse("campaign-detail", args=[campaign.pk])).content.decode()
    assert 'label for="pairs"' in page
    bad = player_client.post(
        reverse("round-new", args=[campaign.pk]), {"pairing": "manual", "pairs": "x y"}
    )
    assert bad.status_code == 302
    assert not campaign.rounds.exists()
    player_client.post(
        reverse("round-new", args=[campaign.pk]),
        {"pairing": "manual", "pairs": f"{theirs.pk} {mine.pk}"},
    )
    game = Game.objects.get(campaign=campaign)
    assert (game.participant_a_id, game.participant_b_id) == (theirs.pk, mine.pk)
    page = player_client.get(reverse("campaign-detail", args=[campaign.pk])).content.decode()
    assert "Play this game with the engine" in page
    player_client.post(reverse("game-play", args=[campaign.pk, game.pk]))
    game.refresh_from_db()
    assert game.battle_id is not None


def test_a_player_withdraws_from_the_participants_list(campaign_with_two, player_client):
    campaign, (mine, _) = campaign_with_two
    player_client.post(reverse("participant-withdraw", args=[campaign.pk, mine.pk]))
    assert Participant.objects.get(pk=mine.pk).status == "withdrawn"


def test_the_participant_page_shows_the_budget_and_takes_an_advance_pick(
    campaign_with_two, player_client
):
    campaign, (mine, theirs) = campaign_with_two
    campaign.settings = {
        **campaign.settings,
        "experience_thresholds": [
            {"experience": 1, "rank": "Blooded", "benefit": "pick", "choose_one_of": ["Swift"]}
        ],
    }
    campaign.save()
    game = game_create(campaign=campaign, user=mine.user, participant_a=mine, participant_b=theirs)
    game_report_result(game=game, user=mine.user, winner="a", scores={"a": 1, "b": 0})
    game_confirm(game=game, user=theirs.user)
    assert Game.objects.get(pk=game.pk).status == GameStatus.CONFIRMED
    url = reverse("participant-detail", args=[campaign.pk, mine.pk])
    page = player_client.get(url).content.decode()
    assert 'id="budget-line"' in page
    assert "earned" in page
    assert "Make it my campaign roster" in page
    assert "Advances waiting for a pick" in page
    entry = participant_pending_choices(participant=mine)[0]["entry"]
    player_client.post(
        reverse("participant-advance", args=[campaign.pk, mine.pk]),
        {"entry": entry, "choice": "Swift"},
    )
    assert len(participant_pending_choices(participant=mine)) == 1  # the other pawn's rank
    done = player_client.post(reverse("participant-roster", args=[campaign.pk, mine.pk]))
    assert done.status_code == 302
    assert mine.roster_versions.count() == 2
