"""Middleware of the API: request errors answered in the API error format, body size
limit, caching headers of authenticated answers.

DRF's parsers read the request stream directly, so Django's own limit (which guards
``request.body`` and form parsing) does not apply to JSON; ``ApiBodySizeLimitMiddleware``
enforces it. Errors found before a view runs (an unknown ``Host``, a URL or header too long)
would otherwise be Django's HTML pages; under ``/api/`` they answer the JSON error body of
``api.errors.json_error``.
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.core.exceptions import DisallowedHost
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.cache import patch_cache_control, patch_vary_headers

from api.errors import error_body, json_error
from api.parsers import catalogue_body_limit
from core.input_guard import text_problem

API_PREFIX = "/api/"
# Catalogue uploads carry a whole document: their own, larger body limit.
CATALOGUE_PREFIX = "/api/v1/catalogues/"
# BattleScribe uploads: a game system file and its catalogues, each up to 20 MB.
BATTLESCRIBE_PREFIX = "/api/v1/battlescribe/"
BATTLESCRIBE_BODY_LIMIT = 64 * 1024 * 1024
# Below gunicorn's own limits (``--limit-request-line 8190``, ``--limit-request-field_size
# 16380`` in docker-compose.yml), so an over-long API request meets these JSON answers.
API_MAX_URL_LENGTH = 4096
API_MAX_HEADER_LENGTH = 8190


def longest_header(request: HttpRequest) -> tuple[str, int]:
    """The request header with the longest value (name as sent, length)."""
    lengths = [
        (key[5:].replace("_", "-").title(), len(str(value)))
        for key, value in request.META.items()
        if key.startswith("HTTP_")
    ]
    return max(lengths, key=lambda item: item[1], default=("", 0))


class ApiRequestErrorMiddleware:
    """400 (unknown ``Host``), 414 (URL too long), 431 (header too large) and 400 for a
    path or query parameter the database cannot store (``core.input_guard``: a NUL
    character, ``%00``) under ``/api/`` in the API error format; other paths keep Django's
    behaviour."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if not request.path.startswith(API_PREFIX):
            return self.get_response(request)
        try:
            request.get_host()
        except DisallowedHost:
            return json_error(400, "bad_host", "This server does not answer for that Host.")
        if len(request.get_full_path()) > API_MAX_URL_LENGTH:
            return json_error(
                414, "uri_too_long", f"Request URL too long: at most {API_MAX_URL_LENGTH} bytes."
            )
        name, length = longest_header(request)
        if length > API_MAX_HEADER_LENGTH:
            return json_error(
                431,
                "header_too_large",
                f"Request header {name} too large: at most {API_MAX_HEADER_LENGTH} bytes.",
            )
        field, problem = unstorable_url_part(request)
        if problem:
            body = error_body("invalid", f"{field}: {problem}", {field: [problem]})
            return JsonResponse(body, status=400)
        return self.get_response(request)


def unstorable_url_part(request: HttpRequest) -> tuple[str, str]:
    """``(name, problem)`` of the path or the first query parameter (name or value) holding
    text no database column can store; ``("", "")`` when there is none."""
    problem = text_problem(request.path)
    if problem:
        return "path", problem
    for key, values in request.GET.lists():
        for text in (key, *values):
            problem = text_problem(text)
            if problem:
                return key if text_problem(key) is None else "query", problem
    return "", ""


class ApiBodySizeLimitMiddleware:
    """A 413 in the API error format when an API request declares too large a body, and a
    411 for a chunked body (``Transfer-Encoding: chunked``) on any path: Django's WSGI
    handler reads only ``Content-Length`` bytes, so a chunked body would silently arrive
    empty (and a request with both headers is the classic smuggling shape)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if "chunked" in request.META.get("HTTP_TRANSFER_ENCODING", "").lower():
            message = "Chunked request bodies are not accepted: send Content-Length."
            if request.path.startswith(API_PREFIX):
                return json_error(411, "length_required", message)
            return HttpResponse(message, status=411, content_type="text/plain")
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        if limit is not None and request.path.startswith(CATALOGUE_PREFIX):
            limit = catalogue_body_limit()
        elif limit is not None and request.path.startswith(BATTLESCRIBE_PREFIX):
            limit = BATTLESCRIBE_BODY_LIMIT
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


class PrivateApiCacheMiddleware:
    """``Cache-Control: private`` and ``Vary: Authorization, Cookie`` on API answers to a
    request that carried credentials, so no shared cache serves one user's data to
    another."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if request.path.startswith(API_PREFIX) and has_credentials(request):
            patch_cache_control(response, private=True)
            patch_vary_headers(response, ("Authorization", "Cookie"))
        return response


def has_credentials(request: HttpRequest) -> bool:
    """An ``Authorization`` header or a session cookie came with the request."""
    return "HTTP_AUTHORIZATION" in request.META or settings.SESSION_COOKIE_NAME in request.COOKIES
