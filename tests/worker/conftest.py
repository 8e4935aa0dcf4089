"""A real Celery worker process against Redis and the test PostgreSQL database, and what
the fault tests need around it: beat, a private Redis and a cut-off for the database.

Each test's workers log to their own file, ``var/test-worker/<test>-<n>.log`` (emptied at
start), so a failure shows only that test's lines. Workers and beat run with the shipped
timeouts (lease, sweep periods, visibility timeout): nothing here shortens them. The broker
is ``MUSTER_TEST_REDIS_URL`` (``./test`` sets it); without it the session starts a Redis of
its own. Every Redis the tests start runs on a free private port (never 6379) and is
stopped by its own pid.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import resource
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.db import connection

from tests.support import stop_process_group
from tests.worker.faults import DatabaseCutoff, PrivateRedis

ROOT = Path(__file__).resolve().parents[2]


def redis_url() -> str:
    url = os.environ.get("MUSTER_TEST_REDIS_URL", "")
    if not url:
        pytest.skip("MUSTER_TEST_REDIS_URL is not set and no session Redis started")
    return url


@pytest.fixture(scope="session", autouse=True)
def session_redis(tmp_path_factory) -> Iterator[None]:
    """Without ``MUSTER_TEST_REDIS_URL``, a private Redis for the whole session (a free
    port, its own folder), so a run never shares or stops another's Redis."""
    if os.environ.get("MUSTER_TEST_REDIS_URL"):
        yield
        return
    server = PrivateRedis(tmp_path_factory.mktemp("session-redis"))
    server.start()
    os.environ["MUSTER_TEST_REDIS_URL"] = server.url
    try:
        yield
    finally:
        del os.environ["MUSTER_TEST_REDIS_URL"]
        server.kill(signal.SIGTERM)


def worker_database_url(port: int | None = None) -> str:
    """A URL for the database the tests use (pytest-django's test_<name>), through ``port``
    on this machine when given (a :class:`DatabaseCutoff`)."""
    cfg = connection.settings_dict
    if connection.vendor != "postgresql":
        pytest.skip("worker tests need PostgreSQL (the test command provides it)")
    host, port = ("127.0.0.1", port) if port else (cfg["HOST"], cfg["PORT"])
    return f"postgres://{cfg['USER']}:{cfg['PASSWORD']}@{host}:{port}/{cfg['NAME']}"


def in_web_process(broker: str, statements: str) -> object:
    """Run ``statements`` as a web process would: Django set up with the real ``broker``
    (not the tests' eager one) and the test database, the coinflip system playable. They
    leave their answer in ``answer``; it comes back through JSON. Fails if they raised."""
    code = (
        "import json, django; django.setup()\n"
        "import tests.worker.coinflip_worker\n"
        f"{statements}\n"
        "print(json.dumps(answer))"
    )
    env = {
        **os.environ,
        "CELERY_BROKER_URL": broker,
        "CELERY_TASK_ALWAYS_EAGER": "0",
        "DATABASE_URL": worker_database_url(),
        "DJANGO_SETTINGS_MODULE": "config.settings",
    }
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def flush_test_broker() -> None:
    """Empty the test broker's Redis database: tasks left by an interrupted run must not
    reach this run's workers (their ids belong to another test database)."""
    import redis

    client = redis.Redis.from_url(redis_url())
    try:
        client.flushdb()
    finally:
        client.close()


class CeleryProcess:
    """A ``celery`` subprocess (worker or beat) with its own log; ``stop`` ends its group.
    The test coin-flip system is imported, so its battles (``sleep:<s>``, ``kill-worker``)
    can be played."""

    def __init__(self, broker: str, database: str, arguments: list[str], log_path: Path) -> None:
        env = {**os.environ, "CELERY_BROKER_URL": broker, "DATABASE_URL": database}
        env["CELERY_TASK_ALWAYS_EAGER"] = "0"
        # The banner reaches the log at once, and SIGABRT (``diagnosis``) dumps every stack.
        env["PYTHONUNBUFFERED"] = "1"
        env["PYTHONFAULTHANDLER"] = "1"
        self.log_path = log_path
        self.log_path.parent.mkdir(parents=True, exist_ok=True)
        self._log = self.log_path.open("wb")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "celery", "-A", "config", *arguments],
            cwd=ROOT,
            env=env,
            stdout=self._log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )

    def log(self, tail: int = 3000) -> str:
        return self.log_path.read_text(errors="replace")[-tail:]

    def diagnosis(self, tail: int = 6000) -> str:
        """For a failed wait: the log's tail after a process still running was made to dump
        its Python stacks and those of its pool processes (faulthandler, SIGABRT; this ends
        them), or its exit status when it had ended."""
        code = self.process.poll()
        if code is not None:
            return f"exited with {code}\n{self.log(tail)}"
        for pid in [*self.children(), self.process.pid]:
            with contextlib.suppress(ProcessLookupError):
                resource.prlimit(pid, resource.RLIMIT_CORE, (0, 0))  # stacks, no core file
                os.kill(pid, signal.SIGABRT)
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.process.wait(timeout=10)
        return f"still running after the wait; stacks dumped\n{self.log(tail)}"

    def children(self) -> list[int]:
        """Pids of the direct children (a worker's pool processes)."""
        found = subprocess.run(
            ["pgrep", "-P", str(self.process.pid)], capture_output=True, text=True, check=False
        )
        return [int(pid) for pid in found.stdout.split()]

    def stop(self, sig: int = signal.SIGTERM) -> None:
        if self.process.poll() is None:
            stop_process_group(self.process, timeout=15, sig=sig)
        self._log.close()


class WorkerProcess(CeleryProcess):
    """A ``celery worker`` on ``queues`` with ``concurrency`` pool processes."""

    def __init__(
        self, broker: str, database: str, queues: str, concurrency: int, log_path: Path
    ) -> None:
        arguments = ["worker", "-l", "INFO", "-Q", queues, "-c", str(concurrency)]
        arguments += [
            "--without-gossip",
            "--without-mingle",
            "--include",
            "tests.worker.coinflip_worker",
        ]
        super().__init__(broker, database, arguments, log_path)


class BeatProcess(CeleryProcess):
    """``celery beat`` with the shipped schedule (sweeps every 15 s, and once at start)."""

    def __init__(self, broker: str, database: str, directory: Path, log_path: Path) -> None:
        arguments = ["beat", "-l", "INFO", "-s", str(directory / "celerybeat-schedule")]
        arguments += ["--pidfile", str(directory / "beat.pid")]
        super().__init__(broker, database, arguments, log_path)


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
    """Start workers on demand (``broker`` and ``database`` default to the test ones);
    every one started is stopped at the end."""
    started: list[WorkerProcess] = []
    flush_test_broker()

    def start(
        queues: str = "celery,battles,simulations",
        concurrency: int = 1,
        broker: str = "",
        database: str = "",
    ) -> WorkerProcess:
        log_path = worker_log_path(request.node.name, len(started) + 1)
        worker = WorkerProcess(
            broker or redis_url(), database or worker_database_url(), queues, concurrency, log_path
        )
        started.append(worker)
        return worker

    yield start
    for worker in started:
        worker.stop()


@pytest.fixture
def start_beat(transactional_db, request, tmp_path) -> Iterator:
    """Start beat (once) on the test broker or ``broker``; stopped at the end."""
    started: list[BeatProcess] = []

    def start(broker: str = "") -> BeatProcess:
        log_path = worker_log_path(request.node.name, 0).with_suffix(".beat.log")
        beat = BeatProcess(broker or redis_url(), worker_database_url(), tmp_path, log_path)
        started.append(beat)
        return beat

    yield start
    for beat in started:
        beat.stop()


@pytest.fixture
def private_redis(tmp_path) -> Iterator[PrivateRedis]:
    """A Redis of this test alone (free port, own folder), shut down by its pid at the end."""
    directory = tmp_path / "redis"
    directory.mkdir()
    server = PrivateRedis(directory)
    server.start()
    yield server
    server.kill(signal.SIGTERM)


@pytest.fixture
def database_cutoff(transactional_db) -> Iterator[DatabaseCutoff]:
    """A relay in front of the test PostgreSQL that a test can cut; closed at the end (after
    the workers that use it, when requested before ``start_worker``)."""
    cfg = connection.settings_dict
    cutoff = DatabaseCutoff(cfg["HOST"], int(cfg["PORT"]))
    yield cutoff
    cutoff.close()
