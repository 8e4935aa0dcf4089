"""``/catalogues/``: faction catalogues as user content (upload, revisions, diff, fork,
visibility) beside the site's read-only samples. Permissions are the rosters': a catalogue
the caller may not read answers 404; one they may read but do not own answers 403 to a
change (fork it instead)."""

from __future__ import annotations

from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import permissions, status, viewsets
from rest_framework.decorators import action
from rest_framework.request import Request
from rest_framework.response import Response

from api.concurrency import expected_revision, with_etag
from api.parsers import CatalogueJSONParser
from api.serializers.user_catalogues import (
    CatalogueInputSerializer,
    CatalogueSerializer,
    ForkInputSerializer,
    RevisionInputSerializer,
    VisibilityInputSerializer,
    catalogue_data,
)
from api.views.documents import DOCUMENT_ID, TOKEN, DocumentRevisionsMixin, list_parameters
from armybuilder import catalogue_selectors as selectors
from armybuilder.errors import CatalogueRejected
from armybuilder.models import Faction
from armybuilder.services import user_catalogues as services

TAGS = ["catalogues"]


def saved_data(saved: services.CatalogueSaved, user: Any) -> dict[str, Any]:
    return {
        **catalogue_data(saved.catalogue, user=user, detail=True),
        "warnings": [w.as_dict() for w in saved.warnings],
    }


class CatalogueViewSet(DocumentRevisionsMixin, viewsets.GenericViewSet):
    """Catalogues the caller may read; writes need an account (and ownership)."""

    parser_classes = [CatalogueJSONParser]
    serializer_class = CatalogueSerializer
    lookup_value_regex = r"[0-9]+"
    filter_backends: list[Any] = []
    revision_kind = selectors.CATALOGUE_REVISIONS

    def get_permissions(self):
        if self.action in ("list", "retrieve", "revisions", "revision", "diff", "check"):
            return [permissions.AllowAny()]
        return [permissions.IsAuthenticated()]

    def get_queryset(self):
        return Faction.objects.none()

    def get_object(self) -> Faction:
        return selectors.catalogue_get(
            user=self.request.user,
            catalogue_id=int(self.kwargs["pk"]),
            token=self.request.query_params.get("token", ""),
        )

    @extend_schema(
        tags=TAGS,
        parameters=list_parameters(selectors.SCOPES),
        responses={200: CatalogueSerializer(many=True)},
    )
    def list(self, request: Request) -> Response:
        return self.listed(request, selectors.catalogue_list, catalogue_data)

    @extend_schema(
        tags=TAGS, request=CatalogueInputSerializer, responses={201: OpenApiTypes.OBJECT}
    )
    def create(self, request: Request) -> Response:
        """Upload a YAML or JSON faction document: 201 with its warnings, or 400 listing
        every error with its line and path."""
        attrs = self._input(request)
        saved = services.catalogue_create(
            owner=request.user,
            text=attrs["text"],
            fmt=attrs["format"],
            visibility=attrs["visibility"],
        )
        return Response(saved_data(saved, request.user), status=status.HTTP_201_CREATED)

    @extend_schema(tags=TAGS, parameters=[DOCUMENT_ID, TOKEN], responses={200: OpenApiTypes.OBJECT})
    def retrieve(self, request: Request, pk: str) -> Response:
        """The catalogue; its ``ETag`` is its revision (send it back as ``If-Match``)."""
        catalogue = self.get_object()
        return with_etag(
            Response(catalogue_data(catalogue, user=request.user, detail=True)),
            catalogue.revision,
        )

    @extend_schema(
        tags=TAGS,
        parameters=[DOCUMENT_ID],
        request=CatalogueInputSerializer,
        responses={200: OpenApiTypes.OBJECT},
    )
    def update(self, request: Request, pk: str) -> Response:
        """Save an edited document as the next revision; ``If-Match`` or ``revision`` from
        a stale read answers 412 or 409 and saves nothing."""
        catalogue = self.get_object()
        expected = expected_revision(request)
        attrs = self._input(request)
        saved = services.catalogue_update(
            catalogue=catalogue,
            actor=request.user,
            text=attrs["text"],
            fmt=attrs["format"],
            summary=attrs["summary"],
            expected=expected,
        )
        return with_etag(Response(saved_data(saved, request.user)), saved.catalogue.revision)

    @extend_schema(tags=TAGS, parameters=[DOCUMENT_ID], responses={204: None})
    def destroy(self, request: Request, pk: str) -> Response:
        """Delete; 409 ``catalogue.in_use`` while a roster builds from it."""
        services.catalogue_delete(catalogue=self.get_object(), actor=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)

    @extend_schema(
        tags=TAGS, request=CatalogueInputSerializer, responses={200: OpenApiTypes.OBJECT}
    )
    @action(detail=False, methods=["post"])
    def check(self, request: Request) -> Response:
        """Check a document without saving it: ``{valid, issues}`` (live validation)."""
        attrs = self._input(request)
        try:
            _, issues = services.catalogue_check(text=attrs["text"], fmt=attrs["format"])
        except CatalogueRejected as rejected:
            issues = rejected.issues
        valid = not any(i.severity == "error" for i in issues)
        return Response({"valid": valid, "issues": [i.as_dict() for i in issues]})

    @extend_schema(
        tags=TAGS,
        parameters=[DOCUMENT_ID],
        request=RevisionInputSerializer,
        responses={200: OpenApiTypes.OBJECT},
    )
    @action(detail=True, methods=["post"])
    def restore(self, request: Request, pk: str) -> Response:
        """Restore an older revision (as a new revision); an ``If-Match`` from a stale read
        answers 412 (the body's ``revision`` is the one to restore)."""
        catalogue = self.get_object()
        expected = expected_revision(request, body=False)
        params = RevisionInputSerializer(data=request.data)
        params.is_valid(raise_exception=True)
        saved = services.catalogue_restore(
            catalogue=catalogue,
            actor=request.user,
            number=params.validated_data["revision"],
            expected=expected,
        )
        return with_etag(Response(saved_data(saved, request.user)), saved.catalogue.revision)

    @extend_schema(
        tags=TAGS,
        parameters=[DOCUMENT_ID, TOKEN],
        request=ForkInputSerializer,
        responses={201: OpenApiTypes.OBJECT},
    )
    @action(detail=True, methods=["post"])
    def fork(self, request: Request, pk: str) -> Response:
        """A private copy for the caller that remembers its origin."""
        catalogue = self.get_object()
        params = ForkInputSerializer(data=request.data)
        params.is_valid(raise_exception=True)
        saved = services.catalogue_fork(
            catalogue=catalogue, owner=request.user, slug=params.validated_data.get("slug", "")
        )
        return Response(saved_data(saved, request.user), status=status.HTTP_201_CREATED)

    @extend_schema(
        tags=TAGS,
        parameters=[DOCUMENT_ID],
        request=VisibilityInputSerializer,
        responses={200: OpenApiTypes.OBJECT},
    )
    @action(detail=True, methods=["post"])
    def visibility(self, request: Request, pk: str) -> Response:
        """Private, unlisted (answers the link token) or public."""
        catalogue = self.get_object()
        params = VisibilityInputSerializer(data=request.data)
        params.is_valid(raise_exception=True)
        services.catalogue_set_visibility(
            catalogue=catalogue,
            actor=request.user,
            visibility=params.validated_data["visibility"],
        )
        return Response(catalogue_data(catalogue, user=request.user, detail=True))

    def _input(self, request: Request) -> dict[str, Any]:
        serializer = CatalogueInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        return serializer.validated_data
