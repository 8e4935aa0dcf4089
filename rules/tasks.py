"""Celery tasks of the rules app: thin wrappers around services (ids in, service call).

All are idempotent and acknowledged late, so a redelivered or retried task is harmless;
transient database errors are retried with back-off. A task imports its service when it
runs: the services enqueue these tasks, so this module loads nothing of the services (the
dependency goes services → tasks only).
"""

from celery import shared_task
from django.db import InterfaceError, OperationalError

TRANSIENT_ERRORS = (OperationalError, InterfaceError)
RETRY = {
    "acks_late": True,
    "autoretry_for": TRANSIENT_ERRORS,
    "retry_backoff": True,
    "retry_backoff_max": 60,
    "max_retries": 8,
}


@shared_task(name="rules.ping", ignore_result=False)
def ping_task(value: str) -> str:
    """A trivial task proving a worker runs and stores results: returns ``pong:<value>``."""
    return f"pong:{value}"


@shared_task(name="rules.battle_resolve", **RETRY)
def battle_resolve_task(battle_id: int) -> None:
    """Resolve one battle (nothing happens if it is already resolved)."""
    from rules.services import battle_resolve

    battle_resolve(battle_id=battle_id)


@shared_task(name="rules.simulation_run", **RETRY)
def simulation_run_task(simulation_id: int) -> None:
    """Send the chunk tasks of a simulation that are not stored yet."""
    from rules.services import simulation_run

    simulation_run(simulation_id=simulation_id)


@shared_task(name="rules.simulation_chunk", **RETRY)
def simulation_chunk_task(simulation_id: int, index: int) -> None:
    """Play and store one chunk of a simulation (once), finishing it if it was the last."""
    from rules.services import simulation_run_chunk

    simulation_run_chunk(simulation_id=simulation_id, index=index)


@shared_task(name="rules.requeue_stale", **RETRY)
def requeue_stale_task() -> None:
    """Beat: send again battles and simulations that a lost message or worker left behind."""
    from rules.sweep import jobs_requeue_stale

    jobs_requeue_stale()
