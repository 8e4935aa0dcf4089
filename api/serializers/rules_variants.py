"""Input and output shapes of ``/rules-variants/`` and of naming one on a roster."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from api.serializers.rosters import RosterInputSerializer
from armybuilder.errors import NotFoundError
from armybuilder.models import RulesVariant
from armybuilder.rules_variant_selectors import rules_variant_for


class RulesInputSerializer(serializers.Serializer):
    """``{rules_variant, token?}``: a rules variant id (null: the system's own rules);
    ``token`` opens an unlisted one."""

    rules_variant = serializers.IntegerField(min_value=1, allow_null=True)
    token = serializers.CharField(max_length=64, required=False, default="")


class ValidateRulesSerializer(serializers.Serializer):
    """The rules a stateless validation uses: ``rules_variant`` (an id; absent or null: the
    system's own) and ``rules_variant_token`` opening an unlisted one."""

    rules_variant = serializers.IntegerField(min_value=1, allow_null=True, required=False)
    rules_variant_token = serializers.CharField(max_length=64, required=False, default="")


class RosterValidateInputSerializer(RosterInputSerializer):
    """``POST /rosters/validate/``: a roster payload, validated against a rules variant
    when it names one (documented for the schema; read by :func:`requested_variant`)."""

    rules_variant = serializers.IntegerField(
        min_value=1, allow_null=True, required=False, help_text="A /rules-variants/ id."
    )
    rules_variant_token = serializers.CharField(
        max_length=64, required=False, help_text="The link token of an unlisted variant."
    )


VARIANT_KEYS = frozenset(ValidateRulesSerializer().fields)


def requested_variant(data: Any, *, user: Any, system: str) -> RulesVariant | None:
    """The rules variant a validation request names, if any: one of ``system`` the caller
    may read; another user's private variant is answered as unknown (400 on
    ``rules_variant``), as an unreadable catalogue is on ``faction``."""
    if not isinstance(data, dict) or not VARIANT_KEYS & data.keys():
        # Neither key: the serializer could only answer "no variant" (about 0.15 ms of
        # building it on every validation, issue 25).
        return None
    checked = ValidateRulesSerializer(data=data)
    checked.is_valid(raise_exception=True)
    variant_id = checked.validated_data.get("rules_variant")
    if variant_id is None:
        return None
    try:
        return rules_variant_for(
            user=user,
            variant_id=variant_id,
            system=system,
            token=checked.validated_data["rules_variant_token"],
        )
    except NotFoundError as missing:
        raise serializers.ValidationError({"rules_variant": [missing.message]}) from missing


class RulesVariantSerializer(serializers.Serializer):
    """A rules variant's listing fields (documented for the schema; rendered by
    :func:`variant_data`)."""

    id = serializers.IntegerField()
    slug = serializers.CharField()
    name = serializers.CharField()
    system = serializers.CharField()
    owner = serializers.CharField()
    visibility = serializers.CharField()
    revision = serializers.IntegerField()
    forked_from = serializers.IntegerField(allow_null=True)
    read_only = serializers.BooleanField()


def variant_data(variant: RulesVariant, *, user: Any, detail: bool = False) -> dict[str, Any]:
    """The variant as the API answers it; ``detail`` adds its own keys (``document``), the
    merged rules (``data``) and, for the owner, the link token of an unlisted one."""
    mine = variant.owner_id == getattr(user, "pk", None)
    body: dict[str, Any] = {
        "id": variant.pk,
        "slug": variant.slug,
        "name": variant.name,
        "system": variant.system.slug,
        "owner": variant.owner.username,
        "visibility": variant.visibility,
        "revision": variant.revision,
        "forked_from": variant.forked_from_id,
        "read_only": not mine,
        "updated_at": variant.updated_at,
    }
    if detail:
        body["document"] = variant.document
        body["data"] = variant.data
        if mine and variant.link_token:
            body["link_token"] = variant.link_token
    return body
