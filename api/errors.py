"""One error format for every 4xx: ``{"error": {"code", "message", "fields"}}``.

``fields`` maps a dotted path (``units[0].unit``, ``target.toughness``) to its messages, so a
script can point at the offending entry. Domain errors (every app's subclass of
``core.errors.ApplicationError``, and the engine's ``EngineError``) keep their own stable
``code`` and status, mapped here and nowhere else; DRF's exceptions use their default codes
(``not_found``, ``not_authenticated``, ``parse_error``…) and validation failures use
``invalid``.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import RequestDataTooBig
from django.http import Http404, JsonResponse
from rest_framework import exceptions
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler
from rest_framework.views import set_rollback

from api.exceptions import ApiError, RequestTooLarge
from core.errors import ApplicationError
from rules.engine.systems.base import EngineError

VALIDATION_CODE = "invalid"
NON_FIELD_KEYS = frozenset({"non_field_errors", "__all__"})


def error_body(code: str, message: str, fields: dict[str, list[str]] | None = None) -> dict:
    """The error envelope every 4xx answer carries."""
    return {"error": {"code": code, "message": message, "fields": fields or {}}}


def join_path(prefix: str, key: str | int) -> str:
    """``units`` + 0 → ``units[0]``; ``target`` + ``save`` → ``target.save``."""
    if isinstance(key, int):
        return f"{prefix}[{key}]"
    if key in NON_FIELD_KEYS:
        return prefix or "non_field_errors"
    return f"{prefix}.{key}" if prefix else str(key)


def flatten_detail(detail: Any, prefix: str = "") -> dict[str, list[str]]:
    """Flatten DRF's nested error detail into ``{path: [messages]}``."""
    out: dict[str, list[str]] = {}

    def add(path: str, message: str) -> None:
        out.setdefault(path or "non_field_errors", []).append(message)

    def walk(node: Any, path: str) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                walk(value, join_path(path, key))
        elif isinstance(node, list):
            if all(not isinstance(item, dict | list) for item in node):
                for item in node:
                    add(path, str(item))
            else:
                for index, item in enumerate(node):
                    if item:
                        walk(item, join_path(path, index))
        else:
            add(path, str(node))

    walk(detail, prefix)
    return out


def summary(fields: dict[str, list[str]], fallback: str) -> str:
    """A one-line message naming the first failing field."""
    for path, messages in fields.items():
        if messages:
            if path == "non_field_errors":
                return messages[0]
            return f"{path}: {messages[0]}"
    return fallback


def translate(exc: Exception) -> Exception:
    """Django's and the engine's exceptions as ones the handler renders: Django's 404 and
    403 with DRF's default messages, an over-large body as 413, an engine refusal as a 400
    with its code."""
    if isinstance(exc, Http404):
        return exceptions.NotFound()
    if isinstance(exc, DjangoPermissionDenied):
        return exceptions.PermissionDenied()
    if isinstance(exc, RequestDataTooBig):
        from django.conf import settings

        return RequestTooLarge(settings.DATA_UPLOAD_MAX_MEMORY_SIZE)
    if isinstance(exc, EngineError):
        return ApiError(exc.code, exc.message)
    return exc


def exception_handler(exc: Exception, context: dict) -> Response | None:
    """DRF exception handler: every handled error answers in the one error format. A domain
    error (any :class:`~core.errors.ApplicationError`) answers its own status, code and
    fields; the transaction of the request, if any, is rolled back as DRF does."""
    exc = translate(exc)
    if isinstance(exc, ApplicationError):
        set_rollback()
        return Response(error_body(exc.code, exc.message, exc.fields), status=exc.status)
    response = drf_exception_handler(exc, context)
    if response is None:
        return None
    if isinstance(exc, exceptions.ValidationError):
        fields = flatten_detail(exc.detail)
        response.data = error_body(VALIDATION_CODE, summary(fields, "Invalid input."), fields)
    elif isinstance(exc, exceptions.APIException):
        codes = exc.get_codes()
        code = codes if isinstance(codes, str) else exc.default_code
        response.data = error_body(str(code), str(exc.detail))
    return response


def json_error(status_code: int, code: str, message: str) -> JsonResponse:
    """A plain Django response in the error format (middleware and URL handlers)."""
    return JsonResponse(error_body(code, message), status=status_code)
