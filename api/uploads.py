"""Multipart uploads shared by the file-import views (``/battlescribe/``, ``/gcs/``): the
OpenAPI shape of an upload body, a required text field and the uploaded files read within
their count and size limits, each refusal a 400 keyed by the field."""

from __future__ import annotations

from typing import Any

from rest_framework import exceptions
from rest_framework.request import Request


def multipart_body(*texts: str, files: str = "file", many: bool = False) -> dict[str, Any]:
    """The OpenAPI request body of an upload: the text fields ``texts`` and the binary field
    ``files`` (an array of files when ``many``)."""
    binary: dict[str, Any] = {"type": "string", "format": "binary"}
    properties: dict[str, Any] = {name: {"type": "string"} for name in texts}
    properties[files] = {"type": "array", "items": binary} if many else binary
    return {"multipart/form-data": {"type": "object", "properties": properties}}


def text_field(request: Request, key: str, message: str, *, required: bool = True) -> str:
    """The text field ``key`` of the body ('' when absent and not ``required``); 400 with
    ``message`` at ``key`` otherwise."""
    value = request.data.get(key, "")
    if not isinstance(value, str) or (required and not value):
        raise exceptions.ValidationError({key: [message]})
    return value


def uploaded_files(
    request: Request, key: str, *, max_files: int, max_bytes: int, missing: str
) -> list[tuple[str, bytes]]:
    """(name, bytes) of each file uploaded as ``key``: at least one (``missing`` says so
    otherwise) and at most ``max_files``, each at most ``max_bytes`` (checked before it is
    read)."""
    files = request.FILES.getlist(key)
    if not files:
        raise exceptions.ValidationError({key: [missing]})
    if len(files) > max_files:
        raise exceptions.ValidationError({key: [f"At most {max_files} files per import."]})
    uploads = []
    for upload in files:
        if upload.size > max_bytes:
            raise exceptions.ValidationError(
                {key: [f"{upload.name}: {upload.size} bytes; at most {max_bytes}."]}
            )
        uploads.append((upload.name, upload.read()))
    return uploads
