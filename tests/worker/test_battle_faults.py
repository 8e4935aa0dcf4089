"""Battles and simulations on a real worker survive concurrent redelivery, a killed worker
mid-simulation, a Redis SIGKILL with work in flight and a broker that is down when a battle
is asked for (issue 23, items 7 and 9). Shipped timeouts throughout."""

from __future__ import annotations

import signal
import time

import pytest

from armybuilder.rosterdata import sample_roster_data
from rules.models import Battle, JobStatus, Simulation
from rules.services import battle_create, simulation_create
from tests.coinflip_system import coinflip_roster
from tests.support import wait_for
from tests.worker.conftest import in_web_process

pytestmark = [pytest.mark.worker, pytest.mark.usefixtures("coinflip_system")]


def sample_snapshots() -> tuple[dict, dict]:
    """Two skirmish sample warbands (a fast system, so a long simulation stays short)."""
    return sample_roster_data("skirmish", "night-watch"), sample_roster_data(
        "skirmish", "marsh-raiders"
    )


def queued_battle(seed: int, name: str = "Reds") -> Battle:
    return battle_create(
        requested_by=None,
        snapshot_a=coinflip_roster(name),
        snapshot_b=coinflip_roster("Blues"),
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


def test_a_battle_delivered_twice_at_once_is_played_once_and_no_attempt_is_lost(
    start_worker, celery_sender
):
    battle = queued_battle(seed=3, name="sleep:3 Reds")
    deliveries = [send_resolve(celery_sender, battle.pk) for _ in range(2)]
    worker = start_worker(concurrency=2)

    # Both deliveries run at the same time (two pool processes) and both must have ended.
    assert wait_for(
        lambda: all(finished_in_log(worker, task_id) for task_id in deliveries), timeout=60
    ), worker.diagnosis()
    battle.refresh_from_db()
    assert battle.status == JobStatus.RESOLVED
    assert battle.attempts == 1  # the duplicate found a live lease: not a lost worker
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
    start_worker, start_beat, celery_sender
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
    start_beat()
    first = start_worker()
    celery_sender.send_task("rules.simulation_run", args=[simulation.pk], queue="battles")
    assert wait_for(lambda: simulation.chunks.count() >= 2, timeout=90, interval=0.05), (
        first.diagnosis()
    )
    first.stop(signal.SIGKILL)
    killed_at = time.monotonic()
    simulation.refresh_from_db()
    assert simulation.result is None, "the simulation finished before the kill; make it longer"

    # The killed worker's chunk comes back once its lease passed (shipped: 30 s + a sweep).
    second = start_worker()
    assert wait_for(
        lambda: Simulation.objects.get(pk=simulation.pk).status == JobStatus.RESOLVED,
        timeout=180,
    ), second.diagnosis()
    print(f"simulation finished {time.monotonic() - killed_at:.1f} s after the kill")
    simulation.refresh_from_db()
    assert simulation.result["runs"] == 600
    assert simulation.chunks.count() == simulation.chunk_count == 60
    assert simulation.result["seeds"] == list(range(9, 609))


def ask_for_a_battle_in_another_process(broker: str, snapshot_name: str) -> tuple[int, float]:
    """A web process's request: ``battle_create`` committed with the real broker; the
    battle id and the seconds the request took. Fails if it raised."""
    battle_id, seconds = in_web_process(
        broker,
        "import time\n"
        "from django.db import transaction\n"
        "from rules.services import battle_create\n"
        "from tests.coinflip_system import coinflip_roster\n"
        "started = time.monotonic()\n"
        "with transaction.atomic():\n"
        f"    b = battle_create(requested_by=None, snapshot_a=coinflip_roster({snapshot_name!r}),"
        " snapshot_b=coinflip_roster('Blues'), seed=77)\n"
        "answer = [b.pk, time.monotonic() - started]",
    )
    return battle_id, seconds


def test_a_redis_sigkill_with_work_in_flight_and_a_request_while_it_is_down_lose_nothing(
    start_worker, start_beat, private_redis
):
    battles = [queued_battle(seed=seed, name="sleep:1 Reds") for seed in range(40, 48)]
    start_beat(broker=private_redis.url)
    worker = start_worker(broker=private_redis.url, concurrency=1)
    from celery import Celery

    sender = Celery("redis-kill-test", broker=private_redis.url)
    try:
        for battle in battles:
            send_resolve(sender, battle.pk)
    finally:
        sender.close()
    # In flight: some resolved, one running, the rest queued (and fsynced, > 1 s old).
    assert wait_for(
        lambda: Battle.objects.filter(status=JobStatus.RESOLVED).count() >= 2, timeout=60
    ), worker.diagnosis()
    time.sleep(1.5)
    private_redis.kill(signal.SIGKILL)

    # A request while Redis is down still commits its battle and answers (no exception).
    asked_id, seconds = ask_for_a_battle_in_another_process(private_redis.url, "Down")
    assert status_of(asked_id) == JobStatus.QUEUED
    private_redis.start()
    restarted_at = time.monotonic()

    everything = [b.pk for b in battles] + [asked_id]
    assert wait_for(
        lambda: all(status_of(pk) == JobStatus.RESOLVED for pk in everything), timeout=90
    ), worker.diagnosis()
    print(
        f"request while Redis was down took {seconds:.1f} s; everything resolved "
        f"{time.monotonic() - restarted_at:.1f} s after the restart"
    )
    assert Battle.objects.count() == len(everything)
    assert all(b.attempts == 1 for b in Battle.objects.all())
    assert not Battle.objects.filter(status__in=(JobStatus.QUEUED, JobStatus.RUNNING)).exists()
