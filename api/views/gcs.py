"""``/gcs/``: GURPS Character Sheet files (docs/api.md "GCS"). ``imports/`` reads one
uploaded ``.gcs`` (multipart ``system``, ``file``, optional ``category``) and answers the
Muster combatant with its import report (nothing saved); ``saves/`` puts imported combatants
(JSON ``catalogue``, ``units``, optional ``roster_name``) into one of the caller's own
catalogues as a new revision and, if asked, a new roster; ``exports/`` writes a point-built
combatant (JSON ``system``, ``unit``) as a ``.gcs`` file."""

from __future__ import annotations

from django.http import HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import permissions, status
from rest_framework.parsers import JSONParser, MultiPartParser
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from api.schema import ErrorSerializer
from api.serializers.gcs import (
    GcsExportSerializer,
    GcsImportSerializer,
    GcsSavedSerializer,
    GcsSaveSerializer,
)
from api.serializers.user_catalogues import catalogue_data
from api.uploads import multipart_body, text_field, uploaded_files
from api.views.rosters import render_roster
from armybuilder.catalogue_selectors import catalogue_get
from armybuilder.services import gcs as services

TAGS = ["gcs"]
UPLOAD = multipart_body("system", "category")
REFUSED = OpenApiResponse(
    ErrorSerializer,
    description=(
        "A refused file: `code` is `gcs.<problem>` (too_large, json, version, field, "
        "system_unsupported); the message starts with the file's name and `fields` is keyed "
        "by `file.<path in the file>` (e.g. `file.traits[2].levels`)."
    ),
)


class GcsImportView(APIView):
    """POST: the combatant an uploaded ``.gcs`` file becomes and its import report."""

    permission_classes = [permissions.IsAuthenticated]
    parser_classes = [MultiPartParser]

    @extend_schema(tags=TAGS, request=UPLOAD, responses={200: GcsImportSerializer, 400: REFUSED})
    def post(self, request: Request) -> Response:
        name, data = uploaded_files(
            request,
            "file",
            max_files=1,
            max_bytes=services.MAX_FILE_BYTES,
            missing="Attach one .gcs file.",
        )[0]
        body = services.gcs_preview(
            system=text_field(request, "system", "Give system as text."),
            name=name,
            data=data,
            category=text_field(request, "category", "Give category as text.", required=False),
        )
        return Response(body)


class GcsExportView(APIView):
    """POST: a point-built combatant (a catalogue unit with ``extra.sheet``) as ``.gcs``."""

    permission_classes = [permissions.IsAuthenticated]
    parser_classes = [JSONParser]

    @extend_schema(
        tags=TAGS,
        request=GcsExportSerializer,
        responses={(200, "application/json"): OpenApiTypes.BINARY, 400: REFUSED},
    )
    def post(self, request: Request) -> HttpResponse:
        payload = GcsExportSerializer(data=request.data)
        payload.is_valid(raise_exception=True)
        name, data = services.gcs_export(
            system=payload.validated_data["system"], unit=payload.validated_data["unit"]
        )
        response = HttpResponse(data, content_type="application/json")
        response["Content-Disposition"] = f'attachment; filename="{name}"'
        return response


class GcsSaveView(APIView):
    """POST: imported combatants saved into one of the caller's catalogues (a new revision),
    and into a new roster when ``roster_name`` is given."""

    permission_classes = [permissions.IsAuthenticated]
    parser_classes = [JSONParser]

    @extend_schema(
        tags=TAGS,
        request=GcsSaveSerializer,
        responses={201: GcsSavedSerializer, 400: ErrorSerializer, 403: ErrorSerializer},
    )
    def post(self, request: Request) -> Response:
        payload = GcsSaveSerializer(data=request.data)
        payload.is_valid(raise_exception=True)
        catalogue = catalogue_get(
            user=request.user, catalogue_id=payload.validated_data["catalogue"]
        )
        done = services.gcs_save(
            owner=request.user,
            catalogue=catalogue,
            units=payload.validated_data["units"],
            roster_name=payload.validated_data.get("roster_name", ""),
        )
        body = {
            "catalogue": catalogue_data(done.saved.catalogue, user=request.user),
            "units": done.slugs,
            "roster": render_roster(done.roster) if done.roster else None,
        }
        return Response(body, status=status.HTTP_201_CREATED)
