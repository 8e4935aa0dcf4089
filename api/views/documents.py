"""What the ``/catalogues/`` and ``/rules-variants/`` viewsets share: their revision
history, one revision (a download) and the diff between two, read the same way for both
kinds of uploaded document (``armybuilder.document_selectors``). The operations take their
tag from their path, as the viewsets' own do."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.decorators import action
from rest_framework.request import Request
from rest_framework.response import Response

from api.serializers.user_catalogues import RevisionInputSerializer, revision_data
from armybuilder.document_selectors import RevisionKind, revision_diff, revision_get, revision_list

DOCUMENT_ID = OpenApiParameter("id", int, OpenApiParameter.PATH)
TOKEN = OpenApiParameter("token", str, description="The link token of an unlisted catalogue.")


def list_parameters(scopes: tuple[str, ...]) -> list[OpenApiParameter]:
    """The list's filters: a scope, a system and part of the name."""
    return [
        OpenApiParameter("scope", str, enum=list(scopes), default="all"),
        OpenApiParameter("system", str, description="System slug."),
        OpenApiParameter("search", str, description="Part of the name (any case)."),
    ]


def diff_range(request: Request) -> tuple[int, int | None]:
    """The ``from`` (required) and ``to`` (default: latest) revision numbers of a diff."""
    params = RevisionInputSerializer(data={"revision": request.query_params.get("from")})
    params.is_valid(raise_exception=True)
    head = request.query_params.get("to")
    if not head:
        return params.validated_data["revision"], None
    checked = RevisionInputSerializer(data={"revision": head})
    checked.is_valid(raise_exception=True)
    return params.validated_data["revision"], checked.validated_data["revision"]


class DocumentRevisionsMixin:
    """``revisions``, ``revisions/{number}`` and ``diff`` of a document viewset whose
    ``get_object`` answers the document its reader may see; ``revision_kind`` names how
    that kind of document keeps its revisions."""

    revision_kind: RevisionKind

    def listed(
        self, request: Request, select: Callable[..., Any], render: Callable[..., Any]
    ) -> Response:
        """One page of what ``select`` lists for the reader under the query's scope,
        system and search, each row as ``render`` answers it."""
        params = request.query_params
        queryset = select(
            user=request.user,
            scope=params.get("scope", "all"),
            system=params.get("system", ""),
            search=params.get("search", ""),
        )
        page = self.paginate_queryset(queryset)
        return self.get_paginated_response([render(row, user=request.user) for row in page])

    @extend_schema(parameters=[DOCUMENT_ID, TOKEN], responses={200: OpenApiTypes.OBJECT})
    @action(detail=True, methods=["get"])
    def revisions(self, request: Request, pk: str) -> Response:
        """The revision history, newest first."""
        revisions = revision_list(self.revision_kind, self.get_object())
        page = self.paginate_queryset(revisions.select_related("created_by"))
        return self.get_paginated_response([revision_data(r) for r in page])

    @extend_schema(
        parameters=[DOCUMENT_ID, TOKEN, OpenApiParameter("number", int, OpenApiParameter.PATH)],
        responses={200: OpenApiTypes.OBJECT},
    )
    @action(detail=True, methods=["get"], url_path=r"revisions/(?P<number>[0-9]+)")
    def revision(self, request: Request, pk: str, number: str) -> Response:
        """One revision with its uploaded text and stored data (download)."""
        found = revision_get(self.revision_kind, self.get_object(), int(number))
        return Response(revision_data(found, text=True))

    @extend_schema(
        parameters=[
            DOCUMENT_ID,
            TOKEN,
            OpenApiParameter("from", int, required=True),
            OpenApiParameter("to", int, description="Default: the latest revision."),
        ],
        responses={200: OpenApiTypes.OBJECT},
    )
    @action(detail=True, methods=["get"])
    def diff(self, request: Request, pk: str) -> Response:
        """What changed between two revisions."""
        base, head = diff_range(request)
        return Response(revision_diff(self.revision_kind, self.get_object(), base, head))
