"""Sharing game clocks: a clock without a campaign game has a share code anyone may join
with; a campaign game has one clock, which both players see; the game turn counts both
players' turns as one (issue 24)."""

from datetime import UTC, datetime, timedelta

import pytest

from campaigns.services.campaigns import campaign_create
from campaigns.services.clocks import game_clock, game_clock_create
from campaigns.services.games import game_create
from campaigns.services.membership import campaign_join
from rules.clocks import (
    SHARE_ALPHABET,
    SHARE_CODE_LENGTH,
    clock_create,
    clock_join,
    clock_read,
    clock_start,
    clock_switch,
    clocks_for_user,
)
from rules.errors import ClockConflict, ClockNotFound
from tests.integration.campaigns.factories import coinflip_roster, make_user

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("coinflip_system")]

T0 = datetime(2024, 5, 1, 18, 0, tzinfo=UTC)


@pytest.fixture
def players():
    return make_user("ann"), make_user("bob"), make_user("eve")


@pytest.fixture
def league_game(players):
    ann, bob, _ = players
    organiser = make_user("org")
    campaign = campaign_create(
        user=organiser, system="coinflip", name="Timed league", points_limit=100, seed=3
    )
    a = campaign_join(user=ann, join_code=campaign.join_code, roster=coinflip_roster(ann))
    b = campaign_join(user=bob, join_code=campaign.join_code, roster=coinflip_roster(bob))
    return game_create(campaign=campaign, user=organiser, participant_a=a, participant_b=b)


def test_a_clock_without_a_game_gets_a_readable_share_code(players):
    clock = clock_create(user=players[0], mode="chess", limit_ms=60_000)
    assert len(clock.share_code) == SHARE_CODE_LENGTH
    assert set(clock.share_code) <= set(SHARE_ALPHABET)
    assert not set("IO01") & set(SHARE_ALPHABET)


def test_joining_with_the_code_shares_the_clock_and_twice_changes_nothing(players):
    ann, bob, eve = players
    clock = clock_create(user=ann, mode="chess", limit_ms=60_000)
    assert not clocks_for_user(user=bob).filter(pk=clock.pk).exists()
    spaced = f" {clock.share_code[:3].lower()} {clock.share_code[3:]} "
    assert clock_join(user=bob, code=spaced) == clock
    assert clock_join(user=bob, code=clock.share_code) == clock
    assert clock_join(user=ann, code=clock.share_code) == clock
    assert list(clock.shared_with.all()) == [bob]
    assert clocks_for_user(user=bob).filter(pk=clock.pk).exists()
    assert not clocks_for_user(user=eve).filter(pk=clock.pk).exists()


@pytest.mark.parametrize("code", ["", "ZZZZZZ", "A" * 40])
def test_an_unknown_code_is_refused_at_the_code_field(players, code):
    with pytest.raises(ClockNotFound) as refused:
        clock_join(user=players[1], code=code)
    assert refused.value.code == "clock.code_unknown"
    assert refused.value.field == "code"


def test_a_campaign_game_has_one_clock_for_both_players(players, league_game):
    ann, bob, eve = players
    clock = game_clock_create(user=ann, game=league_game, mode="chess", limit_ms=60_000)
    assert clock.share_code is None
    assert game_clock(game=league_game) == clock
    with pytest.raises(ClockConflict) as second:
        game_clock_create(user=bob, game=league_game, mode="per_turn", limit_ms=60_000)
    assert second.value.code == "clock.game_has_clock"
    with pytest.raises(ClockNotFound):
        game_clock_create(user=eve, game=league_game, mode="chess", limit_ms=60_000)
    assert clocks_for_user(user=bob).get() == clock


def test_the_game_turn_is_one_on_the_second_players_first_turn(players):
    clock = clock_start(clock=clock_create(user=players[0], mode="chess", limit_ms=60_000), now=T0)
    assert clock_read(clock=clock, now=T0).game_turn == 1
    clock = clock_switch(clock=clock, now=T0 + timedelta(seconds=5))
    reading = clock_read(clock=clock, now=T0 + timedelta(seconds=6))
    assert (reading.turn, reading.game_turn) == (2, 1)
    clock = clock_switch(clock=clock, now=T0 + timedelta(seconds=7))
    assert clock_read(clock=clock, now=T0 + timedelta(seconds=8)).game_turn == 2
