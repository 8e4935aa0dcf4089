"""Engine-played games: a game played by the rules engine from both snapshots (a rules
Battle), its report attached once, and the unattended auto-resolve of overdue games."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone

from campaigns.house_rules import effective_settings, engine_settings
from campaigns.lifecycle import (
    OPEN_STATUSES,
    GameAction,
    game_allows,
    game_require_role,
    game_require_state,
)
from campaigns.models import CampaignStatus, Game
from campaigns.services.audit import audit_game
from campaigns.services.games import game_lock, game_take_snapshots
from campaigns.services.results import game_finalise
from campaigns.tasks import game_engine_finish_task
from rules.engine.systems import get_system
from rules.models import JobStatus
from rules.services import battle_create, battle_resolve


def _engine_mission(system: str, mission: str) -> str | None:
    """The game's mission when the engine knows it (else the engine's default)."""
    return mission if mission in get_system(system).missions else None


def _result_action(game: Game) -> GameAction:
    """The transition the engine's report makes: auto-resolved for an auto-played game."""
    return GameAction.AUTO_RESULT if game.engine_mode == "auto" else GameAction.ENGINE_RESULT


def game_play_with_engine(
    *,
    game: Game,
    user: Any,
    seed: int | None = None,
    enqueue: bool = True,
    mode: str = "played",
) -> Game:
    """Resolve the game with the engine from the two snapshots (a rules Battle); the result
    is attached when the battle is resolved (in a worker, or at once without ``enqueue``).
    ``mode`` "auto" marks the game auto-resolved. Idempotent: a game has one battle."""
    action = GameAction.AUTO_PLAY if mode == "auto" else GameAction.PLAY
    if action == GameAction.PLAY:
        game = Game.objects.select_related("participant_a", "participant_b", "campaign").get(
            pk=game.pk
        )
        game_require_role(game, user, action)
    with transaction.atomic():
        game = game_lock(game)
        if game.battle_id is not None:
            return game
        game_require_state(game, action)
        game_take_snapshots(game)
        battle = battle_create(
            requested_by=user if getattr(user, "is_authenticated", False) else None,
            snapshot_a=game.snapshot_a,
            snapshot_b=game.snapshot_b,
            roster_a=game.participant_a.roster,
            roster_b=game.participant_b.roster,
            mission=_engine_mission(game.campaign.system, game.mission),
            seed=seed,
            enqueue=False,
            settings=engine_settings(game.campaign.settings),
        )
        game.battle_id = battle.pk
        game.engine_mode = mode
        game.save()
        audit_game(
            game,
            user,
            f"engine_{mode}",
            {"battle": battle.pk, "seed": battle.seed, "mission": battle.mission},
        )
        if enqueue:
            game_engine_finish_task.delay_on_commit(game.pk)
    if not enqueue:
        return game_engine_finish(game_id=game.pk)
    return game


def game_engine_finish(*, game_id: int) -> Game:
    """Resolve the game's battle (idempotent) and attach its report once."""
    game = Game.objects.get(pk=game_id)
    if game.battle_id is None or not game_allows(game, _result_action(game)):
        return game
    battle = battle_resolve(battle_id=game.battle_id)
    with transaction.atomic():
        game = game_lock(game)
        action = _result_action(game)
        if not game_allows(game, action):
            return game
        if battle.status != JobStatus.RESOLVED:
            audit_game(
                game, None, "engine_failed", {"battle": battle.pk, "reason": battle.failure_reason}
            )
            return game
        report = {k: v for k, v in battle.report.items() if k != "events"}
        game.report = report
        game.winner = report.get("winner") or ""
        game.score_a = int(report["scores"].get("a", 0))
        game.score_b = int(report["scores"].get("b", 0))
        if not game.mission:
            game.mission = battle.mission
        game_finalise(
            game,
            game_require_state(game, action),
            None,
            "engine_result",
            data={
                "battle": battle.pk,
                "winner": game.winner or None,
                "scores": report["scores"],
                "report_hash": battle.report_hash,
            },
        )
    return game


def _deadline_passed(game: Game, now: datetime) -> bool:
    """Whether the campaign lets the engine take the game and its deadline and grace passed."""
    settings = effective_settings(game.campaign.settings)
    if settings["auto_resolve"] != "engine" or game.round is None or not game.round.deadline:
        return False
    return game.round.deadline + timedelta(hours=int(settings["grace_hours"])) <= now


def games_auto_resolve_overdue(*, now: datetime | None = None, enqueue: bool = True) -> list[int]:
    """Games past their round's deadline without a final result: a reported one is
    confirmed as reported (unless ``replay_reported``), the rest are played by the engine
    and marked auto-resolved. Safe to run again: a game is taken once."""
    now = now or timezone.now()
    overdue = (
        Game.objects.filter(
            campaign__status=CampaignStatus.RUNNING,
            status__in=OPEN_STATUSES,
            participant_b__isnull=False,
            battle_id__isnull=True,
            round__deadline__isnull=False,
            round__deadline__lte=now,
        )
        .select_related("campaign", "round")
        .order_by("id")
    )
    taken = []
    for game in overdue:
        if not _deadline_passed(game, now):
            continue
        settings = effective_settings(game.campaign.settings)
        if game_allows(game, GameAction.AUTO_CONFIRM) and not settings["replay_reported"]:
            with transaction.atomic():
                locked = game_lock(game)
                if not game_allows(locked, GameAction.AUTO_CONFIRM):
                    continue
                game_finalise(
                    locked,
                    game_require_state(locked, GameAction.AUTO_CONFIRM),
                    None,
                    "auto_confirmed",
                    data={"deadline": game.round.deadline.isoformat()},
                )
        else:
            game_play_with_engine(game=game, user=None, enqueue=enqueue, mode="auto")
        taken.append(game.pk)
    return taken
