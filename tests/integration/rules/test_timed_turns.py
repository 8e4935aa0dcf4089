"""Timed turns end there, on the clock and in the engine's battle (seed 003 p.11 "other
timers": a player over time in their turn stops at once; the melees not yet fought do not
happen and the chargers move back 1"): the per-turn clock records which turns ran out, and
a campaign game the engine plays is given that record."""

from datetime import UTC, datetime, timedelta

import pytest

from campaigns.services.engine import game_play_with_engine
from rules.clocks import (
    clock_create,
    clock_pause,
    clock_record,
    clock_start,
    clock_state,
    clock_switch,
    game_clock_record,
)
from rules.engine.gameclock import ClockRecord
from rules.services import battle_replay
from tests.integration.campaigns.factories import make_user, sample_game

pytestmark = pytest.mark.django_db

T0 = datetime(2024, 5, 1, 18, 0, tzinfo=UTC)
MINUTE = 60_000


def at(minutes: float) -> datetime:
    return T0 + timedelta(minutes=minutes)


def _massbattle_game():
    game = sample_game("massbattle", ("dawnguard-vanguard", "gravemire-tide"))
    return game, game.participant_a.user


def test_a_turn_ended_over_its_allowance_is_recorded():
    user = make_user("ann")
    clock = clock_create(user=user, mode="per_turn", limit_ms=10 * MINUTE)
    clock = clock_start(clock=clock, side="a", now=at(0))
    clock = clock_switch(clock=clock, now=at(9))  # turn 1 in time
    clock = clock_switch(clock=clock, now=at(21))  # turn 2 took 12 minutes of 10
    clock = clock_switch(clock=clock, now=at(25))  # turn 3 in time
    assert clock.timed_out_turns == [2]
    assert clock_state(clock=clock, now=at(26))["timed_out_turns"] == [2]
    # turn 4 is over time now, before its player ends it: the record has it too
    assert clock_record(clock=clock, now=at(36)) == ClockRecord(timed_out_turns=(2, 4))


def test_a_chess_clock_records_the_flag_and_its_turn():
    user = make_user("ann")
    clock = clock_create(user=user, mode="chess", limit_ms=10 * MINUTE)
    clock = clock_start(clock=clock, side="a", now=at(0))
    clock = clock_switch(clock=clock, now=at(5))
    assert clock_record(clock=clock, now=at(20)) == ClockRecord(flagged=("b", 2))
    assert clock.timed_out_turns == []


def test_a_game_without_a_clock_has_an_empty_record():
    game, _user = _massbattle_game()
    assert not game_clock_record(game=game)


def test_the_engine_ends_the_turns_the_games_clock_timed_out():
    game, user = _massbattle_game()
    clock = clock_create(user=user, mode="per_turn", limit_ms=10 * MINUTE, game=game)
    clock = clock_start(clock=clock, side="a", now=at(0))
    clock = clock_switch(clock=clock, now=at(5))
    clock = clock_switch(clock=clock, now=at(16))  # turn 2 over time
    clock = clock_switch(clock=clock, now=at(20))
    clock_pause(clock=clock, now=at(21))  # turn 4 stopped in time
    game = game_play_with_engine(game=game, user=user, seed=11, enqueue=False)
    battle = game.battle
    assert battle.clock == {"timed_out_turns": [2], "flagged": None}
    report = battle.report
    assert report["extra"]["timed_out_turns"] == [2]
    ended = [e for e in report["events"] if e["data"].get("timed_out")]
    assert [e["turn"] for e in ended] == report["extra"]["timed_out_turns"]
    assert battle_replay(battle=battle)["identical"]


def test_the_clock_page_lists_the_turns_ended_over_time(client):
    user = make_user("ann")
    clock = clock_create(user=user, mode="per_turn", limit_ms=MINUTE)
    clock = clock_start(clock=clock, side="a", now=at(0))
    clock_switch(clock=clock, now=at(2))
    client.force_login(user)
    page = client.get(f"/clocks/{clock.pk}/").content.decode()
    assert "Turns ended over time: 1" in page
