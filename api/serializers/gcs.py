"""The GCS answers' shapes, for the schema (docs/api.md "GCS"): the import of one ``.gcs``
file and the export request. The views answer the services' plain dicts; these serializers
document them."""

from __future__ import annotations

from rest_framework import serializers


class GcsUnmappedSerializer(serializers.Serializer):
    """An element of the file left out (or priced differently) and the points it accounts
    for in the difference between the declared and the computed totals."""

    path = serializers.CharField(help_text="Its place in the file, e.g. traits[2].modifiers[0].")
    element = serializers.CharField(
        help_text="trait, modifier, spell, attribute, equipment, price or unspent."
    )
    name = serializers.CharField(allow_blank=True)
    points = serializers.IntegerField()
    reason = serializers.CharField()


class GcsReportSerializer(serializers.Serializer):
    declared_total = serializers.IntegerField(help_text="The file's total_points.")
    computed_total = serializers.IntegerField(help_text="What Muster's price list gives.")
    difference = serializers.IntegerField(help_text="declared − computed; the sum of unmapped.")
    unspent = serializers.IntegerField()
    matches = serializers.BooleanField()
    unmapped = GcsUnmappedSerializer(many=True)


class GcsImportSerializer(serializers.Serializer):
    """The combatant a ``.gcs`` file becomes."""

    unit = serializers.JSONField(help_text="The catalogue unit (its extra.sheet is the sheet).")
    sheet = serializers.JSONField(help_text="The point-buy sheet read from the file.")
    price = serializers.JSONField(help_text="Points by heading, equipment cost and weight.")
    derived = serializers.JSONField(
        help_text="Dodge, Parry, Block, Move, encumbrance, skills, attacks, injury thresholds."
    )
    report = GcsReportSerializer()


class GcsExportSerializer(serializers.Serializer):
    """A point-built combatant to write as ``.gcs``."""

    system = serializers.CharField()
    unit = serializers.DictField(help_text="A catalogue unit with extra.sheet.")


class GcsSaveSerializer(serializers.Serializer):
    """Imported combatants to keep: into which of the caller's catalogues, and a roster."""

    catalogue = serializers.IntegerField(help_text="One of your own catalogues (its id).")
    units = serializers.ListField(
        child=serializers.DictField(),
        help_text="The `unit` of each import answer (name and category may be changed).",
    )
    roster_name = serializers.CharField(
        required=False,
        allow_blank=True,
        max_length=120,
        help_text="Also make a new roster of these combatants, named so.",
    )


class GcsSavedSerializer(serializers.Serializer):
    """Where the combatants went."""

    catalogue = serializers.JSONField(help_text="The catalogue after its new revision.")
    units = serializers.ListField(child=serializers.CharField(), help_text="Their unit slugs.")
    roster = serializers.JSONField(allow_null=True, help_text="The new roster, or null.")
