"""Reads of rules variants: list (mine, public, by system, by name), one variant as its
reader may see it (another user's private one answers 404), the one a roster or campaign of
a system may name, its revisions and the diff between two."""

from __future__ import annotations

from typing import Any

from django.db.models import Q, QuerySet

from armybuilder.catalogue_access import visible_q
from armybuilder.catalogue_diff import rules_diff
from armybuilder.errors import ArmyBuilderError, NotFoundError
from armybuilder.models import RulesVariant, RulesVariantRevision, Visibility

SCOPES: tuple[str, ...] = ("all", "mine", "public")


def rules_variant_list(
    *, user: Any, scope: str = "all", system: str = "", search: str = ""
) -> QuerySet[RulesVariant]:
    """The variants listed for ``user``: public ones and their own (``scope`` narrows to
    ``mine`` or ``public``; unlisted ones are never listed to others)."""
    mine = Q(owner=user) if getattr(user, "is_authenticated", False) else Q(pk__in=[])
    public = Q(visibility=Visibility.PUBLIC)
    listed = {"all": public | mine, "mine": mine, "public": public}[
        scope if scope in SCOPES else "all"
    ]
    queryset = RulesVariant.objects.filter(listed).select_related("system", "owner")
    if system:
        queryset = queryset.filter(system__slug=system)
    if search:
        queryset = queryset.filter(name__icontains=search)
    return queryset.order_by("system__slug", "name", "id")


def rules_variant_get(*, user: Any, variant_id: int, token: str = "") -> RulesVariant:
    """One variant ``user`` may read (``token`` opens an unlisted one); NotFoundError
    ``variant.not_found`` otherwise."""
    found = (
        RulesVariant.objects.select_related("system", "owner")
        .filter(visible_q(user, token), pk=variant_id)
        .first()
    )
    if found is None:
        raise NotFoundError("variant.not_found", f"No rules variant {variant_id}", "rules_variant")
    return found


def rules_variant_for(*, user: Any, variant_id: int, system: str, token: str = "") -> RulesVariant:
    """The variant a roster or campaign of ``system`` may name: one ``user`` may read, of
    that system; ArmyBuilderError ``variant.system_mismatch`` for another system's."""
    variant = rules_variant_get(user=user, variant_id=variant_id, token=token)
    if variant.system.slug != system:
        raise ArmyBuilderError(
            "variant.system_mismatch",
            f"{variant.name} is a {variant.system.slug} rules variant, not {system}.",
            "rules_variant",
        )
    return variant


def rules_variant_revision_list(*, variant: RulesVariant) -> QuerySet[RulesVariantRevision]:
    """The variant's revisions, newest first."""
    return RulesVariantRevision.objects.filter(variant=variant).order_by("-revision")


def rules_variant_revision_get(*, variant: RulesVariant, number: int) -> RulesVariantRevision:
    """One revision; NotFoundError ``variant.revision_not_found``."""
    found = RulesVariantRevision.objects.filter(variant=variant, revision=number).first()
    if found is None:
        raise NotFoundError(
            "variant.revision_not_found", f"No revision {number} of this rules variant", "revision"
        )
    return found


def rules_variant_diff(
    *, variant: RulesVariant, base: int, head: int | None = None
) -> dict[str, Any]:
    """What changed from revision ``base`` to ``head`` (default: the latest)."""
    old = rules_variant_revision_get(variant=variant, number=base)
    new = rules_variant_revision_get(variant=variant, number=head or variant.revision)
    return {"from": old.revision, "to": new.revision, **rules_diff(old.data, new.data)}
