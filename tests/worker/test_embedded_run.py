"""``./run``'s embedded stack, started for real: its worker takes every battle that several
clients queue at once (the SQLAlchemy broker never hands over half a message), comes back
when killed, and ``/healthz`` tells a worker that is gone (issue 23, item 0).

Each test runs ``./run`` on a free port with its own ``MUSTER_VAR_DIR`` (SQLite database and
broker file in a temporary folder), so nothing is shared with other runs.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.support import stop_process_group

ROOT = Path(__file__).resolve().parents[2]
START_TIMEOUT = 240
STRIKE_FORCE = {
    "name": "Strike force",
    "system": "grimdark",
    "faction": "iron-wardens",
    "points_limit": 1500,
    "units": [
        {"unit": "warden-captain", "options": ["power-sword"], "name": "Captain Hale"},
        {"unit": "line-squad", "size": 10, "options": ["flamer"]},
        {"unit": "line-squad", "size": 5},
    ],
}


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@dataclass
class EmbeddedRun:
    """A running ``./run``: its process, base URL and data folder."""

    process: subprocess.Popen
    base: str
    var_dir: Path

    def request(self, method: str, path: str, body: dict | None = None, token: str = ""):
        """``(status, json body)`` of one request."""
        headers = {"Content-Type": "application/json"}
        if token:
            headers["Authorization"] = f"Token {token}"
        data = json.dumps(body).encode() if body is not None else None
        req = urllib.request.Request(  # noqa: S310 - http://127.0.0.1 of the test
            self.base + path, data=data, headers=headers, method=method
        )
        try:
            with urllib.request.urlopen(req, timeout=30) as response:  # noqa: S310
                return response.status, json.loads(response.read() or b"null")
        except urllib.error.HTTPError as exc:
            return exc.code, json.loads(exc.read() or b"null")

    def worker_pids(self) -> list[int]:
        """Main processes of the embedded Celery worker (those whose parent is not one)."""
        found = subprocess.run(
            ["pgrep", "-f", "--", f"--schedule {self.var_dir}/celerybeat-schedule"],
            capture_output=True,
            text=True,
            check=False,
        ).stdout.split()
        pids = {int(pid) for pid in found}
        return [pid for pid in pids if parent_of(pid) not in pids]


def parent_of(pid: int) -> int:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return 0
    return int(stat.rsplit(")", 1)[1].split()[1])


def wait_for(predicate, timeout: float, what: str):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.5)
    pytest.fail(f"timed out waiting for {what}")


@pytest.fixture
def embedded_run(tmp_path) -> Iterator[EmbeddedRun]:
    """``./run`` with a fresh data folder on a free port; stopped (all of it) at the end."""
    port = free_port()
    dropped = ("DATABASE_URL", "CELERY_BROKER_URL", "CACHE_URL", "CELERY_TASK_ALWAYS_EAGER")
    env = {k: v for k, v in os.environ.items() if k not in dropped}
    env.update(
        MUSTER_VAR_DIR=str(tmp_path),
        PORT=str(port),
        DEBUG="1",
        WORKER_HEARTBEAT_EVERY="2",
        WORKER_STALE_AFTER="8",
    )
    log = (tmp_path / "run.out").open("wb")
    process = subprocess.Popen(
        ["./run"], cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
    )
    run = EmbeddedRun(process, f"http://127.0.0.1:{port}", tmp_path)

    def healthy() -> bool:
        assert process.poll() is None, (tmp_path / "run.out").read_text()
        try:
            return run.request("GET", "/healthz")[1]["worker"] == "ok"
        except (OSError, ValueError, TypeError):
            return False

    try:
        wait_for(healthy, START_TIMEOUT, "./run to serve with its worker seen")
        yield run
    finally:
        stop_process_group(process, timeout=30)
        log.close()
        wait_for(lambda: not run.worker_pids(), 30, "the worker to stop")


def demo_token(run: EmbeddedRun) -> str:
    status, body = run.request(
        "POST", "/api/v1/auth/token/", {"username": "demo", "password": "muster-demo"}
    )
    assert status == 200, body
    return body["token"]


def queue_and_wait(run: EmbeddedRun, token: str, rosters: list[int], seed: int) -> str:
    """Queue one battle and poll it until it leaves ``queued``/``running``."""
    status, body = run.request(
        "POST", "/api/v1/battles/", {"rosters": rosters, "seed": seed}, token
    )
    assert status == 202, body
    path = body["url"].split("://", 1)[-1].split("/", 1)[1]
    deadline = time.monotonic() + 180
    while time.monotonic() < deadline:
        battle = run.request("GET", f"/{path}", token=token)[1]
        if battle["status"] not in ("queued", "running"):
            return battle["status"]
        time.sleep(0.5)
    return "stuck"


def test_concurrent_clients_queuing_battles_all_resolve(embedded_run):
    token = demo_token(embedded_run)
    rosters = []
    for _ in range(2):
        status, body = embedded_run.request("POST", "/api/v1/rosters/", STRIKE_FORCE, token)
        assert status == 201, body
        rosters.append(body["id"])
    with ThreadPoolExecutor(max_workers=6) as pool:
        outcomes = list(
            pool.map(lambda seed: queue_and_wait(embedded_run, token, rosters, seed), range(18))
        )
    assert outcomes == ["resolved"] * 18
    assert embedded_run.worker_pids(), "the worker must still be running"
    assert "Unrecoverable error" not in (embedded_run.var_dir / "worker.log").read_text()


def test_a_killed_worker_is_restarted_and_healthz_reports_it_meanwhile(embedded_run):
    [first] = embedded_run.worker_pids()
    os.kill(first, signal.SIGSTOP)  # alive but not consuming: no heartbeat
    status, body = wait_for(
        lambda: (r := embedded_run.request("GET", "/healthz"))[1]["worker"] == "stale" and r,
        30,
        "/healthz to call the stopped worker stale",
    )
    assert status == 503
    assert body["status"] == "unhealthy"

    os.kill(first, signal.SIGKILL)
    restarted = wait_for(
        lambda: [pid for pid in embedded_run.worker_pids() if pid != first],
        60,
        "the supervisor to start a new worker",
    )
    assert first not in restarted
    wait_for(
        lambda: embedded_run.request("GET", "/healthz")[1]["worker"] == "ok",
        60,
        "/healthz to see the new worker",
    )
    assert "supervisor:" in (embedded_run.var_dir / "worker.log").read_text()
