"""The BattleScribe answers' shapes, for the schema (docs/battlescribe.md, docs/api.md
"BattleScribe"): the import report, the accepted import and a roster read from a ``.ros``.
The views answer the services' plain dicts; these serializers document them."""

from __future__ import annotations

from rest_framework import serializers

from api.serializers.rosters import RosterSerializer
from api.serializers.user_catalogues import CatalogueSerializer


class BattleScribeUnmappedSerializer(serializers.Serializer):
    """An element left out of the Muster catalogue (or kept without effect), and why."""

    file = serializers.CharField()
    id = serializers.CharField(help_text="Its BattleScribe id.")
    path = serializers.CharField(
        help_text="Its place in the file, e.g. catalogue/selectionEntries/selectionEntry[X]."
    )
    element = serializers.CharField(help_text="rule, modifier, constraint, profile, link…")
    reason = serializers.CharField()


class BattleScribeCheckSerializer(serializers.Serializer):
    """A finding of the catalogue checks on the mapped catalogue."""

    severity = serializers.CharField()
    code = serializers.CharField()
    path = serializers.CharField()
    line = serializers.IntegerField(allow_null=True)
    message = serializers.CharField()
    hint = serializers.CharField(allow_blank=True)


class BattleScribeCountsSerializer(serializers.Serializer):
    units = serializers.IntegerField()
    options = serializers.IntegerField()
    constraints = serializers.IntegerField()
    rules = serializers.IntegerField()


class BattleScribeCatalogueSerializer(serializers.Serializer):
    """What one faction catalogue of the upload becomes."""

    file = serializers.CharField()
    battlescribe_id = serializers.CharField()
    name = serializers.CharField()
    revision = serializers.IntegerField()
    faction = serializers.CharField(help_text="The Muster faction slug.")
    counts = BattleScribeCountsSerializer()
    action = serializers.ChoiceField(choices=["create", "update", "unchanged"])
    catalogue_id = serializers.IntegerField(
        allow_null=True, help_text="The Muster catalogue it creates or updates (null: new)."
    )
    checks = BattleScribeCheckSerializer(many=True)


class BattleScribeTotalsSerializer(BattleScribeCountsSerializer):
    unmapped = serializers.IntegerField()


class BattleScribeReportSerializer(serializers.Serializer):
    """The import report: counts, each catalogue, every element not mapped."""

    system = serializers.CharField()
    game_system = serializers.DictField(help_text="{id, name, revision, file}")
    counts = BattleScribeTotalsSerializer()
    catalogues = BattleScribeCatalogueSerializer(many=True)
    libraries = serializers.ListField(child=serializers.CharField())
    unmapped = BattleScribeUnmappedSerializer(many=True)
    accepted = serializers.BooleanField(help_text="False for a preview: nothing saved.")


class BattleScribeImportSerializer(serializers.Serializer):
    """An accepted import: the report and the saved catalogues."""

    report = BattleScribeReportSerializer()
    catalogues = CatalogueSerializer(many=True)


class BattleScribeUnknownSerializer(serializers.Serializer):
    """A force or selection of the ``.ros`` that matched nothing (listed, not dropped)."""

    path = serializers.CharField()
    name = serializers.CharField(allow_null=True)
    entryId = serializers.CharField(allow_null=True)
    reason = serializers.CharField()


class BattleScribeForceSerializer(serializers.Serializer):
    """What became of one ``force`` of the ``.ros``."""

    path = serializers.CharField()
    name = serializers.CharField(allow_null=True)
    catalogueId = serializers.CharField(allow_null=True)
    faction = serializers.CharField(allow_blank=True)
    role = serializers.ChoiceField(choices=["primary", "ally", "merged", "unknown"])
    units = serializers.IntegerField()
    note = serializers.CharField(allow_blank=True)


class BattleScribeRosterSerializer(RosterSerializer):
    """The new roster, with what could not be matched and each force's fate."""

    unknown = BattleScribeUnknownSerializer(many=True)
    forces = BattleScribeForceSerializer(many=True)
