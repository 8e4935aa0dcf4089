"""Celery tasks of the campaigns app: thin wrappers around services (ids in, service call).

Idempotent and acknowledged late, like ``rules.tasks``; transient database errors retry.
A task imports its service when it runs: the engine service enqueues these tasks, so this
module loads nothing of the services (the dependency goes services → tasks only).
"""

from celery import shared_task

from rules.tasks import RETRY


@shared_task(name="campaigns.game_engine_finish", **RETRY)
def game_engine_finish_task(game_id: int) -> None:
    """Resolve a game's battle and attach its report (nothing happens the second time)."""
    from campaigns.services.engine import game_engine_finish

    game_engine_finish(game_id=game_id)


@shared_task(name="campaigns.auto_resolve_overdue", **RETRY)
def auto_resolve_overdue_task() -> list[int]:
    """Beat: auto-resolve the games past their round's deadline (each once)."""
    from campaigns.services.engine import games_auto_resolve_overdue

    return games_auto_resolve_overdue()


@shared_task(name="campaigns.finish_engine_games", **RETRY)
def finish_engine_games_task() -> list[int]:
    """Beat: attach the report of every resolved battle to its still open game."""
    from campaigns.services.engine import games_finish_engine_played

    return games_finish_engine_played()
