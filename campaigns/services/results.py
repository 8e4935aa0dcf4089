"""Results of a game: a player reports, the opponent confirms or disputes, an organiser
decides (or corrects) and reverses. Each step is a transition of
:mod:`campaigns.lifecycle`, checked with the game row locked."""

from __future__ import annotations

import json
from typing import Any

from django.db import transaction
from django.utils import timezone

from campaigns.errors import CampaignError
from campaigns.lifecycle import GameAction, game_require
from campaigns.models import FINAL_STATUSES, Game
from campaigns.results import manual_report
from campaigns.services.audit import audit_game
from campaigns.services.between_games import between_games_check, between_games_undo
from campaigns.services.games import game_lock, game_take_snapshots, game_update_followers
from campaigns.services.ledger import (
    apply_post_battle,
    post_battle_recompute_after,
    post_battle_void,
)
from rules.engine.systems import get_system


def _set_result(
    game: Game,
    *,
    winner: str | None,
    scores: dict[str, int],
    units: list[dict[str, Any]],
    mission_outcome: dict[str, Any],
) -> None:
    """A manual result as the game's BattleReport-shaped report, winner and scores."""
    game_take_snapshots(game)
    game.report = manual_report(
        system=game.campaign.system,
        mission=game.mission,
        snapshots={"a": game.snapshot_a, "b": game.snapshot_b},
        winner=winner,
        scores=scores,
        units=units,
        mission_outcome=mission_outcome,
    )
    game.winner = winner or ""
    game.score_a = int(scores.get("a", 0))
    game.score_b = int(scores.get("b", 0))
    game.mission_outcome = mission_outcome


def check_winner_against_scores(
    game: Game, winner: str | None, scores: dict[str, int], mission_outcome: dict[str, Any]
) -> None:
    """Refuse a result whose winner the scores contradict under the system's victory rule
    (``GameSystem.results``: VP in grimdark, a lead in mass battle; a rout decides in
    Mordheim and GURPS), so a slip of the winner field never counts."""
    held = mission_outcome.get("objectives_held") if isinstance(mission_outcome, dict) else None
    problem = get_system(game.campaign.system).results.contradiction(
        mission=game.mission,
        winner=winner,
        scores=scores,
        objectives=held if isinstance(held, dict) else {},
    )
    if problem:
        raise CampaignError("result.winner_contradicts_scores", problem, "winner")


def _same_result(game: Game, result: dict[str, Any]) -> bool:
    """Whether ``result`` (winner, scores, units, mission outcome) would store the report
    the game already has: compared as stored JSON."""
    candidate = Game(
        campaign=game.campaign,
        mission=game.mission,
        snapshot_a=game.snapshot_a,
        snapshot_b=game.snapshot_b,
        participant_b_id=game.participant_b_id,
    )
    _set_result(candidate, **result)
    return json.loads(json.dumps(candidate.report)) == game.report


def _result_data(game: Game, units: list[dict[str, Any]]) -> dict[str, Any]:
    """The game's result as the audit log records it."""
    return {
        "winner": game.winner or None,
        "scores": {"a": game.score_a, "b": game.score_b},
        "mission_outcome": game.mission_outcome,
        "units": units,
    }


def game_finalise(
    game: Game, status: str, actor: Any, action: str, data: dict[str, Any] | None = None
) -> None:
    """Mark the game final, apply post-battle once, update linked games, audit."""
    game.status = status
    if game.resolved_at is None:
        game.resolved_at = timezone.now()
    game.save()
    runs = apply_post_battle(game=game)
    game_update_followers(game)
    audit_game(
        game,
        actor,
        action,
        {**(data or {}), "status": status, "post_battle_runs": [r.pk for r in runs]},
    )


def game_report_result(
    *,
    game: Game,
    user: Any,
    winner: str | None,
    scores: dict[str, int],
    units: list[dict[str, Any]] | None = None,
    mission_outcome: dict[str, Any] | None = None,
    check_scores: bool = True,
) -> Game:
    """Either player reports (winner or draw, scores, mission outcome, per-unit and
    per-fighter outcomes); the opponent then confirms or disputes. A winner the scores
    contradict is refused unless ``check_scores`` is False (a flagged clock decides)."""
    with transaction.atomic():
        game = game_lock(game)
        status = game_require(game, user, GameAction.REPORT)
        if check_scores:
            check_winner_against_scores(game, winner, scores, mission_outcome or {})
        _set_result(
            game,
            winner=winner,
            scores=scores,
            units=units or [],
            mission_outcome=mission_outcome or {},
        )
        game.status = status
        game.reported_by = user
        game.reported_at = timezone.now()
        game.save()
        audit_game(game, user, "result_reported", _result_data(game, units or []))
    return game


def game_confirm(*, game: Game, user: Any) -> Game:
    """The opponent of the reporter confirms: the result counts and post-battle applies."""
    with transaction.atomic():
        game = game_lock(game)
        status = game_require(game, user, GameAction.CONFIRM)
        game.confirmed_by = user
        game_finalise(game, status, user, "result_confirmed")
    return game


def game_dispute(*, game: Game, user: Any, reason: str) -> Game:
    """The opponent disputes a reported result, saying why; an organiser decides on it."""
    reason = reason.strip()
    if not reason:
        raise CampaignError(
            "game.dispute_reason",
            "Say why the result is wrong: the organiser decides on what you write.",
            "reason",
        )
    with transaction.atomic():
        game = game_lock(game)
        game.status = game_require(game, user, GameAction.DISPUTE)
        game.dispute_reason = reason
        game.save(update_fields=["status", "dispute_reason"])
        audit_game(game, user, "result_disputed", {"reason": reason})
    return game


def game_decide(
    *,
    game: Game,
    user: Any,
    winner: str | None,
    scores: dict[str, int],
    units: list[dict[str, Any]] | None = None,
    mission_outcome: dict[str, Any] | None = None,
    note: str = "",
) -> Game:
    """An organiser decides a dispute, enters a result, or corrects a finished one (its
    effects are reversed, the new result applied and later games recomputed). Deciding a
    final game again with the result it already has is that same decision: nothing changes
    (a double submit never voids and re-applies the ledger)."""
    with transaction.atomic():
        game = game_lock(game)
        status = game_require(game, user, GameAction.DECIDE)
        check_winner_against_scores(game, winner, scores, mission_outcome or {})
        correcting = game.status in FINAL_STATUSES
        result = {
            "winner": winner,
            "scores": scores,
            "units": units or [],
            "mission_outcome": mission_outcome or {},
        }
        if correcting and status == game.status and _same_result(game, result):
            return game
        previous = _result_data(game, [])
        if correcting:
            post_battle_void(game, game.participant_ids(), f"corrected by organiser: {note}"[:200])
        _set_result(game, **result)
        game.confirmed_by = user
        data = {
            **_result_data(game, units or []),
            "note": note,
            "previous": previous,
            "was": game.status,
        }
        game_finalise(game, status, user, "result_decided", data=data)
        if correcting:
            post_battle_recompute_after(game, user)
    return game


def game_reverse(*, game: Game, user: Any, reason: str = "") -> Game:
    """Organiser only: the game no longer counts, its effects are removed (runs marked
    reversed, the trades made after it undone: ``between_games``; refused while a later game
    was played with them) and later games of its participants are recomputed."""
    with transaction.atomic():
        game = game_lock(game)
        status = game_require(game, user, GameAction.REVERSE)
        between_games_check(game)
        was = game.status
        voided = post_battle_void(game, game.participant_ids(), f"reversed: {reason}")
        between_games_undo(game, user)
        game.status = status
        game.save(update_fields=["status"])
        audit_game(
            game,
            user,
            "game_reversed",
            {
                "reason": reason,
                "was": was,
                "runs_reversed": voided,
                "winner": game.winner or None,
            },
        )
        post_battle_recompute_after(game, user)
    return game
