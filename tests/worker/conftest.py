"""A real Celery worker process against Redis and the test PostgreSQL database.

Each test's workers log to their own file, ``var/test-worker/<test>-<n>.log`` (emptied at
start), so a failure shows only that test's lines.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.db import connection

ROOT = Path(__file__).resolve().parents[2]


def redis_url() -> str:
    url = os.environ.get("MUSTER_TEST_REDIS_URL", "")
    if not url:
        pytest.skip("MUSTER_TEST_REDIS_URL is not set (the test command sets it)")
    return url


def test_database_url() -> str:
    """A URL for the database the tests use (pytest-django's test_<name>)."""
    cfg = connection.settings_dict
    if connection.vendor != "postgresql":
        pytest.skip("worker tests need PostgreSQL (the test command provides it)")
    return f"postgres://{cfg['USER']}:{cfg['PASSWORD']}@{cfg['HOST']}:{cfg['PORT']}/{cfg['NAME']}"


def flush_test_broker() -> None:
    """Empty the test broker's Redis database: tasks left by an interrupted run must not
    reach this run's workers (their ids belong to another test database)."""
    import redis

    client = redis.Redis.from_url(redis_url())
    try:
        client.flushdb()
    finally:
        client.close()


class WorkerProcess:
    """A ``celery worker`` subprocess; ``stop`` ends it and its children."""

    def __init__(
        self, broker: str, database: str, queues: str, concurrency: int, log_path: Path
    ) -> None:
        env = {**os.environ, "CELERY_BROKER_URL": broker, "DATABASE_URL": database}
        env["CELERY_TASK_ALWAYS_EAGER"] = "0"
        self.log_path = log_path
        self.log_path.parent.mkdir(parents=True, exist_ok=True)
        self._log = self.log_path.open("wb")
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "celery",
                "-A",
                "config",
                "worker",
                "-l",
                "INFO",
                "-Q",
                queues,
                "-c",
                str(concurrency),
                "--without-gossip",
                "--without-mingle",
            ],
            cwd=ROOT,
            env=env,
            stdout=self._log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )

    def stop(self, sig: int = signal.SIGTERM) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, sig)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(timeout=15)
        self._log.close()


@pytest.fixture
def celery_sender() -> Iterator:
    """A Celery client bound to the real broker (the project's app stays eager in tests)."""
    from celery import Celery

    sender = Celery("muster-test-sender", broker=redis_url())
    yield sender
    sender.close()


def worker_log_path(test_name: str, index: int) -> Path:
    """``var/test-worker/<test name, file-safe>-<index>.log``."""
    safe = re.sub(r"[^A-Za-z0-9_.-]+", "_", test_name).strip("_")
    return ROOT / "var" / "test-worker" / f"{safe}-{index}.log"


@pytest.fixture
def start_worker(transactional_db, request) -> Iterator:
    """Start workers on demand; every one started is stopped at the end."""
    started: list[WorkerProcess] = []
    flush_test_broker()

    def start(queues: str = "celery,battles,simulations", concurrency: int = 1) -> WorkerProcess:
        log_path = worker_log_path(request.node.name, len(started) + 1)
        worker = WorkerProcess(redis_url(), test_database_url(), queues, concurrency, log_path)
        started.append(worker)
        return worker

    yield start
    for worker in started:
        worker.stop()
