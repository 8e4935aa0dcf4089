"""Input and output shapes of ``/catalogues/`` (users' and the site's faction catalogues)."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from armybuilder.models import DocumentRevision, Faction, SourceFormat, Visibility


class CatalogueInputSerializer(serializers.Serializer):
    """An uploaded document: its text, ``yaml`` or ``json``; ``visibility`` on create."""

    text = serializers.CharField(trim_whitespace=False, allow_blank=False)
    format = serializers.ChoiceField(choices=SourceFormat.values, default=SourceFormat.YAML)
    visibility = serializers.ChoiceField(choices=Visibility.values, default=Visibility.PRIVATE)
    summary = serializers.CharField(max_length=200, required=False, default="")


class VisibilityInputSerializer(serializers.Serializer):
    visibility = serializers.ChoiceField(choices=Visibility.values)


class ForkInputSerializer(serializers.Serializer):
    slug = serializers.RegexField(r"^[a-z0-9][a-z0-9_\-]*$", max_length=80, required=False)


class RevisionInputSerializer(serializers.Serializer):
    revision = serializers.IntegerField(min_value=1)


class CatalogueSerializer(serializers.Serializer):
    """A catalogue's listing fields (documented for the schema; rendered by
    :func:`catalogue_data`)."""

    id = serializers.IntegerField()
    slug = serializers.CharField(help_text="What rosters name as their faction.")
    faction = serializers.CharField(help_text="The slug the document itself uses.")
    name = serializers.CharField()
    system = serializers.CharField()
    owner = serializers.CharField(allow_null=True, help_text="Null for the site's samples.")
    visibility = serializers.CharField()
    revision = serializers.IntegerField()
    units = serializers.IntegerField()
    forked_from = serializers.IntegerField(allow_null=True)
    read_only = serializers.BooleanField()


def catalogue_data(catalogue: Faction, *, user: Any, detail: bool = False) -> dict[str, Any]:
    """The catalogue as the API answers it; ``detail`` adds the document and, for the
    owner, the link token of an unlisted catalogue."""
    mine = catalogue.owner_id is not None and catalogue.owner_id == getattr(user, "pk", None)
    body: dict[str, Any] = {
        "id": catalogue.pk,
        "slug": catalogue.slug,
        "faction": catalogue.data.get("faction", catalogue.slug),
        "name": catalogue.name,
        "system": catalogue.system.slug,
        "owner": catalogue.owner.username if catalogue.owner_id else None,
        "visibility": catalogue.visibility,
        "revision": catalogue.revision,
        "units": len(catalogue.data.get("units") or []),
        "forked_from": catalogue.forked_from_id,
        "read_only": not mine,
        "updated_at": catalogue.updated_at,
    }
    if detail:
        body["data"] = catalogue.data
        if mine and catalogue.link_token:
            body["link_token"] = catalogue.link_token
    return body


def revision_data(revision: DocumentRevision, *, text: bool = False) -> dict[str, Any]:
    """One revision of a catalogue or rules variant; ``text`` adds its uploaded text and its
    stored data (a download)."""
    body: dict[str, Any] = {
        "revision": revision.revision,
        "summary": revision.summary,
        "format": revision.source_format,
        "content_hash": revision.content_hash,
        "created_by": revision.created_by.username if revision.created_by_id else None,
        "created_at": revision.saved_at,
    }
    if text:
        body["text"] = revision.source
        body["data"] = revision.data
    return body
