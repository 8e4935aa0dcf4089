"""Beat and the stale-job sweep against a real Redis (issue 23, item 7): a sweep tick that
falls in a Redis outage is sent once Redis is back, not a period later, and the sweep never
sends a job whose message still waits in the queue, so the queue does not grow with
duplicates however often it runs. Shipped schedule and timeouts."""

from __future__ import annotations

import json
import signal
import time
from datetime import timedelta

import pytest
from django.utils import timezone

from rules.broker import MessageKey, message_key
from rules.models import Battle
from rules.services import battle_create
from tests.coinflip_system import coinflip_roster
from tests.support import wait_for
from tests.worker.conftest import redis_url

pytestmark = [pytest.mark.worker, pytest.mark.usefixtures("coinflip_system")]

SWEEP_TASK = "rules.requeue_stale"
SWEEP_TICK = "Sending due task rules-requeue-stale"
SWEEP_PERIOD = 15  # RULES_REQUEUE_STALE_EVERY, shipped


def messages(url: str, queue: str) -> list[MessageKey | None]:
    """``(task, args)`` of every message waiting in ``queue`` of the Redis at ``url``."""
    import redis

    client = redis.Redis.from_url(url)
    try:
        raw = client.lrange(queue, 0, -1)
    finally:
        client.close()
    return [message_key(json.loads(item)) for item in raw]


def sweeps_waiting(url: str) -> int:
    return sum(1 for key in messages(url, "battles") if key and key[0] == SWEEP_TASK)


def test_a_sweep_tick_during_a_redis_outage_is_sent_when_redis_is_back(start_beat, private_redis):
    # No worker: every sweep beat sends stays in the ``battles`` queue, where it is counted.
    beat = start_beat(broker=private_redis.url)
    assert wait_for(lambda: SWEEP_TICK in beat.log(tail=100_000), timeout=60), beat.diagnosis()
    assert wait_for(lambda: sweeps_waiting(private_redis.url) >= 1, timeout=10), beat.diagnosis()
    # A clean shutdown, so the count before the outage is exactly what comes back. The
    # outage outlasts a sweep period, so a sweep tick falls in it (beat may then be busy
    # retrying another entry's send: either way the tick must not be lost).
    private_redis.kill(signal.SIGTERM)
    time.sleep(SWEEP_PERIOD + 2)
    private_redis.start()
    waiting_at_restart = sweeps_waiting(private_redis.url)
    restarted_at = time.monotonic()

    assert wait_for(
        lambda: sweeps_waiting(private_redis.url) > waiting_at_restart, timeout=30, interval=0.2
    ), beat.diagnosis()
    late = time.monotonic() - restarted_at
    print(f"the tick of the outage was sent {late:.1f} s after Redis came back")
    assert late < SWEEP_PERIOD - 5, "the tick was lost: this is the next regular one"


def old_battle(seed: int) -> Battle:
    """A queued battle older than any sweep threshold (an hour)."""
    battle = battle_create(
        requested_by=None,
        snapshot_a=coinflip_roster("Reds"),
        snapshot_b=coinflip_roster("Blues"),
        seed=seed,
        enqueue=False,
    )
    Battle.objects.filter(pk=battle.pk).update(created_at=timezone.now() - timedelta(hours=1))
    return battle


def test_the_sweep_never_sends_a_job_whose_message_still_waits(start_worker, celery_sender):
    waiting = [old_battle(seed) for seed in (1, 2)]
    lost = old_battle(3)
    for battle in waiting:
        celery_sender.send_task("rules.battle_resolve", args=[battle.pk], queue="battles")
    # The sweep runs on a worker that does not consume ``battles`` (an overloaded queue:
    # nothing is taken from it meanwhile).
    sweeper = start_worker(queues="sweep")
    for _ in range(3):
        task_id = celery_sender.send_task(SWEEP_TASK, queue="sweep").id
        assert wait_for(
            lambda task_id=task_id: f"{SWEEP_TASK}[{task_id}] succeeded" in sweeper.log(),
            timeout=60,
        ), sweeper.diagnosis()

    # One message per battle: the lost one sent once, the waiting ones never again.
    queued = sorted(key for key in messages(redis_url(), "battles") if key)
    assert queued == sorted(("rules.battle_resolve", (b.pk,)) for b in [*waiting, lost])
