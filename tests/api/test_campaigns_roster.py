"""Campaign API: spending earned resources on the roster under the army builder's validator,
picking what an advance or rank gives, withdrawing."""

import pytest

from campaigns.services.games import game_create
from campaigns.services.results import game_confirm, game_report_result
from tests.api.conftest import make_user, token_client
from tests.integration.campaigns.factories import coinflip_roster

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("coinflip_system")]

PICK_A_RANK = {
    "experience_thresholds": [
        {
            "experience": 1,
            "rank": "Blooded",
            "benefit": "a pick",
            "choose_one_of": ["Stubborn", "Swift"],
        }
    ]
}


@pytest.fixture
def narrative():
    org, ann, bob = (make_user(n) for n in ("org", "ann", "bob"))
    clients = {u.username: token_client(u) for u in (org, ann, bob)}
    campaign = (
        clients["org"]
        .post(
            "/api/v1/campaigns/",
            {
                "system": "coinflip",
                "name": "Marches",
                "format": "narrative",
                "points_limit": 100,
                "seed": 2,
                "settings": PICK_A_RANK,
            },
            format="json",
        )
        .json()
    )
    people = {}
    for user in (ann, bob):
        roster = coinflip_roster(user)
        joined = clients[user.username].post(
            "/api/v1/campaigns/join/",
            {"join_code": campaign["join_code"], "roster": roster.pk},
            format="json",
        )
        people[user.username] = (joined.json()["participant"], roster)
    return campaign, clients, people


def pawns(roster, count):
    payload = dict(roster.payload)
    payload["units"] = [
        {"id": f"u{i}", "unit": "pawn", "size": 1, "options": [], "name": f"Pawn {i}"}
        for i in range(1, count + 1)
    ]
    return payload


def win_for_ann(campaign_id, people):
    from campaigns.models import Campaign, Participant

    campaign = Campaign.objects.get(pk=campaign_id)
    ann = Participant.objects.get(pk=people["ann"][0])
    bob = Participant.objects.get(pk=people["bob"][0])
    game = game_create(
        campaign=campaign, user=campaign.created_by, participant_a=ann, participant_b=bob
    )
    game_report_result(game=game, user=ann.user, winner="a", scores={"a": 5, "b": 1})
    game_confirm(game=game, user=bob.user)
    return game


def test_spending_is_checked_against_starting_plus_earned_minus_spent(narrative):
    campaign, c, people = narrative
    pid, roster = people["ann"]
    url = f"/api/v1/campaigns/{campaign['id']}/participants/{pid}/roster/"
    start = c["ann"].get(url).json()
    # two pawns at 10 bought from a starting budget of 100
    assert start["budget"] == {
        "starting": 100,
        "earned": 0,
        "spent": 20,
        "traded": 0,
        "available": 80,
        "resources": {},
    }
    over = c["ann"].post(url, {"payload": pawns(roster, 11)}, format="json")
    assert over.status_code == 400
    body = over.json()["error"]
    assert "points" in body["fields"]
    assert c["bob"].post(url, {"payload": pawns(roster, 3)}, format="json").status_code == 403

    win_for_ann(campaign["id"], people)
    # narrative win: 2 requisition + 0 objectives at 50 points each
    earned = c["ann"].get(url).json()["budget"]
    assert (earned["earned"], earned["available"]) == (100, 180)
    roster.payload = pawns(roster, 11)  # edited through the army builder
    roster.save(update_fields=["payload"])
    proposed = c["ann"].get(url).json()["proposed"]
    assert (proposed["buying"], proposed["left"], proposed["validation"]["valid"]) == (90, 90, True)
    accepted = c["ann"].post(url, {}, format="json")
    assert accepted.status_code == 201, accepted.content
    assert accepted.json()["version"] == 2
    assert accepted.json()["budget"]["available"] == 90
    audit = c["org"].get(f"/api/v1/campaigns/{campaign['id']}/audit/").json()["results"]
    assert audit[-1]["action"] == "roster_updated"


def test_a_rank_with_a_pick_is_chosen_through_the_api(narrative):
    campaign, c, people = narrative
    pid, _ = people["ann"]
    win_for_ann(campaign["id"], people)
    url = f"/api/v1/campaigns/{campaign['id']}/participants/{pid}/advances/"
    pending = c["ann"].get(url).json()
    assert [p["options"] for p in pending] == [["Stubborn", "Swift"], ["Stubborn", "Swift"]]
    wrong = c["ann"].post(url, {"entry": pending[0]["entry"], "choice": "Fast"}, format="json")
    assert wrong.status_code == 400
    assert "choice" in wrong.json()["error"]["fields"]
    made = c["ann"].post(url, {"entry": pending[0]["entry"], "choice": "Swift"}, format="json")
    assert made.status_code == 201
    units = c["ann"].get(f"/api/v1/campaigns/{campaign['id']}/participants/{pid}/units/").json()
    assert len(units["pending_choices"]) == 1
    assert units["units"][0]["state"]["skills"] == ["Swift"]


def test_a_player_withdraws_and_others_may_not_withdraw_them(narrative):
    campaign, c, people = narrative
    pid, _ = people["ann"]
    url = f"/api/v1/campaigns/{campaign['id']}/participants/{pid}/withdraw/"
    assert c["bob"].post(url).status_code == 403
    done = c["ann"].post(url)
    assert done.status_code == 200
    assert done.json()["status"] == "withdrawn"
