"""GURPS Character Sheet pages (docs/army-builder.md "Importing GURPS Character Sheet
files"): upload one or more ``.gcs`` files, see each combatant with its import report (what
could not be mapped and the points it accounts for), then save them into one of your own
catalogues (its next revision) and, if you name one, a new roster of them.

Preview and save are the API's services (``armybuilder.services.gcs``); a refused file is shown
with its code and the path in the file, as the API answers it.
"""

from __future__ import annotations

import json
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from armybuilder.catalogue_selectors import catalogue_get
from armybuilder.errors import ArmyBuilderError
from armybuilder.models import Faction
from armybuilder.services import gcs as services
from rules.engine.systems import SYSTEMS

TEMPLATE = "frontend/gcs/import.html"
#: The most files one preview reads (a party).
MAX_FILES = 8


def _systems() -> list[tuple[str, str]]:
    """The systems with a GCS importer, as (slug, name)."""
    return [(s.slug, s.name) for s in SYSTEMS if services.FORMAT in s.catalogue.importers]


def _chosen(system: str) -> str:
    """``system`` when it reads GCS files, else the first system that does."""
    systems = dict(_systems())
    return system if system in systems else next(iter(systems), "")


def _context(request: HttpRequest, system: str, **extra: Any) -> dict[str, Any]:
    chosen = _chosen(system)
    catalogues = Faction.objects.filter(owner=request.user, system__slug=chosen).order_by("name")
    return {
        "systems": _systems(),
        "system": chosen,
        "catalogues": catalogues,
        "catalogue": request.POST.get("catalogue") or request.GET.get("catalogue", ""),
        "max_files": MAX_FILES,
        **extra,
    }


def _refusal(error: ArmyBuilderError) -> dict[str, Any]:
    fields = error.fields or ({error.field: [error.message]} if error.field else {})
    return {"code": error.code, "message": error.message, "paths": list(fields)}


@login_required
def gcs_import_page(request: HttpRequest) -> HttpResponse:
    """The upload form; a post previews every chosen file (nothing saved)."""
    system = _chosen(request.POST.get("system") or request.GET.get("system", ""))
    if request.method != "POST":
        return render(request, TEMPLATE, _context(request, system))
    files = request.FILES.getlist("files")
    refused: list[dict[str, Any]] = []
    previews: list[dict[str, Any]] = []
    if not files or len(files) > MAX_FILES:
        refused.append(
            {"code": "gcs.files", "message": f"Choose 1–{MAX_FILES} .gcs files.", "paths": []}
        )
    for upload in files[:MAX_FILES]:
        if upload.size > services.MAX_FILE_BYTES:
            message = f"{upload.name}: {upload.size} bytes; at most {services.MAX_FILE_BYTES}."
            refused.append({"code": "gcs.too_large", "message": message, "paths": ["file"]})
            continue
        try:
            preview = services.gcs_preview(
                system=system,
                name=upload.name,
                data=upload.read(),
                category=request.POST.get("category", ""),
            )
        except ArmyBuilderError as error:
            refused.append(_refusal(error))
            continue
        previews.append({**preview, "file": upload.name, "unit_json": json.dumps(preview["unit"])})
    context = _context(request, system, previews=previews, refused=refused)
    return render(request, TEMPLATE, context, status=400 if refused else 200)


@login_required
@require_POST
def gcs_save_page(request: HttpRequest) -> HttpResponse:
    """Save the previewed combatants into the chosen catalogue (and a new roster)."""
    try:
        units = [json.loads(text) for text in request.POST.getlist("unit")]
    except ValueError:
        units = []
    catalogue_id = request.POST.get("catalogue", "")
    if not catalogue_id.isdigit():
        messages.error(request, "Choose one of your catalogues to save the combatants in.")
        return redirect("gcs-import-page")
    catalogue = catalogue_get(user=request.user, catalogue_id=int(catalogue_id))
    done = services.gcs_save(
        owner=request.user,
        catalogue=catalogue,
        units=units,
        roster_name=request.POST.get("roster_name", "").strip(),
    )
    saved = done.saved.catalogue
    messages.success(
        request,
        f"Saved {', '.join(done.slugs)} in {saved.name} (revision {saved.revision}).",
    )
    if done.roster is not None:
        return redirect("roster-edit", pk=done.roster.pk)
    return redirect("catalogue-edit", pk=saved.pk)
