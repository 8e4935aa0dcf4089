"""Battles and simulations on a real worker survive redelivery, kills and Redis restarts."""

from __future__ import annotations

import shutil
import signal
import subprocess
from pathlib import Path

import pytest

from armybuilder.rosterdata import sample_roster_data
from rules.models import Battle, JobStatus, Simulation
from rules.services import battle_create, simulation_create
from tests.support import wait_for

pytestmark = pytest.mark.worker


def sample_snapshots() -> tuple[dict, dict]:
    """Two skirmish sample warbands (a fast system, so a long simulation stays short)."""
    return sample_roster_data("skirmish", "night-watch"), sample_roster_data(
        "skirmish", "marsh-raiders"
    )


def queued_battle(seed: int) -> Battle:
    snapshot_a, snapshot_b = sample_snapshots()
    return battle_create(
        requested_by=None,
        snapshot_a=snapshot_a,
        snapshot_b=snapshot_b,
        seed=seed,
        enqueue=False,
    )


def send_resolve(sender, battle_id: int) -> str:
    """Send a resolve task for the battle; the delivery's task id."""
    return sender.send_task("rules.battle_resolve", args=[battle_id], queue="battles").id


def finished_in_log(worker, task_id: str) -> bool:
    """Whether the worker's log shows the delivery ``task_id`` ran to its end."""
    return f"rules.battle_resolve[{task_id}] succeeded" in worker.log_path.read_text()


def status_of(battle_id: int) -> str:
    return Battle.objects.get(pk=battle_id).status


def test_a_battle_task_delivered_twice_gives_one_report(start_worker, celery_sender):
    battle = queued_battle(seed=3)
    deliveries = [send_resolve(celery_sender, battle.pk) for _ in range(2)]
    worker = start_worker()

    # Both deliveries must have run before the battle is judged, not just the first.
    assert wait_for(
        lambda: all(finished_in_log(worker, task_id) for task_id in deliveries), timeout=60
    ), worker.log_path.read_text()[-3000:]
    battle.refresh_from_db()
    assert battle.status == JobStatus.RESOLVED
    assert battle.attempts == 1
    assert battle.report["seed"] == 3
    assert Battle.objects.count() == 1


def test_an_engine_exception_marks_the_battle_failed_with_a_reason(start_worker, celery_sender):
    snapshot_a, snapshot_b = sample_snapshots()
    broken = {**snapshot_b, "units": []}
    battle = battle_create(
        requested_by=None, snapshot_a=snapshot_a, snapshot_b=broken, seed=1, enqueue=False
    )
    start_worker()
    send_resolve(celery_sender, battle.pk)

    assert wait_for(lambda: status_of(battle.pk) == JobStatus.FAILED, timeout=60)
    battle.refresh_from_db()
    assert battle.failure_reason
    assert battle.report is None


def test_a_killed_worker_mid_simulation_still_gives_exactly_one_result(
    start_worker, celery_sender, monkeypatch
):
    snapshot_a, snapshot_b = sample_snapshots()
    simulation = simulation_create(
        requested_by=None,
        snapshot_a=snapshot_a,
        snapshot_b=snapshot_b,
        runs=600,
        seed=9,
        chunk_size=10,
        enqueue=False,
    )
    # A short visibility timeout lets Redis hand the killed worker's task to the next one.
    monkeypatch.setenv("CELERY_VISIBILITY_TIMEOUT", "4")
    monkeypatch.setenv("CELERY_UNACKED_RESTORE_INTERVAL", "1")
    monkeypatch.setenv("CELERY_UNACKED_RESTORE_THROTTLE", "1")
    first = start_worker()
    celery_sender.send_task("rules.simulation_run", args=[simulation.pk], queue="battles")
    assert wait_for(lambda: simulation.chunks.count() >= 2, timeout=90, interval=0.05), (
        first.log_path.read_text()[-3000:]
    )
    first.stop(signal.SIGKILL)
    simulation.refresh_from_db()
    assert simulation.result is None, "the simulation finished before the kill; make it longer"

    second = start_worker()
    assert wait_for(
        lambda: Simulation.objects.get(pk=simulation.pk).status == JobStatus.RESOLVED,
        timeout=180,
    ), second.log_path.read_text()[-3000:]
    simulation.refresh_from_db()
    assert simulation.result["runs"] == 600
    assert simulation.chunks.count() == simulation.chunk_count == 60
    assert simulation.result["seeds"] == list(range(9, 609))


def start_private_redis(directory: Path, port: int) -> None:
    subprocess.run(
        [
            shutil.which("redis-server") or "redis-server",
            "--daemonize",
            "yes",
            "--port",
            str(port),
            "--bind",
            "127.0.0.1",
            "--appendonly",
            "yes",
            "--appendfsync",
            "everysec",  # as in docker-compose.yml
            "--dir",
            str(directory),
            "--save",
            "",
        ],
        check=True,
    )
    assert wait_for(lambda: redis_ping(port), timeout=10)


def redis_ping(port: int) -> bool:
    result = subprocess.run(
        ["redis-cli", "-p", str(port), "ping"], capture_output=True, text=True, check=False
    )
    return result.stdout.strip() == "PONG"


def test_battles_queued_before_a_redis_restart_are_not_lost(tmp_path, transactional_db):
    from celery import Celery

    from tests.worker.conftest import WorkerProcess, test_database_url

    port = 6391
    start_private_redis(tmp_path, port)
    broker = f"redis://127.0.0.1:{port}/0"
    battles = [queued_battle(seed=seed) for seed in (21, 22, 23)]
    try:
        sender = Celery("restart-test", broker=broker)
        for battle in battles:
            send_resolve(sender, battle.pk)
        sender.close()
        subprocess.run(["redis-cli", "-p", str(port), "shutdown"], check=False)
        assert wait_for(lambda: not redis_ping(port), timeout=10)
        start_private_redis(tmp_path, port)

        worker = WorkerProcess(broker, test_database_url(), "battles", 1, tmp_path / "worker.log")
        try:
            done = wait_for(
                lambda: all(status_of(b.pk) == JobStatus.RESOLVED for b in battles), timeout=90
            )
            assert done, worker.log_path.read_text()[-3000:]
        finally:
            worker.stop()
    finally:
        subprocess.run(["redis-cli", "-p", str(port), "shutdown", "nosave"], check=False)
