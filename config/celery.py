"""The Celery app, wired the standard way: ``CELERY_`` settings, autodiscovered tasks, and
the worker heartbeat ``/healthz`` reads.

The heartbeat is a tiny task beat sends every ``WORKER_HEARTBEAT_EVERY`` seconds (and each
worker once when it is ready), always under the one task id ``WORKER_HEARTBEAT_TASK_ID``:
the database result backend keeps a single row for it whose ``date_done`` is the last time
a worker took a message from the default queue. No row updated lately means no worker is
consuming (or beat is down), and ``/healthz`` says ``"worker": "stale"``.
"""

import os

from celery import Celery
from celery.signals import worker_ready

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

WORKER_HEARTBEAT_TASK = "muster.worker_heartbeat"
WORKER_HEARTBEAT_TASK_ID = "muster-worker-heartbeat"

app = Celery("muster")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@app.task(name=WORKER_HEARTBEAT_TASK, ignore_result=False)
def worker_heartbeat() -> str:
    """The worker's host name: the result row's ``date_done`` is the heartbeat itself."""
    return worker_heartbeat.request.hostname or ""


@worker_ready.connect
def send_first_heartbeat(**_: object) -> None:
    """A worker that has just started is seen at once, not one beat period later."""
    worker_heartbeat.apply_async(task_id=WORKER_HEARTBEAT_TASK_ID)
