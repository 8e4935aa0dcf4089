"""Refuse API bodies over ``DATA_UPLOAD_MAX_MEMORY_SIZE`` with a 413 before reading them.

DRF's parsers read the request stream directly, so Django's own limit (which guards
``request.body`` and form parsing) does not apply to JSON; this middleware enforces it.
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse

from api.errors import json_error

API_PREFIX = "/api/"


class ApiBodySizeLimitMiddleware:
    """A 413 in the API error format when an API request declares too large a body."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        if limit is not None and request.path.startswith(API_PREFIX):
            try:
                length = int(request.META.get("CONTENT_LENGTH") or 0)
            except ValueError:
                return json_error(400, "bad_request", "Content-Length is not a number.")
            if length > limit:
                return json_error(
                    413, "request_too_large", f"Request body too large: at most {limit} bytes."
                )
        return self.get_response(request)
