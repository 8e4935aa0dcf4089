"""``/battlescribe/``: import BattleScribe data files as the caller's catalogues (preview,
then accept), and exchange rosters as ``.ros``/``.rosz`` (docs/battlescribe.md).

Uploads are multipart: ``system`` (a Muster system slug) and one or more ``files``
(``.gst``, ``.cat``, ``.gstz``, ``.catz``, ``.zip``; a roster import takes one ``file``).
Preview answers the report and saves nothing; cancelling is simply not accepting.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import exceptions, permissions, status
from rest_framework.parsers import MultiPartParser
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from api.schema import ErrorSerializer
from api.serializers.battlescribe import (
    BattleScribeImportSerializer,
    BattleScribeReportSerializer,
    BattleScribeRosterSerializer,
)
from api.serializers.user_catalogues import catalogue_data
from api.uploads import multipart_body, text_field, uploaded_files
from api.views.rosters import render_roster
from armybuilder import selectors
from armybuilder.battlescribe.archive import MAX_FILE_BYTES
from armybuilder.services import battlescribe as services

TAGS = ["battlescribe"]
MAX_FILES = 32
UPLOAD = multipart_body("system", files="files", many=True)
ROSTER_UPLOAD = multipart_body("system")


REFUSED = OpenApiResponse(
    ErrorSerializer,
    description=(
        "A refused file: `code` is `battlescribe.<problem>` (file_type, too_large, zip_bomb, "
        "zip_members, zip_invalid, xml_malformed, xml_dtd, xml_entity, xml_too_deep, "
        "xml_too_large, root, namespace, id_missing, game_system, no_catalogue, "
        "system_mismatch, catalogue_missing, link_depth, system_unsupported…), the "
        "message starts with the file's name and `fields` is keyed by it "
        "(docs/battlescribe.md); a mapped catalogue failing its checks answers the "
        "catalogue checks' code."
    ),
)


def _system(request: Request) -> str:
    return text_field(request, "system", "Name the Muster game system to import into.")


def _uploads(request: Request, key: str = "files") -> list[tuple[str, bytes]]:
    return uploaded_files(
        request,
        key,
        max_files=MAX_FILES,
        max_bytes=MAX_FILE_BYTES,
        missing="Attach at least one BattleScribe file.",
    )


class BattleScribePreviewView(APIView):
    """POST: the import report of the uploaded files (nothing saved)."""

    permission_classes = [permissions.IsAuthenticated]
    parser_classes = [MultiPartParser]

    @extend_schema(
        tags=TAGS, request=UPLOAD, responses={200: BattleScribeReportSerializer, 400: REFUSED}
    )
    def post(self, request: Request) -> Response:
        report = services.battlescribe_preview(
            owner=request.user, system=_system(request), uploads=_uploads(request)
        )
        return Response(report)


class BattleScribeImportView(APIView):
    """POST: accept the import — every catalogue saved, or none."""

    permission_classes = [permissions.IsAuthenticated]
    parser_classes = [MultiPartParser]

    @extend_schema(
        tags=TAGS, request=UPLOAD, responses={201: BattleScribeImportSerializer, 400: REFUSED}
    )
    def post(self, request: Request) -> Response:
        result = services.battlescribe_import(
            owner=request.user, system=_system(request), uploads=_uploads(request)
        )
        body: dict[str, Any] = {
            "report": result.report,
            "catalogues": [
                catalogue_data(s.catalogue, user=request.user, detail=False) for s in result.saved
            ],
        }
        return Response(body, status=status.HTTP_201_CREATED)


class BattleScribeRosterImportView(APIView):
    """POST: a new roster from a ``.ros``/``.rosz`` (multipart ``system`` and ``file``)."""

    permission_classes = [permissions.IsAuthenticated]
    parser_classes = [MultiPartParser]

    @extend_schema(
        tags=TAGS,
        request=ROSTER_UPLOAD,
        responses={201: BattleScribeRosterSerializer, 400: REFUSED},
    )
    def post(self, request: Request) -> Response:
        upload = _uploads(request, "file")[0]
        done = services.roster_import_battlescribe(
            owner=request.user, system=_system(request), upload=upload
        )
        return Response(
            {**render_roster(done.roster), "unknown": done.unknown, "forces": done.forces},
            status=status.HTTP_201_CREATED,
        )


class BattleScribeRosterExportView(APIView):
    """GET: one of the caller's rosters as ``.ros`` (``?format=rosz`` zipped)."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        tags=TAGS,
        parameters=[OpenApiParameter("format", str, enum=["ros", "rosz"], default="ros")],
        responses={
            (200, "application/xml"): OpenApiTypes.BINARY,
            (200, "application/zip"): OpenApiTypes.BINARY,
        },
    )
    def get(self, request: Request, pk: int) -> HttpResponse:
        export_format = request.query_params.get("format", "ros")
        if export_format not in ("ros", "rosz"):
            raise exceptions.ValidationError({"format": ["Choose ros or rosz."]})
        roster = selectors.roster_get(roster_id=pk, owner=request.user)
        name, data = services.roster_export_battlescribe(
            roster=roster, zip_it=export_format == "rosz"
        )
        kind = "application/zip" if export_format == "rosz" else "application/xml"
        response = HttpResponse(data, content_type=kind)
        response["Content-Disposition"] = f'attachment; filename="{name}"'
        return response
