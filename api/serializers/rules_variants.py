"""Input and output shapes of ``/rules-variants/`` and of naming one on a roster."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from armybuilder.models import RulesVariant, RulesVariantRevision


class RulesInputSerializer(serializers.Serializer):
    """``{rules_variant, token?}``: a rules variant id (null: the system's own rules);
    ``token`` opens an unlisted one."""

    rules_variant = serializers.IntegerField(min_value=1, allow_null=True)
    token = serializers.CharField(max_length=64, required=False, default="")


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
        "read_only": not mine,
        "updated_at": variant.updated_at,
    }
    if detail:
        body["document"] = variant.document
        body["data"] = variant.data
        if mine and variant.link_token:
            body["link_token"] = variant.link_token
    return body


def variant_revision_data(revision: RulesVariantRevision, *, text: bool = False) -> dict[str, Any]:
    body: dict[str, Any] = {
        "revision": revision.revision,
        "summary": revision.summary,
        "format": revision.source_format,
        "content_hash": revision.content_hash,
        "created_by": revision.created_by.username if revision.created_by_id else None,
        "created_at": revision.created_at,
    }
    if text:
        body["text"] = revision.source
        body["data"] = revision.data
    return body
