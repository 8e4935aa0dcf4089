"""``config.gunicorn_worker.BalancedThreadWorker`` under a real gunicorn: clients connecting
at once are spread over the workers (plain ``gthread`` accepts whatever reaches it first),
and a new client is still taken while every worker is kept busy by kept-alive clients."""

from __future__ import annotations

import http.client
import os
import socket
import subprocess
import sys
import threading
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support import stop_process_group

ROOT = Path(__file__).resolve().parents[2]
WORKER = "config.gunicorn_worker.BalancedThreadWorker"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def server(tmp_path) -> Iterator[int]:
    """Gunicorn with 2 balanced workers of one thread each on ``tests.gunicorn_app``."""
    port = free_port()
    options = [
        "--bind",
        f"127.0.0.1:{port}",
        "--workers",
        "2",
        "--threads",
        "1",
        "--keep-alive",
        "30",
        "--worker-class",
        WORKER,
    ]
    options += ["--graceful-timeout", "5"]
    log = tmp_path / "gunicorn.log"
    with log.open("wb") as output:
        process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "gunicorn",
                "tests.gunicorn_app",
                *options,
            ],
            cwd=ROOT,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
            stdout=output,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    try:
        wait_for_workers(port, process, log)
        yield port
    finally:
        stop_process_group(process, timeout=15)


def wait_for_workers(port: int, process: subprocess.Popen, log: Path) -> None:
    """Until both workers have answered (each new connection asks again)."""
    seen: set[str] = set()
    deadline = time.monotonic() + 60
    while len(seen) < 2:
        assert process.poll() is None, log.read_text() if log.exists() else "no log"
        assert time.monotonic() < deadline, "gunicorn's workers never both answered"
        try:
            probe = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            seen.add(get(probe, "/"))
            probe.close()
        except OSError:
            time.sleep(0.1)


def get(connection: http.client.HTTPConnection, path: str) -> str:
    connection.request("GET", path)
    response = connection.getresponse()
    assert response.status == 200
    return response.read().decode()


def test_clients_connecting_at_once_are_spread_over_the_workers(server):
    clients = [http.client.HTTPConnection("127.0.0.1", server, timeout=30) for _ in range(8)]
    for client in clients:
        client.connect()
    answers: dict[int, str] = {}

    def ask(index: int) -> None:
        answers[index] = get(clients[index], "/?sleep=0.2")

    threads = [threading.Thread(target=ask, args=(index,)) for index in range(len(clients))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    by_worker = Counter(answers.values())
    assert len(answers) == 8
    assert len(by_worker) == 2, by_worker
    assert min(by_worker.values()) >= 3, by_worker
    # Kept alive: each connection's next request goes to the worker that holds it.
    assert {index: get(client, "/") for index, client in enumerate(clients)} == answers
    for client in clients:
        client.close()


def test_a_new_client_is_taken_while_kept_alive_clients_keep_every_worker_busy(server):
    stop = time.monotonic() + 3
    served = Counter()

    def hammer() -> None:
        connection = http.client.HTTPConnection("127.0.0.1", server, timeout=30)
        while time.monotonic() < stop:
            served[get(connection, "/?sleep=0.02")] += 1
        connection.close()

    hammers = [threading.Thread(target=hammer) for _ in range(6)]
    for thread in hammers:
        thread.start()
    time.sleep(0.5)
    started = time.monotonic()
    newcomer = http.client.HTTPConnection("127.0.0.1", server, timeout=30)
    get(newcomer, "/")
    waited = time.monotonic() - started
    newcomer.close()
    for thread in hammers:
        thread.join()
    assert len(served) == 2  # both workers were kept busy
    assert waited < 1.0, f"the new client waited {waited:.2f} s"
