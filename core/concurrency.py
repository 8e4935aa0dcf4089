"""Optimistic concurrency: a row's ``revision`` is its version, and a write names the
revision it was made from, so an edit made from a stale read is refused instead of silently
overwriting the edit that came first (a lost update).

A writer states it two ways (RFC 9110 §13.1.1 ``If-Match``, and the revision in the body);
the service compares both with the row as it is under its lock:

- ``If-Match`` names no current ETag → :class:`PreconditionFailed` (412);
- the body's ``revision`` is not the current one → :class:`StaleRevision` (409).

  Neither given: the write applies to whatever is current (last writer wins, as before).
"""

from __future__ import annotations

from dataclasses import dataclass

from core.errors import ApplicationError

ANY_REVISION = "*"


class PreconditionFailed(ApplicationError):
    """``If-Match`` names none of the current ETags (412)."""

    status = 412


class StaleRevision(ApplicationError):
    """The ``revision`` the write was made from is no longer current (409)."""

    status = 409


def etag(revision: int) -> str:
    """The strong ETag of a revision: ``"7"``."""
    return f'"{revision}"'


@dataclass(frozen=True, slots=True)
class ExpectedRevision:
    """What a writer read: the ETags of ``If-Match`` (None: no header) and the ``revision``
    in its body (None: not given)."""

    if_match: tuple[str, ...] | None = None
    revision: int | None = None

    def check(self, current: int, what: str) -> None:
        """Refuse the write unless every given expectation names ``current``."""
        if self.if_match is not None:
            tags = {tag.removeprefix("W/") for tag in self.if_match}
            if ANY_REVISION not in tags and etag(current) not in tags:
                raise PreconditionFailed(
                    "revision.precondition_failed",
                    f"The {what} changed since you read it (now revision {current}); "
                    "read it again and repeat your change.",
                )
        if self.revision is not None and self.revision != current:
            raise StaleRevision(
                "revision.stale",
                f"The {what} is at revision {current}, not {self.revision}; read it again "
                "and repeat your change.",
                "revision",
            )


NO_EXPECTATION = ExpectedRevision()
