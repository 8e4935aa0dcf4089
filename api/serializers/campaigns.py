"""Campaigns: input and output serializers."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from campaigns.lifecycle import TRANSITIONS, Role, game_actions
from campaigns.models import (
    FINAL_STATUSES,
    AuditEntry,
    Campaign,
    CampaignFormat,
    Game,
    PairingMethod,
    Round,
)
from campaigns.services.campaigns import MAX_POINTS


class CampaignSerializer(serializers.ModelSerializer):
    """A campaign; the join code is shown to its organisers only."""

    organisers = serializers.SerializerMethodField()
    join_code = serializers.SerializerMethodField()

    class Meta:
        model = Campaign
        fields = (
            "id",
            "system",
            "name",
            "description",
            "format",
            "status",
            "points_limit",
            "points_step",
            "settings",
            "rules_variant",
            "join_code",
            "seed",
            "revision",
            "organisers",
            "created_at",
        )
        read_only_fields = fields

    def get_organisers(self, campaign: Campaign) -> list[int]:
        return sorted(u.pk for u in campaign.organisers.all())

    def get_join_code(self, campaign: Campaign) -> str | None:
        user = self.context["request"].user
        return campaign.join_code if user.pk in self.get_organisers(campaign) else None


class CampaignCreateSerializer(serializers.Serializer):
    system = serializers.CharField(max_length=40)
    name = serializers.CharField(max_length=120)
    description = serializers.CharField(required=False, allow_blank=True, default="")
    format = serializers.ChoiceField(choices=CampaignFormat.values, default="league")
    points_limit = serializers.IntegerField(min_value=1, max_value=MAX_POINTS)
    points_step = serializers.IntegerField(min_value=0, max_value=MAX_POINTS, default=0)
    settings = serializers.DictField(required=False, default=dict)
    seed = serializers.IntegerField(required=False, min_value=0, max_value=2**31 - 1)
    rules_variant = serializers.IntegerField(
        required=False, allow_null=True, min_value=1, help_text="A /rules-variants/ id."
    )


class CampaignUpdateSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=120, required=False)
    description = serializers.CharField(required=False, allow_blank=True)
    status = serializers.CharField(required=False)
    points_limit = serializers.IntegerField(min_value=1, max_value=MAX_POINTS, required=False)
    points_step = serializers.IntegerField(min_value=0, max_value=MAX_POINTS, required=False)
    settings = serializers.DictField(required=False)
    rules_variant = serializers.IntegerField(
        required=False, allow_null=True, min_value=1, help_text="A /rules-variants/ id; null: none."
    )
    revision = serializers.IntegerField(
        min_value=1, required=False, help_text="The revision you read (409 when stale)."
    )


class JoinSerializer(serializers.Serializer):
    join_code = serializers.CharField(max_length=16)
    roster = serializers.IntegerField(min_value=1)


class OrganiserSerializer(serializers.Serializer):
    """The user to make an organiser of the campaign, by username."""

    username = serializers.CharField(max_length=150)


class RoundCreateSerializer(serializers.Serializer):
    pairing = serializers.ChoiceField(choices=PairingMethod.values, default="swiss")
    deadline = serializers.DateTimeField(required=False, allow_null=True, default=None)
    seed = serializers.IntegerField(required=False, min_value=0, max_value=2**31 - 1)
    pairings = serializers.ListField(
        child=serializers.ListField(
            child=serializers.IntegerField(allow_null=True), min_length=2, max_length=2
        ),
        required=False,
        help_text="Manual pairings: [[a, b], [c, null] (a bye)…]",
    )

    def validate_pairings(self, pairings: list[list[int | None]]) -> list[list[int | None]]:
        """A game names its first player; only the second may be null (a bye)."""
        for index, (first, _) in enumerate(pairings):
            if first is None:
                raise serializers.ValidationError(
                    {index: ["The first participant may not be null (a bye is [c, null])."]}
                )
        return pairings


class RoundSerializer(serializers.ModelSerializer):
    games = serializers.PrimaryKeyRelatedField(many=True, read_only=True)

    class Meta:
        model = Round
        fields = ("id", "number", "pairing", "seed", "deadline", "points_limit", "games")
        read_only_fields = fields


USER_ACTIONS = [t.action.value for t in TRANSITIONS if Role.SYSTEM not in t.roles]


class GameSerializer(serializers.ModelSerializer):
    """A game; ``actions`` lists what the requesting user may do with it now (the
    campaign life-cycle's answer, the same the campaign page shows)."""

    follows = serializers.PrimaryKeyRelatedField(many=True, read_only=True)
    battle_id = serializers.IntegerField(read_only=True, allow_null=True)
    round = serializers.IntegerField(source="round.number", allow_null=True, read_only=True)
    actions = serializers.SerializerMethodField()
    post_battle_seed = serializers.SerializerMethodField()

    class Meta:
        model = Game
        fields = (
            "id",
            "campaign",
            "round",
            "table",
            "participant_a",
            "participant_b",
            "mission",
            "status",
            "follows",
            "chooser",
            "attacker",
            "winner",
            "score_a",
            "score_b",
            "mission_outcome",
            "reported_by",
            "reported_at",
            "confirmed_by",
            "resolved_at",
            "dispute_reason",
            "battle_id",
            "engine_mode",
            "post_battle_seed",
            "snapshot_a",
            "snapshot_b",
            "report",
            "actions",
        )
        read_only_fields = fields

    @extend_schema_field(serializers.IntegerField(allow_null=True))
    def get_post_battle_seed(self, game: Game) -> int | None:
        """The seed of the post-battle dice, shown once the result is final (null before,
        so nobody can work out injuries and advances while a result can still change)."""
        return game.post_battle_seed if game.status in FINAL_STATUSES else None

    @extend_schema_field(serializers.ListField(child=serializers.ChoiceField(USER_ACTIONS)))
    def get_actions(self, game: Game) -> list[str]:
        user = self.context["request"].user
        organiser = any(u.pk == user.pk for u in game.campaign.organisers.all())
        return game_actions(game, user, organiser=organiser)


class GameCreateSerializer(serializers.Serializer):
    participant_a = serializers.IntegerField()
    participant_b = serializers.IntegerField()
    mission = serializers.CharField(required=False, allow_blank=True, default="")
    follows = serializers.ListField(child=serializers.IntegerField(), required=False, default=list)


class ResultSerializer(serializers.Serializer):
    """``winner`` "a", "b" or null (a draw), scores, per-unit/per-fighter outcomes."""

    winner = serializers.ChoiceField(choices=["a", "b"], allow_null=True)
    scores = serializers.DictField(child=serializers.IntegerField())
    units = serializers.ListField(child=serializers.DictField(), required=False, default=list)
    mission_outcome = serializers.DictField(required=False, default=dict)
    note = serializers.CharField(required=False, allow_blank=True, default="")


class ReasonSerializer(serializers.Serializer):
    reason = serializers.CharField(required=False, allow_blank=True, default="")


class DisputeSerializer(serializers.Serializer):
    """Why the reported result is wrong: the organiser decides on it."""

    reason = serializers.CharField(max_length=500)


class PlaySerializer(serializers.Serializer):
    """No input: the server draws a campaign game's seed (``secrets``), so a player cannot
    pick a winning seed found in practice battles. A ``seed`` sent anyway is refused."""

    def validate(self, attrs: dict) -> dict:
        if "seed" in (self.initial_data or {}):
            raise serializers.ValidationError(
                {"seed": ["A campaign game's seed is drawn by the server; send none."]}
            )
        return attrs


class AuditSerializer(serializers.ModelSerializer):
    actor = serializers.CharField(source="actor.username", allow_null=True, read_only=True)

    class Meta:
        model = AuditEntry
        fields = ("id", "game", "actor", "action", "data", "created_at")
        read_only_fields = fields


class AdvanceChoiceSerializer(serializers.Serializer):
    """The pick for an advance or rank waiting for one (``entry`` = its ledger line id)."""

    entry = serializers.IntegerField(min_value=1)
    choice = serializers.CharField(max_length=80)


class RosterUpdateSerializer(serializers.Serializer):
    """The new campaign roster: a roster payload, or nothing to take the participant's
    army-builder roster as it is now."""

    payload = serializers.DictField(required=False)
