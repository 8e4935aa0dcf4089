"""Leases on running jobs and the stale-job sweep (issue 23, items 5 and 7): a job is sent
again only when no live message or worker will finish it, a duplicate delivery that finds a
live lease is not a lost attempt, and the API shows a job whose lease passed as stalled."""

from __future__ import annotations

import time
from datetime import timedelta

import pytest
from django.utils import timezone

from rules import sweep, tasks
from rules.broker import BrokerMessages, message_key
from rules.leases import lease_deadline
from rules.models import Battle, JobStatus, Simulation
from rules.services import battle_create, battle_resolve, simulation_create
from tests.coinflip_system import coinflip_roster

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("coinflip_system")]

HOUR_AGO = timedelta(hours=1)


def create_battle(**changes) -> Battle:
    battle = battle_create(
        requested_by=None,
        snapshot_a=coinflip_roster("Reds"),
        snapshot_b=coinflip_roster("Blues"),
        enqueue=False,
    )
    if changes:
        Battle.objects.filter(pk=battle.pk).update(**changes)
    return battle


@pytest.fixture
def sent(monkeypatch) -> list[tuple]:
    """Every task the sweep sends, as ``(name, *args)``."""
    out: list[tuple] = []
    for task in (tasks.battle_resolve_task, tasks.simulation_run_task, tasks.simulation_chunk_task):
        monkeypatch.setattr(task, "delay", lambda *args, name=task.name: out.append((name, *args)))
    return out


def broker(monkeypatch, messages: BrokerMessages | None) -> None:
    monkeypatch.setattr(sweep, "broker_messages", lambda: messages)


def stalled(**changes) -> dict:
    """Fields of a job a lost worker left running (lease passed a minute ago)."""
    return {
        "status": JobStatus.RUNNING,
        "started_at": timezone.now() - HOUR_AGO,
        "created_at": timezone.now() - HOUR_AGO,
        "lease_expires_at": timezone.now() - timedelta(minutes=1),
        **changes,
    }


def test_without_a_readable_broker_stale_queued_and_stalled_battles_are_sent_again(
    monkeypatch, sent
):
    broker(monkeypatch, None)
    old_queued = create_battle(created_at=timezone.now() - HOUR_AGO)
    lost = create_battle(**stalled())
    create_battle()  # fresh: its message is on its way
    create_battle(**stalled(lease_expires_at=lease_deadline()))  # its worker renews it
    resolved = battle_resolve(battle_id=create_battle().pk)
    Battle.objects.filter(pk=resolved.pk).update(created_at=timezone.now() - HOUR_AGO)

    result = sweep.jobs_requeue_stale()

    assert result["battles"] == [old_queued.pk, lost.pk]
    assert sent == [("rules.battle_resolve", old_queued.pk), ("rules.battle_resolve", lost.pk)]


def test_a_battle_whose_message_waits_or_was_just_taken_is_not_sent_again(monkeypatch, sent):
    now = time.time()
    waiting = create_battle(created_at=timezone.now() - HOUR_AGO)
    just_taken = create_battle(created_at=timezone.now() - HOUR_AGO)
    taken_by_a_dead_worker = create_battle(created_at=timezone.now() - HOUR_AGO)
    stalled_but_redelivered = create_battle(**stalled())
    stalled_and_lost = create_battle(**stalled())
    broker(
        monkeypatch,
        BrokerMessages(
            waiting={("rules.battle_resolve", (waiting.pk,))},
            taken={
                ("rules.battle_resolve", (just_taken.pk,)): now - 2,
                ("rules.battle_resolve", (taken_by_a_dead_worker.pk,)): now - 600,
                ("rules.battle_resolve", (stalled_but_redelivered.pk,)): now - 1,
                ("rules.battle_resolve", (stalled_and_lost.pk,)): now - 600,
            },
        ),
    )

    result = sweep.jobs_requeue_stale()

    assert result["battles"] == [taken_by_a_dead_worker.pk, stalled_and_lost.pk]
    # A queued battle is sent again once a lease passed without its message, not 5 minutes.
    recent = create_battle(created_at=timezone.now() - timedelta(seconds=45))
    broker(monkeypatch, BrokerMessages())
    assert recent.pk in sweep.jobs_requeue_stale()["battles"]


def test_a_stalled_simulation_gets_only_its_lost_chunks_sent_again(monkeypatch, sent):
    simulation = simulation_create(
        requested_by=None,
        snapshot_a=coinflip_roster(),
        snapshot_b=coinflip_roster("B"),
        runs=40,
        chunk_size=10,
        enqueue=False,
    )
    fields = stalled()
    fields.pop("started_at")
    Simulation.objects.filter(pk=simulation.pk).update(**fields)
    simulation.chunks.create(index=0, outcomes=[])
    broker(
        monkeypatch,
        BrokerMessages(
            waiting={("rules.simulation_chunk", (simulation.pk, 2))},
            taken={("rules.simulation_chunk", (simulation.pk, 3)): time.time() - 3},
        ),
    )

    assert sweep.jobs_requeue_stale()["simulations"] == [simulation.pk]
    assert sent == [("rules.simulation_chunk", simulation.pk, 1)]


def test_a_duplicate_delivery_that_finds_a_live_lease_is_not_an_attempt():
    battle = create_battle(status=JobStatus.RUNNING, attempts=1, lease_expires_at=lease_deadline())

    again = battle_resolve(battle_id=battle.pk)

    assert again.status == JobStatus.RUNNING
    assert again.attempts == 1
    assert again.report is None


def test_a_battle_whose_lease_passed_is_claimed_again_as_one_lost_attempt():
    battle = create_battle(**stalled(attempts=1))

    again = battle_resolve(battle_id=battle.pk)

    assert again.status == JobStatus.RESOLVED
    assert again.attempts == 2


def test_the_api_shows_a_running_battle_whose_lease_passed_as_stalled():
    from django.contrib.auth import get_user_model
    from rest_framework.test import APIClient

    owner = get_user_model().objects.create_user(username="owner", password="pw-sweep-123")
    owner_client = APIClient()
    owner_client.force_authenticate(owner)
    battle = create_battle(requested_by=owner, **stalled())
    assert owner_client.get(f"/api/v1/battles/{battle.pk}/").json()["status"] == "stalled"
    Battle.objects.filter(pk=battle.pk).update(lease_expires_at=lease_deadline())
    assert owner_client.get(f"/api/v1/battles/{battle.pk}/").json()["status"] == "running"


def test_a_kombu_message_is_read_as_its_task_and_arguments():
    import base64
    import json

    body = base64.b64encode(json.dumps([[7, 2], {}, {}]).encode()).decode()
    message = {
        "body": body,
        "headers": {"task": "rules.simulation_chunk", "id": "x"},
        "properties": {"body_encoding": "base64"},
    }
    assert message_key(message) == ("rules.simulation_chunk", (7, 2))
    assert message_key({"body": "garbage"}) is None


def test_a_redelivery_after_the_lease_holder_process_died_claims_the_battle_at_once():
    import socket
    import subprocess
    import sys

    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait()
    battle = create_battle(
        status=JobStatus.RUNNING,
        attempts=1,
        lease_expires_at=lease_deadline(),
        lease_holder=f"{socket.gethostname()}:{gone.pid}",
    )

    again = battle_resolve(battle_id=battle.pk)

    assert again.status == JobStatus.RESOLVED
    assert again.attempts == 2
