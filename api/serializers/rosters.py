"""Roster payloads in and out.

Input names catalogue objects by slug (``"unit": "line-squad"``); every slug is checked
against the loaded catalogues here, so an unknown one answers 400 with the field's path
(``units[3].unit``) and nothing is written. A roster may still break its army's rules:
that is what ``validation`` reports on every roster response.
"""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from api.validation_input import (
    ID_LENGTH,
    MAX_ALLIES,
    MAX_OPTIONS,
    MAX_POINTS_LIMIT,
    MAX_UNIT_SIZE,
    MAX_UNITS,
    NAME_LENGTH,
    SLUG_LENGTH,
    roster_input_parse,
    roster_input_resolve,
)
from armybuilder.models import Roster, RosterRevision
from armybuilder.validation import ValidationResult


def slug_field(**kwargs: Any) -> serializers.SlugField:
    return serializers.SlugField(max_length=SLUG_LENGTH, **kwargs)


class RosterUnitInputSerializer(serializers.Serializer):
    """One entry: unit slug, size (default: the unit's minimum), option slugs, label."""

    id = serializers.CharField(
        max_length=ID_LENGTH, required=False, help_text="Keep an existing entry (updates only)."
    )
    unit = slug_field()
    size = serializers.IntegerField(
        min_value=1, max_value=MAX_UNIT_SIZE, required=False, allow_null=True
    )
    options = serializers.ListField(child=slug_field(), max_length=MAX_OPTIONS, default=list)
    name = serializers.CharField(max_length=NAME_LENGTH, allow_blank=True, default="")
    faction = slug_field(required=False, help_text="Allied faction slug (allies only).")
    skills = serializers.ListField(
        child=slug_field(),
        max_length=MAX_OPTIONS,
        required=False,
        help_text="Hero skill slugs (skirmish): only from the lists the unit type may take.",
    )


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

    def to_internal_value(self, data: Any) -> dict[str, Any]:
        """The fields above, checked by ``api.validation_input`` (same rules and messages,
        without a nested serializer per unit entry)."""
        return roster_input_parse(data)

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        """Resolve every slug against the catalogues the requester may use (cached per
        process, one light query); context ``allowed``: factions the roster already uses."""
        request = self.context.get("request")
        return roster_input_resolve(
            attrs,
            user=getattr(request, "user", None),
            allowed=frozenset(self.context.get("allowed", ())),
        )


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
        if entry.get("skills"):
            unit["skills"] = list(entry["skills"])
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
    skills = serializers.ListField(child=serializers.CharField(), required=False)
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
    rules_variant = serializers.IntegerField(
        allow_null=True, help_text="The rules variant it is validated against (null: the system's)."
    )
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
        if entry.get("skills"):
            row["skills"] = list(entry["skills"])
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
        "rules_variant": roster.rules_variant_id,
        "created_at": roster.created_at,
        "updated_at": roster.updated_at,
    }


class UnitChangeSerializer(serializers.Serializer):
    """How one unit's points moved between the roster's last revision and now."""

    id = serializers.CharField()
    name = serializers.CharField()
    path = serializers.CharField()
    before = serializers.IntegerField(allow_null=True)
    after = serializers.IntegerField(allow_null=True)
    delta = serializers.IntegerField()


class CatalogueChangesSerializer(serializers.Serializer):
    """What newer catalogue revisions changed for a roster (``roster_catalogue_changes``)."""

    changed = serializers.BooleanField()
    message = serializers.CharField()
    built_against = serializers.DictField(child=serializers.IntegerField())
    current = serializers.DictField(child=serializers.IntegerField())
    points_before = serializers.IntegerField()
    points_after = serializers.IntegerField()
    units = UnitChangeSerializer(many=True)
    new_violations = serializers.ListField(child=serializers.CharField())


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
    """A token and, optionally, the list in front of the organiser (our text layout, JSON
    text, or a JSON object as the exports write them)."""

    token = serializers.CharField(max_length=100_000)
    list = serializers.JSONField(
        required=False,
        help_text="The list to check: export text, or the JSON export (object or text).",
    )

    def validate_list(self, value: Any) -> Any:
        if not isinstance(value, str | dict):
            raise serializers.ValidationError("Give the list as text or as a JSON object.")
        return value


class VerifyResultSerializer(serializers.Serializer):
    signature_valid = serializers.BooleanField()
    instance = serializers.CharField()
    expires_at = serializers.IntegerField(allow_null=True)
    data = serializers.JSONField()
    roster_exists = serializers.BooleanField()
    matches_roster = serializers.BooleanField()
    catalogues_current = serializers.BooleanField()
    list_matches = serializers.BooleanField(
        allow_null=True, help_text="null when no list was given"
    )
    legal_at_signed_revisions = serializers.BooleanField(
        allow_null=True, help_text="the signed validation, when the list is the signed one"
    )


class PublicKeySerializer(serializers.Serializer):
    instance = serializers.CharField()
    algorithm = serializers.CharField()
    key_id = serializers.CharField()
    public_key = serializers.CharField(help_text="raw Ed25519 public key, base64url")
    public_key_pem = serializers.CharField()
