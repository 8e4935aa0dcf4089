"""Rules variant pages: the list (mine, public, by system), one variant (its force
organisation, points defaults and constraints in words; revisions with restore; who uses
it), the diff between two revisions, download as YAML or JSON, upload, the raw editor with
live validation, fork, visibility and delete.

The catalogue pages' helpers, forms and includes serve here too
(``frontend.views.catalogues``, ``frontend.catalogue_forms``, ``frontend/catalogues/_*``);
reads are the API's (``armybuilder.rules_variant_selectors``) and every save goes through
``armybuilder.services.rules_variants``, whose errors name the line and path.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from armybuilder import rules_variant_selectors as selectors
from armybuilder.catalogue_issues import CatalogueIssue
from armybuilder.errors import CatalogueRejected, ReadOnlyError
from armybuilder.models import RulesVariant, SourceFormat, Visibility
from armybuilder.selectors import system_list
from armybuilder.services import rules_variants as services
from frontend.catalogue_forms import CatalogueTextForm, CatalogueUploadForm
from frontend.rules_variant_pages import (
    constraint_rows,
    force_organisation,
    starter_variant,
    variant_editor_text,
    variant_text,
    variant_usage,
)
from frontend.views.catalogue_editor import check_context, upload_page
from frontend.views.catalogues import (
    DOWNLOAD_TYPES,
    catalogue_url,
    changed,
    document_list,
    link_token,
    revision_number,
)


def readable(request: HttpRequest, pk: int) -> RulesVariant:
    """A variant the user may read; NotFoundError (a 404 page) for any other."""
    return selectors.rules_variant_get(user=request.user, variant_id=pk, token=link_token(request))


def owned(request: HttpRequest, pk: int) -> RulesVariant:
    """The user's own variant: 404 when they may not read it, 403 when it is not theirs."""
    variant = readable(request, pk)
    if variant.owner_id != request.user.pk:
        raise ReadOnlyError("variant.read_only", "Only the owner may change this rules variant.")
    return variant


def rules_variant_list_view(request: HttpRequest) -> HttpResponse:
    """Every variant the user may list, filtered by scope, system and part of the name."""
    return document_list(
        request,
        select=selectors.rules_variant_list,
        scopes=selectors.SCOPES,
        template="frontend/rules_variants/list.html",
    )


def _revision_rows(variant: RulesVariant) -> list[Any]:
    return list(selectors.rules_variant_revision_list(variant=variant).select_related("created_by"))


def rules_variant_detail(request: HttpRequest, pk: int) -> HttpResponse:
    """One variant: its rules read for people, revisions (the owner restores one), who
    uses it, downloads, fork and the owner's visibility choice."""
    variant = readable(request, pk)
    mine = variant.owner_id == request.user.pk
    share_url = ""
    if mine and variant.link_token:
        share_url = request.build_absolute_uri(
            catalogue_url(variant, "rules-variant-detail", token=variant.link_token)
        )
    return render(
        request,
        "frontend/rules_variants/detail.html",
        {
            "variant": variant,
            "mine": mine,
            "token": link_token(request),
            "force_organisation": force_organisation(variant.data),
            "constraints": constraint_rows(variant.data),
            "replaced": [k for k in variant.document if k not in ("system", "variant", "name")],
            "revisions": _revision_rows(variant),
            "usage": variant_usage(variant, user=request.user),
            "share_url": share_url,
            "visibilities": Visibility.choices,
        },
    )


def rules_variant_diff(request: HttpRequest, pk: int) -> HttpResponse:
    """What changed between two revisions (``from``, ``to``; default: the one before the
    latest, and the latest)."""
    variant = readable(request, pk)
    head = revision_number(request.GET.get("to"), default=variant.revision)
    base = revision_number(request.GET.get("from"), default=max(1, (head or 1) - 1))
    diff = selectors.rules_variant_diff(variant=variant, base=base or 1, head=head)
    return render(
        request,
        "frontend/rules_variants/diff.html",
        {
            "variant": variant,
            "diff": diff,
            "token": link_token(request),
            "revisions": _revision_rows(variant),
        },
    )


def rules_variant_download(request: HttpRequest, pk: int, fmt: str) -> HttpResponse:
    """The latest revision as a ``.yaml`` or ``.json`` file (as uploaded when it was)."""
    if fmt not in DOWNLOAD_TYPES:
        raise Http404("Download as yaml or json")
    variant = readable(request, pk)
    response = HttpResponse(
        variant_text(variant, fmt), content_type=f"{DOWNLOAD_TYPES[fmt]}; charset=utf-8"
    )
    filename = f"{variant.slug}-r{variant.revision}.{fmt}"
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@login_required
def rules_variant_new(request: HttpRequest) -> HttpResponse:
    """Upload a new variant (revision 1, private unless chosen otherwise)."""
    systems = list(system_list())
    chosen = next((s for s in systems if s.slug == request.GET.get("system")), None)
    chosen = chosen or (systems[0] if systems else None)
    form = CatalogueUploadForm(
        request.POST or None,
        request.FILES or None,
        initial={
            "text": starter_variant(chosen) if chosen else "",
            "format": "yaml",
            "visibility": "private",
        },
    )

    def create(cleaned: dict[str, Any]) -> HttpResponse:
        variant = services.rules_variant_create(
            owner=request.user,
            text=cleaned["text"],
            fmt=cleaned["format"],
            visibility=cleaned["visibility"],
        )
        return redirect("rules-variant-detail", pk=variant.pk)

    return upload_page(
        request,
        form=form,
        context={"systems": systems, "system": chosen.slug if chosen else ""},
        create=create,
        template="frontend/rules_variants/new.html",
    )


@login_required
@require_POST
def rules_variant_check(request: HttpRequest) -> HttpResponse:
    """htmx: the errors of the variant typed so far, with line and path (nothing saved)."""
    fmt = request.POST.get("format", "yaml")
    issues: list[CatalogueIssue] = []
    try:
        services.rules_variant_check(
            text=request.POST.get("text", ""),
            fmt=fmt if fmt in SourceFormat.values else "yaml",
        )
    except CatalogueRejected as rejected:
        issues = rejected.issues
    return render(request, "frontend/catalogues/_check.html", check_context(issues))


def _editor(
    request: HttpRequest,
    variant: RulesVariant,
    *,
    form: CatalogueTextForm | None = None,
    issues: list[CatalogueIssue] | None = None,
    status: int = 200,
) -> HttpResponse:
    text, fmt = variant_editor_text(variant)
    context = {
        "variant": variant,
        "text_form": form or CatalogueTextForm(initial={"text": text, "format": fmt}),
        "refused": issues is not None,
        **check_context(issues or []),
    }
    context["checked"] = issues is not None
    return render(request, "frontend/rules_variants/edit.html", context, status=status)


@login_required
def rules_variant_edit(request: HttpRequest, pk: int) -> HttpResponse:
    """The raw editor (the owner only); a post saves the whole document as the next
    revision, or shows it refused with every error's line and path."""
    variant = owned(request, pk)
    if request.method != "POST":
        return _editor(request, variant)
    form = CatalogueTextForm(request.POST)
    if not form.is_valid():
        return _editor(request, variant, form=form, issues=[], status=400)

    try:
        saved = services.rules_variant_update(
            variant=variant,
            actor=request.user,
            text=form.cleaned_data["text"],
            fmt=form.cleaned_data["format"],
            summary=form.cleaned_data["summary"],
        )
    except CatalogueRejected as rejected:
        return _editor(request, variant, form=form, issues=rejected.issues, status=400)
    messages.success(request, f"Saved {saved.name} as revision {saved.revision}.")
    return redirect("rules-variant-detail", pk=pk)


@login_required
@require_POST
def rules_variant_restore(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """Restore an older revision: its document, checked again, becomes the next one."""
    variant = owned(request, pk)

    def restore() -> str:
        saved = services.rules_variant_restore(variant=variant, actor=request.user, number=number)
        return f"Revision {number} restored as revision {saved.revision}."

    changed(request, restore)
    return redirect("rules-variant-detail", pk=pk)


@login_required
@require_POST
def rules_variant_fork(request: HttpRequest, pk: int) -> HttpResponse:
    """A private copy for the user that remembers its origin; opens it in the editor."""
    variant = readable(request, pk)
    copies: list[RulesVariant] = []

    def fork() -> str:
        copies.append(services.rules_variant_fork(variant=variant, owner=request.user))
        return f"Your copy of {variant.name} (private until you share it)."

    if not changed(request, fork):
        return redirect(catalogue_url(variant, "rules-variant-detail", token=link_token(request)))
    return redirect("rules-variant-edit", pk=copies[0].pk)


@login_required
@require_POST
def rules_variant_visibility(request: HttpRequest, pk: int) -> HttpResponse:
    """Private, unlisted (a link to share) or public."""
    variant = owned(request, pk)

    def choose() -> str:
        saved = services.rules_variant_set_visibility(
            variant=variant, actor=request.user, visibility=request.POST.get("visibility", "")
        )
        return f"Now {saved.get_visibility_display().lower()}."

    changed(request, choose)
    return redirect("rules-variant-detail", pk=pk)


@login_required
@require_POST
def rules_variant_delete(request: HttpRequest, pk: int) -> HttpResponse:
    """Delete a variant (refused while a roster or campaign names it)."""
    variant = owned(request, pk)

    def delete() -> str:
        services.rules_variant_delete(variant=variant, actor=request.user)
        return f"{variant.name} deleted."

    if not changed(request, delete):
        return redirect("rules-variant-detail", pk=pk)
    return redirect(f"{reverse('rules-variant-list')}?scope=mine")
