"""``GET /healthz``: database and broker status as JSON, 200 when healthy, 503 when not."""

from __future__ import annotations

from django.conf import settings
from django.db import connection
from django.http import HttpRequest, JsonResponse

from config.celery import app as celery_app


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


def healthz(request: HttpRequest) -> JsonResponse:
    """Report health for load balancers and the test script."""
    checks = {"database": database_status(), "broker": broker_status()}
    healthy = all(value in ("ok", "eager") for value in checks.values())
    return JsonResponse(
        {"status": "ok" if healthy else "unhealthy", **checks}, status=200 if healthy else 503
    )
