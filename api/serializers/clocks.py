"""Game clocks: input serializers and the clock as the server reads it now."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers
from rest_framework.reverse import reverse

from rules.clocks import MAX_LIMIT_MS, clock_state
from rules.models import ClockMode, GameClock


class ClockCreateSerializer(serializers.Serializer):
    """``{"mode": "chess"|"per_turn", "limit_ms", "game"?}``: time per player (chess) or per
    turn, optionally for a campaign game you play in."""

    mode = serializers.ChoiceField(choices=ClockMode.values)
    limit_ms = serializers.IntegerField(min_value=1, max_value=MAX_LIMIT_MS)
    game = serializers.IntegerField(required=False, allow_null=True, min_value=1)


class ClockJoinSerializer(serializers.Serializer):
    """``{"code"}``: the share code of a clock without a campaign game."""

    code = serializers.CharField(max_length=32)


class ClockStartSerializer(serializers.Serializer):
    """The side whose clock starts (deploying or playing first)."""

    side = serializers.ChoiceField(choices=["a", "b"], default="a")


class ClockSwitchSerializer(serializers.Serializer):
    """Optional: the side ending its turn, so a second tap from another phone is refused."""

    side = serializers.ChoiceField(choices=["a", "b"], required=False, allow_null=True)


class ClockReportSerializer(serializers.Serializer):
    """Optional scores for the report; the flagged side loses in any case."""

    scores = serializers.DictField(child=serializers.IntegerField(), required=False)

    def validate_scores(self, value: dict[str, int]) -> dict[str, int]:
        unknown = sorted(set(value) - {"a", "b"})
        if unknown:
            raise serializers.ValidationError(f"Unknown side {unknown[0]!r}: use 'a' and 'b'.")
        return value


class ClockSerializer(serializers.Serializer):
    """A clock as the server reads it now: ``remaining_ms`` per side, who runs, the flag."""

    def to_representation(self, instance: GameClock) -> dict[str, Any]:
        request = self.context.get("request")
        return {
            **clock_state(clock=instance),
            "url": reverse("api:clock-detail", args=[instance.pk], request=request),
            "page_url": f"/clocks/{instance.pk}/",
            "join_url": (
                f"/clocks/join/?code={instance.share_code}" if instance.share_code else None
            ),
            "created_by": instance.created_by_id,
            "created_at": instance.created_at,
        }
