"""Replay the fault sequence of issue 23 against real workers, beat, a private Redis and
PostgreSQL with the shipped timeouts, and print how long after each fault every job was
finished (target: 90 s).

Faults, one after the other, each with work in flight: a whole worker SIGKILLed, the pool
processes of a worker SIGKILLed, Redis SIGKILLed and restarted, the database dropping
every connection for 5 s while tasks start, and battles asked for while Redis is down.
The work is battles (coin-flip test battles that take 5 s, so they are in flight when the
fault comes, and grimdark sample battles), a skirmish simulation and engine-played campaign
games.

Needs PostgreSQL and ``redis-server``. Uses its own database ``muster_bench_faults``
(created and migrated here) and its own Redis on a free port. Prints, per fault, the jobs
unfinished when it came, those that failed and how long after it every job was finished.

    .venv/bin/python bench/fault_recovery.py
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATABASE = "muster_bench_faults"
SERVER = "postgres://muster:muster@127.0.0.1:5432"
TARGET = 90
sys.path.insert(0, str(ROOT))


def prepare_database() -> None:
    """Create the bench database if needed and migrate it."""
    import psycopg

    with psycopg.connect(f"{SERVER}/postgres", autocommit=True) as conn:
        if not conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (DATABASE,)).fetchone():
            conn.execute(f'CREATE DATABASE "{DATABASE}"')
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"],
        cwd=ROOT,
        env={**os.environ, "DATABASE_URL": f"{SERVER}/{DATABASE}"},
        check=True,
    )


class Stack:
    """Beat and two workers on the private Redis, reaching PostgreSQL through a cut-off."""

    def __init__(self, directory: Path, broker: str, database: str) -> None:
        self.directory, self.broker, self.database = directory, broker, database
        self.processes: list[subprocess.Popen] = []
        self.beat = self.celery("beat", "-s", str(directory / "schedule"))
        self.workers = [self.worker(), self.worker()]

    def celery(self, *arguments: str) -> subprocess.Popen:
        env = {
            **os.environ,
            "DATABASE_URL": self.database,
            "CELERY_BROKER_URL": self.broker,
            "CELERY_TASK_ALWAYS_EAGER": "0",
            "LOG_LEVEL": "WARNING",
        }
        log = (self.directory / f"celery-{len(self.processes)}.log").open("wb")
        process = subprocess.Popen(
            [sys.executable, "-m", "celery", "-A", "config", *arguments, "-l", "WARNING"],
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        self.processes.append(process)
        return process

    def worker(self) -> subprocess.Popen:
        return self.celery(
            "worker", "-Q", "celery,battles,simulations", "-c", "2", "--without-gossip",
            "--without-mingle", "--include", "tests.worker.coinflip_worker",
        )  # fmt: skip

    def stop(self) -> None:
        """End every process group started (a group already gone is no error)."""
        for process in self.processes:
            if process.poll() is None:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(process.pid, signal.SIGTERM)
        for process in self.processes:
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(process.pid, signal.SIGKILL)


def setup_django(broker: str) -> None:
    os.environ.update(
        DATABASE_URL=f"{SERVER}/{DATABASE}",
        CELERY_BROKER_URL=broker,
        CELERY_TASK_ALWAYS_EAGER="0",
        DJANGO_SETTINGS_MODULE="config.settings",
        LOG_LEVEL="ERROR",
    )
    import django

    django.setup()
    import tests.worker.coinflip_worker  # noqa: F401 - this process plays coinflip games too


def queue_work(tag: str) -> dict[str, list[int]]:
    """Battles (slow and real), one simulation and two engine-played campaign games, each
    sent to the workers when its transaction commits, as a web request does."""
    from django.db import transaction

    from armybuilder.rosterdata import sample_roster_data
    from campaigns.services.campaigns import campaign_create
    from campaigns.services.engine import game_play_with_engine
    from campaigns.services.games import game_create
    from campaigns.services.membership import campaign_join
    from rules.engine.systems import SYSTEMS
    from rules.services import battle_create, simulation_create
    from tests.coinflip_system import coinflip_roster
    from tests.integration.campaigns.factories import coinflip_roster as campaign_roster
    from tests.integration.campaigns.factories import make_user

    # The slow part first (accounts, a campaign, its games), so every job is sent at once
    # when the transaction below commits and is still in flight when the fault comes.
    organiser = make_user(f"org-{tag}-{time.time_ns()}")
    # "final": the engine's result counts at once (a player's would wait for the opponent).
    campaign = campaign_create(
        user=organiser,
        system="coinflip",
        name=tag,
        points_limit=100,
        settings={"engine_result": "final"},
    )
    people = []
    for name in ("ann", "bob", "cid", "dee"):
        user = make_user(f"{name}-{tag}-{time.time_ns()}")
        roster = campaign_roster(user, name=f"sleep:5 {name}")
        people.append(campaign_join(user=user, join_code=campaign.join_code, roster=roster))
    games = [
        game_create(
            campaign=campaign, user=organiser, participant_a=people[a], participant_b=people[b]
        )
        for a, b in ((0, 1), (2, 3))
    ]
    system = SYSTEMS[0]  # the first system's sample matchup: a real battle per job
    grimdark = [sample_roster_data(system.slug, name) for name in system.catalogue.sample_matchup]
    second = SYSTEMS[1]
    skirmish = [sample_roster_data(second.slug, n) for n in second.catalogue.sample_matchup]

    work: dict[str, list[int]] = {"battles": [], "simulations": [], "games": []}
    with transaction.atomic():
        for index in range(6):
            work["battles"].append(
                battle_create(
                    requested_by=None,
                    snapshot_a=coinflip_roster(f"sleep:5 {tag}{index}"),
                    snapshot_b=coinflip_roster("Blues"),
                ).pk
            )
        for _ in range(10):
            work["battles"].append(
                battle_create(requested_by=None, snapshot_a=grimdark[0], snapshot_b=grimdark[1]).pk
            )
        work["simulations"].append(
            simulation_create(
                requested_by=None, snapshot_a=skirmish[0], snapshot_b=skirmish[1], runs=300
            ).pk
        )
        for game in games:
            work["games"].append(game_play_with_engine(game=game, user=game.participant_a.user).pk)
    return work


def unfinished(work: dict[str, list[int]]) -> int:
    from campaigns.lifecycle import OPEN_STATUSES
    from campaigns.models import Game
    from rules.models import Battle, JobStatus, Simulation

    done = (JobStatus.RESOLVED, JobStatus.FAILED)
    return (
        Battle.objects.filter(pk__in=work["battles"]).exclude(status__in=done).count()
        + Simulation.objects.filter(pk__in=work["simulations"]).exclude(status__in=done).count()
        + Game.objects.filter(pk__in=work["games"], status__in=OPEN_STATUSES).count()
    )


def failed(work: dict[str, list[int]]) -> int:
    """Battles and simulations of ``work`` that ended ``failed`` (none should)."""
    from rules.models import Battle, JobStatus, Simulation

    return (
        Battle.objects.filter(pk__in=work["battles"], status=JobStatus.FAILED).count()
        + Simulation.objects.filter(pk__in=work["simulations"], status=JobStatus.FAILED).count()
    )


def in_flight(work: dict[str, list[int]]) -> int:
    """Wait until some of the work runs, so the fault hits it mid-way; how many jobs of it
    are unfinished then (0: the fault hit nothing, the figure means nothing)."""
    from rules.models import Battle, JobStatus, Simulation

    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        running = Battle.objects.filter(pk__in=work["battles"], status=JobStatus.RUNNING)
        simulating = Simulation.objects.filter(pk__in=work["simulations"], status=JobStatus.RUNNING)
        if running.exists() or simulating.exists():
            break
        time.sleep(0.05)
    return unfinished(work)


def wait_done(work: dict[str, list[int]], since: float, limit: float = 240) -> float | None:
    """Seconds from ``since`` until every job of ``work`` finished (None: not in ``limit``)."""
    while time.monotonic() - since < limit:
        if unfinished(work) == 0:
            return time.monotonic() - since
        time.sleep(0.5)
    return None


def children(pid: int) -> list[int]:
    found = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True, check=False)
    return [int(p) for p in found.stdout.split()]


def print_row(name: str, hit: int, seconds: float | None, lost: int) -> None:
    """One fault's line: the jobs unfinished when it came, the failed ones and how long after
    it every job was finished, flagged when one failed or finished later than the target."""
    figure = f"{seconds:.1f}" if seconds is not None else "NOT FINISHED"
    missed = seconds is None or seconds > TARGET or lost
    flag = f"  (target {TARGET} s, none failed)" if missed else ""
    print(f"{name:38} {hit:>9} {lost:>7} {figure:>24}{flag}", flush=True)


def main() -> None:
    from tests.worker.faults import DatabaseCutoff, PrivateRedis

    prepare_database()
    with tempfile.TemporaryDirectory() as folder:
        directory = Path(folder)
        (directory / "redis").mkdir()
        redis = PrivateRedis(directory / "redis")
        redis.start()
        cutoff = DatabaseCutoff("127.0.0.1", 5432)
        setup_django(redis.url)
        stack = Stack(
            directory, redis.url, f"postgres://muster:muster@127.0.0.1:{cutoff.port}/{DATABASE}"
        )
        signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # stop the stack below
        print(f"{'fault':38} {'in flight':>9} {'failed':>7} {'all finished after (s)':>24}")
        try:
            time.sleep(8)  # workers and beat start

            def phase(name: str, fault) -> None:
                work = queue_work(name.split()[0])
                hit = in_flight(work)
                fault()
                print_row(name, hit, wait_done(work, time.monotonic()), failed(work))

            def kill_worker() -> None:
                os.killpg(stack.workers[0].pid, signal.SIGKILL)
                stack.workers[0] = stack.worker()

            def kill_pool() -> None:
                for child in children(stack.workers[1].pid):
                    os.kill(child, signal.SIGKILL)

            def kill_redis() -> None:
                redis.kill(signal.SIGKILL)
                time.sleep(3)
                redis.start()

            def cut_database() -> None:
                cutoff.cut()
                time.sleep(5)
                cutoff.restore()

            phase("worker SIGKILL", kill_worker)
            phase("pool processes SIGKILL", kill_pool)
            phase("redis SIGKILL, 3 s down", kill_redis)
            phase("database cut-off 5 s", cut_database)

            redis.kill(signal.SIGKILL)
            started = time.monotonic()
            work = queue_work("broker-down")  # every request commits and answers
            asked = time.monotonic() - started
            redis.start()
            restarted = time.monotonic()
            hit = unfinished(work)
            seconds = wait_done(work, restarted)
            print_row(f"broker down at request ({asked:.1f} s)", hit, seconds, failed(work))
        finally:
            try:
                stack.stop()
            finally:
                redis.kill(signal.SIGTERM)
                cutoff.close()


if __name__ == "__main__":
    main()
