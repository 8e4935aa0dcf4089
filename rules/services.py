"""Use cases of the rules app: create, resolve and replay battles; create and run simulations.

The engine decides; these services load rows, call it and save what it returns. Resolving is
idempotent (a resolved battle is left alone, a simulation chunk is stored once) so Celery may
deliver a task twice or after a worker died.
"""

from __future__ import annotations

import json
import logging
import secrets
from typing import Any

from django.db import transaction
from django.db.models import F
from django.utils import timezone
from kombu.exceptions import OperationalError as BrokerError

from rules.engine.gameclock import ClockRecord
from rules.engine.report import BattleReport
from rules.engine.systems import get_system
from rules.engine.systems.base import EngineError, GameSystem
from rules.engine_settings import engine_settings, engine_settings_check
from rules.errors import BattleRequestError
from rules.leases import claimable, lease_deadline, lease_holder, lease_kept, lease_renew
from rules.models import (
    ACTIVE_JOB_STATUSES,
    FINISHED_JOB_STATUSES,
    Battle,
    JobStatus,
    Simulation,
    SimulationChunk,
)
from rules.simulation_stats import battle_outcome, pack_outcomes, summarise, unpack_outcomes
from rules.tasks import battle_resolve_task, simulation_chunk_task, simulation_run_task

MAX_SIMULATION_RUNS = 10_000
DEFAULT_CHUNK_SIZE = 25
MAX_SEED = 2**62
# A battle whose worker was lost this many times (hard time limit, out of memory) fails.
MAX_BATTLE_ATTEMPTS = 3

logger = logging.getLogger(__name__)


def send_task_on_commit(task: Any, *args: Any) -> None:
    """Send ``task`` once the transaction commits; a broker that is down does not fail the
    request: the job stays queued and ``jobs_requeue_stale`` sends it again later."""

    def send() -> None:
        try:
            task.delay(*args)
        except BrokerError:
            logger.warning("Broker unavailable; %s%s left for the requeue sweep", task.name, args)

    transaction.on_commit(send)


def choose_seed() -> int:
    """A fresh random seed (stored, so the battle can be replayed)."""
    return secrets.randbelow(2**31)


def prepared_battle(
    *, system: str, snapshot_a: dict, snapshot_b: dict, settings: dict | None
) -> tuple[GameSystem, Any, Any, Any]:
    """The game system, both armies built from their snapshots and the engine settings from
    the stored ``settings``: what every battle of a request starts from."""
    game = get_system(system)
    army_a = game.build_army(snapshot_a)
    army_b = game.build_army(snapshot_b)
    return game, army_a, army_b, engine_settings(system=system, stored=settings)


def play_battle(
    *,
    system: str,
    mission: str,
    seed: int,
    snapshot_a: dict,
    snapshot_b: dict,
    log: bool = True,
    settings: dict | None = None,
    clock: dict | None = None,
) -> BattleReport:
    """Build both armies and let the engine play the battle with the stored ``settings``
    and, for a system with timed-game rules (``plays_clock``), the game clock's record
    (``ClockRecord.to_dict``: turns that ran out of time end there, seed 003 p.11)."""
    game, army_a, army_b, played = prepared_battle(
        system=system, snapshot_a=snapshot_a, snapshot_b=snapshot_b, settings=settings
    )
    record = ClockRecord.from_dict(clock)
    if record and getattr(game, "plays_clock", False):
        return game.resolve_battle(
            army_a, army_b, mission, seed, log=log, settings=played, clock=record
        )
    return game.resolve_battle(army_a, army_b, mission, seed, log=log, settings=played)


def check_battle_request(
    *, snapshot_a: dict, snapshot_b: dict, mission: str | None, seed: int | None
) -> tuple[str, str, int]:
    """System, mission and seed of a battle request, or BattleRequestError naming the field."""
    system = snapshot_a["system"]
    if snapshot_b["system"] != system:
        raise BattleRequestError(
            "rosters.system_mismatch", "Both rosters must be of the same game system.", "rosters"
        )
    try:
        game = get_system(system)
    except EngineError as exc:
        raise BattleRequestError(exc.code, exc.message, "rosters") from exc
    chosen_mission = mission or game.default_mission
    if chosen_mission not in game.missions:
        known = ", ".join(sorted(game.missions))
        raise BattleRequestError(
            "mission.unknown", f"Unknown mission '{chosen_mission}'; one of: {known}.", "mission"
        )
    if seed is not None and not 0 <= seed < MAX_SEED:
        raise BattleRequestError("seed.range", f"Seed must be in 0..{MAX_SEED - 1}.", "seed")
    return system, chosen_mission, choose_seed() if seed is None else seed


def engine_job_fields(
    *,
    requested_by: Any,
    snapshot_a: dict,
    snapshot_b: dict,
    roster_a: Any,
    roster_b: Any,
    mission: str | None,
    seed: int | None,
    settings: dict | None = None,
) -> dict[str, Any]:
    """The checked fields a battle and a simulation share (``seed`` chosen when absent)."""
    system, mission, seed = check_battle_request(
        snapshot_a=snapshot_a, snapshot_b=snapshot_b, mission=mission, seed=seed
    )
    return {
        "system": system,
        "mission": mission,
        "seed": seed,
        "roster_a": roster_a,
        "roster_b": roster_b,
        "snapshot_a": snapshot_a,
        "snapshot_b": snapshot_b,
        "settings": engine_settings_check(system=system, settings=settings),
        "requested_by": requested_by,
        "engine_version": get_system(system).engine_version,
    }


def battle_create(
    *,
    requested_by: Any,
    snapshot_a: dict,
    snapshot_b: dict,
    roster_a: Any = None,
    roster_b: Any = None,
    mission: str | None = None,
    seed: int | None = None,
    enqueue: bool = True,
    settings: dict | None = None,
    clock: dict | None = None,
) -> Battle:
    """Save a queued battle between two roster snapshots, played with the engine
    ``settings`` (None: the system's defaults) and a game clock's record (``clock``, see
    :func:`play_battle`), and, with ``enqueue``, send its resolution to a worker once the
    transaction commits."""
    battle = Battle.objects.create(
        clock=ClockRecord.from_dict(clock).to_dict(),
        **engine_job_fields(
            requested_by=requested_by,
            snapshot_a=snapshot_a,
            snapshot_b=snapshot_b,
            roster_a=roster_a,
            roster_b=roster_b,
            mission=mission,
            seed=seed,
            settings=settings,
        ),
    )
    if enqueue:
        send_task_on_commit(battle_resolve_task, battle.pk)
    return battle


def battle_resolve(*, battle_id: int) -> Battle:
    """Resolve a queued (or abandoned) battle and store its report; a resolved or failed
    battle, or one another worker holds the lease of (a concurrent duplicate delivery), is
    returned unchanged, so only a lost worker counts as an attempt. An engine error marks
    the battle failed with its reason."""
    now = timezone.now()
    claimed = Battle.objects.filter(claimable(Battle, battle_id, now), pk=battle_id).update(
        status=JobStatus.RUNNING,
        started_at=now,
        lease_expires_at=lease_deadline(now),
        lease_holder=lease_holder(),
    )
    battle = Battle.objects.get(pk=battle_id)
    if not claimed:
        return battle
    if battle.attempts >= MAX_BATTLE_ATTEMPTS:
        Battle.objects.filter(pk=battle_id, status=JobStatus.RUNNING).update(
            status=JobStatus.FAILED,
            failure_reason=(
                f"Gave up after {battle.attempts} attempts: the worker was lost each time "
                "(time limit or memory)."
            ),
            finished_at=timezone.now(),
        )
        battle.refresh_from_db()
        return battle
    Battle.objects.filter(pk=battle_id).update(attempts=F("attempts") + 1)
    try:
        with lease_kept(Battle, battle_id):
            report = play_battle(
                system=battle.system,
                mission=battle.mission,
                seed=battle.seed,
                snapshot_a=battle.snapshot_a,
                snapshot_b=battle.snapshot_b,
                settings=battle.settings,
                clock=battle.clock,
            )
    except Exception as exc:  # noqa: BLE001 - any engine failure is recorded, not retried
        Battle.objects.filter(pk=battle_id, status=JobStatus.RUNNING).update(
            status=JobStatus.FAILED,
            failure_reason=f"{type(exc).__name__}: {exc}",
            finished_at=timezone.now(),
        )
        battle.refresh_from_db()
        return battle
    Battle.objects.filter(pk=battle_id, status=JobStatus.RUNNING).update(
        status=JobStatus.RESOLVED,
        report=report.to_dict(),
        report_hash=report.report_hash(),
        winner=report.winner or "",
        scores=report.scores,
        engine_version=report.engine_version,
        finished_at=timezone.now(),
    )
    battle.refresh_from_db()
    return battle


def battle_replay(*, battle: Battle) -> dict[str, Any]:
    """Play the battle again from its stored seed, snapshots and settings; identical when the new
    report equals the stored report itself and its hash equals the stored hash, so an edited
    report is caught even when its hash was left alone."""
    report = play_battle(
        system=battle.system,
        mission=battle.mission,
        seed=battle.seed,
        snapshot_a=battle.snapshot_a,
        snapshot_b=battle.snapshot_b,
        settings=battle.settings,
        clock=battle.clock,
    )
    report_hash = report.report_hash()
    # Compared as JSON data, the form the report is stored in (tuples become lists).
    same_report = battle.report is not None and json.loads(report.to_json()) == battle.report
    return {
        "identical": same_report and report_hash == battle.report_hash,
        "report_hash": report_hash,
        "stored_hash": battle.report_hash,
    }


def simulation_create(
    *,
    requested_by: Any,
    snapshot_a: dict,
    snapshot_b: dict,
    runs: int,
    roster_a: Any = None,
    roster_b: Any = None,
    mission: str | None = None,
    seed: int | None = None,
    chunk_size: int = DEFAULT_CHUNK_SIZE,
    enqueue: bool = True,
    settings: dict | None = None,
) -> Simulation:
    """Save a simulation of ``runs`` battles played with the engine ``settings`` (None: the
    system's defaults) and, with ``enqueue``, send its chunks to the workers on commit."""
    if not 1 <= runs <= MAX_SIMULATION_RUNS:
        raise BattleRequestError(
            "runs.range", f"Runs must be between 1 and {MAX_SIMULATION_RUNS}.", "runs"
        )
    fields = engine_job_fields(
        requested_by=requested_by,
        snapshot_a=snapshot_a,
        snapshot_b=snapshot_b,
        roster_a=roster_a,
        roster_b=roster_b,
        mission=mission,
        seed=seed,
        settings=settings,
    )
    fields["base_seed"] = fields.pop("seed")
    simulation = Simulation.objects.create(runs=runs, chunk_size=chunk_size, **fields)
    if enqueue:
        send_task_on_commit(simulation_run_task, simulation.pk)
    return simulation


def simulation_missing_chunks(simulation: Simulation) -> list[int]:
    """Indexes of the chunks that have no stored outcomes yet."""
    done = set(simulation.chunks.values_list("index", flat=True))
    return [index for index in range(simulation.chunk_count) if index not in done]


def simulation_run(*, simulation_id: int) -> list[int]:
    """Enqueue a task for every chunk not stored yet; returns their indexes. Running it again
    (a redelivery) only re-sends what is missing, and chunk storage is idempotent."""
    simulation = Simulation.objects.get(pk=simulation_id)
    if simulation.status in FINISHED_JOB_STATUSES:
        return []
    Simulation.objects.filter(pk=simulation_id, status=JobStatus.QUEUED).update(
        status=JobStatus.RUNNING, lease_expires_at=lease_deadline()
    )
    missing = simulation_missing_chunks(simulation)
    for index in missing:
        simulation_chunk_task.delay(simulation_id, index)
    return missing


def simulation_chunk_outcomes(simulation: Simulation, index: int) -> list[dict[str, Any]]:
    """Play the battles of one chunk (fast path, no text log), building both armies once:
    the engine copies what it changes, so every battle starts from the same armies."""
    start, count = simulation.chunk_bounds(index)
    game, army_a, army_b, played = prepared_battle(
        system=simulation.system,
        snapshot_a=simulation.snapshot_a,
        snapshot_b=simulation.snapshot_b,
        settings=simulation.settings,
    )
    return [
        battle_outcome(
            game.resolve_battle(
                army_a,
                army_b,
                simulation.mission,
                simulation.base_seed + run,
                log=False,
                settings=played,
            )
        )
        for run in range(start, start + count)
    ]


def simulation_run_chunk(*, simulation_id: int, index: int) -> None:
    """Play and store chunk ``index`` once, then finish the simulation if it was the last."""
    simulation = Simulation.objects.get(pk=simulation_id)
    if simulation.status in FINISHED_JOB_STATUSES:
        return
    if not simulation.chunks.filter(index=index).exists():
        lease_renew(Simulation, simulation_id)
        try:
            with lease_kept(Simulation, simulation_id):
                outcomes = pack_outcomes(simulation_chunk_outcomes(simulation, index))
        except Exception as exc:  # noqa: BLE001 - an engine failure fails the simulation
            Simulation.objects.filter(
                pk=simulation_id, result__isnull=True, status__in=ACTIVE_JOB_STATUSES
            ).update(
                status=JobStatus.FAILED,
                failure_reason=f"{type(exc).__name__}: {exc}",
                finished_at=timezone.now(),
            )
            return
        SimulationChunk.objects.get_or_create(
            simulation=simulation, index=index, defaults={"outcomes": outcomes}
        )
    simulation_finish(simulation_id=simulation_id)


def simulation_finish(*, simulation_id: int) -> bool:
    """Store the summary once every chunk is in; True when this call stored it. Until the
    last chunk, only the chunks are counted: their outcomes are read once, by the call that
    writes the summary (not by every chunk's call, which read them all each time)."""
    with transaction.atomic():
        simulation = Simulation.objects.select_for_update().get(pk=simulation_id)
        if simulation.result is not None or simulation.status in FINISHED_JOB_STATUSES:
            return False
        if simulation.chunks.count() < simulation.chunk_count:
            return False
        stored = simulation.chunks.order_by("index").values_list("outcomes", flat=True)
        outcomes = [outcome for chunk in stored for outcome in unpack_outcomes(chunk)]
        simulation.result = summarise(outcomes)
        simulation.status = JobStatus.RESOLVED
        simulation.finished_at = timezone.now()
        simulation.save(update_fields=["result", "status", "finished_at"])
    return True


def simulation_progress(simulation: Simulation) -> int:
    """Percent of runs stored so far (0–100), summed over the chunks."""
    if simulation.status == JobStatus.RESOLVED:
        return 100
    done_runs = sum(
        simulation.chunk_bounds(index)[1]
        for index in simulation.chunks.values_list("index", flat=True)
    )
    return int(100 * done_runs / simulation.runs)
