"""Domain errors of the army builder: each carries a stable ``code`` the API and pages show."""

from __future__ import annotations


class ArmyBuilderError(Exception):
    """Base class: ``code`` is stable (``"roster.unit_unknown"``), ``message`` is for people,
    ``path`` points at the offending entry (``"units[3]"``) when there is one."""

    default_code = "armybuilder.error"

    def __init__(self, message: str, *, code: str | None = None, path: str = "") -> None:
        super().__init__(message)
        self.code = code or self.default_code
        self.message = message
        self.path = path

    def as_dict(self) -> dict[str, str]:
        """The error as plain data (for the API's error body)."""
        return {"code": self.code, "message": self.message, "path": self.path}


class CatalogueError(ArmyBuilderError):
    """A catalogue file is malformed, fails its schema or reuses a revision with new content."""

    default_code = "catalogue.invalid"


class NotFoundError(ArmyBuilderError):
    """A system, faction, unit, roster or revision named by the caller does not exist."""

    default_code = "armybuilder.not_found"


class ConflictError(ArmyBuilderError):
    """The request is well formed but the object's state forbids it (the API answers 409),
    e.g. deleting a roster a campaign still plays."""

    default_code = "armybuilder.conflict"


class RosterError(ArmyBuilderError):
    """A roster change cannot be applied (bad shape, unknown unit, ally not allowed…)."""

    default_code = "roster.invalid"


class ImportFormatError(ArmyBuilderError):
    """Pasted text or JSON is not in our interchange format."""

    default_code = "import.invalid"


class VerificationError(ArmyBuilderError):
    """A verification token is tampered with, expired or malformed."""

    default_code = "verification.invalid"
