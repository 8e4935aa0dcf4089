"""A reported or decided result whose winner the scores contradict is refused with a 400
naming the winner field (issue 24; grimdark annihilation is won on victory points, 4e
pp.80-83)."""

import pytest
from django.core.management import call_command

from armybuilder.rosterdata import load_sample_roster
from armybuilder.services.exchange import roster_import
from campaigns.models import Game
from campaigns.services.campaigns import campaign_create
from campaigns.services.membership import campaign_join
from campaigns.services.rounds import round_create
from tests.api.conftest import make_user, token_client

pytestmark = pytest.mark.django_db


@pytest.fixture
def grimdark_game():
    call_command("load_catalogues", verbosity=0)
    org, rival = make_user("org"), make_user("rival")
    campaign = campaign_create(
        user=org, system="grimdark", name="Ashfall", points_limit=1500, seed=4
    )
    for user, sample in ((org, "iron-wardens-strike-force"), (rival, "chitin-host-swarm")):
        campaign_join(
            user=user,
            join_code=campaign.join_code,
            roster=roster_import(owner=user, data=load_sample_roster("grimdark", sample)),
        )
    round_create(campaign=campaign, user=org, pairing="swiss")
    game = Game.objects.select_related("participant_a__user").get(campaign=campaign)
    return game, token_client(game.participant_a.user)


def test_a_winner_with_fewer_victory_points_is_refused_at_the_winner_field(grimdark_game):
    game, client = grimdark_game
    url = f"/api/v1/games/{game.pk}/report/"
    refused = client.post(url, {"winner": "a", "scores": {"a": 100, "b": 400}}, format="json")
    assert refused.status_code == 400
    error = refused.json()["error"]
    assert error["code"] == "result.winner_contradicts_scores"
    assert "winner" in error["fields"]
    assert "more victory points" in error["message"]
    game.refresh_from_db()
    assert game.status == "scheduled"
    accepted = client.post(url, {"winner": "b", "scores": {"a": 100, "b": 400}}, format="json")
    assert accepted.status_code == 200, accepted.content
