"""Django's 404 and 500 handlers, answering in the API error format under ``/api/``."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, HttpResponsePermanentRedirect
from django.urls import Resolver404, resolve
from django.views import defaults
from django.views.decorators.csrf import csrf_exempt

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


UNKNOWN_PATH_VIEW = "api:unknown"


@csrf_exempt
def api_unknown_path(request: HttpRequest, path: str = "") -> HttpResponse:
    """The last pattern of ``api/urls.py``: any other ``/api/v1/…`` path answers the JSON
    ``not_found`` error, whatever ``DEBUG`` says (Django's debug 404 page is HTML). A known
    endpoint named without its trailing slash is redirected (GET, HEAD) as ``APPEND_SLASH``
    did, or named in the error (other methods: a redirect would drop the body)."""
    if not request.path_info.endswith("/"):
        try:
            match = resolve(request.path_info + "/")
        except Resolver404:
            match = None
        if match is not None and match.view_name != UNKNOWN_PATH_VIEW:
            if request.method in ("GET", "HEAD"):
                return HttpResponsePermanentRedirect(request.get_full_path(force_append_slash=True))
            return json_error(404, "not_found", f"Not found. Did you mean {request.path}/ ?")
    return json_error(404, "not_found", "Not found.")
