"""The character-sheet editor (docs/army-builder.md "Character sheets"): a point-built
combatant of one's own catalogue, bought point by point — attributes and secondary
characteristics up or down, traits and skills found by a search box, equipment — with its
costs, totals against the budget, derived values and the checks' errors at their fields
updated as the player types (htmx posts the form to ``catalogue-sheet-check``, which answers
the live panel and each line's cost and errors out of band).

The row buttons (add, remove) and Save post the whole form to the page itself, so the editor
also works without JavaScript. Saving goes through ``armybuilder.services.sheets``: the unit
the sheet builds becomes the catalogue's next revision, checked whole.
"""

from __future__ import annotations

import json
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from armybuilder.errors import ArmyBuilderError, CatalogueRejected
from armybuilder.models import Faction
from armybuilder.services.sheets import sheet_check, sheet_editing, sheet_of, sheet_save
from frontend.sheet_forms import EDITED, SheetPost, sheet_post
from frontend.sheet_pages import sheet_context
from frontend.views.catalogues import owned

#: A new combatant's sheet: every attribute at 10, nothing bought.
NEW_SHEET: dict[str, Any] = {"name": "New combatant", "attributes": {}, "secondary": {}}


def _posted(request: HttpRequest, lists: dict[str, Any]) -> SheetPost:
    return sheet_post(
        request.POST,
        [a["name"] for a in lists["attributes"]],
        [s["name"] for s in lists["secondary"]],
    )


def _page(
    request: HttpRequest,
    catalogue: Faction,
    *,
    index: int,
    sheet: dict[str, Any],
    category: str,
    template: str = "frontend/sheets/edit.html",
    status: int = 200,
    refused: list[Any] | None = None,
) -> HttpResponse:
    editing = sheet_editing(catalogue.system.slug)
    checked = sheet_check(catalogue=catalogue, index=index, sheet=sheet, category=category)
    context = sheet_context(
        catalogue=catalogue, checked=checked, sheet=sheet, category=category, lists=editing.lists()
    )
    context["kept"] = {k: v for k, v in sheet.items() if k not in EDITED}
    context["kept_json"] = json.dumps(context["kept"])
    context["oob"] = template.endswith("_live.html")
    context["is_new"] = index >= len(catalogue.data.get("units") or [])
    if refused is not None:
        context["issues"] = refused
        context["refused"] = True
    return render(request, template, context, status=status)


def _posted_page(
    request: HttpRequest, catalogue: Faction, posted: SheetPost, **page: Any
) -> HttpResponse:
    """The editor page (or its live panel, ``template``) for the sheet as posted."""
    return _page(
        request,
        catalogue,
        index=posted.index,
        sheet=posted.sheet,
        category=posted.category,
        **page,
    )


def _save(request: HttpRequest, catalogue: Faction, posted: SheetPost) -> HttpResponse:
    try:
        saved = sheet_save(
            catalogue=catalogue,
            actor=request.user,
            index=posted.index,
            sheet=posted.sheet,
            category=posted.category,
        )
    except ArmyBuilderError as error:
        # A catalogue refusal lists its issues beside the fields; any other refusal is a message.
        refused = error.issues if isinstance(error, CatalogueRejected) else None
        if refused is None:
            messages.error(request, f"Not saved: {error.message}")
        return _posted_page(request, catalogue, posted, status=400, refused=refused)
    messages.success(
        request,
        f"Saved {posted.sheet.get('name') or 'the combatant'} in {saved.catalogue.name} "
        f"(revision {saved.catalogue.revision}).",
    )
    units = saved.catalogue.data.get("units") or []
    return redirect(
        "catalogue-sheet-edit", pk=catalogue.pk, index=min(posted.index, len(units) - 1)
    )


def _editor(request: HttpRequest, catalogue: Faction, index: int) -> HttpResponse:
    units = catalogue.data.get("units") or []
    if request.method == "POST":
        posted = _posted(request, sheet_editing(catalogue.system.slug).lists())
        posted = SheetPost(posted.sheet, posted.category, index, posted.action)
        if posted.action == "save":
            return _save(request, catalogue, posted)
        return _posted_page(request, catalogue, posted)
    if index < len(units):
        sheet = sheet_of(units[index])
        if sheet is None:
            raise Http404("This unit is a template, not a character sheet")
        category = str(units[index].get("category", ""))
    else:
        categories = catalogue.system.data.get("categories") or [""]
        sheet, category = dict(NEW_SHEET), str(categories[-1] if len(categories) > 1 else "")
    return _page(request, catalogue, index=index, sheet=sheet, category=category)


@login_required
def sheet_new(request: HttpRequest, pk: int) -> HttpResponse:
    """A new point-built combatant for one's own catalogue (added when saved)."""
    catalogue = owned(request, pk)
    return _editor(request, catalogue, len(catalogue.data.get("units") or []))


@login_required
def sheet_edit(request: HttpRequest, pk: int, index: int) -> HttpResponse:
    """Edit the character sheet of unit ``index`` of one's own catalogue."""
    catalogue = owned(request, pk)
    if index >= len(catalogue.data.get("units") or []):
        raise Http404("No such unit in this catalogue")
    return _editor(request, catalogue, index)


@login_required
@require_POST
def sheet_check_live(request: HttpRequest, pk: int) -> HttpResponse:
    """htmx: the live panel (totals, checks, derived values) and each line's cost and errors
    for the form as typed; nothing is saved."""
    catalogue = owned(request, pk)
    posted = _posted(request, sheet_editing(catalogue.system.slug).lists())
    return _posted_page(request, catalogue, posted, template="frontend/sheets/_live.html")
