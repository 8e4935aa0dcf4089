"""The engine's one error: a roster or request it cannot play, with a stable ``code``.

It lives below the systems and the kernel so both can raise it; the API maps it to a 400
with the same code (``api/errors.py``). The engine imports no project code, so this is not a
subclass of ``core.errors.ApplicationError``; its shape (``code``, ``message``) matches it.
"""

from __future__ import annotations


class EngineError(ValueError):
    """A roster or request the engine cannot play; ``code`` is stable for the API.

    ``field`` names the input at fault when the engine knows it (a setting's dotted name,
    ``arcs.include_boundary``); the caller prefixes it with where that input came from."""

    def __init__(self, code: str, message: str, field: str = "") -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.field = field
