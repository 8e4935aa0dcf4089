"""Django's 404 and 500 handlers, answering in the API error format under ``/api/``."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.views import defaults

from api.errors import json_error
from api.middleware import API_PREFIX


def api_aware_handler404(request: HttpRequest, exception: Exception) -> HttpResponse:
    """An unknown ``/api/`` URL answers the JSON error; other URLs Django's page."""
    if request.path.startswith(API_PREFIX):
        return json_error(404, "not_found", "Not found.")
    return defaults.page_not_found(request, exception)


def api_aware_handler500(request: HttpRequest) -> HttpResponse:
    """A server error under ``/api/`` answers JSON (the code is logged, never shown)."""
    if request.path.startswith(API_PREFIX):
        return json_error(500, "server_error", "Server error.")
    return defaults.server_error(request)
