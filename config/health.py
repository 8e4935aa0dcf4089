"""``GET /healthz``: database, broker, cache and worker status as JSON, 200 when healthy,
503 when not.

``worker`` is ``eager`` without a broker, ``ok`` when a worker ran the heartbeat task within
``WORKER_STALE_AFTER`` seconds (config/celery.py), ``starting`` while this web process is
younger than that and no heartbeat was ever seen, else ``stale`` (unhealthy: queued work is
not being taken). ``cache`` is ``local`` for the per-process memory cache, ``ok`` when the
shared cache answers, else the error (unhealthy: throttles are not counting).
"""

from __future__ import annotations

import time
from datetime import timedelta

from django.conf import settings
from django.core.cache import cache
from django.db import connection
from django.http import HttpRequest, JsonResponse
from django.utils import timezone

from config.celery import WORKER_HEARTBEAT_TASK_ID
from config.celery import app as celery_app

HEALTHY = frozenset({"ok", "eager", "local", "starting"})
CACHE_PROBE_KEY = "muster:healthz"
STARTED_AT = time.monotonic()


def database_status() -> str:
    """ "ok" when a trivial query runs, else the error's class name."""
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception as exc:  # noqa: BLE001 - any failure means unhealthy
        return f"error: {type(exc).__name__}"
    return "ok"


def broker_status() -> str:
    """ "eager" without a broker (embedded default), "ok" when it answers, else an error."""
    if settings.CELERY_TASK_ALWAYS_EAGER:
        return "eager"
    try:
        with celery_app.connection_for_write() as conn:
            conn.ensure_connection(max_retries=1, timeout=2)
    except Exception as exc:  # noqa: BLE001 - any failure means unhealthy
        return f"error: {type(exc).__name__}"
    return "ok"


def cache_status() -> str:
    """ "local" for the per-process cache, "ok" when the shared one answers, else an error."""
    if settings.CACHES["default"]["BACKEND"].endswith(".LocMemCache"):
        return "local"
    try:
        cache.set(CACHE_PROBE_KEY, "ok", timeout=10)
        cache.get(CACHE_PROBE_KEY)
    except Exception as exc:  # noqa: BLE001 - any failure means unhealthy
        return f"error: {type(exc).__name__}"
    return "ok"


def worker_status() -> str:
    """ "eager", "ok", "starting" or "stale" from the heartbeat row (see the module doc)."""
    if settings.CELERY_TASK_ALWAYS_EAGER:
        return "eager"
    from django_celery_results.models import TaskResult

    try:
        seen = (
            TaskResult.objects.filter(task_id=WORKER_HEARTBEAT_TASK_ID)
            .values_list("date_done", flat=True)
            .first()
        )
    except Exception as exc:  # noqa: BLE001 - reported by the database check as well
        return f"error: {type(exc).__name__}"
    stale_after = settings.WORKER_STALE_AFTER
    if seen is not None and timezone.now() - seen <= timedelta(seconds=stale_after):
        return "ok"
    if seen is None and time.monotonic() - STARTED_AT < stale_after:
        return "starting"
    return "stale"


def healthz(request: HttpRequest) -> JsonResponse:
    """Report health for load balancers and the test script."""
    checks = {
        "database": database_status(),
        "broker": broker_status(),
        "cache": cache_status(),
        "worker": worker_status(),
    }
    healthy = all(value in HEALTHY for value in checks.values())
    return JsonResponse(
        {"status": "ok" if healthy else "unhealthy", **checks}, status=200 if healthy else 503
    )
