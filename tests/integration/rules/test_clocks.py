"""Game clock services: switch accounting, pause, flag fall, reporting to a campaign game,
who may see a clock (seed 003 §11)."""

from datetime import UTC, datetime, timedelta

import pytest

from campaigns.models import GameStatus
from campaigns.services.campaigns import campaign_create
from campaigns.services.clocks import clock_report_to_campaign
from campaigns.services.games import game_create
from campaigns.services.membership import campaign_join
from rules.clocks import (
    clock_create,
    clock_pause,
    clock_read,
    clock_resume,
    clock_start,
    clock_state,
    clock_switch,
    clocks_for_user,
)
from rules.errors import ClockError
from tests.integration.campaigns.factories import coinflip_roster, make_user

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("coinflip_system")]

T0 = datetime(2024, 5, 1, 18, 0, tzinfo=UTC)
MINUTE = 60_000


def at(seconds: float) -> datetime:
    return T0 + timedelta(seconds=seconds)


@pytest.fixture
def ann():
    return make_user("ann")


@pytest.fixture
def league_game(ann):
    organiser = make_user("org")
    bob = make_user("bob")
    campaign = campaign_create(
        user=organiser, system="coinflip", name="Timed league", points_limit=100, seed=3
    )
    a = campaign_join(user=ann, join_code=campaign.join_code, roster=coinflip_roster(ann))
    b = campaign_join(user=bob, join_code=campaign.join_code, roster=coinflip_roster(bob))
    return game_create(campaign=campaign, user=organiser, participant_a=a, participant_b=b), bob


def test_switch_charges_only_the_running_side(ann):
    # seed 003 §11: each player stops their clock and starts the opponent's
    clock = clock_create(user=ann, mode="chess", limit_ms=10 * MINUTE)
    clock = clock_start(clock=clock, side="a", now=at(0))
    clock = clock_switch(clock=clock, now=at(90))
    reading = clock_read(clock=clock, now=at(120))
    assert reading.remaining == {"a": 10 * MINUTE - 90_000, "b": 10 * MINUTE - 30_000}
    assert reading.active == "b"
    assert clock.turn == 2


def test_two_reads_at_the_same_moment_agree_whoever_asks(ann):
    clock = clock_start(clock=clock_create(user=ann, mode="chess", limit_ms=MINUTE), now=at(0))
    first = clock_state(clock=clock, now=at(12.5))
    second = clock_state(clock=type(clock).objects.get(pk=clock.pk), now=at(12.5))
    assert first == second
    assert first["remaining_ms"]["a"] == MINUTE - 12_500


def test_paused_clock_does_not_run_and_resumes_for_the_same_side(ann):
    # seed 003 §11: stop the timer while a rule is checked
    clock = clock_start(clock=clock_create(user=ann, mode="chess", limit_ms=MINUTE), now=at(0))
    clock = clock_pause(clock=clock, now=at(10))
    assert clock_read(clock=clock, now=at(500)).remaining["a"] == 50_000
    clock = clock_resume(clock=clock, now=at(500))
    assert clock.active == "a"
    assert clock_read(clock=clock, now=at(505)).remaining["a"] == 45_000


def test_pausing_a_paused_clock_is_refused(ann):
    clock = clock_start(clock=clock_create(user=ann, mode="chess", limit_ms=MINUTE), now=at(0))
    clock = clock_pause(clock=clock, now=at(1))
    with pytest.raises(ClockError) as caught:
        clock_pause(clock=clock, now=at(2))
    assert caught.value.code == "clock.not_running"
    assert caught.value.status == 409


def test_chess_clock_flags_at_zero_and_the_game_is_over(ann):
    # seed 003 §11: a player whose clock runs out loses at once, their army routs
    clock = clock_start(clock=clock_create(user=ann, mode="chess", limit_ms=MINUTE), now=at(0))
    clock = clock_switch(clock=clock, now=at(20))
    reading = clock_read(clock=clock, now=at(80))
    assert reading.flagged == "b"
    assert reading.remaining["b"] == 0
    assert not reading.running
    with pytest.raises(ClockError) as caught:
        clock_switch(clock=clock, now=at(81))
    assert caught.value.code == "clock.flagged"
    clock.refresh_from_db()
    assert clock.flagged == "b"
    assert clock.flagged_at == at(80)  # the moment b's minute ran out, not the late press
    assert clock.remaining_a == 40_000


def test_per_turn_clock_is_over_time_but_not_flagged_and_refills_each_turn(ann):
    # seed 003 §11: a fresh allowance each turn; over time only ends the turn
    clock = clock_start(clock=clock_create(user=ann, mode="per_turn", limit_ms=MINUTE), now=at(0))
    reading = clock_read(clock=clock, now=at(70))
    assert reading.over_time == "a"
    assert reading.flagged is None
    clock = clock_switch(clock=clock, now=at(70))
    clock = clock_switch(clock=clock, now=at(100))
    assert clock_read(clock=clock, now=at(100)).remaining["a"] == MINUTE


def test_switch_naming_the_wrong_side_is_refused(ann):
    clock = clock_start(clock=clock_create(user=ann, mode="chess", limit_ms=MINUTE), now=at(0))
    clock_switch(clock=clock, side="a", now=at(5))
    with pytest.raises(ClockError) as caught:
        clock_switch(clock=clock, side="a", now=at(5.2))  # the second phone's late tap
    assert caught.value.code == "clock.not_your_turn"
    clock.refresh_from_db()
    assert clock.active == "b"


def test_bad_mode_and_limit_name_the_field(ann):
    with pytest.raises(ClockError) as caught:
        clock_create(user=ann, mode="hourglass", limit_ms=MINUTE)
    assert caught.value.field == "mode"
    with pytest.raises(ClockError) as caught:
        clock_create(user=ann, mode="chess", limit_ms=0)
    assert caught.value.field == "limit_ms"


def test_report_to_campaign_makes_the_flagged_side_lose_with_its_army_routed(league_game, ann):
    game, bob = league_game
    clock = clock_create(user=ann, mode="chess", limit_ms=MINUTE, game=game)
    clock_start(clock=clock, side="a", now=at(0))
    with pytest.raises(ClockError) as caught:
        clock_report_to_campaign(clock=clock, user=ann, now=at(30))
    assert caught.value.code == "clock.not_flagged"
    game = clock_report_to_campaign(clock=clock, user=bob, now=at(61))
    assert game.status == GameStatus.REPORTED
    assert game.winner == "b"
    routed = {u["status"] for u in game.report["units"] if u["side"] == "a"}
    assert routed == {"routed"}
    assert game.report["extra"]["clock"] == {"id": clock.pk, "flagged": "a"}
    with pytest.raises(ClockError) as caught:
        clock_report_to_campaign(clock=clock, user=bob, now=at(62))
    assert caught.value.code == "clock.reported"


def test_players_of_the_linked_game_see_the_clock_and_others_do_not(league_game, ann):
    game, bob = league_game
    eve = make_user("eve")
    clock = clock_create(user=ann, mode="chess", limit_ms=MINUTE, game=game)
    assert list(clocks_for_user(user=bob)) == [clock]
    assert list(clocks_for_user(user=eve)) == []
    with pytest.raises(ClockError) as caught:
        clock_create(user=eve, mode="chess", limit_ms=MINUTE, game=game)
    assert caught.value.status == 404


def test_clock_page_shows_both_times_and_buttons_and_presses_through_htmx(client, ann):
    # seed 003 §11: the page both players watch; the times come from the server
    client.force_login(ann)
    made = client.post("/clocks/new/", {"mode": "chess", "minutes": "45", "game": ""})
    assert made.status_code == 302
    page_url = made["Location"]
    page = client.get(page_url).content.decode()
    assert 'id="time-a"' in page
    assert ">45:00<" in page
    assert "Start Side A" in page
    assert 'hx-trigger="every 1s"' in page
    clock_id = int(page_url.rstrip("/").rsplit("/", 1)[1])
    pressed = client.post(f"/clocks/{clock_id}/start/", {"side": "b"}, HTTP_HX_REQUEST="true")
    body = pressed.content.decode()
    assert 'id="clock-switch"' in body
    assert 'hx-swap-oob="true"' in body
    assert "End Side B's turn" in body
    bad = client.post("/clocks/new/", {"mode": "chess", "minutes": "-1"})
    assert bad.status_code == 400
    assert "clock-minutes-error" in bad.content.decode()
    other = make_user("eve")
    client.force_login(other)
    assert client.get(page_url).status_code == 404
