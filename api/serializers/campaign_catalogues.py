"""Input and output shapes of ``/campaigns/{id}/catalogues/`` (a campaign's pins)."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from campaigns.models import CampaignCatalogue
from campaigns.services.catalogues import LATEST


@extend_schema_field(
    {"oneOf": [{"type": "integer", "minimum": 1}, {"type": "string", "enum": [LATEST]}]}
)
class PinRevisionField(serializers.Field):
    """A revision number (1 or more) or ``"latest"`` (stored as None: follow the latest)."""

    default_error_messages = {"invalid": 'A revision number (1 or more) or "latest".'}

    def to_internal_value(self, data: Any) -> int | None:
        if data == LATEST:
            return None
        if isinstance(data, bool) or not isinstance(data, int | str):
            self.fail("invalid")
        text = str(data)
        if not text.isdigit() or int(text) < 1 or len(text) > 9:
            self.fail("invalid")
        return int(text)

    def to_representation(self, value: int | None) -> int | str:
        return LATEST if value is None else value


class PinInputSerializer(serializers.Serializer):
    """``{catalogue, revision?, token?}``: pin a catalogue (``/catalogues/`` id) at a
    revision, default ``"latest"``; ``token`` opens an unlisted one."""

    catalogue = serializers.IntegerField(min_value=1)
    revision = PinRevisionField(required=False, default=None)
    token = serializers.CharField(max_length=64, required=False, default="")


class MoveInputSerializer(serializers.Serializer):
    """``{revision?}``: the revision to move to, default the catalogue's latest number;
    ``"latest"`` follows every later revision too."""

    revision = PinRevisionField(required=False)


class PinSerializer(serializers.Serializer):
    """A pin (documented for the schema; rendered by :func:`pin_data`)."""

    catalogue = serializers.IntegerField()
    slug = serializers.CharField()
    name = serializers.CharField()
    owner = serializers.CharField(allow_null=True)
    revision = PinRevisionField()
    latest_revision = serializers.IntegerField()
    behind = serializers.BooleanField()


def pin_data(pin: CampaignCatalogue) -> dict[str, Any]:
    """A pin as the API answers it; ``behind`` when the catalogue has a newer revision the
    campaign has not moved to."""
    catalogue = pin.catalogue
    return {
        "catalogue": catalogue.pk,
        "slug": catalogue.slug,
        "name": catalogue.name,
        "owner": catalogue.owner.username if catalogue.owner_id else None,
        "revision": LATEST if pin.revision is None else pin.revision,
        "latest_revision": catalogue.revision,
        "behind": pin.revision is not None and pin.revision < catalogue.revision,
    }
