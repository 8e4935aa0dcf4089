"""Reads of faction catalogues as user content: list (mine, public, by system, by name),
one catalogue as its reader may see it, its revisions and the diff between two."""

from __future__ import annotations

from typing import Any

from django.db.models import Q, QuerySet

from armybuilder import document_selectors as documents
from armybuilder.catalogue_access import visible_q
from armybuilder.catalogue_diff import catalogue_diff
from armybuilder.errors import NotFoundError
from armybuilder.models import Faction, FactionRevision, Visibility

SCOPES: tuple[str, ...] = ("all", "mine", "public", "samples")


def catalogue_list(
    *, user: Any, scope: str = "all", system: str = "", search: str = ""
) -> QuerySet[Faction]:
    """The catalogues listed for ``user``: samples, public ones and their own (unlisted
    ones are never listed to others); ``scope`` narrows to ``mine``, ``public`` (others'
    and the user's public ones) or ``samples``."""
    mine = documents.mine_q(user)
    listed = {
        "all": Q(owner__isnull=True) | Q(visibility=Visibility.PUBLIC) | mine,
        "mine": mine,
        "public": Q(owner__isnull=False, visibility=Visibility.PUBLIC),
        "samples": Q(owner__isnull=True),
    }[scope if scope in SCOPES else "all"]
    queryset = Faction.objects.filter(listed).select_related("system", "owner", "forked_from")
    return documents.narrowed(queryset, system=system, search=search)


def catalogue_get(*, user: Any, catalogue_id: int, token: str = "") -> Faction:
    """One catalogue ``user`` may read (``token`` opens an unlisted one); NotFoundError
    ``catalogue.not_found`` otherwise, so a private catalogue is never revealed."""
    found = (
        Faction.objects.select_related("system", "owner", "forked_from")
        .filter(visible_q(user, token), pk=catalogue_id)
        .first()
    )
    if found is None:
        raise NotFoundError("catalogue.not_found", f"No catalogue {catalogue_id}")
    return found


CATALOGUE_REVISIONS = documents.RevisionKind(
    FactionRevision, "faction", "catalogue", "this catalogue", catalogue_diff
)


def catalogue_revision_list(*, catalogue: Faction) -> QuerySet[FactionRevision]:
    """The catalogue's revisions, newest first."""
    return documents.revision_list(CATALOGUE_REVISIONS, catalogue)


def catalogue_revision_diff(
    *, catalogue: Faction, base: int, head: int | None = None
) -> dict[str, Any]:
    """What changed from revision ``base`` to ``head`` (default: the latest)."""
    return documents.revision_diff(CATALOGUE_REVISIONS, catalogue, base, head)
