"""Reads of rules variants: list (mine, public, by system, by name), one variant as its
reader may see it (another user's private one answers 404), the one a roster or campaign of
a system may name, its revisions and the diff between two."""

from __future__ import annotations

from typing import Any

from django.db.models import Q, QuerySet

from armybuilder import document_selectors as documents
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
    mine = documents.mine_q(user)
    public = Q(visibility=Visibility.PUBLIC)
    listed = {"all": public | mine, "mine": mine, "public": public}[
        scope if scope in SCOPES else "all"
    ]
    queryset = RulesVariant.objects.filter(listed).select_related("system", "owner", "forked_from")
    return documents.narrowed(queryset, system=system, search=search)


def rules_variant_get(*, user: Any, variant_id: int, token: str = "") -> RulesVariant:
    """One variant ``user`` may read (``token`` opens an unlisted one); NotFoundError
    ``variant.not_found`` otherwise."""
    found = (
        RulesVariant.objects.select_related("system", "owner", "forked_from")
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


VARIANT_REVISIONS = documents.RevisionKind(
    RulesVariantRevision, "variant", "variant", "this rules variant", rules_diff
)


def rules_variant_revision_list(*, variant: RulesVariant) -> QuerySet[RulesVariantRevision]:
    """The variant's revisions, newest first."""
    return documents.revision_list(VARIANT_REVISIONS, variant)


def rules_variant_diff(
    *, variant: RulesVariant, base: int, head: int | None = None
) -> dict[str, Any]:
    """What changed from revision ``base`` to ``head`` (default: the latest)."""
    return documents.revision_diff(VARIANT_REVISIONS, variant, base, head)
