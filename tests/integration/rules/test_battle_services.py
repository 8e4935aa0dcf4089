"""Battle and simulation services: seeds stored, idempotent resolution, failures recorded."""

import pytest

from rules.errors import BattleRequestError
from rules.models import Battle, JobStatus, SimulationChunk
from rules.services import (
    battle_create,
    battle_replay,
    battle_resolve,
    simulation_create,
    simulation_progress,
    simulation_run_chunk,
)
from tests.coinflip_system import coinflip_roster

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("coinflip_system")]


def create_battle(**kwargs) -> Battle:
    params = {
        "requested_by": None,
        "snapshot_a": coinflip_roster("Reds"),
        "snapshot_b": coinflip_roster("Blues"),
        "enqueue": False,
    }
    params.update(kwargs)
    return battle_create(**params)


def test_a_battle_without_seed_gets_one_stored_and_the_default_mission():
    battle = create_battle()
    assert battle.seed is not None
    assert battle.mission == "duel"
    assert battle.status == JobStatus.QUEUED


def test_resolving_stores_the_report_and_resolving_again_changes_nothing():
    battle = battle_resolve(battle_id=create_battle(seed=7).pk)
    assert battle.status == JobStatus.RESOLVED
    assert battle.report["seed"] == 7
    assert len(battle.report_hash) == 64
    finished = battle.finished_at

    again = battle_resolve(battle_id=battle.pk)
    assert again.finished_at == finished
    assert again.attempts == 1
    assert Battle.objects.count() == 1


def test_later_snapshot_edits_do_not_change_a_stored_battle():
    snapshot = coinflip_roster("Reds")
    battle = create_battle(snapshot_a=snapshot)
    snapshot["name"] = "Renamed"
    battle.refresh_from_db()
    assert battle.snapshot_a["name"] == "Reds"


def test_an_engine_error_marks_the_battle_failed_with_a_reason():
    battle = battle_resolve(battle_id=create_battle(snapshot_a=coinflip_roster("explode")).pk)
    assert battle.status == JobStatus.FAILED
    assert "told to fail" in battle.failure_reason
    assert battle.report is None


def test_replay_is_identical_to_the_stored_report():
    battle = battle_resolve(battle_id=create_battle(seed=11).pk)
    replay = battle_replay(battle=battle)
    assert replay == {
        "identical": True,
        "report_hash": battle.report_hash,
        "stored_hash": battle.report_hash,
    }


def test_replay_detects_a_tampered_report():
    battle = battle_resolve(battle_id=create_battle(seed=11).pk)
    scores = battle.report["scores"]
    Battle.objects.filter(pk=battle.pk).update(
        report={**battle.report, "scores": {"a": scores["a"] + 1, "b": scores["b"]}}
    )
    battle.refresh_from_db()
    replay = battle_replay(battle=battle)
    assert replay["identical"] is False
    assert replay["report_hash"] == replay["stored_hash"]  # the hash alone would not show it


def test_replay_detects_a_tampered_hash():
    battle = battle_resolve(battle_id=create_battle(seed=11).pk)
    Battle.objects.filter(pk=battle.pk).update(report_hash="0" * 64)
    battle.refresh_from_db()
    assert battle_replay(battle=battle)["identical"] is False


def test_unknown_mission_is_refused_naming_the_field():
    with pytest.raises(BattleRequestError) as error:
        create_battle(mission="moon-landing")
    assert error.value.field == "mission"
    assert error.value.code == "mission.unknown"


def test_rosters_of_different_systems_are_refused():
    other = {**coinflip_roster("Blues"), "system": "grimdark"}
    with pytest.raises(BattleRequestError) as error:
        create_battle(snapshot_b=other)
    assert error.value.code == "rosters.system_mismatch"


def test_battle_is_resolved_on_commit_when_tasks_run_eagerly(django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        battle = create_battle(enqueue=True)
    battle.refresh_from_db()
    assert battle.status == JobStatus.RESOLVED


@pytest.mark.parametrize("runs", [0, 10_001])
def test_simulation_runs_out_of_range_are_refused(runs):
    with pytest.raises(BattleRequestError) as error:
        simulation_create(
            requested_by=None,
            snapshot_a=coinflip_roster(),
            snapshot_b=coinflip_roster("B"),
            runs=runs,
            enqueue=False,
        )
    assert error.value.field == "runs"


def test_simulation_stores_one_result_whatever_order_and_repeats_of_chunks():
    simulation = simulation_create(
        requested_by=None,
        snapshot_a=coinflip_roster(),
        snapshot_b=coinflip_roster("B"),
        runs=55,
        seed=100,
        chunk_size=20,
        enqueue=False,
    )
    assert simulation.chunk_count == 3
    for index in (2, 0, 2):
        simulation_run_chunk(simulation_id=simulation.pk, index=index)
    simulation.refresh_from_db()
    assert simulation.result is None
    assert simulation_progress(simulation) == int(100 * 35 / 55)

    simulation_run_chunk(simulation_id=simulation.pk, index=1)
    simulation_run_chunk(simulation_id=simulation.pk, index=1)
    simulation.refresh_from_db()
    assert simulation.status == JobStatus.RESOLVED
    assert SimulationChunk.objects.filter(simulation=simulation).count() == 3
    result = simulation.result
    assert result["runs"] == 55
    assert result["seeds"] == list(range(100, 155))
    total = sum(result["odds"][k]["count"] for k in ("win", "draw", "loss"))
    assert total == 55
    assert simulation_progress(simulation) == 100


def test_simulation_runs_end_to_end_eagerly(django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        simulation = simulation_create(
            requested_by=None,
            snapshot_a=coinflip_roster(),
            snapshot_b=coinflip_roster("B"),
            runs=30,
            seed=5,
            chunk_size=10,
        )
    simulation.refresh_from_db()
    assert simulation.status == JobStatus.RESOLVED
    assert simulation.result["runs"] == 30


def test_a_battle_whose_worker_was_lost_three_times_fails_with_a_reason():
    battle = create_battle()
    # each lost worker left it running with one more attempt counted
    Battle.objects.filter(pk=battle.pk).update(status=JobStatus.RUNNING, attempts=3)
    battle = battle_resolve(battle_id=battle.pk)
    assert battle.status == JobStatus.FAILED
    assert "3 attempts" in battle.failure_reason


def test_a_broker_that_is_down_leaves_the_battle_queued_instead_of_failing_the_request(
    monkeypatch, django_capture_on_commit_callbacks
):
    from kombu.exceptions import OperationalError

    from rules import tasks

    def broker_down(*args):
        raise OperationalError("connection refused")

    monkeypatch.setattr(tasks.battle_resolve_task, "delay", broker_down)
    with django_capture_on_commit_callbacks(execute=True):
        battle = create_battle(enqueue=True)
    battle.refresh_from_db()
    assert battle.status == JobStatus.QUEUED
