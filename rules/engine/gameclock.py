"""A pure game-clock model for timed games (seed 003 §11).

No clock is read here: every function takes the current time ``now_ms`` (milliseconds) and
returns a new :class:`ClockState`. ``mode`` "chess" gives each side a total time for the
game; "per_turn" gives a fresh allowance at the start of every turn. The side whose time runs
out (``clock_remaining`` reaches 0) flags: in the chess-clock game it counts as routed (its
whole army leaves and victory is scored normally, seed 003 §11); ``rules/clocks.py`` decides
it and persists the state. A per-turn clock records which turns ran over their allowance; that
:class:`ClockRecord` is what a system with timed-game rules is given when the engine plays the
game, so the clock and the report agree on which turns ended for time.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, replace
from typing import Any

from rules.engine.errors import EngineError
from rules.engine.kernel.sides import other

SIDES = ("a", "b")
MODES = ("chess", "per_turn")


@dataclass(frozen=True, slots=True)
class ClockState:
    """Clock state: ``remaining_a``/``remaining_b`` are ms left as of ``started_at_ms``."""

    mode: str
    limit_ms: int
    remaining_a: int
    remaining_b: int
    active: str | None = None
    running: bool = False
    started_at_ms: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def new_clock(mode: str, limit_ms: int) -> ClockState:
    """A stopped clock: total time per player (chess) or time per turn (per_turn), suggested
    1 hour per player at 2000 points or 10 minutes per turn (seed 003 §11)."""
    if mode not in MODES:
        raise EngineError("clock.mode_invalid", f"mode must be one of {MODES}.")
    if not isinstance(limit_ms, int) or limit_ms <= 0:
        raise EngineError("clock.limit_invalid", "limit_ms must be a positive integer.")
    return ClockState(mode, limit_ms, limit_ms, limit_ms)


def _charged(state: ClockState, now_ms: int) -> ClockState:
    """The running side's elapsed time taken off its remaining time."""
    if not state.running or state.active is None or state.started_at_ms is None:
        return state
    if now_ms < state.started_at_ms:
        raise EngineError("clock.time_backwards", "now_ms is earlier than the clock start.")
    spent = now_ms - state.started_at_ms
    if state.active == "a":
        return replace(state, remaining_a=max(0, state.remaining_a - spent), started_at_ms=now_ms)
    return replace(state, remaining_b=max(0, state.remaining_b - spent), started_at_ms=now_ms)


def clock_start(state: ClockState, now_ms: int, side: str = "a") -> ClockState:
    """Start ``side``'s clock (the player deploying or playing first) (seed 003 §11)."""
    if side not in SIDES:
        raise EngineError("clock.side_invalid", "side must be 'a' or 'b'.")
    if state.running:
        raise EngineError("clock.already_running", "The clock is already running.")
    return replace(state, active=side, running=True, started_at_ms=now_ms)


def clock_switch(state: ClockState, now_ms: int) -> ClockState:
    """End of a turn (or of one deployment): stop this side's clock and start the other's; a
    per-turn clock gives the new side a fresh allowance (seed 003 §11)."""
    if not state.running or state.active is None:
        raise EngineError("clock.not_running", "The clock is not running.")
    charged = _charged(state, now_ms)
    nxt = other(state.active)
    if state.mode == "per_turn":
        charged = (
            replace(charged, remaining_a=state.limit_ms)
            if nxt == "a"
            else replace(charged, remaining_b=state.limit_ms)
        )
    return replace(charged, active=nxt, started_at_ms=now_ms)


def clock_pause(state: ClockState, now_ms: int) -> ClockState:
    """Stop the clock while a player steps away or a rule is checked (seed 003 §11)."""
    if not state.running:
        raise EngineError("clock.not_running", "The clock is not running.")
    return replace(_charged(state, now_ms), running=False, started_at_ms=None)


def clock_resume(state: ClockState, now_ms: int) -> ClockState:
    """Restart the paused clock for the side that was active."""
    if state.running:
        raise EngineError("clock.already_running", "The clock is already running.")
    if state.active is None:
        raise EngineError("clock.not_started", "The clock was never started.")
    return replace(state, running=True, started_at_ms=now_ms)


def clock_remaining(state: ClockState, now_ms: int) -> dict[str, int]:
    """Milliseconds left per side at ``now_ms`` (never below zero)."""
    charged = _charged(state, now_ms)
    return {"a": charged.remaining_a, "b": charged.remaining_b}


@dataclass(frozen=True, slots=True)
class ClockRecord:
    """What a game clock recorded for the engine: the turns (numbered as the clock counts
    them, 1 = the first player's first turn) that ran out of their per-turn time, and the
    side and turn whose chess clock flagged (seed 003 p.11 timed games)."""

    timed_out_turns: tuple[int, ...] = ()
    flagged: tuple[str, int] | None = None

    def __bool__(self) -> bool:
        return bool(self.timed_out_turns or self.flagged)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready; empty when nothing ran out (a battle stores ``{}``)."""
        if not self:
            return {}
        return {
            "timed_out_turns": list(self.timed_out_turns),
            "flagged": list(self.flagged) if self.flagged else None,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any] | None) -> ClockRecord:
        """The record stored by :meth:`to_dict` (``{}`` or None: nothing ran out)."""
        data = data or {}
        flagged = data.get("flagged")
        return cls(
            timed_out_turns=tuple(sorted({int(t) for t in data.get("timed_out_turns") or []})),
            flagged=(str(flagged[0]), int(flagged[1])) if flagged else None,
        )
