"""The game resource's ``actions``: what the requesting user may do with the game now."""

import pytest

from campaigns.services.campaigns import campaign_create
from campaigns.services.games import game_create
from campaigns.services.membership import campaign_join
from tests.api.conftest import make_user, token_client
from tests.integration.campaigns.factories import coinflip_roster

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("coinflip_system")]


@pytest.fixture
def game_and_clients():
    org, ann, bob = (make_user(n) for n in ("org", "ann", "bob"))
    campaign = campaign_create(user=org, system="coinflip", name="League", points_limit=100)
    a, b = (
        campaign_join(user=u, join_code=campaign.join_code, roster=coinflip_roster(u))
        for u in (ann, bob)
    )
    game = game_create(campaign=campaign, user=org, participant_a=a, participant_b=b)
    return game, {u.username: token_client(u) for u in (org, ann, bob)}


def test_actions_follow_the_game_and_the_user(game_and_clients):
    game, c = game_and_clients
    url = f"/api/v1/games/{game.pk}/"
    assert c["ann"].get(url).json()["actions"] == ["report", "play", "clock"]
    assert c["org"].get(url).json()["actions"] == ["decide", "play", "choose_mission"]
    reported = c["ann"].post(
        f"{url}report/", {"winner": "a", "scores": {"a": 2, "b": 0}}, format="json"
    )
    assert reported.status_code == 200
    assert reported.json()["actions"] == []
    assert c["bob"].get(url).json()["actions"] == ["confirm", "dispute"]
    listed = c["bob"].get("/api/v1/games/").json()["results"]
    assert [g["actions"] for g in listed] == [["confirm", "dispute"]]


def test_the_game_list_asks_no_query_per_game(game_and_clients, django_assert_max_num_queries):
    game, c = game_and_clients
    for _ in range(5):
        game_create(
            campaign=game.campaign,
            user=game.campaign.created_by,
            participant_a=game.participant_a,
            participant_b=game.participant_b,
        )
    with django_assert_max_num_queries(8):
        assert len(c["ann"].get("/api/v1/games/").json()["results"]) == 6


def test_the_campaign_filter_answers_alike_for_unknown_and_not_yours(game_and_clients):
    """Issue 22 §8: ``?campaign=`` does not reveal whether a campaign exists."""
    game, c = game_and_clients
    outsider = token_client(make_user("eve"))
    unknown = outsider.get("/api/v1/games/?campaign=999999")
    not_yours = outsider.get(f"/api/v1/games/?campaign={game.campaign_id}")
    assert unknown.status_code == not_yours.status_code == 200
    assert unknown.json() == not_yours.json()
    assert c["ann"].get(f"/api/v1/games/?campaign={game.campaign_id}").json()["count"] == 1


@pytest.mark.parametrize("value", ["1e308", "99999999999999999999", "1.5", "-1", "x"])
def test_a_junk_campaign_filter_never_errors(game_and_clients, value):
    _, c = game_and_clients
    answer = c["ann"].get(f"/api/v1/games/?campaign={value}")
    assert answer.status_code in (200, 400), answer.content
