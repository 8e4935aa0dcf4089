"""Between-games warband actions: input serializers (ids bounded so none reaches the
database out of range; the services name the field of any refusal)."""

from __future__ import annotations

from rest_framework import serializers

ID_MAX = 2**31 - 1


class CaptiveSerializer(serializers.Serializer):
    """A captive: the id of his ``captured`` injury ledger line."""

    captive = serializers.IntegerField(min_value=1, max_value=ID_MAX)


class RansomSerializer(CaptiveSerializer):
    """The ransom the captor asks, in gold crowns."""

    price = serializers.IntegerField(min_value=0, max_value=100_000)


class ExchangeSerializer(CaptiveSerializer):
    """A captive offered for ``for_captive``, one of the captor's own heroes held."""

    for_captive = serializers.IntegerField(min_value=1, max_value=ID_MAX)


class SearchSerializer(serializers.Serializer):
    """A hero (roster entry id) searching for a rare item (equipment slug)."""

    hero = serializers.CharField(max_length=80)
    item = serializers.CharField(max_length=80)


class TradeSerializer(serializers.Serializer):
    """An item (equipment slug) bought for or sold from a roster entry."""

    unit = serializers.CharField(max_length=80)
    item = serializers.CharField(max_length=80)


class HiredSwordSerializer(serializers.Serializer):
    """A hired sword type (its catalogue slug)."""

    hired_sword = serializers.CharField(max_length=80)
