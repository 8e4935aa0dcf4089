"""The API's schema and documentation views: drf-spectacular's, adjusted.

``/api/schema/`` answers YAML by default and JSON for ``?format=json`` (the project turns
DRF's ``?format=`` override off globally, since ``format`` belongs to the export
endpoint). ``/api/redoc/`` uses a template without Google Fonts, so the docs work offline.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.views import SpectacularAPIView, SpectacularRedocView
from rest_framework.negotiation import DefaultContentNegotiation
from rest_framework.renderers import BaseRenderer
from rest_framework.request import Request


class FormatQueryNegotiation(DefaultContentNegotiation):
    """Content negotiation that honours ``?format=json|yaml``."""

    def select_renderer(
        self, request: Request, renderers: list[BaseRenderer], format_suffix: str | None = None
    ) -> Any:
        return super().select_renderer(
            request, renderers, format_suffix or request.query_params.get("format")
        )


class SchemaView(SpectacularAPIView):
    """The OpenAPI schema, YAML or (``?format=json``) JSON."""

    content_negotiation_class = FormatQueryNegotiation


class OfflineRedocView(SpectacularRedocView):
    """ReDoc from the vendored bundle, with no font loaded from elsewhere."""

    template_name = "api_docs/redoc.html"
