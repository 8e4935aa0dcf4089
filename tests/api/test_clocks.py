"""Game clock API: create, read, start/switch/pause/resume, flag fall and reporting to the
campaign game; players of the game may act, others get 404; bad input names the field
(seed 003 §11)."""

from datetime import timedelta

import pytest
from django.utils import timezone

from campaigns.models import Game, GameStatus
from campaigns.services.campaigns import campaign_create
from campaigns.services.games import game_create
from campaigns.services.membership import campaign_join
from rules.models import GameClock
from tests.api.conftest import make_user, token_client
from tests.integration.campaigns.factories import coinflip_roster

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("coinflip_system")]


@pytest.fixture
def game_and_clients():
    org, ann, bob, eve = (make_user(n) for n in ("org", "ann", "bob", "eve"))
    campaign = campaign_create(
        user=org, system="coinflip", name="Timed league", points_limit=100, seed=5
    )
    a = campaign_join(user=ann, join_code=campaign.join_code, roster=coinflip_roster(ann))
    b = campaign_join(user=bob, join_code=campaign.join_code, roster=coinflip_roster(bob))
    game = game_create(campaign=campaign, user=org, participant_a=a, participant_b=b)
    return game, {u.username: token_client(u) for u in (ann, bob, eve)}


def make_clock(client, **body) -> dict:
    made = client.post("/api/v1/clocks/", {"mode": "chess", "limit_ms": 60_000, **body})
    assert made.status_code == 201, made.content
    return made.json()


def rewind(clock_id: int, seconds: float) -> None:
    """Pretend the running side started ``seconds`` earlier (the server's clock moved on)."""
    clock = GameClock.objects.get(pk=clock_id)
    clock.started_at = clock.started_at - timedelta(seconds=seconds)
    clock.save(update_fields=["started_at"])


def test_create_start_switch_pause_resume(game_and_clients):
    _, c = game_and_clients
    made = make_clock(c["ann"])
    assert made["remaining_ms"] == {"a": 60_000, "b": 60_000}
    assert made["running"] is False
    url = f"/api/v1/clocks/{made['id']}/"
    started = c["ann"].post(url + "start/", {"side": "a"})
    assert started.status_code == 200, started.content
    assert started.json()["active"] == "a"
    rewind(made["id"], 20)
    switched = c["ann"].post(url + "switch/", {"side": "a"}).json()
    assert switched["active"] == "b"
    assert 39_000 <= switched["remaining_ms"]["a"] <= 40_000
    assert switched["turn"] == 2
    late_tap = c["ann"].post(url + "switch/", {"side": "a"})
    assert late_tap.status_code == 409
    assert late_tap.json()["error"]["code"] == "clock.not_your_turn"
    paused = c["ann"].post(url + "pause/").json()
    assert paused["running"] is False
    assert c["ann"].post(url + "pause/").json()["error"]["code"] == "clock.not_running"
    resumed = c["ann"].post(url + "resume/").json()
    assert resumed["running"] is True
    assert resumed["active"] == "b"


def test_bad_input_names_the_field(game_and_clients):
    _, c = game_and_clients
    bad_mode = c["ann"].post("/api/v1/clocks/", {"mode": "sundial", "limit_ms": 1000})
    assert bad_mode.status_code == 400
    assert "mode" in bad_mode.json()["error"]["fields"]
    bad_limit = c["ann"].post("/api/v1/clocks/", {"mode": "chess", "limit_ms": -5})
    assert "limit_ms" in bad_limit.json()["error"]["fields"]
    clock = make_clock(c["ann"])
    bad_side = c["ann"].post(f"/api/v1/clocks/{clock['id']}/start/", {"side": "c"})
    assert bad_side.status_code == 400
    assert "side" in bad_side.json()["error"]["fields"]
    no_game = c["ann"].post("/api/v1/clocks/", {"mode": "chess", "limit_ms": 1000, "game": 999999})
    assert no_game.status_code == 404
    assert "game" in no_game.json()["error"]["fields"]


def test_players_of_the_game_may_act_and_others_get_404(game_and_clients):
    game, c = game_and_clients
    clock = make_clock(c["ann"], game=game.pk)
    url = f"/api/v1/clocks/{clock['id']}/"
    assert c["bob"].get(url).status_code == 200
    assert c["bob"].post(url + "start/", {"side": "b"}).json()["active"] == "b"
    assert c["eve"].get(url).status_code == 404
    assert c["eve"].post(url + "pause/").status_code == 404
    eve_link = c["eve"].post(
        "/api/v1/clocks/", {"mode": "chess", "limit_ms": 1000, "game": game.pk}
    )
    assert eve_link.status_code == 404
    own = make_clock(c["eve"])
    assert c["ann"].get(f"/api/v1/clocks/{own['id']}/").status_code == 404


def test_flag_fall_then_report_makes_the_flagged_side_lose(game_and_clients):
    # seed 003 §11: the side out of time loses at once, its whole army routed
    game, c = game_and_clients
    clock = make_clock(c["ann"], game=game.pk)
    url = f"/api/v1/clocks/{clock['id']}/"
    early = c["bob"].post(url + "report/", {})
    assert early.status_code == 409
    assert early.json()["error"]["code"] == "clock.not_flagged"
    c["ann"].post(url + "start/", {"side": "a"})
    rewind(clock["id"], 61)
    read = c["bob"].get(url).json()
    assert read["flagged"] == "a"
    assert read["remaining_ms"]["a"] == 0
    assert read["running"] is False
    pressed = c["ann"].post(url + "switch/")
    assert pressed.status_code == 409
    assert pressed.json()["error"]["code"] == "clock.flagged"
    bad_scores = c["bob"].post(url + "report/", {"scores": {"x": 3}}, format="json")
    assert "scores" in bad_scores.json()["error"]["fields"]
    reported = c["bob"].post(url + "report/", {"scores": {"a": 0, "b": 5}}, format="json")
    assert reported.status_code == 200, reported.content
    assert reported.json()["reported"] is True
    game = Game.objects.get(pk=game.pk)
    assert game.status == GameStatus.REPORTED
    assert (game.winner, game.score_b) == ("b", 5)
    again = c["ann"].post(url + "report/", {})
    assert again.json()["error"]["code"] == "clock.reported"


def test_a_clock_without_a_game_cannot_be_reported(game_and_clients):
    _, c = game_and_clients
    clock = make_clock(c["ann"])
    c["ann"].post(f"/api/v1/clocks/{clock['id']}/start/", {})
    GameClock.objects.filter(pk=clock["id"]).update(
        started_at=timezone.now() - timedelta(minutes=5)
    )
    answer = c["ann"].post(f"/api/v1/clocks/{clock['id']}/report/", {})
    assert answer.status_code == 400
    assert answer.json()["error"]["code"] == "clock.no_game"


def test_anonymous_requests_are_refused(api_client):
    assert api_client.post("/api/v1/clocks/", {"mode": "chess", "limit_ms": 1}).status_code in (
        401,
        403,
    )


def test_the_list_holds_own_game_and_joined_clocks_and_join_needs_the_code(game_and_clients):
    game, c = game_and_clients
    game_clock = make_clock(c["ann"], game=game.pk)
    assert game_clock["share_code"] is None
    assert game_clock["join_url"] is None
    second = c["bob"].post("/api/v1/clocks/", {"mode": "chess", "limit_ms": 1000, "game": game.pk})
    assert second.status_code == 409
    assert second.json()["error"]["code"] == "clock.game_has_clock"
    eves = make_clock(c["eve"])
    assert eves["join_url"] == f"/clocks/join/?code={eves['share_code']}"
    wrong = c["bob"].post("/api/v1/clocks/join/", {"code": "nope"})
    assert wrong.status_code == 404
    assert wrong.json()["error"]["code"] == "clock.code_unknown"
    joined = c["bob"].post("/api/v1/clocks/join/", {"code": eves["share_code"]})
    assert joined.status_code == 200
    assert joined.json()["id"] == eves["id"]
    listed = c["bob"].get("/api/v1/clocks/").json()
    assert [row["id"] for row in listed["results"]] == [eves["id"], game_clock["id"]]
    assert [row["id"] for row in c["ann"].get("/api/v1/clocks/").json()["results"]] == [
        game_clock["id"]
    ]
    started = c["bob"].post(f"/api/v1/clocks/{eves['id']}/start/", {"side": "b"}).json()
    assert (started["turn"], started["game_turn"]) == (1, 1)
