"""Reads shared by the two kinds of uploaded document, faction catalogues and rules variants
(one helper parameterised by the kind): the reader's own rows, a list narrowed by system and
name, and the revisions: newest first, one by number, the diff between two."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.db.models import Model, Q, QuerySet

from armybuilder.errors import NotFoundError
from armybuilder.models import DocumentRevision


def mine_q(user: Any) -> Q:
    """The rows ``user`` owns (none for an anonymous reader)."""
    return Q(owner=user) if getattr(user, "is_authenticated", False) else Q(pk__in=[])


def narrowed(queryset: QuerySet[Any], *, system: str, search: str) -> QuerySet[Any]:
    """``queryset`` of one ``system`` (a slug; "" for all) whose name contains ``search``
    (any case), by system, name and id."""
    if system:
        queryset = queryset.filter(system__slug=system)
    if search:
        queryset = queryset.filter(name__icontains=search)
    return queryset.order_by("system__slug", "name", "id")


@dataclass(frozen=True, slots=True)
class RevisionKind:
    """How one kind of document keeps its revisions: the revision model, the name of its
    foreign key to the document, the error code's prefix, the document's name for people
    and the diff of two revisions' data."""

    model: type[DocumentRevision]
    parent: str
    code: str
    noun: str
    diff: Callable[[dict[str, Any], dict[str, Any]], dict[str, Any]]


def revision_list(kind: RevisionKind, row: Model) -> QuerySet[Any]:
    """The document's revisions, newest first."""
    return kind.model.objects.filter(**{kind.parent: row}).order_by("-revision")


def revision_get(kind: RevisionKind, row: Model, number: int) -> Any:
    """One revision; NotFoundError ``<code>.revision_not_found``."""
    found = kind.model.objects.filter(**{kind.parent: row, "revision": number}).first()
    if found is None:
        raise NotFoundError(
            f"{kind.code}.revision_not_found", f"No revision {number} of {kind.noun}", "revision"
        )
    return found


def revision_diff(kind: RevisionKind, row: Any, base: int, head: int | None) -> dict[str, Any]:
    """What changed from revision ``base`` to ``head`` (default: the latest)."""
    old = revision_get(kind, row, base)
    new = revision_get(kind, row, head or row.revision)
    return {"from": old.revision, "to": new.revision, **kind.diff(old.data, new.data)}
