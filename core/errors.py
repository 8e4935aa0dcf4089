"""The one base of every domain error: a stable ``code``, a ``message`` for people, the
``field`` at fault and the HTTP ``status`` the API and the pages answer with.

Each app subclasses :class:`ApplicationError` once per status it needs (HackSoft's
``core/exceptions.py``); ``api/errors.py`` maps them to the API's error body and
``frontend/errors.py`` to the pages, each in one place, so no view catches a domain error
only to avoid a 500. The rules engine imports no project code, so its ``EngineError`` is
not a subclass: both mappers handle it beside this base.
"""

from __future__ import annotations

from typing import ClassVar


class ApplicationError(Exception):
    """A request the domain refuses: 400 unless a subclass says otherwise.

    ``fields`` maps request paths (``units[3]``, ``settings.injury_table``) to messages; by
    default it is ``{field: [message]}`` when a field is named, else empty.
    """

    status: ClassVar[int] = 400

    def __init__(
        self,
        code: str,
        message: str,
        field: str = "",
        *,
        fields: dict[str, list[str]] | None = None,
    ) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.field = field
        self.fields = fields or ({field: [message]} if field else {})
