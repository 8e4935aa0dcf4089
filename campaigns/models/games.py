"""Campaigns, participants, rounds, games, the post-battle ledger, the audit log and roster
versions.

Experience, injuries and resources are never stored as totals: every effect is a
:class:`LedgerEntry` of a :class:`PostBattleRun` tied to the game that caused it, so totals
are sums, every change can be traced, and reversing a game marks its runs reversed.
"""

from __future__ import annotations

from django.conf import settings as django_settings
from django.db import models
from django.db.models import F, Q


class CampaignFormat(models.TextChoices):
    LEAGUE = "league", "League"
    NARRATIVE = "narrative", "Narrative"
    ESCALATION = "escalation", "Escalation"


class CampaignStatus(models.TextChoices):
    DRAFT = "draft", "Draft"
    RUNNING = "running", "Running"
    FINISHED = "finished", "Finished"


class ParticipantStatus(models.TextChoices):
    ACTIVE = "active", "Active"
    WITHDRAWN = "withdrawn", "Withdrawn"


class PairingMethod(models.TextChoices):
    SWISS = "swiss", "Swiss"
    ROUND_ROBIN = "round_robin", "Round robin"
    MANUAL = "manual", "Manual"


class GameStatus(models.TextChoices):
    """Where a game is in its life-cycle; which action moves it where, and who may ask, is
    the transition table of ``campaigns.lifecycle``."""

    SCHEDULED = "scheduled", "Scheduled"
    """Paired or created; no result yet (the engine may play it, an organiser decide it)."""
    REPORTED = "reported", "Reported"
    """A player reported the result; the opponent confirms or disputes it."""
    CONFIRMED = "confirmed", "Confirmed"
    """The result counts: confirmed, decided by an organiser, or played by the engine."""
    DISPUTED = "disputed", "Disputed"
    """The opponent contests the reported result; an organiser decides."""
    AUTO_RESOLVED = "auto_resolved", "Auto-resolved"
    """Past its deadline: confirmed as reported, or played by the engine, unattended."""
    REVERSED = "reversed", "Reversed"
    """Undone by an organiser: it no longer counts and its effects are removed."""


FINAL_STATUSES: tuple[str, ...] = (GameStatus.CONFIRMED, GameStatus.AUTO_RESOLVED)


class Campaign(models.Model):
    """A league, narrative or escalation campaign of one game system."""

    system = models.CharField(max_length=40)
    name = models.CharField(max_length=120)
    description = models.TextField(blank=True)
    format = models.CharField(
        max_length=16, choices=CampaignFormat.choices, default=CampaignFormat.LEAGUE
    )
    status = models.CharField(
        max_length=16, choices=CampaignStatus.choices, default=CampaignStatus.DRAFT
    )
    points_limit = models.PositiveIntegerField()
    points_step = models.PositiveIntegerField(default=0)
    settings = models.JSONField(default=dict, blank=True)
    rules_variant = models.ForeignKey(
        "armybuilder.RulesVariant",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="campaigns",
        help_text="Rosters are validated against this variant of the system's rules here.",
    )
    join_code = models.CharField(max_length=16, unique=True)
    seed = models.BigIntegerField()
    # Raised by every organiser edit: the campaign's ETag, so an edit from a stale read is
    # refused (core.concurrency) instead of overwriting the one that came first.
    revision = models.PositiveIntegerField(default=1)
    created_by = models.ForeignKey(
        django_settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="campaigns_created"
    )
    organisers = models.ManyToManyField(
        django_settings.AUTH_USER_MODEL, related_name="campaigns_run"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ("-created_at", "-id")
        constraints = [
            models.CheckConstraint(
                condition=Q(format__in=CampaignFormat.values), name="campaign_format_valid"
            ),
            models.CheckConstraint(
                condition=Q(status__in=CampaignStatus.values), name="campaign_status_valid"
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def points_limit_for_round(self, number: int) -> int:
        """The round's points limit: escalation adds ``points_step`` per round after the first."""
        if self.format == CampaignFormat.ESCALATION:
            return self.points_limit + self.points_step * max(0, number - 1)
        return self.points_limit


class CampaignCatalogue(models.Model):
    """A catalogue the campaign's players may build from, at ``revision`` (null: always the
    latest). A campaign with no such rows lets players build from any catalogue they may
    use; with some, a roster using any other is refused at joining and at every campaign
    roster update (docs/campaigns.md "Pinned catalogues")."""

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="pins")
    catalogue = models.ForeignKey(
        "armybuilder.Faction", on_delete=models.PROTECT, related_name="campaign_pins"
    )
    revision = models.PositiveIntegerField(null=True, blank=True)

    class Meta:
        ordering = ("campaign", "catalogue__name", "id")
        constraints = [
            models.UniqueConstraint(
                fields=("campaign", "catalogue"), name="campaign_catalogue_unique"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.campaign} pins {self.catalogue_id} r{self.revision or 'latest'}"


class Participant(models.Model):
    """A player in a campaign with the roster they joined with (one per campaign)."""

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="participants")
    user = models.ForeignKey(
        django_settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="campaign_entries"
    )
    roster = models.ForeignKey(
        "armybuilder.Roster", on_delete=models.PROTECT, related_name="campaign_entries"
    )
    name = models.CharField(max_length=120)
    status = models.CharField(
        max_length=16, choices=ParticipantStatus.choices, default=ParticipantStatus.ACTIVE
    )
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ("campaign", "id")
        constraints = [
            models.UniqueConstraint(fields=("campaign", "user"), name="one_entry_per_user"),
            models.UniqueConstraint(fields=("campaign", "roster"), name="one_entry_per_roster"),
        ]

    def __str__(self) -> str:
        return f"{self.name} in {self.campaign_id}"


class Round(models.Model):
    """A round: its pairing method, seed, deadline and points limit."""

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveIntegerField()
    pairing = models.CharField(max_length=16, choices=PairingMethod.choices)
    seed = models.BigIntegerField()
    deadline = models.DateTimeField(null=True, blank=True)
    points_limit = models.PositiveIntegerField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ("campaign", "number")
        constraints = [
            models.UniqueConstraint(fields=("campaign", "number"), name="round_number_unique"),
            models.CheckConstraint(condition=Q(number__gte=1), name="round_number_positive"),
        ]

    def __str__(self) -> str:
        return f"Round {self.number} of {self.campaign_id}"


class Game(models.Model):
    """Two participants (or a bye), a mission, a result and the games it follows.

    ``report`` is BattleReport-shaped data: the engine's report, or one built from a manual
    result, so one post-battle path serves both. Snapshots are taken when the game is first
    reported or played, so later roster edits never rewrite it.
    """

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="games")
    round = models.ForeignKey(
        Round, null=True, blank=True, on_delete=models.CASCADE, related_name="games"
    )
    table = models.PositiveIntegerField(default=1)
    participant_a = models.ForeignKey(Participant, on_delete=models.PROTECT, related_name="+")
    participant_b = models.ForeignKey(
        Participant, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    mission = models.CharField(max_length=64, blank=True)
    status = models.CharField(
        max_length=16, choices=GameStatus.choices, default=GameStatus.SCHEDULED
    )
    follows = models.ManyToManyField(
        "self", symmetrical=False, blank=True, related_name="followed_by"
    )
    chooser = models.ForeignKey(
        Participant, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    attacker = models.ForeignKey(
        Participant, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    snapshot_a = models.JSONField(null=True, blank=True)
    snapshot_b = models.JSONField(null=True, blank=True)
    report = models.JSONField(null=True, blank=True)
    winner = models.CharField(max_length=1, blank=True)
    score_a = models.IntegerField(default=0)
    score_b = models.IntegerField(default=0)
    mission_outcome = models.JSONField(default=dict, blank=True)
    reported_by = models.ForeignKey(
        django_settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    reported_at = models.DateTimeField(null=True, blank=True)
    confirmed_by = models.ForeignKey(
        django_settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    resolved_at = models.DateTimeField(null=True, blank=True)
    dispute_reason = models.TextField(blank=True)
    # The rules.Battle that played it; a battle pruned by the rules app leaves the game's
    # report in place (SET_NULL).
    battle = models.ForeignKey(
        "rules.Battle",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="campaign_games",
    )
    engine_mode = models.CharField(max_length=16, blank=True)
    post_battle_seed = models.BigIntegerField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ("campaign", "round__number", "table", "id")
        indexes = [models.Index(fields=("campaign", "status"))]
        constraints = [
            models.CheckConstraint(
                condition=Q(status__in=GameStatus.values), name="game_status_valid"
            ),
            models.CheckConstraint(
                condition=~Q(participant_a=F("participant_b")), name="game_two_participants"
            ),
            models.CheckConstraint(
                condition=Q(winner__in=("", "a", "b")), name="game_winner_valid"
            ),
        ]

    def __str__(self) -> str:
        return f"Game {self.pk} ({self.status})"

    @property
    def is_bye(self) -> bool:
        """A bye: one participant, scored as a win."""
        return self.participant_b_id is None

    def side_of(self, participant_id: int) -> str | None:
        """ "a" or "b" for a participant of this game, None otherwise."""
        if participant_id == self.participant_a_id:
            return "a"
        if participant_id == self.participant_b_id:
            return "b"
        return None

    def participant_ids(self) -> list[int]:
        return [pid for pid in (self.participant_a_id, self.participant_b_id) if pid]

    def side_seed(self, side: str) -> int:
        """The seed of one side's post-battle dice (its run's seed; trading searches and the
        slavers' price are salted streams of it)."""
        return (self.post_battle_seed * 2 + (0 if side == "a" else 1)) % (2**62)


class PostBattleRun(models.Model):
    """One application of a rules pack to one participant's side of one game.

    ``(game, participant, generation)`` is unique, so two concurrent confirmations cannot
    apply a game twice; reversing or recomputing marks a run reversed (its entries stay, for
    the record) and a recomputation adds the next generation.
    """

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="+")
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="runs")
    participant = models.ForeignKey(Participant, on_delete=models.CASCADE, related_name="runs")
    generation = models.PositiveIntegerField()
    side = models.CharField(max_length=1)
    seed = models.BigIntegerField()
    pack = models.CharField(max_length=40)
    engine_output = models.JSONField(default=dict)
    summary = models.JSONField(default=dict)
    created_at = models.DateTimeField(auto_now_add=True)
    reversed_at = models.DateTimeField(null=True, blank=True)
    reversal_reason = models.CharField(max_length=200, blank=True)

    class Meta:
        ordering = ("id",)
        constraints = [
            models.UniqueConstraint(
                fields=("game", "participant", "generation"), name="one_run_per_generation"
            ),
        ]

    def __str__(self) -> str:
        return f"Run g{self.game_id}/p{self.participant_id}#{self.generation}"


class EffectKind(models.TextChoices):
    EXPERIENCE = "experience", "Experience"
    ADVANCE = "advance", "Advance"
    INJURY = "injury", "Injury"
    DEATH = "death", "Death"
    RANK = "rank", "Rank"
    CHARACTER_POINTS = "character_points", "Character points"
    RESOURCE = "resource", "Resource"
    CHOICE = "choice", "Choice"


def kind_valid(kinds: type[models.TextChoices], name: str) -> models.CheckConstraint:
    """The database holds a row's ``kind`` to one of ``kinds``."""
    return models.CheckConstraint(condition=Q(kind__in=kinds.values), name=name)


class CampaignLine(models.Model):
    """What a ledger line and a warband action share: their campaign, the roster entry they
    concern (``unit_key``, blank for the participant as a whole), their data and when they
    were made; read in the order they were made."""

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="+")
    unit_key = models.CharField(max_length=80, blank=True)
    data = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        abstract = True
        ordering = ("id",)


class LedgerEntry(CampaignLine):
    """One effect of a game on a unit (``unit_key`` = the roster entry's stable id, plus a
    fighter id where the system has fighters) or on the participant (``unit_key`` blank)."""

    run = models.ForeignKey(PostBattleRun, on_delete=models.CASCADE, related_name="entries")
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="+")
    participant = models.ForeignKey(Participant, on_delete=models.CASCADE, related_name="ledger")
    fighter_key = models.CharField(max_length=80, blank=True)
    kind = models.CharField(max_length=20, choices=EffectKind.choices)
    resource = models.CharField(max_length=40, blank=True)
    amount = models.IntegerField(default=0)

    class Meta(CampaignLine.Meta):
        indexes = [models.Index(fields=("participant", "unit_key"))]
        constraints = [kind_valid(EffectKind, "ledger_kind_valid")]

    def __str__(self) -> str:
        return f"{self.kind} {self.amount} {self.unit_key}"


class AuditEntry(models.Model):
    """Who did what, when, to which game: append-only."""

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="audit")
    game = models.ForeignKey(
        Game, null=True, blank=True, on_delete=models.SET_NULL, related_name="audit"
    )
    actor = models.ForeignKey(
        django_settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    action = models.CharField(max_length=40)
    data = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ("id",)

    def __str__(self) -> str:
        return f"{self.action} by {self.actor_id} on game {self.game_id}"


class RosterVersion(models.Model):
    """A campaign roster the campaign accepted: the payload as bought, what it cost and what
    buying it spent (units and upgrades added since the previous version). Version 1 is the
    roster the participant joined with; games take their snapshots from the latest one."""

    participant = models.ForeignKey(
        Participant, on_delete=models.CASCADE, related_name="roster_versions"
    )
    number = models.PositiveIntegerField()
    payload = models.JSONField()
    cost = models.IntegerField(default=0)
    spent = models.IntegerField(default=0)
    created_by = models.ForeignKey(
        django_settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ("participant", "number")
        constraints = [
            models.UniqueConstraint(
                fields=("participant", "number"), name="one_roster_version_number"
            ),
        ]

    def __str__(self) -> str:
        return f"Roster v{self.number} of participant {self.participant_id}"
