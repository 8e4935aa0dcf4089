"""``/campaigns/{id}/catalogues/``: the catalogues a campaign's players may build from.
Members read them; organisers pin, unpin, preview and move a pin to another revision."""

from __future__ import annotations

from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status, viewsets
from rest_framework.decorators import action
from rest_framework.request import Request
from rest_framework.response import Response

from api.serializers.campaign_catalogues import (
    MoveInputSerializer,
    PinInputSerializer,
    PinSerializer,
    pin_data,
)
from campaigns.catalogue_pins import campaign_pin_list
from campaigns.models import Campaign, CampaignCatalogue
from campaigns.selectors import campaign_get
from campaigns.services.catalogues import (
    LATEST,
    campaign_catalogue_changes,
    campaign_catalogue_move,
    campaign_catalogue_pin,
    campaign_catalogue_unpin,
    campaign_pin_get,
)

TAGS = ["campaigns"]
CATALOGUE_ID = OpenApiParameter("pk", int, OpenApiParameter.PATH, description="Catalogue id.")


class CampaignCatalogueViewSet(viewsets.GenericViewSet):
    """A campaign's pinned catalogues (404 for non-members, 403 for players' changes)."""

    serializer_class = PinSerializer
    pagination_class = None
    lookup_value_regex = r"[0-9]+"
    filter_backends: list = []

    def get_queryset(self):
        return CampaignCatalogue.objects.none()

    def campaign(self, campaign_pk: str) -> Campaign:
        """The campaign, if the caller organises or plays in it (404 otherwise)."""
        return campaign_get(campaign_id=int(campaign_pk), user=self.request.user)

    @extend_schema(tags=TAGS, responses={200: PinSerializer(many=True)})
    def list(self, request: Request, campaign_pk: str) -> Response:
        """The pins, by catalogue name (none: players build from any catalogue)."""
        return Response(
            [pin_data(p) for p in campaign_pin_list(campaign=self.campaign(campaign_pk))]
        )

    @extend_schema(tags=TAGS, request=PinInputSerializer, responses={201: PinSerializer})
    def create(self, request: Request, campaign_pk: str) -> Response:
        """Pin a catalogue at a revision or ``"latest"``."""
        params = PinInputSerializer(data=request.data)
        params.is_valid(raise_exception=True)
        pin = campaign_catalogue_pin(
            campaign=self.campaign(campaign_pk),
            user=request.user,
            catalogue_id=params.validated_data["catalogue"],
            revision=params.validated_data["revision"],
            token=params.validated_data["token"],
        )
        return Response(pin_data(pin), status=status.HTTP_201_CREATED)

    @extend_schema(tags=TAGS, parameters=[CATALOGUE_ID], responses={204: None})
    def destroy(self, request: Request, campaign_pk: str, pk: str) -> Response:
        campaign_catalogue_unpin(
            campaign=self.campaign(campaign_pk), user=request.user, catalogue_id=int(pk)
        )
        return Response(status=status.HTTP_204_NO_CONTENT)

    @extend_schema(
        tags=TAGS,
        parameters=[
            CATALOGUE_ID,
            OpenApiParameter("revision", str, description='Number or "latest"; default latest.'),
        ],
        responses={200: OpenApiTypes.OBJECT},
    )
    @action(detail=True, methods=["get"])
    def changes(self, request: Request, campaign_pk: str, pk: str) -> Response:
        """What moving the pin would change for each roster building from it (no write)."""
        campaign = self.campaign(campaign_pk)
        pin = campaign_pin_get(campaign=campaign, catalogue_id=int(pk))
        revision = self._revision(request.query_params, pin)
        rows = campaign_catalogue_changes(campaign=campaign, pin=pin, revision=revision)
        return Response({"pin": pin_data(pin), "to": revision or LATEST, "rosters": rows})

    @extend_schema(
        tags=TAGS,
        parameters=[CATALOGUE_ID],
        request=MoveInputSerializer,
        responses={200: OpenApiTypes.OBJECT},
    )
    @action(detail=True, methods=["post"])
    def move(self, request: Request, campaign_pk: str, pk: str) -> Response:
        """Move the campaign to another revision of a pinned catalogue: the pin and each
        affected roster's catalogue-change diff (also kept in the audit log)."""
        campaign = self.campaign(campaign_pk)
        pin = campaign_pin_get(campaign=campaign, catalogue_id=int(pk))
        pin, rows = campaign_catalogue_move(
            campaign=campaign,
            user=request.user,
            catalogue_id=pin.catalogue_id,
            revision=self._revision(request.data, pin),
        )
        return Response({"pin": pin_data(pin), "rosters": rows})

    def _revision(self, data: Any, pin: CampaignCatalogue) -> int | None:
        """The requested revision; none given: the catalogue's latest number."""
        params = MoveInputSerializer(data=data)
        params.is_valid(raise_exception=True)
        if "revision" not in params.validated_data:
            return pin.catalogue.revision
        return params.validated_data["revision"]
