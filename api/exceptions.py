"""API exceptions with an explicit code (importable before DRF's views: no cycles)."""

from __future__ import annotations

from rest_framework import exceptions, status


class ApiError(exceptions.APIException):
    """An error with an explicit code, message and per-field messages."""

    def __init__(
        self,
        message: str,
        *,
        code: str,
        status_code: int = status.HTTP_400_BAD_REQUEST,
        fields: dict[str, list[str]] | None = None,
    ) -> None:
        super().__init__(detail=message, code=code)
        self.status_code = status_code
        self.error_code = code
        self.message = message
        self.fields = fields or {}


class RequestTooLarge(ApiError):
    """The body is larger than ``DATA_UPLOAD_MAX_MEMORY_SIZE``."""

    def __init__(self, limit: int) -> None:
        super().__init__(
            f"Request body too large: at most {limit} bytes.",
            code="request_too_large",
            status_code=status.HTTP_413_REQUEST_ENTITY_TOO_LARGE,
        )
