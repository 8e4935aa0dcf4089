"""The stale-job sweep (beat task ``rules.requeue_stale``, every ``RULES_REQUEUE_STALE_EVERY``
= 15 s, and once when beat starts): send again what a lost message or a lost worker left
behind, and nothing else.

- A running job is left alone while its lease is live (its worker renews it,
  rules/leases.py); once the lease has passed, the worker is gone and the job is sent again.
- A queued job, or a stalled one, is not sent again while the broker holds a message that
  will still run it: one waiting in a queue, or one a worker took less than a lease ago
  (rules/broker.py). So a long queue under overload never grows with duplicates.
- When the broker cannot be read (the embedded SQLAlchemy transport), a queued job is sent
  again once older than :data:`STALE_AFTER` and a stalled one at once (for a simulation, its
  run task, which sends every chunk not stored yet: a chunk stored meanwhile is skipped).

Every task is idempotent, so a resend that races a slow message costs only time.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.db.models import Q
from django.utils import timezone

from rules.broker import BrokerMessages, MessageKey, broker_messages
from rules.leases import lease_seconds
from rules.models import Battle, JobStatus, Simulation
from rules.services import simulation_missing_chunks
from rules.tasks import battle_resolve_task, simulation_chunk_task, simulation_run_task

# A queued job is sent again after this when the broker cannot be read.
STALE_AFTER = timedelta(minutes=5)


def _stalled(now: datetime) -> Q:
    """Running with a lease that has passed (or none: a row from before leases)."""
    return Q(status=JobStatus.RUNNING) & (
        Q(lease_expires_at__lt=now) | Q(lease_expires_at__isnull=True)
    )


class _Judge:
    """Whether a job needs a new message, from what the broker holds (if readable)."""

    def __init__(self, messages: BrokerMessages | None, now: datetime) -> None:
        self.messages = messages
        self.taken_after = (now - timedelta(seconds=lease_seconds())).timestamp()

    def needs_message(self, key: MessageKey) -> bool:
        return self.messages is None or not self.messages.live(key, taken_after=self.taken_after)


def jobs_requeue_stale(*, now: datetime | None = None) -> dict[str, list[int]]:
    """Send again the battles and simulations no live message or worker will finish; the
    ids sent (a simulation's when its run task or any of its chunks was sent)."""
    now = now or timezone.now()
    messages = broker_messages()
    judge = _Judge(messages, now)
    # With the broker readable, a queued job's missing message is known within a lease.
    queued_age = timedelta(seconds=lease_seconds()) if messages is not None else STALE_AFTER
    queued = Q(status=JobStatus.QUEUED, created_at__lt=now - queued_age)

    battles = [
        pk
        for pk in Battle.objects.filter(queued | _stalled(now))
        .order_by("pk")
        .values_list("pk", flat=True)
        if judge.needs_message(("rules.battle_resolve", (pk,)))
    ]
    for battle_id in battles:
        battle_resolve_task.delay(battle_id)

    simulations: list[int] = []
    for simulation in Simulation.objects.filter(queued | _stalled(now)).order_by("pk"):
        if not judge.needs_message(("rules.simulation_run", (simulation.pk,))):
            continue
        if simulation.status == JobStatus.QUEUED or messages is None:
            simulation_run_task.delay(simulation.pk)
            simulations.append(simulation.pk)
            continue
        lost = [
            index
            for index in simulation_missing_chunks(simulation)
            if judge.needs_message(("rules.simulation_chunk", (simulation.pk, index)))
        ]
        for index in lost:
            simulation_chunk_task.delay(simulation.pk, index)
        if lost:
            simulations.append(simulation.pk)
    return {"battles": battles, "simulations": simulations}
