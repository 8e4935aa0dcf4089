"""The pure game clock for timed games (seed 003 §11)."""

from __future__ import annotations

import pytest

from rules.engine.gameclock import (
    clock_pause,
    clock_remaining,
    clock_resume,
    clock_start,
    clock_switch,
    new_clock,
)
from rules.engine.systems.base import EngineError


def test_chess_clock_charges_only_the_running_side():  # seed 003 §11 chess clock
    state = clock_start(new_clock("chess", 60_000), 1_000, "a")
    state = clock_switch(state, 11_000)
    assert clock_remaining(state, 16_000) == {"a": 50_000, "b": 55_000}


def test_pause_stops_the_clock():  # seed 003 §11: stop the timer while checking a rule
    state = clock_pause(clock_start(new_clock("chess", 10_000), 0), 4_000)
    assert clock_remaining(state, 99_000)["a"] == 6_000
    state = clock_resume(state, 100_000)
    assert clock_remaining(state, 101_000)["a"] == 5_000


def test_per_turn_clock_resets_each_turn():  # seed 003 §11 time per turn
    state = clock_start(new_clock("per_turn", 600_000), 0)
    state = clock_switch(state, 500_000)
    state = clock_switch(state, 900_000)
    assert clock_remaining(state, 900_000) == {"a": 600_000, "b": 200_000}


def test_clock_errors_have_codes():
    with pytest.raises(EngineError) as info:
        new_clock("hourglass", 10)
    assert info.value.code == "clock.mode_invalid"
    with pytest.raises(EngineError) as info:
        clock_switch(new_clock("chess", 10), 0)
    assert info.value.code == "clock.not_running"
