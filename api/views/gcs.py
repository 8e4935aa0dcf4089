"""``/gcs/``: GURPS Character Sheet files (docs/api.md "GCS"). ``imports/`` reads one
uploaded ``.gcs`` (multipart ``system``, ``file``, optional ``category``) and answers the
Muster combatant with its import report (nothing saved); ``exports/`` writes a point-built
combatant (JSON ``system``, ``unit``) as a ``.gcs`` file."""

from __future__ import annotations

from django.http import HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import exceptions, permissions
from rest_framework.parsers import JSONParser, MultiPartParser
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from api.schema import ErrorSerializer
from api.serializers.gcs import GcsExportSerializer, GcsImportSerializer
from armybuilder.services import gcs as services

TAGS = ["gcs"]
UPLOAD = {
    "multipart/form-data": {
        "type": "object",
        "properties": {
            "system": {"type": "string"},
            "category": {"type": "string"},
            "file": {"type": "string", "format": "binary"},
        },
    }
}
REFUSED = OpenApiResponse(
    ErrorSerializer,
    description=(
        "A refused file: `code` is `gcs.<problem>` (too_large, json, version, field, "
        "system_unsupported); the message starts with the file's name and `fields` is keyed "
        "by `file.<path in the file>` (e.g. `file.traits[2].levels`)."
    ),
)


def _text(request: Request, key: str, required: bool = True) -> str:
    value = request.data.get(key, "")
    if not isinstance(value, str) or (required and not value):
        raise exceptions.ValidationError({key: [f"Give {key} as text."]})
    return value


class GcsImportView(APIView):
    """POST: the combatant an uploaded ``.gcs`` file becomes and its import report."""

    permission_classes = [permissions.IsAuthenticated]
    parser_classes = [MultiPartParser]

    @extend_schema(tags=TAGS, request=UPLOAD, responses={200: GcsImportSerializer, 400: REFUSED})
    def post(self, request: Request) -> Response:
        upload = request.FILES.get("file")
        if upload is None:
            raise exceptions.ValidationError({"file": ["Attach one .gcs file."]})
        if upload.size > services.MAX_FILE_BYTES:
            raise exceptions.ValidationError(
                {
                    "file": [
                        f"{upload.name}: {upload.size} bytes; at most {services.MAX_FILE_BYTES}."
                    ]
                }
            )
        body = services.gcs_preview(
            system=_text(request, "system"),
            name=upload.name,
            data=upload.read(),
            category=_text(request, "category", required=False),
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
