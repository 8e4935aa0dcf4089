"""Game clocks for timed games (seed 003 §11): services and the one read.

The arithmetic is the engine's pure model (``rules/engine/gameclock.py``); this module
persists its state in :class:`rules.models.GameClock` and feeds it the server's time, so two
phones looking at one clock show the same times. Every change locks the row
(``select_for_update``), so two players pressing at once are applied one after the other.

Chess clock: a side whose total time runs out **flags**: the game ends at once and its whole
army routs (seed 003 §11); ``campaigns.services.clocks.clock_report_to_campaign`` then
reports the linked campaign game (the flagged side loses, every unit of it routed).
Per-turn clock: a side over its turn's allowance is **over time** (seed 003 p.11: it stops
its turn at once, its melees not yet fought do not happen); the game goes on, and the clock
records the turn in ``timed_out_turns`` when the side ends it. :func:`clock_record` hands
those turns (and a chess flag) to the engine when it plays the linked game, so the battle
report ends the same turns for time.

Who may see and press a clock: its creator, both players of its campaign game, and anyone
who joined it with its share code (clocks without a campaign game have one).
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.db import transaction
from django.db.models import Q, QuerySet
from django.utils import timezone

from rules.engine import gameclock
from rules.engine.systems.base import EngineError
from rules.errors import ClockConflict, ClockError, ClockNotFound
from rules.models import ClockMode, GameClock

# Longest allowance accepted: a whole day per player (or per turn).
MAX_LIMIT_MS = 24 * 60 * 60 * 1000
SHARE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
"""Share codes avoid look-alikes (no I, O, 0, 1) so they can be read out across a table."""
SHARE_CODE_LENGTH = 6


@dataclass(frozen=True, slots=True)
class ClockReading:
    """What a clock shows at ``now``: milliseconds left per side, who is running, and the
    side that flagged (chess: game over) or is over its turn's time (per turn)."""

    remaining: dict[str, int]
    active: str | None
    running: bool
    flagged: str | None
    over_time: str | None
    turn: int
    server_ms: int

    @property
    def game_turn(self) -> int:
        """The game turn: both players' turns make one, so the side playing second is on
        turn 1 after the first switch (0 before the clock starts). ``turn`` counts every
        player's turn (each switch adds one)."""
        return (self.turn + 1) // 2

    def to_dict(self) -> dict[str, Any]:
        return {
            "remaining_ms": dict(self.remaining),
            "active": self.active,
            "running": self.running,
            "flagged": self.flagged,
            "over_time": self.over_time,
            "turn": self.turn,
            "game_turn": self.game_turn,
            "server_ms": self.server_ms,
        }


def to_ms(moment: datetime) -> int:
    """Milliseconds since the epoch."""
    return int(moment.timestamp() * 1000)


def _from_ms(ms: int) -> datetime:
    return datetime.fromtimestamp(ms / 1000, tz=timezone.get_current_timezone())


def _state(clock: GameClock) -> gameclock.ClockState:
    return gameclock.ClockState(
        mode=clock.mode,
        limit_ms=int(clock.limit_ms),
        remaining_a=int(clock.remaining_a),
        remaining_b=int(clock.remaining_b),
        active=clock.active or None,
        running=clock.running,
        started_at_ms=to_ms(clock.started_at) if clock.started_at else None,
    )


def _store(clock: GameClock, state: gameclock.ClockState) -> None:
    clock.remaining_a = state.remaining_a
    clock.remaining_b = state.remaining_b
    clock.active = state.active or ""
    clock.running = state.running
    clock.started_at = _from_ms(state.started_at_ms) if state.started_at_ms is not None else None


def _flag_of(clock: GameClock, state: gameclock.ClockState, now_ms: int) -> str | None:
    """The chess-clock side out of time at ``now_ms`` (only the running side can run out)."""
    if clock.flagged:
        return clock.flagged
    if clock.mode != ClockMode.CHESS or not state.running or state.active is None:
        return None
    remaining = gameclock.clock_remaining(state, now_ms)
    return state.active if remaining[state.active] <= 0 else None


def clock_settle(clock: GameClock, now_ms: int) -> bool:
    """Freeze a chess clock that ran out (at the exact moment it hit zero). True if so."""
    state = _state(clock)
    side = _flag_of(clock, state, now_ms)
    if side is None or clock.flagged:
        return False
    left = state.remaining_a if side == "a" else state.remaining_b
    flag_ms = (state.started_at_ms or now_ms) + max(0, left)
    _store(clock, gameclock.clock_pause(state, flag_ms))
    clock.flagged = side
    clock.flagged_at = _from_ms(flag_ms)
    return True


def clock_read(*, clock: GameClock, now: datetime | None = None) -> ClockReading:
    """What ``clock`` shows now (server time); writes nothing."""
    now_ms = to_ms(now or timezone.now())
    state = _state(clock)
    flagged = _flag_of(clock, state, now_ms)
    remaining = gameclock.clock_remaining(state, now_ms)
    if flagged:
        remaining[flagged] = 0
    over_time = None
    if clock.mode == ClockMode.PER_TURN and state.active and remaining[state.active] <= 0:
        over_time = state.active
    return ClockReading(
        remaining=remaining,
        active=state.active,
        running=state.running and flagged is None,
        flagged=flagged,
        over_time=over_time,
        turn=clock.turn,
        server_ms=now_ms,
    )


def clock_record(*, clock: GameClock, now: datetime | None = None) -> gameclock.ClockRecord:
    """What the engine is given when it plays the clock's game: the turns that ran out of
    their per-turn time (the turn running now too, when it is over time) and the chess flag
    with the turn it fell in (seed 003 p.11 timed games)."""
    reading = clock_read(clock=clock, now=now)
    turns = {int(t) for t in clock.timed_out_turns or []}
    if reading.over_time:
        turns.add(clock.turn)
    flagged = (reading.flagged, clock.turn) if reading.flagged else None
    return gameclock.ClockRecord(timed_out_turns=tuple(sorted(turns)), flagged=flagged)


def game_clock_record(*, game: Any, now: datetime | None = None) -> gameclock.ClockRecord:
    """The record of the game's latest clock (an empty record when it has none)."""
    clock = GameClock.objects.filter(game=game).order_by("-created_at", "-id").first()
    return clock_record(clock=clock, now=now) if clock else gameclock.ClockRecord()


def clock_state(*, clock: GameClock, now: datetime | None = None) -> dict[str, Any]:
    """The clock as JSON-ready data: remaining per side from the server's time, the flagged
    side, the turns that ended over time, whether it can be reported."""
    reading = clock_read(clock=clock, now=now)
    return {
        "id": clock.pk,
        "mode": clock.mode,
        "limit_ms": int(clock.limit_ms),
        **reading.to_dict(),
        "timed_out_turns": list(clock.timed_out_turns or []),
        "game": clock.game_id,
        "reported": clock.reported_at is not None,
        "share_code": clock.share_code,
    }


def new_share_code() -> str:
    """A random share code such as ``K7QW2M`` (32 letters and digits, 6 places: about a
    billion codes, so a guessed one almost never opens someone's clock)."""
    return "".join(secrets.choice(SHARE_ALPHABET) for _ in range(SHARE_CODE_LENGTH))


def clocks_for_user(*, user: Any) -> QuerySet[GameClock]:
    """Clocks the user may see and press: their own, those of their campaign games and
    those they joined with a share code; newest first."""
    if not user.is_authenticated:
        return GameClock.objects.none()
    return GameClock.objects.filter(
        Q(created_by=user)
        | Q(game__participant_a__user=user)
        | Q(game__participant_b__user=user)
        | Q(shared_with=user)
    ).distinct()


def clock_join(*, user: Any, code: str) -> GameClock:
    """Join a clock with its share code (spaces and case ignored): from then on the user
    sees it in their list and may press it like its creator. Joining twice, or one's own
    clock, changes nothing."""
    normalised = "".join(str(code).split()).upper()
    clock = (
        GameClock.objects.filter(share_code=normalised).first()
        if len(normalised) == SHARE_CODE_LENGTH and normalised.isascii() and normalised.isalnum()
        else None
    )
    if clock is None:
        raise ClockNotFound(
            "clock.code_unknown",
            f"No clock has this code: a share code is {SHARE_CODE_LENGTH} letters and digits.",
            "code",
        )
    if clock.created_by_id != user.pk:
        clock.shared_with.add(user)
    return clock


def is_game_player(game: Any, user: Any) -> bool:
    """Whether ``user`` plays in the campaign game ``game`` (either side)."""
    if game.participant_a.user_id == user.pk:
        return True
    return bool(game.participant_b_id and game.participant_b.user_id == user.pk)


def clock_create(
    *,
    user: Any,
    mode: str,
    limit_ms: int,
    game: Any | None = None,
) -> GameClock:
    """A stopped clock: ``limit_ms`` per player (chess) or per turn (per_turn), optionally
    for a campaign game the user plays in (seed 003 §11: 1 hour each at 2000 points, or
    10 minutes a turn). A clock without a game gets a share code; a campaign game's one
    clock is made through ``campaigns.services.clocks.game_clock_create``."""
    if mode not in ClockMode.values:
        raise ClockError("clock.mode_invalid", f"mode must be one of {ClockMode.values}.", "mode")
    if isinstance(limit_ms, bool) or not isinstance(limit_ms, int) or limit_ms <= 0:
        raise ClockError("clock.limit_invalid", "limit_ms must be a positive integer.", "limit_ms")
    if limit_ms > MAX_LIMIT_MS:
        raise ClockError("clock.limit_invalid", "limit_ms is at most one day.", "limit_ms")
    if game is not None:
        if game.is_bye or not game.participant_b_id:
            raise ClockError("clock.game_bye", "A bye is not played.", "game")
        if not is_game_player(game, user):
            raise ClockNotFound("clock.game_not_found", "No such game.", "game")
    state = gameclock.new_clock(mode, limit_ms)
    clock = GameClock(
        mode=mode,
        limit_ms=limit_ms,
        game=game,
        created_by=user,
        share_code=None if game is not None else new_share_code(),
    )
    _store(clock, state)
    clock.save()
    return clock


def _change(clock: GameClock, now: datetime | None, step: Any) -> GameClock:
    """Lock the row, settle a flag, refuse a finished game, apply ``step(clock, state, ms)``."""
    with transaction.atomic():
        locked = GameClock.objects.select_for_update().get(pk=clock.pk)
        now_ms = to_ms(now or timezone.now())
        if clock_settle(locked, now_ms):
            locked.save()  # the flag is kept; the press came too late and is refused below
        elif not locked.flagged:
            try:
                step(locked, _state(locked), now_ms)
            except EngineError as exc:
                raise ClockConflict(exc.code, exc.message) from exc
            locked.save()
            return locked
    raise ClockConflict("clock.flagged", f"Side {locked.flagged} ran out of time.")


def clock_start(*, clock: GameClock, side: str = "a", now: datetime | None = None) -> GameClock:
    """Start ``side``'s clock: the player deploying or playing first (seed 003 §11)."""
    if side not in gameclock.SIDES:
        raise ClockError("clock.side_invalid", "side must be 'a' or 'b'.", "side")

    def step(c: GameClock, state: gameclock.ClockState, now_ms: int) -> None:
        if c.active:
            raise ClockConflict("clock.already_started", "The clock was started.")
        _store(c, gameclock.clock_start(state, now_ms, side))
        c.turn = 1

    return _change(clock, now, step)


def clock_switch(
    *, clock: GameClock, side: str | None = None, now: datetime | None = None
) -> GameClock:
    """End of a turn (or of one unit's deployment): stop this side, start the other; a
    per-turn clock gives the new side a fresh allowance (seed 003 §11) and records the turn
    in ``timed_out_turns`` when the side ends it over its allowance (seed 003 p.11: the turn
    stopped when its time ran out). ``side``, when given, is the side ending its turn: a
    second press from another phone is refused instead of switching back."""
    if side is not None and side not in gameclock.SIDES:
        raise ClockError("clock.side_invalid", "side must be 'a' or 'b'.", "side")

    def step(c: GameClock, state: gameclock.ClockState, now_ms: int) -> None:
        if side is not None and state.active != side:
            raise ClockConflict("clock.not_your_turn", f"It is not side {side}'s turn.", "side")
        over = c.mode == ClockMode.PER_TURN and state.active is not None and state.running
        if over and gameclock.clock_remaining(state, now_ms)[state.active] <= 0:
            c.timed_out_turns = sorted({*(c.timed_out_turns or []), c.turn})
        _store(c, gameclock.clock_switch(state, now_ms))
        c.turn += 1

    return _change(clock, now, step)


def clock_pause(*, clock: GameClock, now: datetime | None = None) -> GameClock:
    """Stop the clock while a player steps away or a rule is checked (seed 003 §11)."""
    return _change(clock, now, lambda c, state, ms: _store(c, gameclock.clock_pause(state, ms)))


def clock_resume(*, clock: GameClock, now: datetime | None = None) -> GameClock:
    """Restart the paused clock for the side that was running."""
    return _change(clock, now, lambda c, state, ms: _store(c, gameclock.clock_resume(state, ms)))


def limit_from_minutes(minutes: float) -> int:
    """Minutes as milliseconds (form input)."""
    return int(timedelta(minutes=minutes).total_seconds() * 1000)
