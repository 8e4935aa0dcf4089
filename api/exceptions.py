"""Errors the API layer itself raises (not a domain's): the request, not the rules, is at
fault. Importable before DRF's views: no cycles."""

from __future__ import annotations

from core.errors import ApplicationError


class ApiError(ApplicationError):
    """A request the API refuses before any domain service sees it (400)."""


class ApiNotFound(ApiError):
    """An object named in the URL does not exist or the user may not see it (404)."""

    status = 404


class ApiConflict(ApiError):
    """The object is not in a state that allows the request (409)."""

    status = 409


class RequestTooLarge(ApiError):
    """The body is larger than ``DATA_UPLOAD_MAX_MEMORY_SIZE`` (413)."""

    status = 413

    def __init__(self, limit: int) -> None:
        super().__init__("request_too_large", f"Request body too large: at most {limit} bytes.")
