"""BattleScribe pages (docs/battlescribe.md): import data files as your own catalogues
(preview the report, then accept), download a roster as ``.ros``/``.rosz`` and import one.

The import form previews with htmx into the page and keeps the chosen files, so the
report's "Accept" sends the same files again, with a byte progress bar
(static/frontend/battlescribe.js); without JavaScript the preview is a full page and the
form posts plainly. Refusals are
domain errors the page shows (``frontend.errors``).
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_POST

from armybuilder.battlescribe.archive import MAX_FILE_BYTES
from armybuilder.battlescribe.errors import BattleScribeRefused
from armybuilder.services import battlescribe as services
from frontend.views.rosters import own_roster
from rules.engine.systems import SYSTEMS

TEMPLATES = "frontend/battlescribe/"


def _systems() -> list[tuple[str, str]]:
    """The systems with a BattleScribe mapping, as (slug, name)."""
    return [(s.slug, s.name) for s in SYSTEMS if services.FORMAT in s.catalogue.importers]


def _uploads(request: HttpRequest, key: str) -> list[tuple[str, bytes]]:
    files = request.FILES.getlist(key)
    if not files:
        raise BattleScribeRefused("battlescribe.no_files", key, "choose at least one file")
    for upload in files:
        if upload.size > MAX_FILE_BYTES:
            raise BattleScribeRefused(
                "battlescribe.too_large", upload.name, f"at most {MAX_FILE_BYTES} bytes"
            )
    return [(f.name, f.read()) for f in files]


def _page(request: HttpRequest, template: str, context: dict[str, Any]) -> HttpResponse:
    htmx = request.headers.get("HX-Request") == "true"
    return render(request, TEMPLATES + (f"_{template}" if htmx else "import.html"), context)


@login_required
def battlescribe_import(request: HttpRequest) -> HttpResponse:
    """The upload form."""
    return render(request, TEMPLATES + "import.html", {"systems": _systems()})


@login_required
@require_POST
def battlescribe_preview(request: HttpRequest) -> HttpResponse:
    """The import report of the chosen files (nothing saved)."""
    system = request.POST.get("system", "")
    report = services.battlescribe_preview(
        owner=request.user, system=system, uploads=_uploads(request, "files")
    )
    return _page(request, "report.html", {"systems": _systems(), "report": report})


@login_required
@require_POST
def battlescribe_accept(request: HttpRequest) -> HttpResponse:
    """Save the import (all catalogues or none) and link to them."""
    system = request.POST.get("system", "")
    result = services.battlescribe_import(
        owner=request.user, system=system, uploads=_uploads(request, "files")
    )
    context = {"systems": _systems(), "report": result.report, "saved": result.saved}
    return _page(request, "accepted.html", context)


@login_required
def battlescribe_roster_download(request: HttpRequest, pk: int, fmt: str) -> HttpResponse:
    """One of the user's rosters as a ``.ros`` or ``.rosz`` file (``fmt`` from the URL)."""
    roster = own_roster(request, pk)
    name, data = services.roster_export_battlescribe(roster=roster, zip_it=fmt == "rosz")
    kind = "application/zip" if fmt == "rosz" else "application/xml"
    response = HttpResponse(data, content_type=kind)
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


@login_required
def battlescribe_roster_import(request: HttpRequest) -> HttpResponse:
    """Upload a ``.ros``/``.rosz``: the new roster, what became of each of its forces and the
    selections it could not match."""
    context: dict[str, Any] = {"systems": _systems()}
    if request.method == "POST":
        done = services.roster_import_battlescribe(
            owner=request.user,
            system=request.POST.get("system", ""),
            upload=_uploads(request, "file")[0],
        )
        context.update(roster=done.roster, unknown=done.unknown, forces=done.forces)
    return render(request, TEMPLATES + "roster_import.html", context)
