"""Read-only catalogue shapes: systems, factions, unit types with their options."""

from __future__ import annotations

from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from armybuilder.models import Faction, GameSystem, UnitOption, UnitType
from rules.engine_settings import system_settings_described

SETTING_SCHEMA = {
    "type": "object",
    "properties": {
        "name": {"type": "string"},
        "type": {
            "type": "string",
            "enum": ["boolean", "integer", "number", "string", "array", "object"],
        },
        "default": {},
        "choices": {"type": "array", "items": {}, "nullable": True},
        "reason": {"type": "string"},
    },
    "required": ["name", "type", "default", "choices", "reason"],
}


class GameSystemSerializer(serializers.ModelSerializer):
    """A game system: its slug is what roster payloads name in ``system``; ``settings`` lists
    the engine settings a battle or a campaign may choose (name, JSON type, default, choices
    or null, and the reason for the default)."""

    settings = serializers.SerializerMethodField()

    class Meta:
        model = GameSystem
        fields = (
            "slug",
            "name",
            "points_name",
            "default_points_limit",
            "allies_allowed",
            "revision",
            "settings",
        )

    @extend_schema_field({"type": "array", "items": SETTING_SCHEMA})
    def get_settings(self, system: GameSystem) -> list[dict[str, Any]]:
        return system_settings_described(system=system.slug)


class FactionSerializer(serializers.ModelSerializer):
    """A faction of one system; its slug is what roster payloads name in ``faction``."""

    system = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    special_rules = serializers.SerializerMethodField()

    class Meta:
        model = Faction
        fields = (
            "slug",
            "system",
            "name",
            "alignment",
            "description",
            "revision",
            "special_rules",
        )

    @extend_schema_field(
        {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {
                    "slug": {"type": "string"},
                    "name": {"type": "string"},
                    "text": {"type": "string"},
                },
            },
        }
    )
    def get_special_rules(self, faction: Faction) -> list[dict[str, Any]]:
        return [
            {"slug": r["slug"], "name": r.get("name", ""), "text": r.get("text", "")}
            for r in faction.data.get("special_rules", []) or []
        ]


class UnitOptionSerializer(serializers.ModelSerializer):
    """An option of a unit type; roster entries list chosen options by slug."""

    max_per = serializers.SerializerMethodField()
    requires = serializers.SerializerMethodField()
    excludes = serializers.SerializerMethodField()

    class Meta:
        model = UnitOption
        fields = ("slug", "name", "cost", "per_model", "group", "max_per", "requires", "excludes")

    @extend_schema_field({"type": "object", "nullable": True, "additionalProperties": True})
    def get_max_per(self, option: UnitOption) -> dict[str, Any] | None:
        return option.data.get("max_per")

    @extend_schema_field(serializers.ListField(child=serializers.CharField()))
    def get_requires(self, option: UnitOption) -> list[str]:
        return list(option.data.get("requires", []) or [])

    @extend_schema_field(serializers.ListField(child=serializers.CharField()))
    def get_excludes(self, option: UnitOption) -> list[str]:
        return list(option.data.get("excludes", []) or [])


class SizeSerializer(serializers.Serializer):
    min = serializers.IntegerField()
    max = serializers.IntegerField()


class UnitTypeSerializer(serializers.ModelSerializer):
    """A unit type: slug, name, category (the system's own words), cost, size, profile."""

    system = serializers.CharField(source="faction.system.slug", read_only=True)
    faction = serializers.CharField(source="faction.slug", read_only=True)
    size = serializers.SerializerMethodField()
    sizes = serializers.SerializerMethodField()
    unique = serializers.BooleanField(source="is_unique", read_only=True)
    profile = serializers.SerializerMethodField()
    weapons = serializers.SerializerMethodField()
    rules = serializers.SerializerMethodField()
    options = UnitOptionSerializer(many=True, read_only=True)

    class Meta:
        model = UnitType
        fields = (
            "slug",
            "name",
            "system",
            "faction",
            "category",
            "unit_type",
            "cost",
            "cost_per_model",
            "size",
            "sizes",
            "unique",
            "profile",
            "weapons",
            "rules",
            "options",
        )

    @extend_schema_field(SizeSerializer)
    def get_size(self, unit: UnitType) -> dict[str, int]:
        return {"min": unit.size_min, "max": unit.size_max}

    @extend_schema_field(
        {
            "type": "array",
            "nullable": True,
            "items": {"type": "object", "additionalProperties": True},
        }
    )
    def get_sizes(self, unit: UnitType) -> list[dict[str, Any]] | None:
        return unit.data.get("sizes")

    @extend_schema_field(OpenApiTypes.OBJECT)
    def get_profile(self, unit: UnitType) -> dict[str, Any]:
        return dict(unit.data.get("profile", {}) or {})

    @extend_schema_field(
        {"type": "array", "items": {"type": "object", "additionalProperties": True}}
    )
    def get_weapons(self, unit: UnitType) -> list[dict[str, Any]]:
        return list(unit.data.get("weapons", []) or [])

    @extend_schema_field(serializers.ListField(child=serializers.CharField()))
    def get_rules(self, unit: UnitType) -> list[str]:
        return [str(rule) for rule in unit.data.get("rules", []) or []]
