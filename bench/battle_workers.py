"""Battles on real Celery workers: throughput with one and two worker processes, and the
end-to-end latency of one battle (queued → resolved) with an idle worker.

Needs PostgreSQL running (``pg_ctlcluster 15 main start``) and a Redis on 6379
(``redis-server --daemonize yes``; ``./test`` runs a private one on a free port and stops it).
Uses its own database ``muster_bench`` (created and migrated here) and Redis database 2.
Prints figures only.

    .venv/bin/python bench/battle_workers.py [--battles 200] [--system SLUG]
"""

from __future__ import annotations

import argparse
import os
import signal
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATABASE_URL = "postgres://muster:muster@127.0.0.1:5432/muster_bench"
BROKER_URL = "redis://127.0.0.1:6379/2"


def prepare_database() -> None:
    """Create the bench database if needed and migrate it."""
    subprocess.run(
        ["su", "postgres", "-c", "createdb -O muster muster_bench"],
        capture_output=True,
        check=False,
    )
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"],
        cwd=ROOT,
        env={**os.environ, "DATABASE_URL": DATABASE_URL},
        check=True,
    )


def setup_django() -> None:
    os.environ["DATABASE_URL"] = DATABASE_URL
    os.environ["CELERY_BROKER_URL"] = BROKER_URL
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()


def start_worker(concurrency: int) -> subprocess.Popen:
    env = {
        **os.environ,
        "DATABASE_URL": DATABASE_URL,
        "CELERY_BROKER_URL": BROKER_URL,
        "LOG_LEVEL": "WARNING",
        "DATABASE_CONN_MAX_AGE": "600",
    }
    worker = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "config",
            "worker",
            "-Q",
            "battles,simulations",
            "-c",
            str(concurrency),
            "-l",
            "WARNING",
            "--without-gossip",
            "--without-mingle",
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    time.sleep(4)  # let the pool fork and connect before timing
    return worker


def stop_worker(worker: subprocess.Popen) -> None:
    os.killpg(worker.pid, signal.SIGTERM)
    worker.wait(timeout=30)


def queue_battles(count: int, system: str, first_seed: int) -> list[int]:
    from armybuilder.rosterdata import sample_roster_data
    from rules.engine.systems import get_system
    from rules.services import battle_create

    matchup = get_system(system).catalogue.sample_matchup or ()
    a, b = (sample_roster_data(system, name) for name in matchup)
    return [
        battle_create(
            requested_by=None, snapshot_a=a, snapshot_b=b, seed=first_seed + i, enqueue=False
        ).pk
        for i in range(count)
    ]


def send(ids: list[int]) -> None:
    from rules.tasks import battle_resolve_task

    for battle_id in ids:
        battle_resolve_task.delay(battle_id)


def wait_resolved(ids: list[int], poll: float) -> None:
    from rules.models import Battle, JobStatus

    while Battle.objects.filter(pk__in=ids).exclude(status=JobStatus.RESOLVED).exists():
        time.sleep(poll)


def throughput(concurrency: int, count: int, system: str) -> float:
    """Battles per minute with ``concurrency`` worker processes."""
    ids = queue_battles(count, system, first_seed=1000 * concurrency)
    worker = start_worker(concurrency)
    try:
        started = time.perf_counter()
        send(ids)
        wait_resolved(ids, poll=0.05)
        elapsed = time.perf_counter() - started
    finally:
        stop_worker(worker)
    return count / elapsed * 60


def latency(samples: int, system: str) -> list[float]:
    """Milliseconds from sending one battle to seeing it resolved, idle worker."""
    worker = start_worker(1)
    times = []
    try:
        for i in range(samples):
            (battle_id,) = queue_battles(1, system, first_seed=50_000 + i)
            started = time.perf_counter()
            send([battle_id])
            wait_resolved([battle_id], poll=0.002)
            times.append((time.perf_counter() - started) * 1000)
            time.sleep(0.2)
    finally:
        stop_worker(worker)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--battles", type=int, default=200)
    sys.path.insert(0, str(ROOT))
    from rules.engine.systems import SYSTEMS

    slugs = [s.slug for s in SYSTEMS if s.catalogue.sample_matchup]
    parser.add_argument("--system", default=slugs[0], choices=slugs)
    parser.add_argument("--latency-samples", type=int, default=30)
    args = parser.parse_args()
    prepare_database()
    setup_django()
    one = throughput(1, args.battles, args.system)
    two = throughput(2, args.battles, args.system)
    times = latency(args.latency_samples, args.system)
    print(f"system {args.system}, {args.battles} battles per run, Redis broker, PostgreSQL")
    print(f"throughput, 1 worker process:  {one:8.0f} battles/min")
    print(f"throughput, 2 worker processes: {two:8.0f} battles/min  (ratio {two / one:.2f})")
    print(
        f"latency queued→resolved, idle worker: median {statistics.median(times):.1f} ms, "
        f"p90 {sorted(times)[int(0.9 * len(times)) - 1]:.1f} ms ({len(times)} battles)"
    )


if __name__ == "__main__":
    main()
