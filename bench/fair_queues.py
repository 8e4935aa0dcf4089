"""Fair queues under load (issue 22 §6 and Proof): 20 concurrent clients on
``POST /api/v1/rosters/validate/`` while one user floods the simulation queue (up to its
limit and beyond, counting the 429s) and another user queues single battles one after the
other (``--baseline`` of them before the flood starts, ``--battles`` during it). Prints how
long each battle took from its POST to ``resolved``, from its creation to its finish on the
server's clock and on its worker (p50/p95/max), the validate latency percentiles and what
the flood got.

The stack runs with the shipped settings, as in docker-compose.yml: gunicorn (``DEBUG=0``,
3 workers), one battles worker (``-Q celery,battles``) and one simulations worker
(``-Q simulations``, ``--concurrency`` from ``MUSTER_SIMULATION_CONCURRENCY``, default 1),
the default limits (``MUSTER_MAX_ACTIVE_SIMULATIONS``, ``MUSTER_MAX_ACTIVE_BATTLES``) and
throttles, throttle counts in Redis (``CACHE_URL``). Target: single battles resolve within
a few seconds however full the simulation queue is.

Needs PostgreSQL and ``redis-server``. Uses its own database ``muster_bench_fair`` (created,
migrated, sample catalogues loaded) and its own Redis on a free port (stopped at the end).
Prints figures only.

    .venv/bin/python bench/fair_queues.py [--clients 20] [--baseline 10] [--battles 20]
        [--runs 10000] [--flood-every 1.0] [--gunicorn-workers 3]
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import secrets
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from datetime import datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
DATABASE_URL = "postgres://muster:muster@127.0.0.1:5432/muster_bench_fair"
# docker-compose.yml's web worker class (config/gunicorn_worker.py).
WEB_WORKER = ["--worker-class", "config.gunicorn_worker.BalancedThreadWorker"]
sys.path.insert(0, str(ROOT))

from api_validate import (  # noqa: E402  (bench/ is the script's directory)
    ensure_database,
    percentile,
    prepare,
    roster_payload,
    wait_until_up,
)


def call(
    conn: http.client.HTTPConnection, method: str, path: str, token: str, body: Any = None
) -> tuple[int, dict[str, Any]]:
    """One JSON request on a keep-alive connection: the status and the decoded answer."""
    headers = {"Content-Type": "application/json", "Authorization": f"Token {token}"}
    conn.request(method, path, body=json.dumps(body) if body is not None else None, headers=headers)
    response = conn.getresponse()
    data = response.read()
    return response.status, json.loads(data) if data else {}


def connect(port: int) -> http.client.HTTPConnection:
    return http.client.HTTPConnection("127.0.0.1", port, timeout=60)


def player(username: str) -> tuple[str, list[int]]:
    """A user with a token and the first playable system's sample matchup as two rosters;
    simulations an earlier run left active are cancelled, so the limit starts empty."""
    from django.contrib.auth import get_user_model
    from rest_framework.authtoken.models import Token

    from armybuilder.rosterdata import load_sample_roster
    from armybuilder.services.exchange import roster_import
    from rules.engine.systems import SYSTEMS

    system = next(s for s in SYSTEMS if s.catalogue.sample_matchup)
    user, _ = get_user_model().objects.get_or_create(username=username)
    cancel_simulations(user=user)
    token, _ = Token.objects.get_or_create(user=user)
    rosters = [
        roster_import(owner=user, data=load_sample_roster(system.slug, name)).pk
        for name in system.catalogue.sample_matchup or ()
    ]
    return token.key, rosters


def cancel_simulations(*, user: Any) -> None:
    """Cancel the user's queued and running simulations (through the service: the API's
    cancel counts against the simulations throttle the flood has used up)."""
    from rules.job_control import simulation_cancel
    from rules.models import ACTIVE_JOB_STATUSES, Simulation

    for simulation in Simulation.objects.filter(requested_by=user, status__in=ACTIVE_JOB_STATUSES):
        simulation_cancel(simulation=simulation)


class Stack:
    """gunicorn, a battles worker and a simulations worker on a private Redis; each in its
    own process group, stopped by its own pid."""

    def __init__(self, directory: Path, broker: str, port: int, workers: int) -> None:
        self.env = {
            **os.environ,
            "DEBUG": "0",
            "SECRET_KEY": secrets.token_urlsafe(50),
            "DATABASE_URL": DATABASE_URL,
            "CELERY_BROKER_URL": broker + "/0",
            "CACHE_URL": broker + "/1",
            "DATABASE_CONN_MAX_AGE": "600",
            "LOG_LEVEL": "WARNING",
        }
        self.directory = directory
        self.processes: list[subprocess.Popen] = []
        bin_dir = ROOT / ".venv" / "bin"
        bind = f"127.0.0.1:{port}"
        gunicorn = [str(bin_dir / "gunicorn"), "config.wsgi", "--bind", bind, *WEB_WORKER]
        gunicorn.append("--workers")
        self.start("gunicorn", [*gunicorn, str(workers), "--log-level", "warning"])
        celery = [sys.executable, "-m", "celery", "-A", "config", "worker", "-l", "WARNING"]
        self.start("battles", [*celery, "-Q", "celery,battles", "-c", "1", "-n", "battles@%h"])
        concurrency = os.environ.get("MUSTER_SIMULATION_CONCURRENCY", "1")
        self.start(
            "simulations",
            [*celery, "-Q", "simulations", "-c", concurrency, "-n", "simulations@%h"],
        )
        wait_until_up(port)
        time.sleep(4)  # let both worker pools fork and connect before timing

    def start(self, name: str, command: list[str]) -> None:
        log = (self.directory / f"{name}.log").open("wb")
        self.processes.append(
            subprocess.Popen(
                command,
                cwd=ROOT,
                env=self.env,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        )

    def stop(self) -> None:
        for process in self.processes:
            os.killpg(process.pid, signal.SIGTERM)
        for process in self.processes:
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)


def validate_clients(port: int, token: str, count: int, stop: threading.Event) -> dict:
    """``count`` keep-alive clients posting a 30-unit list until ``stop``; latencies (ms)
    and answers that were not 200."""
    body = roster_payload(30)
    latencies: list[float] = []
    failures: Counter[int] = Counter()

    def loop() -> None:
        conn = connect(port)
        while not stop.is_set():
            started = time.perf_counter()
            status, _ = call(conn, "POST", "/api/v1/rosters/validate/", token, body)
            latencies.append((time.perf_counter() - started) * 1000)
            if status != 200:
                failures[status] += 1
        conn.close()

    threads = [threading.Thread(target=loop, daemon=True) for _ in range(count)]
    for thread in threads:
        thread.start()
    return {"latencies": latencies, "failures": failures, "threads": threads}


def flood(port: int, token: str, rosters: list[int], runs: int, every: float, stop) -> dict:
    """Ask for a ``runs``-run simulation every ``every`` seconds until ``stop``: how many
    were accepted and how many refused, by status and error code."""
    answers: Counter[str] = Counter()
    accepted: list[int] = []

    def loop() -> None:
        conn = connect(port)
        while not stop.is_set():
            status, data = call(
                conn, "POST", "/api/v1/simulations/", token, {"rosters": rosters, "runs": runs}
            )
            answers[f"{status} {data.get('error', {}).get('code', '')}".strip()] += 1
            if status == 202:
                accepted.append(data["id"])
            stop.wait(every)
        conn.close()

    thread = threading.Thread(target=loop, daemon=True)
    thread.start()
    return {"answers": answers, "accepted": accepted, "thread": thread}


def single_battles(
    port: int, token: str, rosters: list[int], count: int
) -> list[tuple[float, float, float]]:
    """Queue ``count`` battles one after the other; for each, the seconds from its POST to
    seeing it resolved (the client's clock: web queueing included), from its row's creation
    to its finish (the server's clock: the job queue and the worker) and on the worker
    (``duration_ms``)."""
    conn = connect(port)
    times = []
    for _ in range(count):
        started = time.perf_counter()
        status, data = call(conn, "POST", "/api/v1/battles/", token, {"rosters": rosters})
        if status != 202:
            raise RuntimeError(f"battle refused: {status} {data}")
        while data.get("status") not in ("resolved", "failed"):
            time.sleep(0.05)
            _, data = call(conn, "GET", f"/api/v1/battles/{data['id']}/", token)
        if data["status"] != "resolved":
            raise RuntimeError(f"battle failed: {data}")
        queued = datetime.fromisoformat(data["created_at"])
        finished = datetime.fromisoformat(data["finished_at"])
        times.append(
            (
                time.perf_counter() - started,
                (finished - queued).total_seconds(),
                data["duration_ms"] / 1000,
            )
        )
        time.sleep(0.5)
    conn.close()
    return times


def flood_progress(ids: list[int]) -> str:
    """Each accepted simulation's status and percent done."""
    from rules.models import Simulation
    from rules.services import simulation_progress

    rows = Simulation.objects.filter(pk__in=ids).order_by("pk")
    return ", ".join(f"#{s.pk} {s.status} {simulation_progress(s)} %" for s in rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=20, help="validate clients")
    parser.add_argument("--baseline", type=int, default=10, help="battles before the flood")
    parser.add_argument("--battles", type=int, default=20, help="battles during the flood")
    parser.add_argument("--runs", type=int, default=10_000, help="runs per flood simulation")
    parser.add_argument("--flood-every", type=float, default=1.0, help="seconds")
    parser.add_argument("--gunicorn-workers", type=int, default=3)
    args = parser.parse_args()

    ensure_database(DATABASE_URL)
    validator = prepare(DATABASE_URL)
    flooder, flood_rosters = player("flooder")
    fighter, battle_rosters = player("fighter")
    from django.conf import settings
    from rest_framework.authtoken.models import Token

    from tests.worker.faults import PrivateRedis, free_port

    with tempfile.TemporaryDirectory(prefix="muster-fair-") as tmp:
        redis = PrivateRedis(Path(tmp))
        redis.start()
        port = free_port()
        stack = None
        try:
            stack = Stack(Path(tmp), redis.url.rsplit("/", 1)[0], port, args.gunicorn_workers)
            load_before = os.getloadavg()[0]
            stop = threading.Event()
            validating = validate_clients(port, validator, args.clients, stop)
            started = time.perf_counter()
            before_flood = single_battles(port, fighter, battle_rosters, args.baseline)
            flooding = flood(port, flooder, flood_rosters, args.runs, args.flood_every, stop)
            time.sleep(3)  # the simulation queue is full before the next battles are timed
            flood_started = time.perf_counter()
            during_flood = single_battles(port, fighter, battle_rosters, args.battles)
            flood_seconds = time.perf_counter() - flood_started + 3
            elapsed = time.perf_counter() - started
            stop.set()
            for thread in [*validating["threads"], flooding["thread"]]:
                thread.join(timeout=60)
            progress = flood_progress(flooding["accepted"])
            cancel_simulations(user=Token.objects.get(key=flooder).user)
        finally:
            if stack is not None:
                stack.stop()
            redis.kill(signal.SIGTERM)

    ms = validating["latencies"]
    print(
        f"{os.cpu_count()} CPUs shared with the clients; gunicorn {args.gunicorn_workers} "
        f"workers, 1 battles worker, 1 simulations worker (concurrency "
        f"{os.environ.get('MUSTER_SIMULATION_CONCURRENCY', '1')}), private Redis, PostgreSQL; "
        f"MUSTER_MAX_ACTIVE_SIMULATIONS={settings.MUSTER_MAX_ACTIVE_SIMULATIONS}, "
        f"simulations throttle {settings.REST_FRAMEWORK['DEFAULT_THROTTLE_RATES']['simulations']}; "
        f"1-min load average before the run {load_before:.2f}"
    )
    print(
        f"flood: one user asked for a {args.runs}-run simulation every {args.flood_every:g} s "
        f"for {flood_seconds:.0f} s: "
        + ", ".join(f"{n} × {answer}" for answer, n in sorted(flooding["answers"].items()))
    )
    print(f"  its simulations when the battles were done: {progress}")
    for label, battles in (("before the flood", before_flood), ("during the flood", during_flood)):
        print(f"single battles {label} ({len(battles)}, one after the other, another user):")
        for what, seconds in (
            ("POST → seen resolved (client)", [client for client, _, _ in battles]),
            ("created → finished (server)", [server for _, server, _ in battles]),
            ("on the worker", [worker for _, _, worker in battles]),
        ):
            print(
                f"  {what}: p50 {percentile(seconds, 0.5):.2f} s   "
                f"p95 {percentile(seconds, 0.95):.2f} s   max {max(seconds):.2f} s"
            )
    print(
        f"validate ({args.clients} clients, {len(ms)} requests in {elapsed:.0f} s, "
        f"{len(ms) / elapsed:.0f}/s): p50 {percentile(ms, 0.5):.1f} ms   "
        f"p95 {percentile(ms, 0.95):.1f} ms   p99 {percentile(ms, 0.99):.1f} ms   "
        f"max {max(ms):.1f} ms"
        + (f"   not 200: {dict(validating['failures'])}" if validating["failures"] else "")
    )


if __name__ == "__main__":
    main()
