"""Leases on running jobs: a worker that claims a battle or a simulation sets
``lease_expires_at`` and renews it every third of ``JOB_LEASE_SECONDS`` while it works.

A lease that has passed is the sign of a lost worker (SIGKILL, out of memory, a machine gone):
nothing else renews it. The API then shows the job ``stalled`` and ``jobs_requeue_stale``
sends it again, and a claim of an expired lease is the one thing counted as a lost attempt;
a duplicate delivery that finds a live lease leaves the job to its holder.
"""

from __future__ import annotations

import logging
import os
import socket
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime, timedelta

from django.conf import settings
from django.db import DatabaseError, connection
from django.db.models import Model, Q
from django.utils import timezone

from rules.models import JobStatus

logger = logging.getLogger(__name__)


def lease_seconds() -> int:
    """How long a lease lasts without renewal (``JOB_LEASE_SECONDS``, 30 by default)."""
    return settings.JOB_LEASE_SECONDS


def lease_deadline(now: datetime | None = None) -> datetime:
    """When a lease taken or renewed ``now`` expires."""
    return (now or timezone.now()) + timedelta(seconds=lease_seconds())


def lease_holder() -> str:
    """This process as a lease holder: ``<host>:<pid>``."""
    return f"{socket.gethostname()}:{os.getpid()}"


def holder_is_gone(holder: str) -> bool:
    """Whether ``holder`` is a process of this host that no longer exists (its lease is
    void at once); a holder on another host is judged by its lease's time alone."""
    host, _, pid = holder.rpartition(":")
    if host != socket.gethostname() or not pid.isdigit():
        return False
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return True
    except PermissionError:
        return False
    return False


def claimable(model: type[Model], pk: int, now: datetime) -> Q:
    """Which state of job ``pk`` a worker may claim: queued, or running with a lease that
    has passed or whose holder process on this host is gone. A running job with a live
    lease belongs to the process renewing it (a duplicate delivery leaves it alone)."""
    claim = Q(status=JobStatus.QUEUED) | Q(
        Q(lease_expires_at__isnull=True) | Q(lease_expires_at__lt=now), status=JobStatus.RUNNING
    )
    holder = (
        model.objects.filter(pk=pk, status=JobStatus.RUNNING)
        .values_list("lease_holder", flat=True)
        .first()
    )
    if holder and holder_is_gone(holder):
        claim |= Q(status=JobStatus.RUNNING, lease_holder=holder)
    return claim


def lease_renew(model: type[Model], pk: int) -> bool:
    """Push the lease of a running job forward; False when it is no longer running."""
    return bool(
        model.objects.filter(pk=pk, status=JobStatus.RUNNING).update(
            lease_expires_at=lease_deadline()
        )
    )


@contextmanager
def lease_kept(model: type[Model], pk: int) -> Iterator[None]:
    """Renew the job's lease from a helper thread while the body runs (the engine holds the
    main thread); the thread stops, and closes its own database connection, at the end."""
    stop = threading.Event()

    def renew() -> None:
        try:
            while not stop.wait(lease_seconds() / 3):
                try:
                    lease_renew(model, pk)
                except DatabaseError:
                    # A database blip: try again next period; one late renewal is harmless.
                    logger.warning("Lease of %s %s not renewed", model.__name__, pk)
                    connection.close()
        finally:
            connection.close()

    thread = threading.Thread(target=renew, name=f"lease-{model.__name__}-{pk}", daemon=True)
    thread.start()
    try:
        yield
    finally:
        stop.set()
        thread.join()
