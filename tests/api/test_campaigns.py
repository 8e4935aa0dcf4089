"""Campaign API: create, join, rounds, report/confirm/dispute/decide, reverse, standings,
units, audit; organisers vs participants vs others (404)."""

import pytest

from tests.api.conftest import make_user, token_client
from tests.integration.campaigns.factories import coinflip_roster

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("coinflip_system")]


@pytest.fixture
def setup():
    org, ann, bob, eve = (make_user(n) for n in ("org", "ann", "bob", "eve"))
    clients = {u.username: token_client(u) for u in (org, ann, bob, eve)}
    made = clients["org"].post(
        "/api/v1/campaigns/",
        {
            "system": "coinflip",
            "name": "Spring league",
            "points_limit": 100,
            "seed": 4,
            "settings": {"match_points": {"win": 2}},
        },
        format="json",
    )
    assert made.status_code == 201, made.content
    campaign = made.json()
    for user in (ann, bob):
        roster = coinflip_roster(user)
        joined = clients[user.username].post(
            "/api/v1/campaigns/join/",
            {"join_code": campaign["join_code"], "roster": roster.pk},
            format="json",
        )
        assert joined.status_code == 201, joined.content
    return campaign, clients


def test_campaign_flow_report_dispute_decide_reverse_and_standings(setup):
    campaign, c = setup
    cid = campaign["id"]
    assert c["eve"].get(f"/api/v1/campaigns/{cid}/").status_code == 404
    assert c["ann"].get(f"/api/v1/campaigns/{cid}/").json()["join_code"] is None
    made = c["ann"].post(f"/api/v1/campaigns/{cid}/rounds/", {"pairing": "swiss"}, format="json")
    assert made.status_code == 403
    assert made.json()["error"]["code"] == "campaign.not_organiser"
    rnd = (
        c["org"]
        .post(f"/api/v1/campaigns/{cid}/rounds/", {"pairing": "swiss"}, format="json")
        .json()
    )
    game_id = rnd["games"][0]
    game = c["ann"].get(f"/api/v1/games/{game_id}/").json()
    assert c["eve"].get(f"/api/v1/games/{game_id}/").status_code == 404

    reporter = "ann" if game["participant_a"] < game["participant_b"] else "bob"
    other = "bob" if reporter == "ann" else "ann"
    reported = c[reporter].post(
        f"/api/v1/games/{game_id}/report/",
        {
            "winner": "a",
            "scores": {"a": 7, "b": 3},
            "units": [{"id": "u1", "side": "a", "kills": 1, "objective_held": True}],
        },
        format="json",
    )
    assert reported.status_code == 200, reported.content
    assert reported.json()["status"] == "reported"
    assert c[reporter].post(f"/api/v1/games/{game_id}/confirm/").status_code == 403
    disputed = c[other].post(f"/api/v1/games/{game_id}/dispute/", {"reason": "no"}, format="json")
    assert disputed.json()["status"] == "disputed"
    decided = c["org"].post(
        f"/api/v1/games/{game_id}/decide/",
        {"winner": "b", "scores": {"a": 3, "b": 7}, "note": "photos"},
        format="json",
    )
    assert decided.json()["status"] == "confirmed"

    table = c["ann"].get(f"/api/v1/campaigns/{cid}/standings/").json()
    assert table[0]["match_points"] == 2
    assert table[0]["vp_diff"] == 4

    pid = game["participant_b"]
    units = c["ann"].get(f"/api/v1/campaigns/{cid}/participants/{pid}/units/").json()
    assert sum(u["state"]["experience"] for u in units["units"]) == 2

    assert c["ann"].post(f"/api/v1/games/{game_id}/reverse/").status_code == 403
    reversed_ = c["org"].post(
        f"/api/v1/games/{game_id}/reverse/", {"reason": "typo"}, format="json"
    )
    assert reversed_.json()["status"] == "reversed"
    units = c["ann"].get(f"/api/v1/campaigns/{cid}/participants/{pid}/units/").json()
    assert sum(u["state"]["experience"] for u in units["units"]) == 0
    assert all(h["reversed"] for u in units["units"] for h in u["history"])

    audit = c["bob"].get(f"/api/v1/campaigns/{cid}/audit/").json()["results"]
    actions = [a["action"] for a in audit]
    assert actions[-4:] == ["result_reported", "result_disputed", "result_decided", "game_reversed"]
    assert c["eve"].get(f"/api/v1/campaigns/{cid}/audit/").status_code == 404


def test_playing_a_game_with_the_engine_answers_202_and_attaches_the_report(
    setup, django_capture_on_commit_callbacks
):
    campaign, c = setup
    rnd = (
        c["org"]
        .post(
            f"/api/v1/campaigns/{campaign['id']}/rounds/",
            {"pairing": "manual", "pairings": []},
            format="json",
        )
        .json()
    )
    assert rnd["games"] == []
    participants = c["org"].get(f"/api/v1/campaigns/{campaign['id']}/participants/").json()
    made = c["org"].post(
        f"/api/v1/campaigns/{campaign['id']}/games/",
        {"participant_a": participants[0]["id"], "participant_b": participants[1]["id"]},
        format="json",
    )
    assert made.status_code == 201, made.content
    with django_capture_on_commit_callbacks(execute=True):
        played = c["ann"].post(f"/api/v1/games/{made.json()['id']}/play/", {}, format="json")
    assert played.status_code == 202
    game = c["ann"].get(f"/api/v1/games/{made.json()['id']}/").json()
    assert game["status"] == "reported"  # the opponent confirms the engine's result
    assert isinstance(game["report"]["seed"], int)
    confirmed = c["bob"].post(f"/api/v1/games/{made.json()['id']}/confirm/").json()
    assert confirmed["status"] == "confirmed"


def test_joining_with_a_wrong_code_names_the_field(setup):
    _, c = setup
    eve_roster = coinflip_roster(make_user("zed"))
    answer = c["eve"].post(
        "/api/v1/campaigns/join/", {"join_code": "nope", "roster": eve_roster.pk}, format="json"
    )
    assert answer.status_code == 400
    assert answer.json()["error"]["code"] == "roster.not_found"


def test_unknown_engine_house_rules_are_a_400_naming_the_setting(setup):
    campaign, c = setup
    response = c["org"].patch(
        f"/api/v1/campaigns/{campaign['id']}/",
        {"settings": {"engine": {"no_such_rule": True}}},
        format="json",
    )
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "campaign.settings"
    assert "settings.engine.no_such_rule" in error["fields"]
