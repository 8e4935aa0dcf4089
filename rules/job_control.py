"""Fair use of the workers: per-user limits on queued and running battles and simulations,
and cancelling a simulation (issue 22 §6).

A user may have at most ``MUSTER_MAX_ACTIVE_BATTLES`` battles and
``MUSTER_MAX_ACTIVE_SIMULATIONS`` simulations queued or running at once; one more answers
429 naming the limit. The throttles bound how often a user asks; these bound how much of
the workers one user holds. Bulk simulations also run on their own Celery queue
(``simulations``, see ``CELERY_TASK_ROUTES``), so single battles never wait behind them.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Model
from django.utils import timezone

from rules.errors import JobLimitReached, SimulationFinished
from rules.models import ACTIVE_JOB_STATUSES, Battle, JobStatus, Simulation

LIMITS: dict[type[Model], tuple[str, str]] = {
    Battle: ("MUSTER_MAX_ACTIVE_BATTLES", "battles"),
    Simulation: ("MUSTER_MAX_ACTIVE_SIMULATIONS", "simulations"),
}


def job_limit_check(*, user: Any, kind: type[Battle] | type[Simulation]) -> None:
    """Refuse (429 ``jobs.limit_reached``) one more battle or simulation for a user who
    already has the most allowed queued or running. Call it inside the transaction that
    creates the job: the user's row is locked, so two requests at once cannot both pass."""
    setting, noun = LIMITS[kind]
    limit = int(getattr(settings, setting))
    get_user_model().objects.select_for_update().filter(pk=user.pk).first()
    active = kind.objects.filter(requested_by=user, status__in=ACTIVE_JOB_STATUSES).count()
    if active >= limit:
        raise JobLimitReached(
            "jobs.limit_reached",
            f"You have {active} {noun} queued or running, the most allowed ({setting}="
            f"{limit}); wait for one to finish"
            + (" or cancel one." if kind is Simulation else "."),
        )


def simulation_cancel(*, simulation: Simulation) -> Simulation:
    """Cancel a queued or running simulation: its remaining chunks do nothing when their
    tasks run (the chunk service skips a finished simulation) and no result is stored.
    Cancelling a finished simulation is refused (409 ``simulation.finished``)."""
    with transaction.atomic():
        locked = Simulation.objects.select_for_update().get(pk=simulation.pk)
        if locked.status not in ACTIVE_JOB_STATUSES:
            raise SimulationFinished(
                "simulation.finished", f"The simulation is already {locked.status}."
            )
        locked.status = JobStatus.CANCELLED
        locked.failure_reason = "Cancelled by its requester."
        locked.finished_at = timezone.now()
        locked.save(update_fields=["status", "failure_reason", "finished_at"])
    return locked
