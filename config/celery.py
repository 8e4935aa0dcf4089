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
from celery.signals import beat_init, worker_process_init, worker_ready

from config.gc_tuning import tune_for_battles

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

WORKER_HEARTBEAT_TASK = "muster.worker_heartbeat"
WORKER_HEARTBEAT_TASK_ID = "muster-worker-heartbeat"
# The beat tasks that find lost work; sent once more when beat starts.
SWEEP_TASKS = frozenset({"rules.requeue_stale", "campaigns.finish_engine_games"})

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


@worker_process_init.connect
def tune_pool_process(**_: object) -> None:
    """Each pool process that plays battles and simulations starts with the collector tuned
    for them (``config.gc_tuning``)."""
    tune_for_battles()


@beat_init.connect
def sweep_at_beat_start(sender: object = None, **_: object) -> None:
    """Beat sends both sweeps when it starts, so work lost while beat or the broker was down
    is found at once, not one period later (a send that fails is retried by the entries'
    ``retry_policy`` while beat runs)."""
    for entry in app.conf.beat_schedule.values():
        if entry["task"] in SWEEP_TASKS:
            app.send_task(entry["task"], **entry.get("options", {}))
