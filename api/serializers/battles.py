"""Battles and simulations: input and output serializers."""

from __future__ import annotations

import re
from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers
from rest_framework.reverse import reverse

from rules.engine_settings import engine_settings_effective
from rules.models import Battle, EngineJob, JobStatus, Simulation
from rules.selectors import job_rules_without_effect
from rules.services import MAX_SEED, MAX_SIMULATION_RUNS, simulation_progress

ROSTER_IDS_HELP = (
    "Two rosters, side a first: the number of one of your rosters, or the share token of a "
    "roster shared with you by link."
)
SHARE_TOKEN_PATTERN = r"^[A-Za-z0-9_-]{1,64}$"  # noqa: S105 - a pattern, not a secret


@extend_schema_field(
    {
        "oneOf": [
            {"type": "integer", "minimum": 1, "maximum": 2**62},
            {"type": "string", "pattern": SHARE_TOKEN_PATTERN},
        ]
    }
)
class RosterReferenceField(serializers.Field):
    """One of your rosters by number, or a shared roster by its share token."""

    default_error_messages = {
        "invalid": "A roster number (yours) or a share token is required.",
    }

    def to_internal_value(self, data: Any) -> int | str:
        if isinstance(data, bool):
            self.fail("invalid")
        if isinstance(data, int) and 1 <= data <= 2**62:
            return data
        if isinstance(data, str) and re.fullmatch(SHARE_TOKEN_PATTERN, data):
            return data
        self.fail("invalid")

    def to_representation(self, value: int | str) -> int | str:
        return value


STALLED = "stalled"


@extend_schema_field(serializers.ChoiceField(choices=[*JobStatus.values, STALLED]))
class JobStatusField(serializers.Field):
    """The job's status, or ``stalled`` while it is running but its worker stopped renewing
    the lease (lost; the stale-job sweep sends it again within about a minute)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(source="*", read_only=True, **kwargs)

    def to_representation(self, job: EngineJob) -> str:
        return STALLED if job.is_stalled() else job.status


SETTINGS_HELP = (
    "Engine settings for the system's ambiguous rules, by name (see `settings` on "
    "/api/v1/systems/{slug}/); only the ones to change, absent or {} for the defaults."
)


class EffectiveSettingsMixin(serializers.Serializer):
    """``settings``: every engine setting the job is played with, defaults filled in, so the
    same battle can be asked for again."""

    settings = serializers.SerializerMethodField()

    @extend_schema_field(OpenApiTypes.OBJECT)
    def get_settings(self, job: EngineJob) -> dict[str, Any]:
        return engine_settings_effective(system=job.system, stored=job.settings)


class RuleUnitSerializer(serializers.Serializer):
    side = serializers.CharField()
    id = serializers.CharField()
    name = serializers.CharField()


class RuleWithoutEffectSerializer(serializers.Serializer):
    """One special rule the engine does not play and the units that carry it."""

    rule = serializers.CharField()
    units = RuleUnitSerializer(many=True)


class RulesWithoutEffectMixin(serializers.Serializer):
    """``rules_without_effect``: the armies' special rules the engine does not play, each
    with the units carrying it (never silently ignored; docs/api.md)."""

    rules_without_effect = serializers.SerializerMethodField()

    @extend_schema_field(RuleWithoutEffectSerializer(many=True))
    def get_rules_without_effect(self, job: EngineJob) -> list[dict[str, Any]]:
        return job_rules_without_effect(job=job)


class BattleRequestSerializer(serializers.Serializer):
    """``{"rosters": [a, b], "mission"?, "seed"?, "settings"?}``; no mission means the
    standard battle, no settings the system's defaults."""

    rosters = serializers.ListField(
        child=RosterReferenceField(),
        min_length=2,
        max_length=2,
        help_text=ROSTER_IDS_HELP,
    )
    mission = serializers.CharField(required=False, allow_blank=False, max_length=64)
    seed = serializers.IntegerField(required=False, min_value=0, max_value=MAX_SEED - 1)
    settings = serializers.DictField(required=False, help_text=SETTINGS_HELP)


class SimulationRequestSerializer(BattleRequestSerializer):
    """A battle request plus the number of runs (1–10,000)."""

    runs = serializers.IntegerField(min_value=1, max_value=MAX_SIMULATION_RUNS)


class BattleSerializer(
    EffectiveSettingsMixin, RulesWithoutEffectMixin, serializers.ModelSerializer
):
    """A battle with its status and, once resolved, its report (the log is paginated
    separately at ``log_url``)."""

    url = serializers.SerializerMethodField()
    log_url = serializers.SerializerMethodField()
    rosters = serializers.SerializerMethodField()
    armies = serializers.SerializerMethodField()
    report = serializers.SerializerMethodField()
    duration_ms = serializers.IntegerField(read_only=True, allow_null=True)
    status = JobStatusField()

    class Meta:
        model = Battle
        fields = (
            "id",
            "url",
            "log_url",
            "system",
            "mission",
            "seed",
            "settings",
            "status",
            "rosters",
            "armies",
            "winner",
            "scores",
            "report",
            "report_hash",
            "rules_without_effect",
            "failure_reason",
            "engine_version",
            "created_at",
            "started_at",
            "finished_at",
            "duration_ms",
        )
        read_only_fields = fields

    def get_url(self, battle: Battle) -> str:
        return reverse("api:battle-detail", args=[battle.pk], request=self.context.get("request"))

    def get_log_url(self, battle: Battle) -> str:
        return reverse("api:battle-log", args=[battle.pk], request=self.context.get("request"))

    def get_rosters(self, battle: Battle) -> list[int | None]:
        return [battle.roster_a_id, battle.roster_b_id]

    def get_armies(self, battle: Battle) -> dict[str, str]:
        return {"a": battle.snapshot_a.get("name", ""), "b": battle.snapshot_b.get("name", "")}

    def get_report(self, battle: Battle) -> dict[str, Any] | None:
        if battle.report is None:
            return None
        return {key: value for key, value in battle.report.items() if key != "events"}


class BattleSummarySerializer(BattleSerializer):
    """A battle in a list: everything but the report (read it at ``url``)."""

    class Meta(BattleSerializer.Meta):
        fields = tuple(f for f in BattleSerializer.Meta.fields if f != "report")
        read_only_fields = fields


class BattleEventSerializer(serializers.Serializer):
    """One line of the battle log."""

    turn = serializers.IntegerField()
    phase = serializers.CharField()
    side = serializers.CharField()
    actor = serializers.CharField()
    target = serializers.CharField()
    text = serializers.CharField()
    dice = serializers.ListField(child=serializers.IntegerField())
    data = serializers.DictField()


class ReplaySerializer(serializers.Serializer):
    """Whether replaying from the stored seed and snapshots gives the stored report."""

    identical = serializers.BooleanField()
    report_hash = serializers.CharField()
    stored_hash = serializers.CharField()


class SimulationSerializer(
    EffectiveSettingsMixin, RulesWithoutEffectMixin, serializers.ModelSerializer
):
    """A simulation with its progress (0–100) and, once done, its result."""

    url = serializers.SerializerMethodField()
    progress = serializers.SerializerMethodField()
    rosters = serializers.SerializerMethodField()
    status = JobStatusField()

    class Meta:
        model = Simulation
        fields = (
            "id",
            "url",
            "system",
            "mission",
            "runs",
            "chunk_size",
            "base_seed",
            "settings",
            "status",
            "progress",
            "rosters",
            "result",
            "rules_without_effect",
            "failure_reason",
            "engine_version",
            "created_at",
            "finished_at",
        )
        read_only_fields = fields

    def get_url(self, simulation: Simulation) -> str:
        return reverse(
            "api:simulation-detail", args=[simulation.pk], request=self.context.get("request")
        )

    def get_progress(self, simulation: Simulation) -> int:
        return simulation_progress(simulation)

    def get_rosters(self, simulation: Simulation) -> list[int | None]:
        return [simulation.roster_a_id, simulation.roster_b_id]
