"""``/api/v1/battles/`` and ``/api/v1/simulations/``: queue, read, log, replay, permissions.

Tasks run eagerly in the test settings, so a battle is resolved when its transaction commits.
"""

from __future__ import annotations

import pytest

from armybuilder.rosterdata import load_sample_roster
from armybuilder.services.exchange import roster_import
from armybuilder.services.sharing import roster_share

pytestmark = pytest.mark.django_db

SYSTEM = "skirmish"


@pytest.fixture
def sample_rosters(owner, catalogues):
    return [
        roster_import(owner=owner, data=load_sample_roster(SYSTEM, name))
        for name in ("night-watch", "marsh-raiders")
    ]


def post_battle(client, rosters, django_capture_on_commit_callbacks, **extra):
    with django_capture_on_commit_callbacks(execute=True):
        return client.post(
            "/api/v1/battles/", {"rosters": [r.pk for r in rosters], **extra}, format="json"
        )


def test_posting_a_battle_answers_202_with_its_url_and_resolves_it(
    owner_client, sample_rosters, django_capture_on_commit_callbacks
):
    response = post_battle(
        owner_client, sample_rosters, django_capture_on_commit_callbacks, seed=42
    )
    assert response.status_code == 202
    body = response.json()
    assert response["Location"] == body["url"]
    assert body["seed"] == 42
    assert body["mission"]

    detail = owner_client.get(body["url"]).json()
    assert detail["status"] == "resolved"
    assert detail["winner"] in ("a", "b", "")
    assert detail["report"]["turns_played"] >= 1
    assert "events" not in detail["report"]
    assert detail["armies"] == {"a": sample_rosters[0].name, "b": sample_rosters[1].name}


def test_battle_log_is_paginated_and_filtered_by_turn(
    owner_client, sample_rosters, django_capture_on_commit_callbacks
):
    battle = post_battle(
        owner_client, sample_rosters, django_capture_on_commit_callbacks, seed=5
    ).json()
    log = owner_client.get(f"{battle['log_url']}?page_size=5").json()
    assert log["count"] > 5
    assert len(log["results"]) == 5
    assert log["next"]
    turn_two = owner_client.get(f"{battle['log_url']}?turn=2&page_size=200").json()
    assert turn_two["results"]
    assert {event["turn"] for event in turn_two["results"]} == {2}


def test_replay_of_a_resolved_battle_is_identical(
    owner_client, sample_rosters, django_capture_on_commit_callbacks
):
    battle = post_battle(
        owner_client, sample_rosters, django_capture_on_commit_callbacks, seed=8
    ).json()
    replay = owner_client.post(f"{battle['url']}replay/").json()
    assert replay["identical"] is True
    assert replay["report_hash"] == owner_client.get(battle["url"]).json()["report_hash"]


def test_later_roster_edits_do_not_change_the_battle_snapshot(
    owner_client, sample_rosters, django_capture_on_commit_callbacks
):
    battle = post_battle(
        owner_client, sample_rosters, django_capture_on_commit_callbacks, seed=1
    ).json()
    owner_client.patch(
        f"/api/v1/rosters/{sample_rosters[0].pk}/", {"name": "Renamed"}, format="json"
    )
    assert owner_client.get(battle["url"]).json()["armies"]["a"] != "Renamed"


def test_another_users_battle_answers_404(
    owner_client, stranger_client, sample_rosters, django_capture_on_commit_callbacks
):
    battle = post_battle(owner_client, sample_rosters, django_capture_on_commit_callbacks).json()
    assert stranger_client.get(battle["url"]).status_code == 404
    assert stranger_client.post(f"{battle['url']}replay/").status_code == 404


def test_a_private_roster_of_another_user_is_not_found(
    stranger_client, sample_rosters, django_capture_on_commit_callbacks
):
    response = post_battle(stranger_client, sample_rosters, django_capture_on_commit_callbacks)
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "roster.not_found"
    assert "rosters[0]" in response.json()["error"]["fields"]


def test_a_shared_roster_of_another_user_may_be_fought_by_its_share_token(
    stranger, stranger_client, sample_rosters, django_capture_on_commit_callbacks
):
    token = roster_share(roster=sample_rosters[0])
    own = roster_import(owner=stranger, data=load_sample_roster(SYSTEM, "marsh-raiders"))
    with django_capture_on_commit_callbacks(execute=True):
        response = stranger_client.post(
            "/api/v1/battles/", {"rosters": [token, own.pk]}, format="json"
        )
    assert response.status_code == 202, response.content


@pytest.mark.parametrize("path", ["/api/v1/battles/", "/api/v1/simulations/"])
def test_a_shared_roster_of_another_user_is_not_found_by_its_number(
    stranger, stranger_client, sample_rosters, path
):
    """Issue 22 §5: numbers can be scanned, so only the share token reaches a shared roster."""
    roster_share(roster=sample_rosters[0])
    own = roster_import(owner=stranger, data=load_sample_roster(SYSTEM, "marsh-raiders"))
    response = stranger_client.post(
        path, {"rosters": [sample_rosters[0].pk, own.pk], "runs": 2}, format="json"
    )
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "roster.not_found"
    assert "rosters[0]" in response.json()["error"]["fields"]


def test_anonymous_clients_cannot_start_battles(api_client, sample_rosters):
    response = api_client.post(
        "/api/v1/battles/", {"rosters": [r.pk for r in sample_rosters]}, format="json"
    )
    assert response.status_code == 401


@pytest.mark.parametrize(
    ("payload", "field"),
    [
        ({"rosters": [1]}, "rosters"),
        ({"rosters": ["x", "y"]}, "rosters[0]"),
        ({"rosters": [1, 2], "seed": -1}, "seed"),
        ({"rosters": [1, 2], "seed": 10**30}, "seed"),
        ({}, "rosters"),
    ],
)
def test_bad_battle_requests_name_the_field(owner_client, payload, field):
    response = owner_client.post("/api/v1/battles/", payload, format="json")
    assert response.status_code == 400
    assert field in response.json()["error"]["fields"]


def test_unknown_mission_is_a_400_naming_mission(
    owner_client, sample_rosters, django_capture_on_commit_callbacks
):
    response = post_battle(
        owner_client, sample_rosters, django_capture_on_commit_callbacks, mission="moon"
    )
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "mission.unknown"
    assert "mission" in response.json()["error"]["fields"]


def test_simulation_answers_202_and_reports_progress_and_odds(
    owner_client, sample_rosters, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        response = owner_client.post(
            "/api/v1/simulations/",
            {"rosters": [r.pk for r in sample_rosters], "runs": 12, "seed": 3},
            format="json",
        )
    assert response.status_code == 202
    detail = owner_client.get(response.json()["url"]).json()
    assert detail["progress"] == 100
    assert detail["status"] == "resolved"
    odds = detail["result"]["odds"]
    assert sum(odds[k]["count"] for k in ("win", "draw", "loss")) == 12
    assert detail["result"]["seeds"] == list(range(3, 15))


@pytest.mark.parametrize("runs", [0, 10_001, "many"])
def test_simulation_runs_out_of_range_name_runs(owner_client, sample_rosters, runs):
    response = owner_client.post(
        "/api/v1/simulations/",
        {"rosters": [r.pk for r in sample_rosters], "runs": runs},
        format="json",
    )
    assert response.status_code == 400
    assert "runs" in response.json()["error"]["fields"]


def test_battle_list_shows_only_own_battles_with_bounded_queries(
    owner_client,
    stranger_client,
    sample_rosters,
    django_capture_on_commit_callbacks,
    django_assert_max_num_queries,
):
    for seed in (1, 2, 3):
        post_battle(owner_client, sample_rosters, django_capture_on_commit_callbacks, seed=seed)
    with django_assert_max_num_queries(6):
        listing = owner_client.get("/api/v1/battles/").json()
    assert listing["count"] == 3
    assert stranger_client.get("/api/v1/battles/").json()["count"] == 0


def test_battle_list_leaves_out_the_report_and_detail_keeps_it(
    owner_client, sample_rosters, django_capture_on_commit_callbacks
):
    battle = post_battle(
        owner_client, sample_rosters, django_capture_on_commit_callbacks, seed=4
    ).json()
    item = owner_client.get("/api/v1/battles/").json()["results"][0]
    assert item["id"] == battle["id"]
    assert "report" not in item
    assert item["status"] == "resolved"
    assert item["report_hash"]
    assert item["armies"] == {"a": sample_rosters[0].name, "b": sample_rosters[1].name}
    detail = owner_client.get(item["url"]).json()
    assert detail["report"]["turns_played"] >= 1
