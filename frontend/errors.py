"""Domain errors on the pages, mapped in one place: a page view that lets an
:class:`~core.errors.ApplicationError` (or the engine's ``EngineError``) escape answers its
status with its message, never a 500.

Views still catch the errors they can explain next to a form (the roster editor's alert, a
campaign page's flash message); this middleware covers the rest: a 404 or 403 is Django's
own page, any other status a short page (or, for htmx, a bare alert fragment) saying why.
"""

from __future__ import annotations

from collections.abc import Callable

from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views import defaults

from core.errors import ApplicationError
from rules.engine.systems.base import EngineError


def page_error(exc: Exception) -> tuple[int, str, str] | None:
    """``(status, code, message)`` of a domain error, or None for any other exception."""
    if isinstance(exc, ApplicationError):
        return exc.status, exc.code, exc.message
    if isinstance(exc, EngineError):
        return 400, exc.code, exc.message
    return None


def page_error_response(request: HttpRequest, exc: Exception) -> HttpResponse | None:
    """The page answer to a domain error (None when ``exc`` is not one)."""
    error = page_error(exc)
    if error is None:
        return None
    status, code, message = error
    if status == 404:
        return defaults.page_not_found(request, Http404(message))
    if status == 403:
        return defaults.permission_denied(request, PermissionDenied(message))
    context = {"code": code, "message": message}
    template = (
        "frontend/_error.html" if request.headers.get("HX-Request") else "frontend/error.html"
    )
    return render(request, template, context, status=status)


class DomainErrorMiddleware:
    """Installs :func:`page_error_response` for every view. API views never reach it: DRF
    answers their domain errors itself through ``api.errors.exception_handler``."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        return page_error_response(request, exception)
