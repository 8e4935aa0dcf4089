"""Issue 22 items 1 and 7: a reported or decided result is bounded before it is stored —
every per-unit and per-fighter outcome field, the scores, the number of unit entries and the
mission outcome — and a refusal is a 400 naming the field, never a slow request, a huge
report or a 500."""

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


def post_result(client, game, body: dict, action: str = "report"):
    result = {"winner": "a", "scores": {"a": 1, "b": 0}, **body}
    return client.post(f"/api/v1/games/{game.pk}/{action}/", result, format="json")


def refused(answer, field: str) -> None:
    assert answer.status_code == 400, answer.content
    assert field in answer.json()["error"]["fields"], answer.json()


def test_a_million_kills_is_refused_at_once_naming_the_field(game_and_clients):
    game, c = game_and_clients
    answer = post_result(c["ann"], game, {"units": [{"side": "a", "id": "u1", "kills": 10**6}]})
    refused(answer, "units[0].kills")
    game.refresh_from_db()
    assert game.report is None


@pytest.mark.parametrize("value", [1e308, 1.5, "3", True, None, -1, [1]])
def test_per_unit_counts_are_whole_numbers_in_range(game_and_clients, value):
    game, c = game_and_clients
    for action, client in (("report", c["ann"]), ("decide", c["org"])):
        units = [{"side": "a", "id": "u1", "kills": value}]
        answer = post_result(client, game, {"units": units}, action)
        refused(answer, "units[0].kills")


def test_a_float_in_the_raw_body_is_refused(game_and_clients):
    game, c = game_and_clients
    body = b'{"winner":"a","scores":{"a":1,"b":0},"units":[{"side":"a","id":"u1","kills":1e308}]}'
    answer = c["ann"].post(
        f"/api/v1/games/{game.pk}/report/", body, content_type="application/json"
    )
    refused(answer, "units[0].kills")


@pytest.mark.parametrize(
    ("entry", "field"),
    [
        ({"side": "a", "id": "u1", "models_lost": 2}, "units[0].models_lost"),
        ({"side": "a", "id": "u1", "status": "x" * 200}, "units[0].status"),
        ({"side": "a", "id": "u1", "objective_held": "yes"}, "units[0].objective_held"),
        ({"side": "a", "id": "u1", "enemies_destroyed": ["e"] * 500}, "units[0].enemies_destroyed"),
        ({"side": "a", "id": "u1", "colour": "red"}, "units[0].colour"),
        ({"side": "c", "id": "u1"}, "units[0].side"),
        ({"side": "a", "id": "u9"}, "units[0].id"),
        (
            {"side": "a", "id": "u1", "fighters": [{"id": "u1.1", "wounds_suffered": 10**9}]},
            "units[0].fighters[0].wounds_suffered",
        ),
        (
            {"side": "a", "id": "u1", "fighters": [{"id": "u1.1", "experience": 1e308}]},
            "units[0].fighters[0].experience",
        ),
        (
            {"side": "a", "id": "u1", "fighters": [{"id": "u1.7"}]},
            "units[0].fighters[0].id",
        ),
        (
            {"side": "a", "id": "u1", "fighters": [{"id": "u1.1", "enemies_taken_out": [None]}]},
            "units[0].fighters[0].enemies_taken_out",
        ),
    ],
)
def test_every_unit_field_is_checked(game_and_clients, entry, field):
    game, c = game_and_clients
    refused(post_result(c["ann"], game, {"units": [entry]}), field)


def test_unit_entries_are_bounded_by_the_rosters(game_and_clients):
    game, c = game_and_clients
    twice = [{"side": "a", "id": "u1"}, {"side": "a", "id": "u1"}]
    refused(post_result(c["ann"], game, {"units": twice}), "units[1].id")
    many = [{"side": "a", "id": "u1"}] * 5
    refused(post_result(c["ann"], game, {"units": many}), "units")


@pytest.mark.parametrize("score", [2**31, 2**63, -1, 10**6])
def test_scores_are_bounded(game_and_clients, score):
    game, c = game_and_clients
    refused(post_result(c["ann"], game, {"scores": {"a": score, "b": 0}}), "scores.a")


def test_unknown_score_sides_are_refused(game_and_clients):
    game, c = game_and_clients
    refused(post_result(c["ann"], game, {"scores": {"a": 1, "c": 0}}), "scores.c")


@pytest.mark.parametrize("escape", ["\\u0000", "\\ud800"])
def test_nul_and_lone_surrogates_in_the_mission_outcome_are_refused(game_and_clients, escape):
    game, c = game_and_clients
    body = '{"winner":"a","scores":{"a":1,"b":0},"mission_outcome":{"note":"x' + escape + 'y"}}'
    answer = c["ann"].post(
        f"/api/v1/games/{game.pk}/report/", body.encode(), content_type="application/json"
    )
    refused(answer, "mission_outcome.note")


def test_nul_in_a_mission_outcome_from_a_service_caller_is_refused(game_and_clients):
    from campaigns.errors import CampaignError
    from campaigns.services.results import game_report_result

    game, _ = game_and_clients
    with pytest.raises(CampaignError) as caught:
        game_report_result(
            game=game,
            user=game.participant_a.user,
            winner="a",
            scores={"a": 1},
            mission_outcome={"note": "x\x00y"},
        )
    assert caught.value.field == "mission_outcome.note"


def test_a_deeply_nested_mission_outcome_is_refused(game_and_clients):
    game, c = game_and_clients
    nested: dict = {}
    for _ in range(450):
        nested = {"x": nested}
    answer = post_result(c["ann"], game, {"mission_outcome": nested})
    assert answer.status_code == 400, answer.content
    assert any(k.startswith("mission_outcome") for k in answer.json()["error"]["fields"])


def test_a_large_mission_outcome_is_refused(game_and_clients):
    game, c = game_and_clients
    answer = post_result(c["ann"], game, {"mission_outcome": {"note": "x" * 100_000}})
    assert answer.status_code == 400, answer.content
    assert any(k.startswith("mission_outcome") for k in answer.json()["error"]["fields"])


def test_a_sane_result_still_counts(game_and_clients):
    game, c = game_and_clients
    entry = {
        "side": "b",
        "id": "u2",
        "status": "destroyed",
        "models_lost": 1,
        "kills": 3,
        "objective_held": False,
        "fighters": [{"id": "u2.1", "out_of_action": True, "enemies_taken_out": ["a:u1.1"]}],
    }
    answer = post_result(
        c["ann"], game, {"units": [entry], "mission_outcome": {"objectives_held": ["a"]}}
    )
    assert answer.status_code == 200, answer.content
    units = {u["id"]: u for u in answer.json()["report"]["units"] if u["side"] == "b"}
    assert units["u2"]["kills"] == 3
