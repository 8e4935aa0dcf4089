"""Catalogue pages: the list (mine, public, by system, by name), one catalogue (units with
their stat lines, weapons, options and costs; revisions with restore; who uses it), the diff
between two revisions, download as YAML or JSON, fork and visibility. The upload form and
the editor are in ``frontend.views.catalogue_editor``.

Reads are the API's (``armybuilder.catalogue_selectors``): a catalogue the reader may not
see answers 404, the samples are read-only, ``?token=`` opens an unlisted one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import urlencode
from django.views.decorators.http import require_POST

from armybuilder import catalogue_selectors as selectors
from armybuilder.errors import ArmyBuilderError, ReadOnlyError
from armybuilder.models import Faction, Visibility
from armybuilder.selectors import system_list
from armybuilder.services import user_catalogues as services
from frontend.catalogue_forms import CatalogueFilterForm
from frontend.catalogue_pages import catalogue_usage, clean_token, document_text, unit_rows

PER_PAGE = 50
DOWNLOAD_TYPES = {"yaml": "application/yaml", "json": "application/json"}


def link_token(request: HttpRequest) -> str:
    """The unlisted catalogue's link token the request carries (query or form)."""
    return clean_token(request.GET.get("token") or request.POST.get("token") or "")


def readable(request: HttpRequest, pk: int) -> Faction:
    """A catalogue the user may read; NotFoundError (a 404 page) for any other."""
    return selectors.catalogue_get(user=request.user, catalogue_id=pk, token=link_token(request))


def owned(request: HttpRequest, pk: int) -> Faction:
    """The user's own catalogue: 404 when they may not read it, 403 when it is not theirs."""
    catalogue = readable(request, pk)
    if catalogue.owner_id is None or catalogue.owner_id != request.user.pk:
        raise ReadOnlyError(
            "catalogue.read_only", "Only the owner may change this catalogue; fork it."
        )
    return catalogue


def catalogue_url(catalogue: Any, name: str = "catalogue-detail", token: str = "") -> str:
    """A catalogue's (or rules variant's) page address, carrying the link token when one
    opened it."""
    url = reverse(name, args=[catalogue.pk])
    return f"{url}?{urlencode({'token': token})}" if token else url


def document_list(
    request: HttpRequest, *, select: Callable[..., Any], scopes: tuple[str, ...], template: str
) -> HttpResponse:
    """A page of what ``select`` lists for the user (catalogues or rules variants),
    filtered by scope, system and part of the name."""
    systems = [(s.slug, s.name) for s in system_list()]
    form = CatalogueFilterForm(request.GET or None, systems=systems, scopes=scopes)
    filters = form.cleaned_data if form.is_valid() else {}
    queryset = select(
        user=request.user,
        scope=filters.get("scope") or "all",
        system=filters.get("system") or "",
        search=filters.get("q") or "",
    )
    page = Paginator(queryset, PER_PAGE).get_page(request.GET.get("page"))
    query = request.GET.copy()
    query.pop("page", None)
    return render(request, template, {"form": form, "page": page, "query": query.urlencode()})


def catalogue_list_view(request: HttpRequest) -> HttpResponse:
    """Every catalogue the user may list, filtered by scope, system and part of the name."""
    return document_list(
        request,
        select=selectors.catalogue_list,
        scopes=selectors.SCOPES,
        template="frontend/catalogues/list.html",
    )


def changed(request: HttpRequest, change: Callable[[], str]) -> bool:
    """Run a change of a document: its answer as a success message, or the refusal's (an
    ArmyBuilderError) as an error; whether it was made."""
    try:
        done = change()
    except ArmyBuilderError as error:
        messages.error(request, error.message)
        return False
    messages.success(request, done)
    return True


def _revision_rows(catalogue: Faction) -> list[Any]:
    return list(selectors.catalogue_revision_list(catalogue=catalogue).select_related("created_by"))


def catalogue_detail(request: HttpRequest, pk: int) -> HttpResponse:
    """One catalogue: its units, revisions (the owner restores one), who builds from it,
    downloads, fork and the owner's visibility choice."""
    catalogue = readable(request, pk)
    token = link_token(request)
    mine = catalogue.owner_id is not None and catalogue.owner_id == request.user.pk
    share_url = ""
    if mine and catalogue.link_token:
        share_url = request.build_absolute_uri(catalogue_url(catalogue, token=catalogue.link_token))
    build_query = {"system": catalogue.system.slug, "faction": catalogue.slug}
    if token:
        build_query["token"] = token
    return render(
        request,
        "frontend/catalogues/detail.html",
        {
            "catalogue": catalogue,
            "mine": mine,
            "token": token,
            "units": unit_rows(catalogue.data),
            "revisions": _revision_rows(catalogue),
            "usage": catalogue_usage(catalogue, user=request.user),
            "share_url": share_url,
            "visibilities": Visibility.choices,
            "build_url": f"{reverse('roster-list')}?{urlencode(build_query)}",
            "points_name": catalogue.system.points_name,
        },
    )


def revision_number(raw: str | None, *, default: int | None = None) -> int | None:
    if raw in (None, ""):
        return default
    if not raw.isascii() or not raw.isdigit() or len(raw) > 9:
        raise Http404("No such revision")
    return int(raw)


def catalogue_diff(request: HttpRequest, pk: int) -> HttpResponse:
    """What changed between two revisions (``from``, ``to``; default: the one before the
    latest, and the latest)."""
    catalogue = readable(request, pk)
    head = revision_number(request.GET.get("to"), default=catalogue.revision)
    base = revision_number(request.GET.get("from"), default=max(1, (head or 1) - 1))
    diff = selectors.catalogue_revision_diff(catalogue=catalogue, base=base or 1, head=head)
    return render(
        request,
        "frontend/catalogues/diff.html",
        {
            "catalogue": catalogue,
            "diff": diff,
            "token": link_token(request),
            "revisions": _revision_rows(catalogue),
            "points_name": catalogue.system.points_name,
        },
    )


def catalogue_download(request: HttpRequest, pk: int, fmt: str) -> HttpResponse:
    """The latest revision as a ``.yaml`` or ``.json`` file (as uploaded when it was)."""
    if fmt not in DOWNLOAD_TYPES:
        raise Http404("Download as yaml or json")
    catalogue = readable(request, pk)
    response = HttpResponse(
        document_text(catalogue, fmt), content_type=f"{DOWNLOAD_TYPES[fmt]}; charset=utf-8"
    )
    filename = f"{catalogue.data.get('faction', catalogue.slug)}-r{catalogue.revision}.{fmt}"
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@login_required
@require_POST
def catalogue_restore(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """Restore an older revision: its document, checked again, becomes the next one."""
    catalogue = owned(request, pk)

    def restore() -> str:
        saved = services.catalogue_restore(catalogue=catalogue, actor=request.user, number=number)
        return f"Revision {number} restored as revision {saved.catalogue.revision}."

    changed(request, restore)
    return redirect("catalogue-detail", pk=pk)


@login_required
@require_POST
def catalogue_fork(request: HttpRequest, pk: int) -> HttpResponse:
    """A private copy for the user that remembers its origin; opens it in the editor."""
    catalogue = readable(request, pk)
    try:
        saved = services.catalogue_fork(catalogue=catalogue, owner=request.user)
    except ArmyBuilderError as error:
        messages.error(request, error.message)
        return redirect(catalogue_url(catalogue, token=link_token(request)))
    messages.success(request, f"Your copy of {catalogue.name} (private until you share it).")
    return redirect("catalogue-edit", pk=saved.catalogue.pk)


@login_required
@require_POST
def catalogue_visibility(request: HttpRequest, pk: int) -> HttpResponse:
    """Private, unlisted (a link to share) or public."""
    catalogue = owned(request, pk)

    def choose() -> str:
        services.catalogue_set_visibility(
            catalogue=catalogue, actor=request.user, visibility=request.POST.get("visibility", "")
        )
        return f"Now {catalogue.get_visibility_display().lower()}."

    changed(request, choose)
    return redirect("catalogue-detail", pk=pk)


@login_required
@require_POST
def catalogue_delete(request: HttpRequest, pk: int) -> HttpResponse:
    """Delete a catalogue (refused while a roster builds from it)."""
    catalogue = owned(request, pk)

    def delete() -> str:
        services.catalogue_delete(catalogue=catalogue, actor=request.user)
        return f"{catalogue.name} deleted."

    if not changed(request, delete):
        return redirect("catalogue-detail", pk=pk)
    return redirect(f"{reverse('catalogue-list')}?scope=mine")
