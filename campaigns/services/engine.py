"""Engine-played games: a game played by the rules engine from both snapshots (a rules
Battle), its report attached once, and the unattended auto-resolve of overdue games."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone

from campaigns.errors import CampaignConflict
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
from rules.clocks import game_clock_record
from rules.engine.systems import get_system
from rules.models import Battle, JobStatus
from rules.services import battle_create, battle_resolve, send_task_on_commit


def _engine_mission(system: str, mission: str) -> str | None:
    """The game's mission when the engine knows it (else the engine's default)."""
    return mission if mission in get_system(system).missions else None


def _result_action(game: Game, requested_by_id: int | None = None) -> GameAction:
    """The transition the engine's report makes: auto-resolved for an auto-played game;
    reported in the player's name (the opponent confirms) when a player asked for the battle
    and the campaign's ``engine_result`` is "confirm"; otherwise final at once."""
    if game.engine_mode == "auto":
        return GameAction.AUTO_RESULT
    players = {game.participant_a.user_id, game.participant_b.user_id}
    confirm = effective_settings(game.campaign.settings)["engine_result"] == "confirm"
    if confirm and requested_by_id in players:
        return GameAction.ENGINE_REPORT
    return GameAction.ENGINE_RESULT


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
    ``mode`` "auto" marks the game auto-resolved. Idempotent: a game has one battle, and
    asking again while it waits for that battle sends its finishing task again (the first
    message may have been lost); a battle the engine could not play answers 409
    ``game.engine_failed``. A broker that is down leaves the job to the sweeps."""
    action = GameAction.AUTO_PLAY if mode == "auto" else GameAction.PLAY
    if action == GameAction.PLAY:
        game = Game.objects.select_related("participant_a", "participant_b", "campaign").get(
            pk=game.pk
        )
        game_require_role(game, user, action)
    with transaction.atomic():
        game = game_lock(game)
        if game.battle_id is None:
            game_require_state(game, action)
            _create_battle(game, user, seed=seed, mode=mode)
        elif not game_allows(game, _result_action(game)):
            return game
        elif Battle.objects.filter(pk=game.battle_id, status=JobStatus.FAILED).exists():
            raise CampaignConflict(
                "game.engine_failed",
                "The engine could not play this game; an organiser decides its result.",
            )
        if enqueue:
            send_task_on_commit(game_engine_finish_task, game.pk)
    if not enqueue:
        return game_engine_finish(game_id=game.pk)
    return game


def _create_battle(game: Game, user: Any, *, seed: int | None, mode: str) -> None:
    """The locked game's battle from both snapshots (queued; the finishing task plays it),
    with the record of the game's clock: the turns that ran out of time end there in the
    battle as on the table (seed 003 p.11)."""
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
        clock=game_clock_record(game=game).to_dict(),
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


def game_engine_finish(*, game_id: int) -> Game:
    """Resolve the game's battle (idempotent) and attach its report once. A battle another
    worker holds is left to it: the game is finished when that battle is (see
    :func:`games_finish_engine_played`)."""
    game = Game.objects.get(pk=game_id)
    if game.battle_id is None or not game_allows(game, _result_action(game)):
        return game
    battle = battle_resolve(battle_id=game.battle_id)
    if battle.status in (JobStatus.QUEUED, JobStatus.RUNNING):
        return game
    with transaction.atomic():
        game = game_lock(game)
        action = _result_action(game, battle.requested_by_id)
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
        data = {
            "battle": battle.pk,
            "winner": game.winner or None,
            "scores": report["scores"],
            "report_hash": battle.report_hash,
        }
        status = game_require_state(game, action)
        if action == GameAction.ENGINE_REPORT:
            game.status = status
            game.reported_by_id = battle.requested_by_id
            game.reported_at = timezone.now()
            game.save()
            audit_game(game, None, "engine_reported", data)
        else:
            game_finalise(game, status, None, "engine_result", data=data)
    return game


def games_finish_engine_played() -> list[int]:
    """Beat: every open game whose battle is resolved gets the battle's report, however the
    battle got resolved (its finishing task, a resend by the stale-job sweep, a redelivery),
    so no lost message leaves an engine-played game unfinished. Returns the games finished."""
    waiting = (
        Game.objects.filter(status__in=OPEN_STATUSES, battle__status=JobStatus.RESOLVED)
        .order_by("id")
        .values_list("id", flat=True)
    )
    return [
        game.pk
        for game in (game_engine_finish(game_id=game_id) for game_id in waiting)
        if game.status not in OPEN_STATUSES
    ]


def _deadline_passed(game: Game, now: datetime) -> bool:
    """Whether the campaign lets the engine take the game and its deadline and grace passed."""
    settings = effective_settings(game.campaign.settings)
    if settings["auto_resolve"] != "engine" or game.round is None or not game.round.deadline:
        return False
    return game.round.deadline + timedelta(hours=int(settings["grace_hours"])) <= now


def games_auto_resolve_overdue(*, now: datetime | None = None, enqueue: bool = True) -> list[int]:
    """Games past their round's deadline without a final result: a reported one is
    confirmed as reported (unless ``replay_reported``), the rest are played by the engine
    and marked auto-resolved; one whose battle is still unfinished has its finishing task
    sent again (a battle the engine failed is left to the organiser). Safe to run again."""
    now = now or timezone.now()
    overdue = (
        Game.objects.filter(
            campaign__status=CampaignStatus.RUNNING,
            status__in=OPEN_STATUSES,
            participant_b__isnull=False,
            round__deadline__isnull=False,
            round__deadline__lte=now,
        )
        .exclude(battle__status=JobStatus.FAILED)
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
