"""Domain errors of the army builder: each carries a stable ``code`` the API and pages show,
and the ``field`` (``units[3]``, ``allies[0]``) of the offending entry when there is one."""

from __future__ import annotations

from typing import Any

from core.errors import ApplicationError


class ArmyBuilderError(ApplicationError):
    """A roster, catalogue or exchange request the army builder refuses (400)."""


class NotFoundError(ArmyBuilderError):
    """A system, faction, unit, roster or revision named by the caller does not exist (404)."""

    status = 404


class ConflictError(ArmyBuilderError):
    """The request is well formed but the object's state forbids it (409), e.g. deleting a
    roster a campaign still plays."""

    status = 409


class RosterError(ArmyBuilderError):
    """A roster change cannot be applied (bad shape, unknown unit, ally not allowed…)."""


class ImportFormatError(ArmyBuilderError):
    """Pasted text or JSON is not in our interchange format."""


class VerificationError(ArmyBuilderError):
    """A verification token is tampered with, expired or malformed."""


class CatalogueError(ArmyBuilderError):
    """A catalogue file is malformed, fails its schema or reuses a revision with new content.

    Raised while loading files rather than answering a request, so it is built from the
    message and the file's ``path`` (the ``field``); the code is ``catalogue.invalid`` unless
    a more precise one is given.
    """

    def __init__(self, message: str, *, path: str, code: str = "catalogue.invalid") -> None:
        super().__init__(code, message, path)


class ReadOnlyError(ArmyBuilderError):
    """The caller may read the object but not change it (403), e.g. a shipped sample
    catalogue or another user's public catalogue (fork it to edit a copy)."""

    status = 403


class CatalogueRejected(ArmyBuilderError):
    """An uploaded catalogue fails its checks: ``issues`` lists every error (and warning),
    ``fields`` maps each path (``document`` for the whole text) to "line N: message hint"."""

    def __init__(self, issues: list[Any]) -> None:
        errors = [i for i in issues if i.severity == "error"]
        first = errors[0] if errors else issues[0]
        fields: dict[str, list[str]] = {}
        for found in errors:
            fields.setdefault(found.path or "document", []).append(found.text)
        super().__init__(first.code, first.text, fields=fields)
        self.issues = issues
