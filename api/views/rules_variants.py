"""``/rules-variants/``: organisers' variants of a system's rules file (force organisation,
default points limit, constraints), owned, versioned and shared like catalogues (another
user's private variant answers 404, a change to one you may only read 403); and
``/rosters/{id}/rules/``, which names the variant a roster is validated against."""

from __future__ import annotations

from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import permissions, status, viewsets
from rest_framework.decorators import action
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from api.parsers import CatalogueJSONParser
from api.serializers.rules_variants import (
    RulesInputSerializer,
    RulesVariantSerializer,
    variant_data,
)
from api.serializers.user_catalogues import (
    CatalogueInputSerializer,
    ForkInputSerializer,
    RevisionInputSerializer,
    VisibilityInputSerializer,
)
from api.views.documents import DOCUMENT_ID, TOKEN, DocumentRevisionsMixin, list_parameters
from api.views.rosters import render_roster
from armybuilder import rules_variant_selectors as selectors
from armybuilder.models import RulesVariant
from armybuilder.selectors import roster_get
from armybuilder.services import rules_variants as services
from armybuilder.services.rosters import roster_set_rules_variant

TAGS = ["rules-variants"]


def valid(serializer_class: type, data: Any) -> dict[str, Any]:
    serializer = serializer_class(data=data)
    serializer.is_valid(raise_exception=True)
    return dict(serializer.validated_data)


class RulesVariantViewSet(DocumentRevisionsMixin, viewsets.GenericViewSet):
    """Rules variants the caller may read; writes need an account (and ownership)."""

    parser_classes = [CatalogueJSONParser]
    serializer_class = RulesVariantSerializer
    lookup_value_regex = r"[0-9]+"
    filter_backends: list[Any] = []
    revision_kind = selectors.VARIANT_REVISIONS

    def get_permissions(self):
        if self.action in ("list", "retrieve", "revisions", "revision", "diff"):
            return [permissions.AllowAny()]
        return [permissions.IsAuthenticated()]

    def get_queryset(self):
        return RulesVariant.objects.none()

    def get_object(self) -> RulesVariant:
        return selectors.rules_variant_get(
            user=self.request.user,
            variant_id=int(self.kwargs["pk"]),
            token=self.request.query_params.get("token", ""),
        )

    def _body(self, variant: RulesVariant, **answer: Any) -> Response:
        return Response(variant_data(variant, user=self.request.user, detail=True), **answer)

    @extend_schema(
        tags=TAGS,
        parameters=list_parameters(selectors.SCOPES),
        responses={200: RulesVariantSerializer(many=True)},
    )
    def list(self, request: Request) -> Response:
        return self.listed(request, selectors.rules_variant_list, variant_data)

    @extend_schema(
        tags=TAGS, request=CatalogueInputSerializer, responses={201: OpenApiTypes.OBJECT}
    )
    def create(self, request: Request) -> Response:
        """Upload a YAML or JSON rules variant: 201, or 400 naming each error's line and path."""
        attrs = valid(CatalogueInputSerializer, request.data)
        variant = services.rules_variant_create(
            owner=request.user,
            text=attrs["text"],
            fmt=attrs["format"],
            visibility=attrs["visibility"],
        )
        return self._body(variant, status=status.HTTP_201_CREATED)

    @extend_schema(tags=TAGS, parameters=[DOCUMENT_ID, TOKEN], responses={200: OpenApiTypes.OBJECT})
    def retrieve(self, request: Request, pk: str) -> Response:
        return self._body(self.get_object())

    @extend_schema(
        tags=TAGS,
        parameters=[DOCUMENT_ID],
        request=CatalogueInputSerializer,
        responses={200: OpenApiTypes.OBJECT},
    )
    def update(self, request: Request, pk: str) -> Response:
        """Save an edited document as the next revision."""
        variant = self.get_object()
        attrs = valid(CatalogueInputSerializer, request.data)
        saved = services.rules_variant_update(
            variant=variant,
            actor=request.user,
            text=attrs["text"],
            fmt=attrs["format"],
            summary=attrs["summary"],
        )
        return self._body(saved)

    @extend_schema(tags=TAGS, parameters=[DOCUMENT_ID], responses={204: None})
    def destroy(self, request: Request, pk: str) -> Response:
        """Delete; 409 ``variant.in_use`` while a roster or campaign names it."""
        services.rules_variant_delete(variant=self.get_object(), actor=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)

    @extend_schema(
        tags=TAGS,
        parameters=[DOCUMENT_ID],
        request=RevisionInputSerializer,
        responses={200: OpenApiTypes.OBJECT},
    )
    @action(detail=True, methods=["post"])
    def restore(self, request: Request, pk: str) -> Response:
        """Restore an older revision (as a new revision)."""
        variant = self.get_object()
        number = valid(RevisionInputSerializer, request.data)["revision"]
        return self._body(
            services.rules_variant_restore(variant=variant, actor=request.user, number=number)
        )

    @extend_schema(
        tags=TAGS,
        parameters=[DOCUMENT_ID, TOKEN],
        request=ForkInputSerializer,
        responses={201: OpenApiTypes.OBJECT},
    )
    @action(detail=True, methods=["post"])
    def fork(self, request: Request, pk: str) -> Response:
        """A private copy for the caller that remembers its origin (``forked_from``)."""
        variant = self.get_object()
        slug = valid(ForkInputSerializer, request.data).get("slug", "")
        copied = services.rules_variant_fork(variant=variant, owner=request.user, slug=slug)
        return self._body(copied, status=status.HTTP_201_CREATED)

    @extend_schema(
        tags=TAGS,
        parameters=[DOCUMENT_ID],
        request=VisibilityInputSerializer,
        responses={200: OpenApiTypes.OBJECT},
    )
    @action(detail=True, methods=["post"])
    def visibility(self, request: Request, pk: str) -> Response:
        """Private, unlisted (answers the link token) or public."""
        variant = self.get_object()
        chosen = valid(VisibilityInputSerializer, request.data)["visibility"]
        return self._body(
            services.rules_variant_set_visibility(
                variant=variant, actor=request.user, visibility=chosen
            )
        )


class RosterRulesView(APIView):
    """``POST /rosters/{id}/rules/``: validate your roster against a rules variant of its
    system from now on (null: the system's own rules again); a new revision."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        tags=["rosters"], request=RulesInputSerializer, responses={200: OpenApiTypes.OBJECT}
    )
    def post(self, request: Request, pk: int) -> Response:
        roster = roster_get(roster_id=pk, owner=request.user)
        attrs = valid(RulesInputSerializer, request.data)
        variant = None
        if attrs["rules_variant"] is not None:
            variant = selectors.rules_variant_for(
                user=request.user,
                variant_id=attrs["rules_variant"],
                system=roster.system.slug,
                token=attrs["token"],
            )
        roster_set_rules_variant(roster=roster, actor=request.user, variant=variant)
        return Response(render_roster(roster_get(roster_id=roster.pk)))
