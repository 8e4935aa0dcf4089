"""Making and editing one's own catalogue in the browser: the upload form (a file or pasted
text, started from a small document of the chosen system), live validation of the text as
it is typed (htmx, like the roster builder), and the editor: the raw document plus a form per
unit for the common fields, a copied unit and a removed one.

Every save goes through ``armybuilder.services.user_catalogues`` (checked whole, stored as
the next revision); its errors name the line and path and are shown beside the text and the
unit they concern; its warnings (rules with no effect in battles yet) are shown after a save.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from armybuilder.catalogue_issues import ERROR, CatalogueIssue
from armybuilder.errors import ArmyBuilderError, CatalogueRejected
from armybuilder.models import Faction, SourceFormat, Visibility
from armybuilder.selectors import system_list
from armybuilder.services import user_catalogues as services
from armybuilder.services.sheets import sheet_units
from frontend.catalogue_forms import (
    CatalogueTextForm,
    CatalogueUnitCopyForm,
    CatalogueUnitForm,
    CatalogueUploadForm,
)
from frontend.catalogue_pages import (
    dump_yaml,
    editor_text,
    starter_text,
    unit_copy,
    unit_remove,
    unit_update,
)
from frontend.views.catalogues import owned

#: Warnings listed after a save; the rest are summed up (the live check lists them all).
MAX_WARNING_MESSAGES = 10


def check_context(issues: list[CatalogueIssue]) -> dict[str, Any]:
    errors = [i for i in issues if i.severity == ERROR]
    return {
        "errors": errors,
        "warnings": [i for i in issues if i.severity != ERROR],
        "checked": True,
    }


def _report_warnings(request: HttpRequest, saved: services.CatalogueSaved) -> None:
    messages.success(
        request, f"Saved {saved.catalogue.name} as revision {saved.catalogue.revision}."
    )
    for warning in saved.warnings[:MAX_WARNING_MESSAGES]:
        messages.warning(request, f"Warning: {warning.text}")
    hidden = len(saved.warnings) - MAX_WARNING_MESSAGES
    if hidden > 0:
        messages.warning(request, f"…and {hidden} more warnings (see the check beside the text).")


@login_required
def catalogue_new(request: HttpRequest) -> HttpResponse:
    """Upload a new catalogue (revision 1, private unless chosen otherwise)."""
    systems = list(system_list())
    system = request.GET.get("system", "")
    if system not in {s.slug for s in systems}:
        system = systems[0].slug if systems else ""
    form = CatalogueUploadForm(
        request.POST or None,
        request.FILES or None,
        initial={"text": starter_text(system), "format": "yaml", "visibility": "private"},
    )

    def create(cleaned: dict[str, Any]) -> HttpResponse:
        saved = services.catalogue_create(
            owner=request.user,
            text=cleaned["text"],
            fmt=cleaned["format"],
            visibility=cleaned["visibility"],
        )
        _report_warnings(request, saved)
        return redirect("catalogue-edit", pk=saved.catalogue.pk)

    return upload_page(
        request,
        form=form,
        context={"systems": systems, "system": system},
        create=create,
        template="frontend/catalogues/new.html",
    )


def upload_page(
    request: HttpRequest,
    *,
    form: CatalogueUploadForm,
    context: dict[str, Any],
    create: Callable[[dict[str, Any]], HttpResponse],
    template: str,
) -> HttpResponse:
    """A new document's upload page (a catalogue's or a rules variant's): a valid post is
    saved by ``create`` (given the cleaned text, format and visibility; it answers where to
    go next); a refused one shows every issue beside the text, or the refusal's message."""
    if request.method == "POST" and form.is_valid():
        try:
            return create(form.cleaned_data)
        except CatalogueRejected as rejected:
            context.update(check_context(rejected.issues))
        except ArmyBuilderError as error:
            form.add_error(None, error.message)
    status = 400 if request.method == "POST" else 200
    return render(request, template, {"form": form, **context}, status=status)


@login_required
@require_POST
def catalogue_check(request: HttpRequest) -> HttpResponse:
    """htmx: the errors and warnings of the document typed so far (nothing is saved)."""
    fmt = request.POST.get("format", "yaml")
    try:
        _, issues = services.catalogue_check(
            text=request.POST.get("text", ""),
            fmt=fmt if fmt in SourceFormat.values else "yaml",
        )
    except CatalogueRejected as rejected:
        issues = rejected.issues
    return render(request, "frontend/catalogues/_check.html", check_context(issues))


def _editor(
    request: HttpRequest,
    catalogue: Faction,
    *,
    text: str = "",
    fmt: str = "",
    issues: list[CatalogueIssue] | None = None,
    unit_forms: dict[int, CatalogueUnitForm] | None = None,
    status: int = 200,
) -> HttpResponse:
    """The editor page; after a refused save, the refused text and every issue (each also
    shown at the unit its path names)."""
    saved_text, saved_fmt = editor_text(catalogue)
    categories = [str(c) for c in catalogue.system.data.get("categories", [])]
    units = catalogue.data.get("units") or []
    forms = unit_forms or {}
    by_unit: dict[int, list[CatalogueIssue]] = {}
    for found in issues or []:
        if found.path.startswith("units["):
            index = found.path[6:].split("]", 1)[0]
            if index.isdigit():
                by_unit.setdefault(int(index), []).append(found)
    rows = [
        {
            "index": index,
            "unit": unit,
            "form": forms.get(index)
            or CatalogueUnitForm(unit=unit, categories=categories, prefix=f"unit-{index}"),
            "issues": by_unit.get(index, []),
        }
        for index, unit in enumerate(units)
    ]
    context: dict[str, Any] = {
        "catalogue": catalogue,
        "text_form": CatalogueTextForm(
            initial={"text": text or saved_text, "format": fmt or saved_fmt}
        ),
        "refused": issues is not None,
        "unit_rows": rows,
        "copy_form": CatalogueUnitCopyForm(
            units=[(i, str(u.get("name", i))) for i, u in enumerate(units)]
        ),
        "visibility": Visibility(catalogue.visibility).label,
        **check_context(issues or []),
    }
    context["checked"] = issues is not None
    context["sheet_units"] = sheet_units(catalogue)
    return render(request, "frontend/catalogues/edit.html", context, status=status)


def _next_text(catalogue: Faction, data: dict[str, Any]) -> str:
    """A form's change written out as YAML, numbered as the revision it will become (the
    service numbers it anyway; the text then says the same)."""
    return dump_yaml({**data, "revision": catalogue.revision + 1})


def _save(
    request: HttpRequest, catalogue: Faction, *, text: str, fmt: str, summary: str, **shown: Any
) -> HttpResponse:
    """Save ``text`` as the next revision and reopen the editor, or show it refused."""
    try:
        saved = services.catalogue_update(
            catalogue=catalogue, actor=request.user, text=text, fmt=fmt, summary=summary
        )
    except CatalogueRejected as rejected:
        return _editor(
            request, catalogue, text=text, fmt=fmt, issues=rejected.issues, status=400, **shown
        )
    _report_warnings(request, saved)
    return redirect("catalogue-edit", pk=catalogue.pk)


@login_required
def catalogue_edit(request: HttpRequest, pk: int) -> HttpResponse:
    """The editor (the owner only); a post saves the whole document from the text box."""
    catalogue = owned(request, pk)
    if request.method != "POST":
        return _editor(request, catalogue)
    form = CatalogueTextForm(request.POST)
    if not form.is_valid():
        messages.error(request, "Give the whole document (it cannot be empty).")
        return _editor(request, catalogue, status=400)
    return _save(
        request,
        catalogue,
        text=form.cleaned_data["text"],
        fmt=form.cleaned_data["format"],
        summary=form.cleaned_data["summary"],
    )


def _unit(catalogue: Faction, index: int) -> dict[str, Any]:
    units = catalogue.data.get("units") or []
    if index >= len(units):
        raise Http404("No such unit in this catalogue")
    return units[index]


@login_required
@require_POST
def catalogue_unit_save(request: HttpRequest, pk: int, index: int) -> HttpResponse:
    """Save one unit's common fields (the document is written out again as YAML)."""
    catalogue = owned(request, pk)
    unit = _unit(catalogue, index)
    categories = [str(c) for c in catalogue.system.data.get("categories", [])]
    form = CatalogueUnitForm(request.POST, unit=unit, categories=categories, prefix=f"unit-{index}")
    if not form.is_valid():
        return _editor(request, catalogue, unit_forms={index: form}, status=400)
    data = unit_update(catalogue.data, index, form.unit_changes())
    return _save(
        request,
        catalogue,
        text=_next_text(catalogue, data),
        fmt="yaml",
        summary=f"{form.cleaned_data['name']} edited",
        unit_forms={index: form},
    )


@login_required
@require_POST
def catalogue_unit_add(request: HttpRequest, pk: int) -> HttpResponse:
    """Add a unit: a copy of one already in the catalogue, under a new name."""
    catalogue = owned(request, pk)
    units = catalogue.data.get("units") or []
    form = CatalogueUnitCopyForm(
        request.POST, units=[(i, str(u.get("name", i))) for i, u in enumerate(units)]
    )
    if not form.is_valid():
        messages.error(request, "Choose the unit to copy and give the new one a name.")
        return redirect("catalogue-edit", pk=pk)
    name = form.cleaned_data["name"]
    data = unit_copy(catalogue.data, form.cleaned_data["source"], name)
    return _save(
        request, catalogue, text=_next_text(catalogue, data), fmt="yaml", summary=f"{name} added"
    )


@login_required
@require_POST
def catalogue_unit_remove(request: HttpRequest, pk: int, index: int) -> HttpResponse:
    """Remove a unit (refused, with the reason, when a constraint still names it)."""
    catalogue = owned(request, pk)
    name = _unit(catalogue, index).get("name", "unit")
    data = unit_remove(catalogue.data, index)
    return _save(
        request, catalogue, text=_next_text(catalogue, data), fmt="yaml", summary=f"{name} removed"
    )
