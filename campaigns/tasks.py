"""Celery tasks of the campaigns app: thin wrappers around services (ids in, service call).

Idempotent and acknowledged late, like ``rules.tasks``; transient database errors retry.
"""

from celery import shared_task

from rules.tasks import RETRY


@shared_task(name="campaigns.game_engine_finish", **RETRY)
def game_engine_finish_task(game_id: int) -> None:
    """Resolve a game's battle and attach its report (nothing happens the second time)."""
    from campaigns.services import game_engine_finish

    game_engine_finish(game_id=game_id)


@shared_task(name="campaigns.auto_resolve_overdue", **RETRY)
def auto_resolve_overdue_task() -> list[int]:
    """Beat: auto-resolve the games past their round's deadline (each once)."""
    from campaigns.services import games_auto_resolve_overdue

    return games_auto_resolve_overdue()
