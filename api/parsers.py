"""The API's JSON parser: DRF's, plus a bounded read, no crash on deep nesting, and no text
the database cannot store (``core.input_guard``: NUL, lone surrogates, over-deep nesting)."""

from __future__ import annotations

import json

from django.conf import settings
from rest_framework import parsers
from rest_framework.exceptions import ParseError

from api.exceptions import ApiError, RequestTooLarge
from core.input_guard import json_input_problem


class JSONParser(parsers.JSONParser):
    """Strict JSON; bodies over the upload limit answer 413; pathological nesting, NUL
    characters and lone surrogates 400 naming the path at fault."""

    def body_limit(self) -> int | None:
        return settings.DATA_UPLOAD_MAX_MEMORY_SIZE

    def parse(self, stream, media_type=None, parser_context=None):
        limit = self.body_limit()
        raw = stream.read(limit + 1) if limit is not None else stream.read()
        if limit is not None and len(raw) > limit:
            raise RequestTooLarge(limit)
        encoding = (parser_context or {}).get("encoding", settings.DEFAULT_CHARSET)
        try:
            text = raw.decode(encoding)
            data = json.loads(text, parse_constant=reject_constant)
        except RecursionError as exc:
            raise ParseError("JSON parse error - nested too deeply.") from exc
        except ValueError as exc:
            raise ParseError(f"JSON parse error - {exc}") from exc
        path, problem = json_input_problem(text, data)
        if problem:
            raise ApiError("invalid", f"{path}: {problem}", path)
        return data


def catalogue_body_limit() -> int:
    """A catalogue upload's body: its document (at most ``MUSTER_CATALOGUE_UPLOAD_BYTES``,
    checked with a clear message by the service) JSON-escaped, so up to twice as long."""
    return 2 * settings.MUSTER_CATALOGUE_UPLOAD_BYTES + 64 * 1024


class CatalogueJSONParser(JSONParser):
    """The JSON parser of ``/catalogues/``, whose bodies carry a whole document."""

    def body_limit(self) -> int | None:
        return catalogue_body_limit()


def reject_constant(name: str) -> None:
    """NaN and Infinity are not JSON."""
    raise ValueError(f"{name} is not valid JSON")
