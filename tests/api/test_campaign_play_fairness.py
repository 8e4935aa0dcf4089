"""Issue 22 §2: players cannot pick their own result. ``POST games/{id}/play/`` takes no
seed (the server draws it); a player's engine result is reported in their name and the
opponent confirms it, unless the campaign's ``engine_result`` house rule says "final"; the
post-battle seed is hidden until the result is final."""

import pytest

from campaigns.models import GameStatus
from campaigns.services.campaigns import MAX_SEED, campaign_create
from campaigns.services.games import game_create
from campaigns.services.membership import campaign_join
from campaigns.services.rounds import round_create
from tests.api.conftest import make_user, token_client
from tests.integration.campaigns.factories import coinflip_roster

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("coinflip_system")]


def league(settings: dict | None = None):
    org, ann, bob = (make_user(n) for n in ("org", "ann", "bob"))
    campaign = campaign_create(
        user=org, system="coinflip", name="League", points_limit=100, settings=settings or {}
    )
    a, b = (
        campaign_join(user=u, join_code=campaign.join_code, roster=coinflip_roster(u))
        for u in (ann, bob)
    )
    game = game_create(campaign=campaign, user=org, participant_a=a, participant_b=b)
    return game, {u.username: token_client(u) for u in (org, ann, bob)}


def play(client, game, capture, body: dict | None = None):
    with capture(execute=True):
        return client.post(f"/api/v1/games/{game.pk}/play/", body or {}, format="json")


def test_a_client_seed_is_refused(django_capture_on_commit_callbacks):
    game, c = league()
    answer = play(c["ann"], game, django_capture_on_commit_callbacks, {"seed": 7})
    assert answer.status_code == 400
    assert "seed" in answer.json()["error"]["fields"]
    game.refresh_from_db()
    assert game.battle_id is None


def test_a_players_engine_result_waits_for_the_opponent(django_capture_on_commit_callbacks):
    game, c = league()
    assert play(c["ann"], game, django_capture_on_commit_callbacks).status_code == 202
    game.refresh_from_db()
    assert game.status == GameStatus.REPORTED
    assert game.reported_by.username == "ann"
    url = f"/api/v1/games/{game.pk}/"
    assert c["ann"].get(url).json()["actions"] == []
    assert c["bob"].get(url).json()["actions"] == ["confirm", "dispute"]
    assert c["bob"].get(url).json()["post_battle_seed"] is None
    assert c["ann"].post(f"{url}confirm/").status_code == 403
    confirmed = c["bob"].post(f"{url}confirm/")
    assert confirmed.json()["status"] == GameStatus.CONFIRMED
    assert confirmed.json()["post_battle_seed"] == game.post_battle_seed


def test_an_organisers_engine_result_counts_at_once(django_capture_on_commit_callbacks):
    game, c = league()
    assert play(c["org"], game, django_capture_on_commit_callbacks).status_code == 202
    game.refresh_from_db()
    assert game.status == GameStatus.CONFIRMED


def test_the_house_rule_final_lets_a_players_engine_result_count(
    django_capture_on_commit_callbacks,
):
    game, c = league({"engine_result": "final"})
    play(c["ann"], game, django_capture_on_commit_callbacks)
    game.refresh_from_db()
    assert game.status == GameStatus.CONFIRMED


def test_an_unknown_engine_result_setting_is_refused():
    org = make_user("org")
    answer = token_client(org).post(
        "/api/v1/campaigns/",
        {
            "system": "coinflip",
            "name": "L",
            "points_limit": 100,
            "settings": {"engine_result": "x"},
        },
        format="json",
    )
    assert answer.status_code == 400
    assert "settings.engine_result" in answer.json()["error"]["fields"]


def test_round_games_post_battle_seeds_are_not_derived_from_the_public_round_seed():
    game, _ = league()
    campaign = game.campaign
    round_ = round_create(campaign=campaign, user=campaign.organisers.first(), seed=11)
    derived = {(round_.seed * 1000 + g.table) % MAX_SEED for g in round_.games.all()}
    assert not derived & {g.post_battle_seed for g in round_.games.all()}
