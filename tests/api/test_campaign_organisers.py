"""Campaign API: an organiser adds another organiser, who then decides the games the first
one plays; a dispute names its reason (issue 24, "Campaign pages")."""

import pytest

from tests.api.conftest import make_user, token_client
from tests.integration.campaigns.factories import coinflip_roster

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("coinflip_system")]


@pytest.fixture
def organiser_plays():
    org, ann, ref = (make_user(n) for n in ("org", "ann", "Ref"))
    clients = {u.username: token_client(u) for u in (org, ann, ref)}
    made = clients["org"].post(
        "/api/v1/campaigns/",
        {"system": "coinflip", "name": "Club", "points_limit": 100},
        format="json",
    )
    campaign = made.json()
    for user in (org, ann):
        clients[user.username].post(
            "/api/v1/campaigns/join/",
            {"join_code": campaign["join_code"], "roster": coinflip_roster(user).pk},
            format="json",
        )
    paired = clients["org"].post(f"/api/v1/campaigns/{campaign['id']}/rounds/", {}, format="json")
    assert paired.status_code == 201, paired.content
    games = clients["org"].get(f"/api/v1/games/?campaign={campaign['id']}").json()["results"]
    return campaign, games[0], clients, ref


def test_the_playing_organiser_cannot_decide_but_an_added_organiser_can(organiser_plays):
    campaign, game, clients, ref = organiser_plays
    result = {"winner": "a", "scores": {"a": 5, "b": 1}}
    own = clients["org"].post(f"/api/v1/games/{game['id']}/decide/", result, format="json")
    assert own.status_code == 403
    assert own.json()["error"]["code"] == "game.own_game"
    assert "decide" not in clients["org"].get(f"/api/v1/games/{game['id']}/").json()["actions"]
    added = clients["org"].post(
        f"/api/v1/campaigns/{campaign['id']}/organisers/", {"username": "ref"}, format="json"
    )
    assert added.status_code == 200, added.content
    assert ref.pk in added.json()["organisers"]
    decided = clients["Ref"].post(f"/api/v1/games/{game['id']}/decide/", result, format="json")
    assert decided.status_code == 200, decided.content
    assert decided.json()["status"] == "confirmed"


def test_only_an_organiser_adds_organisers_and_only_real_users(organiser_plays):
    campaign, _, clients, _ = organiser_plays
    url = f"/api/v1/campaigns/{campaign['id']}/organisers/"
    assert clients["ann"].post(url, {"username": "ann"}, format="json").status_code == 403
    unknown = clients["org"].post(url, {"username": "nobody"}, format="json")
    assert unknown.status_code == 400
    assert "username" in unknown.json()["error"]["fields"]


def test_a_dispute_without_a_reason_answers_400_naming_it(organiser_plays):
    _, game, clients, _ = organiser_plays
    reported = clients["org"].post(
        f"/api/v1/games/{game['id']}/report/",
        {"winner": "a", "scores": {"a": 5, "b": 1}},
        format="json",
    )
    assert reported.status_code == 200, reported.content
    refused = clients["ann"].post(
        f"/api/v1/games/{game['id']}/dispute/", {"reason": ""}, format="json"
    )
    assert refused.status_code == 400
    assert "reason" in refused.json()["error"]["fields"]
    assert clients["ann"].get(f"/api/v1/games/{game['id']}/").json()["status"] == "reported"
