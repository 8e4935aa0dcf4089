"""Roster payloads in and out.

Input names catalogue objects by slug (``"unit": "line-squad"``); every slug is checked
against the loaded catalogues here, so an unknown one answers 400 with the field's path
(``units[3].unit``) and nothing is written. A roster may still break its army's rules:
that is what ``validation`` reports on every roster response.
"""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from armybuilder.models import Faction, GameSystem, Roster, RosterRevision
from armybuilder.validation import ValidationResult

MAX_POINTS_LIMIT = 100_000
MAX_UNITS = 200
MAX_UNIT_SIZE = 1000
MAX_OPTIONS = 100
MAX_ALLIES = 10
NAME_LENGTH = 120
SLUG_LENGTH = 80


def slug_field(**kwargs: Any) -> serializers.SlugField:
    return serializers.SlugField(max_length=SLUG_LENGTH, **kwargs)


class RosterUnitInputSerializer(serializers.Serializer):
    """One entry: unit slug, size (default: the unit's minimum), option slugs, label."""

    id = serializers.CharField(
        max_length=20, required=False, help_text="Keep an existing entry (updates only)."
    )
    unit = slug_field()
    size = serializers.IntegerField(
        min_value=1, max_value=MAX_UNIT_SIZE, required=False, allow_null=True
    )
    options = serializers.ListField(child=slug_field(), max_length=MAX_OPTIONS, default=list)
    name = serializers.CharField(max_length=NAME_LENGTH, allow_blank=True, default="")
    faction = slug_field(required=False, help_text="Allied faction slug (allies only).")


class RosterInputSerializer(serializers.Serializer):
    """``{name, system, faction, points_limit, allies?, units}`` by slugs."""

    name = serializers.CharField(max_length=NAME_LENGTH)
    system = slug_field()
    faction = slug_field()
    points_limit = serializers.IntegerField(
        min_value=1, max_value=MAX_POINTS_LIMIT, required=False, allow_null=True
    )
    allies = serializers.ListField(child=slug_field(), max_length=MAX_ALLIES, default=list)
    units = RosterUnitInputSerializer(many=True, max_length=MAX_UNITS, default=list)

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        """Resolve every slug against the catalogues (one query for the factions)."""
        system = GameSystem.objects.filter(slug=attrs["system"]).first()
        if system is None:
            raise serializers.ValidationError({"system": [f"No game system '{attrs['system']}'."]})
        wanted = {attrs["faction"], *attrs["allies"]}
        wanted |= {u["faction"] for u in attrs["units"] if u.get("faction")}
        factions = {f.slug: f for f in Faction.objects.filter(system=system, slug__in=wanted)}
        errors: dict[str, Any] = {}
        if attrs["faction"] not in factions:
            errors["faction"] = [f"No faction '{attrs['faction']}' in {system.name}."]
        for index, ally in enumerate(attrs["allies"]):
            if not system.allies_allowed:
                errors[f"allies[{index}]"] = [f"{system.name} does not allow allied factions."]
            elif ally not in factions:
                errors[f"allies[{index}]"] = [f"No faction '{ally}' in {system.name}."]
        if not errors:
            errors.update(unit_errors(attrs, factions))
        if errors:
            raise serializers.ValidationError(errors)
        attrs["system_obj"] = system
        attrs["faction_obj"] = factions[attrs["faction"]]
        attrs["faction_objs"] = factions
        return attrs


def unit_errors(attrs: dict[str, Any], factions: dict[str, Faction]) -> dict[str, list[str]]:
    """Unknown unit or option slugs, by path."""
    errors: dict[str, list[str]] = {}
    members = {attrs["faction"], *attrs["allies"]}
    indexes: dict[str, dict[str, dict[str, Any]]] = {}
    for index, entry in enumerate(attrs["units"]):
        path = f"units[{index}]"
        faction_slug = entry.get("faction") or attrs["faction"]
        if faction_slug not in members or faction_slug not in factions:
            errors[f"{path}.faction"] = [f"Faction '{faction_slug}' is not in this army."]
            continue
        if faction_slug not in indexes:
            units = factions[faction_slug].data.get("units", []) or []
            indexes[faction_slug] = {u["slug"]: u for u in units}
        unit = indexes[faction_slug].get(entry["unit"])
        if unit is None:
            errors[f"{path}.unit"] = [
                f"No unit '{entry['unit']}' in {factions[faction_slug].name}."
            ]
            continue
        known = {o["slug"] for o in unit.get("options", []) or []}
        for position, option in enumerate(entry["options"]):
            if option not in known:
                errors[f"{path}.options[{position}]"] = [
                    f"No option '{option}' for {unit.get('name', entry['unit'])}."
                ]
    return errors


def payload_from(attrs: dict[str, Any]) -> dict[str, Any]:
    """The interchange payload of validated input (what the validator and services read)."""
    units = []
    for index, entry in enumerate(attrs["units"]):
        unit = {
            "id": entry.get("id") or f"u{index + 1}",
            "unit": entry["unit"],
            "size": entry.get("size"),
            "options": list(entry["options"]),
            "name": entry.get("name", ""),
        }
        if entry.get("faction") and entry["faction"] != attrs["faction"]:
            unit["faction"] = entry["faction"]
        units.append(unit)
    return {
        "name": attrs["name"],
        "system": attrs["system"],
        "faction": attrs["faction"],
        "points_limit": attrs.get("points_limit") or attrs["system_obj"].default_points_limit,
        "allies": list(attrs["allies"]),
        "units": units,
    }


class ViolationSerializer(serializers.Serializer):
    code = serializers.CharField()
    severity = serializers.ChoiceField(choices=["error", "warning"])
    message = serializers.CharField()
    path = serializers.CharField(allow_blank=True)


class ValidationSerializer(serializers.Serializer):
    """``legal`` is true when no violation is an error; warnings never make a list illegal."""

    legal = serializers.BooleanField()
    errors = ViolationSerializer(many=True)
    warnings = ViolationSerializer(many=True)


def validation_data(result: ValidationResult) -> dict[str, Any]:
    return {
        "legal": result.is_valid,
        "errors": [v.as_dict() for v in result.errors],
        "warnings": [v.as_dict() for v in result.warnings],
    }


class RosterUnitSerializer(serializers.Serializer):
    id = serializers.CharField()
    unit = serializers.CharField()
    size = serializers.IntegerField()
    options = serializers.ListField(child=serializers.CharField())
    name = serializers.CharField(allow_blank=True)
    faction = serializers.CharField(required=False)
    points = serializers.IntegerField()


class ValidationReportSerializer(serializers.Serializer):
    """The answer of ``POST /rosters/validate/``: points and validation, nothing saved."""

    points = serializers.IntegerField()
    points_limit = serializers.IntegerField()
    points_name = serializers.CharField()
    units = RosterUnitSerializer(many=True)
    validation = ValidationSerializer()


class RosterSerializer(serializers.Serializer):
    """A roster as stored, with points and validation computed from the catalogues now."""

    id = serializers.IntegerField()
    name = serializers.CharField()
    system = serializers.CharField()
    faction = serializers.CharField()
    points_limit = serializers.IntegerField()
    allies = serializers.ListField(child=serializers.CharField())
    units = RosterUnitSerializer(many=True)
    points = serializers.IntegerField()
    points_name = serializers.CharField()
    validation = ValidationSerializer()
    revision = serializers.IntegerField()
    created_at = serializers.DateTimeField()
    updated_at = serializers.DateTimeField()


def units_data(payload: dict[str, Any], result: ValidationResult) -> list[dict[str, Any]]:
    out = []
    for index, entry in enumerate(payload.get("units", [])):
        unit_id = str(entry.get("id") or f"u{index + 1}")
        row = {
            "id": unit_id,
            "unit": entry["unit"],
            "size": entry.get("size") or 0,
            "options": list(entry.get("options", [])),
            "name": entry.get("name", ""),
            "points": result.unit_points.get(unit_id, 0),
        }
        if entry.get("faction"):
            row["faction"] = entry["faction"]
        out.append(row)
    return out


def roster_data(roster: Roster, result: ValidationResult) -> dict[str, Any]:
    """The output shape of one roster."""
    payload = roster.payload
    return {
        "id": roster.pk,
        "name": roster.name,
        "system": roster.system.slug,
        "faction": roster.faction.slug,
        "points_limit": result.points_limit,
        "allies": list(payload.get("allies", [])),
        "units": units_data(payload, result),
        "points": result.points,
        "points_name": result.points_name,
        "validation": validation_data(result),
        "revision": roster.revision,
        "created_at": roster.created_at,
        "updated_at": roster.updated_at,
    }


class RosterRevisionSerializer(serializers.ModelSerializer):
    created_by = serializers.SlugRelatedField(slug_field="username", read_only=True)

    class Meta:
        model = RosterRevision
        fields = ("number", "action", "summary", "points", "created_by", "created_at")


class RestoreSerializer(serializers.Serializer):
    revision = serializers.IntegerField(min_value=1, max_value=2_147_483_647)


class DuplicateSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=NAME_LENGTH, required=False)


class ImportSerializer(serializers.Serializer):
    """Either ``{"format": "json", "roster": {...}}`` or ``{"format": "text", "text": "..."}``."""

    format = serializers.ChoiceField(choices=["json", "text"], default="json")
    roster = serializers.JSONField(required=False)
    text = serializers.CharField(max_length=200_000, required=False, trim_whitespace=False)
    name = serializers.CharField(max_length=NAME_LENGTH, required=False)

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if attrs["format"] == "json" and not isinstance(attrs.get("roster"), dict):
            raise serializers.ValidationError({"roster": ["A roster object is required."]})
        if attrs["format"] == "text" and not attrs.get("text"):
            raise serializers.ValidationError({"text": ["The roster text is required."]})
        return attrs


class ShareSerializer(serializers.Serializer):
    token = serializers.CharField()
    url = serializers.CharField()


class VerificationSerializer(serializers.Serializer):
    token = serializers.CharField()
    data = serializers.JSONField()


class VerifyRequestSerializer(serializers.Serializer):
    token = serializers.CharField(max_length=10_000)


class VerifyResultSerializer(serializers.Serializer):
    data = serializers.JSONField()
    roster_exists = serializers.BooleanField()
    matches_roster = serializers.BooleanField()
    catalogues_current = serializers.BooleanField()
