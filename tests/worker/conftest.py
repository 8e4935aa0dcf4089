"""A real Celery worker process against Redis and the test PostgreSQL database, and what
the fault tests need around it: beat, a private Redis and a cut-off for the database.

Each test's workers log to their own file, ``var/test-worker/<test>-<n>.log`` (emptied at
start), so a failure shows only that test's lines. Workers and beat run with the shipped
timeouts (lease, sweep periods, visibility timeout): nothing here shortens them. A Redis a
test starts runs on a free private port (never 6379) and is stopped by its own pid.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import threading
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


def worker_database_url(port: int | None = None) -> str:
    """A URL for the database the tests use (pytest-django's test_<name>), through ``port``
    on this machine when given (a :class:`DatabaseCutoff`)."""
    cfg = connection.settings_dict
    if connection.vendor != "postgresql":
        pytest.skip("worker tests need PostgreSQL (the test command provides it)")
    host, port = ("127.0.0.1", port) if port else (cfg["HOST"], cfg["PORT"])
    return f"postgres://{cfg['USER']}:{cfg['PASSWORD']}@{host}:{port}/{cfg['NAME']}"


def flush_test_broker() -> None:
    """Empty the test broker's Redis database: tasks left by an interrupted run must not
    reach this run's workers (their ids belong to another test database)."""
    import redis

    client = redis.Redis.from_url(redis_url())
    try:
        client.flushdb()
    finally:
        client.close()


def free_port() -> int:
    """A TCP port nothing listens on now (never Redis's default 6379)."""
    while True:
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            port = sock.getsockname()[1]
        if port != 6379:
            return port


class CeleryProcess:
    """A ``celery`` subprocess (worker or beat) with its own log; ``stop`` ends its group.
    The test coin-flip system is imported, so its battles (``sleep:<s>``, ``kill-worker``)
    can be played."""

    def __init__(self, broker: str, database: str, arguments: list[str], log_path: Path) -> None:
        env = {**os.environ, "CELERY_BROKER_URL": broker, "DATABASE_URL": database}
        env["CELERY_TASK_ALWAYS_EAGER"] = "0"
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

    def children(self) -> list[int]:
        """Pids of the direct children (a worker's pool processes)."""
        found = subprocess.run(
            ["pgrep", "-P", str(self.process.pid)], capture_output=True, text=True, check=False
        )
        return [int(pid) for pid in found.stdout.split()]

    def stop(self, sig: int = signal.SIGTERM) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, sig)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(timeout=15)
        self._log.close()


class WorkerProcess(CeleryProcess):
    """A ``celery worker`` on ``queues`` with ``concurrency`` pool processes."""

    def __init__(
        self, broker: str, database: str, queues: str, concurrency: int, log_path: Path
    ) -> None:
        arguments = ["worker", "-l", "INFO", "-Q", queues, "-c", str(concurrency)]
        arguments += ["--without-gossip", "--without-mingle", "--include", "tests.coinflip_system"]
        super().__init__(broker, database, arguments, log_path)


class BeatProcess(CeleryProcess):
    """``celery beat`` with the shipped schedule (sweeps every 15 s, and once at start)."""

    def __init__(self, broker: str, database: str, directory: Path, log_path: Path) -> None:
        arguments = ["beat", "-l", "INFO", "-s", str(directory / "celerybeat-schedule")]
        arguments += ["--pidfile", str(directory / "beat.pid")]
        super().__init__(broker, database, arguments, log_path)


class PrivateRedis:
    """A Redis of this test alone on a free port, with an append-only file as in
    docker-compose.yml; ``kill`` sends a signal to its own pid, ``start`` brings it back on
    the same port and data."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.pid = 0

    def start(self) -> None:
        from tests.support import wait_for

        pidfile = self.directory / "redis.pid"
        pidfile.unlink(missing_ok=True)
        subprocess.run(
            [
                shutil.which("redis-server") or "redis-server",
                "--daemonize", "yes",
                "--port", str(self.port),
                "--bind", "127.0.0.1",
                "--appendonly", "yes",
                "--appendfsync", "everysec",
                "--dir", str(self.directory),
                "--pidfile", str(pidfile),
                "--save", "",
                "--logfile", str(self.directory / "redis.log"),
            ],
            check=True,
        )  # fmt: skip
        assert wait_for(self.ping, timeout=10), "the private Redis did not start"
        self.pid = int(pidfile.read_text())

    def ping(self) -> bool:
        import redis

        client = redis.Redis(host="127.0.0.1", port=self.port, socket_timeout=1)
        try:
            return bool(client.ping())
        except redis.RedisError:
            return False
        finally:
            client.close()

    def kill(self, sig: int = signal.SIGKILL) -> None:
        from tests.support import wait_for

        if self.pid:
            with contextlib.suppress(ProcessLookupError):
                os.kill(self.pid, sig)
            assert wait_for(lambda: not self.ping(), timeout=10)
            self.pid = 0


class DatabaseCutoff:
    """A TCP relay between the workers and PostgreSQL: ``cut`` refuses new connections and
    drops open ones (what a restart looks like to a client), ``restore`` lets them through
    again. Only the processes pointed at it see the outage, never the shared server."""

    def __init__(self, host: str, port: int) -> None:
        self.target = (host, port)
        self.port = free_port()
        self._open: set[socket.socket] = set()
        self._lock = threading.Lock()
        self._server: socket.socket | None = None
        self.restore()

    def restore(self) -> None:
        server = socket.socket()
        server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        server.bind(("127.0.0.1", self.port))
        server.listen(64)
        self._server = server
        threading.Thread(target=self._accept, args=(server,), daemon=True).start()

    def cut(self) -> None:
        if self._server is not None:
            self._server.close()
            self._server = None
        with self._lock:
            for sock in self._open:
                with contextlib.suppress(OSError):
                    sock.shutdown(socket.SHUT_RDWR)
                sock.close()
            self._open.clear()

    def _accept(self, server: socket.socket) -> None:
        while True:
            try:
                client, _ = server.accept()
            except OSError:
                return
            upstream = socket.create_connection(self.target)
            with self._lock:
                self._open |= {client, upstream}
            for a, b in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pipe, args=(a, b), daemon=True).start()

    @staticmethod
    def _pipe(source: socket.socket, target: socket.socket) -> None:
        try:
            with contextlib.suppress(OSError):
                while data := source.recv(65536):
                    target.sendall(data)
        finally:
            for sock in (source, target):
                with contextlib.suppress(OSError):
                    sock.shutdown(socket.SHUT_RDWR)


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
        queues: str = "celery,battles",
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
