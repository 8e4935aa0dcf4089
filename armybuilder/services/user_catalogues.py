"""Users' own faction catalogues: create from an upload, save a new revision, restore an
older one, fork, set visibility, delete (docs/catalogue-format.md "Your own catalogues").

Every save checks the whole document (``catalogue_upload`` then ``catalogue_checks``) and
stores it as a new ``FactionRevision`` with its text; the row's ``data`` is the latest, so
rosters, the validator, the catalogue cache and the engine read a user's catalogue exactly
as they read a sample. The server numbers revisions: a document's own ``revision`` is
replaced by the next number. A save names the revision it was edited from
(:class:`core.concurrency.ExpectedRevision`, checked under the row lock), so an edit from a
stale read is refused instead of overwriting the one saved first (issue 23, item 4).
"""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import ProtectedError, Q

from armybuilder.catalogue_access import apply_visibility
from armybuilder.catalogue_checks import catalogue_issues
from armybuilder.catalogue_files import content_hash
from armybuilder.catalogue_issues import ERROR, CatalogueIssue, issue
from armybuilder.catalogue_upload import ParsedDocument, UploadRefused, parse_document
from armybuilder.errors import CatalogueRejected, ConflictError, NotFoundError, ReadOnlyError
from armybuilder.models import Faction, FactionRevision, GameSystem, Roster, Visibility
from core.concurrency import NO_EXPECTATION, ExpectedRevision

SLUG_LENGTH = 80


@dataclass(frozen=True, slots=True)
class CatalogueSaved:
    """The catalogue after a save and the warnings its document raised."""

    catalogue: Faction
    warnings: list[CatalogueIssue]


def storage_slug(owner_id: int, slug: str) -> str:
    """The row slug of a user's catalogue: ``u<owner id>-<slug>``, unique per system since
    an owner id is digits up to the first ``-``."""
    return f"u{owner_id}-{slug}"


def catalogue_check(
    *, text: str, fmt: str, revision: int = 1
) -> tuple[ParsedDocument, list[CatalogueIssue]]:
    """Parse and check a document; CatalogueRejected listing every error, else the parsed
    document (its ``revision`` set to ``revision``) and its warnings."""
    try:
        document = parse_document(text, fmt=fmt, max_bytes=settings.MUSTER_CATALOGUE_UPLOAD_BYTES)
    except UploadRefused as refused:
        raise CatalogueRejected(refused.issues) from refused
    document.data["revision"] = revision
    found = catalogue_issues(document)
    slug = document.data.get("faction")
    if isinstance(slug, str) and len(slug) > SLUG_LENGTH:
        found.insert(
            0,
            issue(
                "catalogue.slug_too_long",
                "faction",
                f"The faction slug is {len(slug)} characters; at most {SLUG_LENGTH}.",
                "Shorten it.",
                line=document.line_of("faction"),
            ),
        )
    if any(i.severity == ERROR for i in found):
        raise CatalogueRejected(found)
    return document, found


def _row_values(data: dict[str, Any]) -> dict[str, Any]:
    return {
        "name": data["name"],
        "alignment": data.get("alignment") or "",
        "description": data.get("description") or "",
        "content_hash": content_hash(data),
        "data": data,
    }


def _append_revision(catalogue: Faction, *, text: str, fmt: str, actor: Any, summary: str) -> None:
    FactionRevision.objects.create(
        faction=catalogue,
        revision=catalogue.revision,
        content_hash=catalogue.content_hash,
        data=catalogue.data,
        source=text,
        source_format=fmt,
        summary=summary[:200],
        created_by=actor,
    )


def _check_quota(owner: Any) -> None:
    limit = settings.MUSTER_CATALOGUES_PER_USER
    if Faction.objects.filter(owner=owner).count() >= limit:
        raise ConflictError(
            "catalogue.limit_reached",
            f"You already have {limit} catalogues, the most one user may keep; delete one first.",
        )


def _insert(
    *, owner: Any, data: dict[str, Any], text: str, fmt: str, summary: str, **extra: Any
) -> Faction:
    system = GameSystem.objects.filter(slug=data["system"]).first()
    if system is None:
        raise NotFoundError(
            "system.not_found", f"No game system '{data['system']}' is loaded", "system"
        )
    catalogue = Faction(
        system=system,
        slug=storage_slug(owner.pk, data["faction"]),
        owner=owner,
        visibility=Visibility.PRIVATE,
        revision=1,
        **_row_values(data),
        **extra,
    )
    try:
        with transaction.atomic():
            catalogue.save()
            _append_revision(catalogue, text=text, fmt=fmt, actor=owner, summary=summary)
    except IntegrityError as error:
        raise ConflictError(
            "catalogue.slug_taken",
            f"You already have a {system.name} catalogue with faction slug "
            f"'{data['faction']}'; give this one another slug.",
            "faction",
        ) from error
    return catalogue


def catalogue_create(
    *, owner: Any, text: str, fmt: str, visibility: str = Visibility.PRIVATE
) -> CatalogueSaved:
    """A new catalogue (revision 1) from an uploaded YAML or JSON document."""
    _check_quota(owner)
    document, warnings = catalogue_check(text=text, fmt=fmt)
    catalogue = _insert(owner=owner, data=document.data, text=text, fmt=fmt, summary="uploaded")
    if visibility != Visibility.PRIVATE:
        catalogue_set_visibility(catalogue=catalogue, actor=owner, visibility=visibility)
    return CatalogueSaved(catalogue, warnings)


def _writable(catalogue: Faction, actor: Any) -> None:
    if catalogue.is_sample:
        raise ReadOnlyError(
            "catalogue.read_only", "The shipped sample catalogues are read-only; fork one."
        )
    if catalogue.owner_id != getattr(actor, "pk", None):
        raise ReadOnlyError(
            "catalogue.read_only", "Only the owner may change this catalogue; fork it."
        )


def _lock(catalogue: Faction) -> Faction:
    return Faction.objects.select_for_update().select_related("system").get(pk=catalogue.pk)


def _save_new_revision(
    catalogue: Faction, data: dict[str, Any], *, text: str, fmt: str, actor: Any, summary: str
) -> None:
    for key in ("system", "faction"):
        if data[key] != catalogue.data[key]:
            raise CatalogueRejected(
                [
                    issue(
                        "catalogue.fixed",
                        key,
                        f"A catalogue's {key} cannot change (it is '{catalogue.data[key]}').",
                        "Upload it as a new catalogue instead.",
                    )
                ]
            )
    for name, value in _row_values(data).items():
        setattr(catalogue, name, value)
    catalogue.save()
    _append_revision(catalogue, text=text, fmt=fmt, actor=actor, summary=summary)


def catalogue_update(
    *,
    catalogue: Faction,
    actor: Any,
    text: str,
    fmt: str,
    summary: str = "",
    expected: ExpectedRevision = NO_EXPECTATION,
) -> CatalogueSaved:
    """Save an edited document as the next revision (the owner only), unless ``expected``
    names another revision than the current one (412/409)."""
    _writable(catalogue, actor)
    with transaction.atomic():
        catalogue = _lock(catalogue)
        expected.check(catalogue.revision, "catalogue")
        document, warnings = catalogue_check(text=text, fmt=fmt, revision=catalogue.revision + 1)
        catalogue.revision += 1
        _save_new_revision(
            catalogue, document.data, text=text, fmt=fmt, actor=actor, summary=summary or "edited"
        )
    return CatalogueSaved(catalogue, warnings)


def catalogue_restore(
    *,
    catalogue: Faction,
    actor: Any,
    number: int,
    expected: ExpectedRevision = NO_EXPECTATION,
) -> CatalogueSaved:
    """Restore revision ``number``: its document, checked again, becomes a new revision,
    unless ``expected`` names another revision than the current one."""
    _writable(catalogue, actor)
    with transaction.atomic():
        catalogue = _lock(catalogue)
        expected.check(catalogue.revision, "catalogue")
        old = FactionRevision.objects.filter(faction=catalogue, revision=number).first()
        if old is None:
            raise NotFoundError(
                "catalogue.revision_not_found", f"No revision {number} of this catalogue"
            )
        document, warnings = catalogue_check(
            text=old.source, fmt=old.source_format, revision=catalogue.revision + 1
        )
        catalogue.revision += 1
        _save_new_revision(
            catalogue,
            document.data,
            text=old.source,
            fmt=old.source_format,
            actor=actor,
            summary=f"revision {number} restored",
        )
    return CatalogueSaved(catalogue, warnings)


def catalogue_fork(*, catalogue: Faction, owner: Any, slug: str = "") -> CatalogueSaved:
    """A private copy for ``owner`` that remembers its origin (``forked_from``). Its text is
    the origin's latest; with a new ``slug`` the copy is stored as JSON with that slug."""
    _check_quota(owner)
    latest = catalogue.revisions.order_by("-revision").first()
    data = copy.deepcopy(catalogue.data)
    text, fmt = (latest.source, latest.source_format) if latest and latest.source else ("", "")
    if slug or not text:
        data["faction"] = slug or data["faction"]
        text, fmt = json.dumps(data, indent=2, ensure_ascii=False), "json"
    document, warnings = catalogue_check(text=text, fmt=fmt)
    copy_row = _insert(
        owner=owner,
        data=document.data,
        text=text,
        fmt=fmt,
        summary=f"forked from {catalogue.name} r{catalogue.revision}",
        forked_from=catalogue,
    )
    return CatalogueSaved(copy_row, warnings)


def catalogue_set_visibility(*, catalogue: Faction, actor: Any, visibility: str) -> Faction:
    """Private, unlisted (a new link token unless it already has one) or public; leaving
    unlisted ends the old link."""
    _writable(catalogue, actor)
    apply_visibility(catalogue, visibility)
    catalogue.save(update_fields=["visibility", "link_token", "updated_at"])
    return catalogue


def catalogue_users(*, catalogue: Faction) -> Q:
    """The rosters that build from the catalogue: as their faction, an ally or a unit's."""
    return (
        Q(faction=catalogue)
        | Q(payload__allies__contains=[catalogue.slug])
        | Q(payload__units__contains=[{"faction": catalogue.slug}])
    )


def catalogue_delete(*, catalogue: Faction, actor: Any) -> None:
    """Delete a catalogue and its revisions; ConflictError ``catalogue.in_use`` while any
    roster (and so any campaign) builds from it."""
    _writable(catalogue, actor)
    in_use = Roster.objects.filter(
        Q(system=catalogue.system) & catalogue_users(catalogue=catalogue)
    ).count()
    if in_use:
        raise ConflictError(
            "catalogue.in_use",
            f"{in_use} roster(s) build from this catalogue; it cannot be deleted.",
        )
    try:
        with transaction.atomic():
            catalogue.delete()
    except ProtectedError as error:
        raise ConflictError(
            "catalogue.in_use", "Rosters build from this catalogue; it cannot be deleted."
        ) from error
