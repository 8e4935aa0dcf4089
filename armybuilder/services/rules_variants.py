"""Rules variants: an organiser's own version of a system's rules file (force organisation
chart, default points limit, constraints), owned, versioned and shared like catalogues
(create, save a revision, restore, fork, visibility, delete); a roster or a campaign names one and
the validator reads it in place of the system's rules (docs/catalogue-format.md "Rules
variants")."""

from __future__ import annotations

import copy
import json
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction

from armybuilder.catalogue_access import apply_visibility
from armybuilder.catalogue_files import content_hash
from armybuilder.catalogue_issues import CatalogueIssue, issue
from armybuilder.catalogue_upload import UploadRefused, parse_document
from armybuilder.errors import CatalogueRejected, ConflictError, NotFoundError, ReadOnlyError
from armybuilder.models import GameSystem, RulesVariant, RulesVariantRevision, Visibility
from armybuilder.rules_variant_checks import rules_variant_issues


def rules_variant_check(
    *, text: str, fmt: str, revision: int = 1
) -> tuple[GameSystem, dict[str, Any], dict[str, Any]]:
    """Parse and check a variant document: its system, its own keys and the merged rules;
    CatalogueRejected listing every error (with line and path) otherwise."""
    try:
        document = parse_document(text, fmt=fmt, max_bytes=settings.MUSTER_CATALOGUE_UPLOAD_BYTES)
    except UploadRefused as refused:
        raise CatalogueRejected(refused.issues) from refused
    slug = document.data.get("system")
    system = GameSystem.objects.filter(slug=slug).first() if isinstance(slug, str) else None
    if system is None:
        raise CatalogueRejected(
            [
                issue(
                    "variant.system_unknown",
                    "system",
                    f"No game system '{slug}' is loaded.",
                    "Name one of the systems /api/v1/systems/ lists.",
                    line=document.line_of("system"),
                )
            ]
        )
    merged, found = rules_variant_issues(document, system.data, revision=revision)
    if found:
        raise CatalogueRejected(found)
    return system, document.data, merged


def _append_revision(
    variant: RulesVariant, *, text: str, fmt: str, actor: Any, summary: str
) -> None:
    RulesVariantRevision.objects.create(
        variant=variant,
        revision=variant.revision,
        content_hash=variant.content_hash,
        document=variant.document,
        data=variant.data,
        source=text,
        source_format=fmt,
        summary=summary[:200],
        created_by=actor,
    )


def _apply(variant: RulesVariant, own: dict[str, Any], merged: dict[str, Any]) -> None:
    variant.name = own["name"]
    variant.document = own
    variant.data = merged
    variant.content_hash = content_hash(merged)


def _check_quota(owner: Any) -> None:
    limit = settings.MUSTER_CATALOGUES_PER_USER
    if RulesVariant.objects.filter(owner=owner).count() >= limit:
        raise ConflictError(
            "variant.limit_reached",
            f"You already have {limit} rules variants, the most one user may keep.",
        )


def _insert(
    *, owner: Any, text: str, fmt: str, visibility: str, summary: str, **extra: Any
) -> RulesVariant:
    system, own, merged = rules_variant_check(text=text, fmt=fmt)
    variant = RulesVariant(system=system, owner=owner, slug=own["variant"], revision=1, **extra)
    _apply(variant, own, merged)
    apply_visibility(variant, visibility)
    try:
        with transaction.atomic():
            variant.save()
            _append_revision(variant, text=text, fmt=fmt, actor=owner, summary=summary)
    except IntegrityError as error:
        raise ConflictError(
            "variant.slug_taken",
            f"You already have a {system.name} rules variant '{own['variant']}'.",
            "variant",
        ) from error
    return variant


def rules_variant_create(
    *, owner: Any, text: str, fmt: str, visibility: str = Visibility.PRIVATE
) -> RulesVariant:
    """A new variant (revision 1) from an uploaded document; at most
    ``MUSTER_CATALOGUES_PER_USER`` per user, like catalogues."""
    _check_quota(owner)
    return _insert(owner=owner, text=text, fmt=fmt, visibility=visibility, summary="uploaded")


def rules_variant_fork(*, variant: RulesVariant, owner: Any, slug: str = "") -> RulesVariant:
    """A private copy for ``owner`` that remembers its origin (``forked_from``), as a
    catalogue's fork does: the origin's latest text, or its own keys written out as JSON
    under a new ``slug`` (needed to fork one's own variant)."""
    _check_quota(owner)
    latest = variant.revisions.order_by("-revision").first()
    text, fmt = (latest.source, latest.source_format) if latest else ("", "")
    if slug or not text:
        own = {**copy.deepcopy(variant.document), "variant": slug or variant.slug}
        text, fmt = json.dumps(own, indent=2, ensure_ascii=False), "json"
    return _insert(
        owner=owner,
        text=text,
        fmt=fmt,
        visibility=Visibility.PRIVATE,
        summary=f"forked from {variant.name} r{variant.revision}",
        forked_from=variant,
    )


def _writable(variant: RulesVariant, actor: Any) -> RulesVariant:
    if variant.owner_id != getattr(actor, "pk", None):
        raise ReadOnlyError("variant.read_only", "Only the owner may change this rules variant.")
    return RulesVariant.objects.select_for_update().select_related("system").get(pk=variant.pk)


def _fixed(variant: RulesVariant, own: dict[str, Any]) -> None:
    for key, now in (("system", variant.system.slug), ("variant", variant.slug)):
        if own[key] != now:
            raise CatalogueRejected(
                [
                    CatalogueIssue(
                        "error",
                        "variant.fixed",
                        key,
                        f"A rules variant's {key} cannot change (it is '{now}').",
                        "Upload it as a new variant instead.",
                    )
                ]
            )


def _save(variant: RulesVariant, *, text: str, fmt: str, actor: Any, summary: str) -> RulesVariant:
    _, own, merged = rules_variant_check(text=text, fmt=fmt, revision=variant.revision + 1)
    _fixed(variant, own)
    variant.revision += 1
    _apply(variant, own, merged)
    variant.save()
    _append_revision(variant, text=text, fmt=fmt, actor=actor, summary=summary)
    return variant


def rules_variant_update(
    *, variant: RulesVariant, actor: Any, text: str, fmt: str, summary: str = ""
) -> RulesVariant:
    """Save an edited document as the next revision (the owner only); rosters and
    campaigns naming the variant are validated against it from then on."""
    with transaction.atomic():
        locked = _writable(variant, actor)
        return _save(locked, text=text, fmt=fmt, actor=actor, summary=summary or "edited")


def rules_variant_restore(*, variant: RulesVariant, actor: Any, number: int) -> RulesVariant:
    """Restore revision ``number``: its text, checked again, becomes a new revision."""
    with transaction.atomic():
        locked = _writable(variant, actor)
        old = RulesVariantRevision.objects.filter(variant=locked, revision=number).first()
        if old is None:
            raise NotFoundError(
                "variant.revision_not_found", f"No revision {number} of this rules variant"
            )
        return _save(
            locked,
            text=old.source,
            fmt=old.source_format,
            actor=actor,
            summary=f"revision {number} restored",
        )


def rules_variant_set_visibility(
    *, variant: RulesVariant, actor: Any, visibility: str
) -> RulesVariant:
    """Private, unlisted (a link token) or public, as for catalogues."""
    with transaction.atomic():
        locked = _writable(variant, actor)
        apply_visibility(locked, visibility)
        locked.save(update_fields=["visibility", "link_token", "updated_at"])
    return locked


def rules_variant_delete(*, variant: RulesVariant, actor: Any) -> None:
    """Delete a variant and its revisions; ConflictError ``variant.in_use`` while a roster or
    a campaign names it."""
    with transaction.atomic():
        locked = _writable(variant, actor)
        rosters, campaigns = locked.rosters.count(), locked.campaigns.count()
        if rosters or campaigns:
            raise ConflictError(
                "variant.in_use",
                f"{rosters} roster(s) and {campaigns} campaign(s) use this rules variant; "
                "it cannot be deleted.",
            )
        locked.delete()
