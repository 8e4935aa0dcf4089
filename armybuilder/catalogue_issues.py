"""One problem found in an uploaded catalogue: where (path and line), what, and how to fix it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

ERROR = "error"
WARNING = "warning"


@dataclass(frozen=True, slots=True)
class CatalogueIssue:
    """``code`` is stable (``upload.too_deep``, ``unit.rule_unknown``, ``rule.no_effect``);
    ``path`` is the offending entry (``units[3].options[0]``, '' for the whole document);
    ``line`` its 1-based YAML line when known; ``hint`` says how to fix it."""

    severity: str
    code: str
    path: str
    message: str
    hint: str = ""
    line: int | None = None

    @property
    def where(self) -> str:
        """``line 12, units[3].options[0]`` (whichever parts are known)."""
        parts = [f"line {self.line}" if self.line else "", self.path]
        return ", ".join(p for p in parts if p) or "document"

    @property
    def text(self) -> str:
        """The one-line form the API's ``fields`` and the pages show."""
        return f"{self.where}: {self.message}" + (f" {self.hint}" if self.hint else "")

    def as_dict(self) -> dict[str, Any]:
        return {
            "severity": self.severity,
            "code": self.code,
            "path": self.path,
            "line": self.line,
            "message": self.message,
            "hint": self.hint,
        }


def issue(
    code: str,
    path: str,
    message: str,
    hint: str = "",
    *,
    line: int | None = None,
    severity: str = ERROR,
) -> CatalogueIssue:
    """An error (or, with ``severity=WARNING``, a warning)."""
    return CatalogueIssue(severity, code, path, message, hint, line)
