"""A game clock's campaign use cases: a campaign game has one clock, which both players
find from their game (the second player opens it, never starts another), and once a chess
clock has flagged its game is reported in one step (seed 003 §11; the flagged side loses
and its army routs)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.db import transaction
from django.utils import timezone

from campaigns.models import Game
from campaigns.services.results import game_report_result
from campaigns.services.rosters import participant_snapshot
from rules.clocks import clock_create, clock_settle, is_game_player, to_ms
from rules.errors import ClockConflict, ClockError, ClockNotFound
from rules.models import GameClock


def game_clock(*, game: Game) -> GameClock | None:
    """The campaign game's clock (the oldest, should an older database hold two)."""
    return GameClock.objects.filter(game=game).order_by("created_at", "id").first()


def game_clock_create(*, user: Any, game: Game, mode: str, limit_ms: int) -> GameClock:
    """The one clock of a campaign game: refused (``clock.game_has_clock``, 409) when the
    game has one, so the opponent opening the game's clock never starts a second (someone
    not playing in the game is answered 404 first). The game row is locked so two players
    pressing at once make one clock."""
    with transaction.atomic():
        locked = (
            Game.objects.select_for_update(of=("self",))
            .select_related("participant_a", "participant_b")
            .get(pk=game.pk)
        )
        if not is_game_player(locked, user):
            raise ClockNotFound("clock.game_not_found", "No such game.", "game")
        if game_clock(game=locked) is not None:
            raise ClockConflict(
                "clock.game_has_clock", "This game already has a clock: open it.", "game"
            )
        return clock_create(user=user, mode=mode, limit_ms=limit_ms, game=locked)


def _routed_units(game: Game, side: str) -> list[dict[str, Any]]:
    """Every unit of ``side`` as routed: the flagged army leaves the table."""
    snapshot = game.snapshot_a if side == "a" else game.snapshot_b
    if snapshot is None:
        participant = game.participant_a if side == "a" else game.participant_b
        snapshot = participant_snapshot(participant=participant)
    return [{"side": side, "id": unit["id"], "status": "routed"} for unit in snapshot["units"]]


def clock_report_to_campaign(
    *,
    clock: GameClock,
    user: Any,
    scores: dict[str, int] | None = None,
    now: datetime | None = None,
) -> Game:
    """Report the linked campaign game in one step once a chess clock has flagged: the
    flagged side loses and all its units rout; the opponent then confirms as for any
    reported result. ``scores`` default to nothing scored."""
    with transaction.atomic():
        locked = GameClock.objects.select_for_update().get(pk=clock.pk)
        if clock_settle(locked, to_ms(now or timezone.now())):
            locked.save()
        if locked.game_id is None:
            raise ClockError("clock.no_game", "This clock is not linked to a campaign game.")
        if not locked.flagged:
            raise ClockConflict("clock.not_flagged", "No side has run out of time.")
        if locked.reported_at is not None:
            raise ClockConflict("clock.reported", "The result was already reported.")
        game = locked.game
        winner = "b" if locked.flagged == "a" else "a"
        game = game_report_result(
            game=game,
            user=user,
            winner=winner,
            scores=scores or {"a": 0, "b": 0},
            units=_routed_units(game, locked.flagged),
            mission_outcome={"clock": {"id": locked.pk, "flagged": locked.flagged}},
            check_scores=False,  # the flag decides the winner whatever was scored
        )
        locked.reported_at = timezone.now()
        locked.save(update_fields=["reported_at", "updated_at"])
        clock.reported_at = locked.reported_at
    return game
