"""Battles and simulations: what the rules engine was asked and what it answered."""

from __future__ import annotations

from datetime import datetime

from django.conf import settings as conf
from django.db import models
from django.utils import timezone


class JobStatus(models.TextChoices):
    """Life of a battle or simulation: queued → running → resolved | failed (a simulation
    may also be cancelled by its requester)."""

    QUEUED = "queued", "Queued"
    RUNNING = "running", "Running"
    RESOLVED = "resolved", "Resolved"
    FAILED = "failed", "Failed"
    CANCELLED = "cancelled", "Cancelled"


FINISHED_JOB_STATUSES = (JobStatus.RESOLVED, JobStatus.FAILED, JobStatus.CANCELLED)
"""Statuses after which no task does anything more to the job."""
ACTIVE_JOB_STATUSES = (JobStatus.QUEUED, JobStatus.RUNNING)
"""Statuses of work waiting for or holding a worker (what the per-user limits count)."""


class EngineJob(models.Model):
    """What a battle and a simulation share: the system, mission, both roster snapshots
    (RosterData as it was when asked, so later roster edits change nothing), the engine
    settings it is played with (the system's ``settings_type`` as ``from_dict`` takes it;
    {} means the system's defaults), who asked, the life-cycle status and the engine
    version."""

    system = models.CharField(max_length=32)
    mission = models.CharField(max_length=64)
    status = models.CharField(max_length=16, choices=JobStatus.choices, default=JobStatus.QUEUED)
    roster_a = models.ForeignKey(
        "armybuilder.Roster", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    roster_b = models.ForeignKey(
        "armybuilder.Roster", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    snapshot_a = models.JSONField()
    snapshot_b = models.JSONField()
    settings = models.JSONField(default=dict, blank=True)
    requested_by = models.ForeignKey(
        conf.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="%(class)ss",
    )
    failure_reason = models.TextField(blank=True)
    engine_version = models.CharField(max_length=32, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # While running, the worker renews this every JOB_LEASE_SECONDS / 3 (rules/leases.py);
    # once it has passed, the worker is gone: the job is "stalled" and sent again.
    lease_expires_at = models.DateTimeField(null=True, blank=True)
    # "<host>:<pid>" of the process holding the lease: a redelivery on that host after the
    # process died (a killed pool process) may claim the job at once, without waiting.
    lease_holder = models.CharField(max_length=200, blank=True)

    class Meta:
        abstract = True
        ordering = ("-created_at", "-id")

    def is_stalled(self, now: datetime | None = None) -> bool:
        """Running, but its worker stopped renewing the lease (lost, killed or hung): the
        stale-job sweep sends it again."""
        return (
            self.status == JobStatus.RUNNING
            and self.lease_expires_at is not None
            and self.lease_expires_at < (now or timezone.now())
        )


class Battle(EngineJob):
    """One battle between two roster snapshots, resolved by the engine from ``seed``; the
    report is the engine's BattleReport as JSON. ``clock`` is the game clock's record the
    engine plays it with (``gameclock.ClockRecord.to_dict``: turns that ran out of time, a
    flag; ``{}`` for an untimed game)."""

    seed = models.BigIntegerField()
    clock = models.JSONField(default=dict, blank=True)
    report = models.JSONField(null=True, blank=True)
    report_hash = models.CharField(max_length=64, blank=True)
    winner = models.CharField(max_length=1, blank=True)
    scores = models.JSONField(default=dict, blank=True)
    attempts = models.PositiveIntegerField(default=0)
    started_at = models.DateTimeField(null=True, blank=True)

    class Meta(EngineJob.Meta):
        indexes = [models.Index(fields=("status", "created_at"))]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(status__in=JobStatus.values), name="battle_status_valid"
            ),
        ]

    def __str__(self) -> str:
        return f"Battle {self.pk} ({self.system}, {self.status})"

    @property
    def duration_ms(self) -> int | None:
        """Wall time the worker spent resolving it, once finished."""
        if self.started_at and self.finished_at:
            return int((self.finished_at - self.started_at).total_seconds() * 1000)
        return None


class Simulation(EngineJob):
    """Many seeded battles between two snapshots: win/draw/loss odds and distributions.

    The runs are split into chunks (one Celery task each) so several workers share them;
    the result is written once, by whichever chunk finishes last.
    """

    runs = models.PositiveIntegerField()
    chunk_size = models.PositiveIntegerField()
    base_seed = models.BigIntegerField()
    result = models.JSONField(null=True, blank=True)

    class Meta(EngineJob.Meta):
        constraints = [
            models.CheckConstraint(
                condition=models.Q(runs__gte=1, runs__lte=10_000), name="simulation_runs_range"
            ),
            models.CheckConstraint(condition=models.Q(chunk_size__gte=1), name="chunk_size_pos"),
        ]

    def __str__(self) -> str:
        return f"Simulation {self.pk} ({self.runs} runs, {self.status})"

    @property
    def chunk_count(self) -> int:
        """How many chunk tasks the runs are split into."""
        return -(-self.runs // self.chunk_size)

    def chunk_bounds(self, index: int) -> tuple[int, int]:
        """First run number and run count of chunk ``index``."""
        start = index * self.chunk_size
        return start, min(self.chunk_size, self.runs - start)


class SimulationChunk(models.Model):
    """The outcomes of one chunk of a simulation: one row per chunk, written once, packed by
    column (``simulation_stats.pack_outcomes``; rows written before that are a plain list of
    outcome dicts, which ``unpack_outcomes`` still reads)."""

    simulation = models.ForeignKey(Simulation, on_delete=models.CASCADE, related_name="chunks")
    index = models.PositiveIntegerField()
    outcomes = models.JSONField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ("simulation", "index")
        constraints = [
            models.UniqueConstraint(fields=("simulation", "index"), name="one_row_per_chunk"),
        ]

    def __str__(self) -> str:
        return f"Chunk {self.index} of simulation {self.simulation_id}"


class ClockMode(models.TextChoices):
    """Chess clock (total time per player) or a fresh allowance every turn (seed 003 §11)."""

    CHESS = "chess", "Chess clock"
    PER_TURN = "per_turn", "Time per turn"


class GameClock(models.Model):
    """A shared game clock for a timed game: the engine's ``ClockState`` persisted.

    ``remaining_a``/``remaining_b`` are milliseconds left as of ``started_at`` (the last
    switch or resume); the running side's time is computed from the server's clock, so every
    phone shows the same times. ``flagged`` is the side whose chess clock ran out: the game
    is over and that army counts as routed (seed 003 §11). ``timed_out_turns`` lists the
    turns a per-turn clock's side ended over its allowance (seed 003 p.11: that turn stops,
    its melees are not fought), handed to the engine when it plays the game.

    A clock of a campaign game is seen by both players of that game; any other clock has a
    ``share_code`` its creator passes on (a link or the code itself), and whoever joins with
    it is kept in ``shared_with`` and may read and press it as well.
    """

    mode = models.CharField(max_length=16, choices=ClockMode.choices)
    limit_ms = models.PositiveBigIntegerField()
    remaining_a = models.BigIntegerField()
    remaining_b = models.BigIntegerField()
    active = models.CharField(max_length=1, blank=True)
    running = models.BooleanField(default=False)
    started_at = models.DateTimeField(null=True, blank=True)
    turn = models.PositiveIntegerField(default=0)
    flagged = models.CharField(max_length=1, blank=True)
    flagged_at = models.DateTimeField(null=True, blank=True)
    timed_out_turns = models.JSONField(default=list, blank=True)
    game = models.ForeignKey(
        "campaigns.Game", null=True, blank=True, on_delete=models.SET_NULL, related_name="clocks"
    )
    reported_at = models.DateTimeField(null=True, blank=True)
    created_by = models.ForeignKey(
        conf.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="game_clocks"
    )
    share_code = models.CharField(max_length=8, unique=True, null=True, blank=True)
    shared_with = models.ManyToManyField(
        conf.AUTH_USER_MODEL, blank=True, related_name="joined_clocks"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ("-created_at", "-id")
        constraints = [
            models.CheckConstraint(
                condition=models.Q(mode__in=ClockMode.values), name="clock_mode_valid"
            ),
            models.CheckConstraint(condition=models.Q(limit_ms__gte=1), name="clock_limit_pos"),
        ]

    def __str__(self) -> str:
        return f"Clock {self.pk} ({self.mode})"
