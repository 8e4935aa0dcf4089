"""Optimistic concurrency over HTTP: the ``ETag`` a versioned resource answers with, and
the expectation (``If-Match`` header, ``revision`` in the body) a write is checked against
(:mod:`core.concurrency`; docs/api.md "Concurrent edits")."""

from __future__ import annotations

from typing import Any

from rest_framework import exceptions
from rest_framework.request import Request
from rest_framework.response import Response

from core.concurrency import ExpectedRevision, etag


def expected_revision(request: Request, *, body: bool = True) -> ExpectedRevision:
    """The ``If-Match`` ETags and, with ``body``, the body's ``revision`` (a whole number
    ≥ 1) of a write; without it the body's ``revision`` means something else (the one a
    catalogue restores) and only the header counts."""
    header = request.headers.get("If-Match")
    tags = tuple(tag.strip() for tag in header.split(",") if tag.strip()) if header else None
    revision: Any = (
        request.data.get("revision") if body and isinstance(request.data, dict) else None
    )
    if revision is not None and (
        isinstance(revision, bool) or not isinstance(revision, int) or revision < 1
    ):
        raise exceptions.ValidationError({"revision": ["A whole number, 1 or more."]})
    return ExpectedRevision(if_match=tags, revision=revision)


def with_etag(response: Response, revision: int) -> Response:
    """``response`` carrying the ETag of ``revision``."""
    response["ETag"] = etag(revision)
    return response
