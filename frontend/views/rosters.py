"""Army builder pages: list and create rosters, the editor (catalogue, units, points bar,
validation, history) and sample lists; export, print, share and import are in
``frontend.views.roster_exchange``.

Every change goes through ``armybuilder.services`` (one revision each); htmx requests get
the editor partial back so the points bar and the validation panel update in place.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from armybuilder.errors import ArmyBuilderError, ConflictError, RosterError
from armybuilder.models import Roster
from armybuilder.rosterdata import SAMPLES_DIR, load_sample_roster
from armybuilder.selectors import (
    CatalogueChanges,
    roster_catalogue_changes,
    roster_get,
    roster_list,
    system_list,
)
from armybuilder.services import exchange, history, rosters, units
from campaigns.catalogue_pins import roster_campaign_pins
from frontend.builder_catalogue import catalogue_data
from frontend.catalogue_pages import clean_token, faction_choices
from frontend.editor import (
    editor_data,
    options_from_post,
)
from frontend.forms import RosterCreateForm, RosterDetailsForm
from frontend.rules_variant_pages import chosen_variant, variant_choices
from frontend.skill_picker import skills_from_post


def own_roster(request: HttpRequest, pk: int) -> Roster:
    """The user's roster; NotFoundError (a 404 page, ``frontend.errors``) for any other."""
    return roster_get(roster_id=pk, owner=request.user)


def _is_htmx(request: HttpRequest) -> bool:
    return request.headers.get("HX-Request") == "true"


# Where a refused change's message is shown: the id of the field it names (the details form's
# fields, or a unit form's name and size); other refusals are shown above the editor.
DETAIL_FIELD_IDS = {"name": "roster-name", "points_limit": "roster-limit"}


def _error_field_id(error: ArmyBuilderError | None, unit_id: str) -> str:
    """The element id of the field ``error`` names, or "" when it names none on the page."""
    if error is None or not error.field:
        return ""
    field = error.field.rsplit(".", 1)[-1]
    if unit_id:
        return f"unit-{unit_id}-{field}" if field in ("name", "size") else ""
    return DETAIL_FIELD_IDS.get(field, "")


def _editor_response(
    request: HttpRequest,
    roster: Roster,
    *,
    error: ArmyBuilderError | None = None,
    focus: str = "",
    unit_id: str = "",
) -> HttpResponse:
    """The editor partial for htmx (422 with the refusal beside its field when the change was
    refused), or back to the page for a plain form post."""
    roster.refresh_from_db()
    if not _is_htmx(request):
        if error is not None:
            messages.error(request, error.message)
        url = reverse("roster-edit", args=[roster.pk])
        return redirect(f"{url}#unit-{focus}" if focus else url)
    context = editor_data(roster)
    context["action_error"] = error
    context["error_for"] = _error_field_id(error, unit_id)
    status = 422 if error is not None else 200
    response = render(request, "frontend/rosters/_editor.html", context, status=status)
    if focus:
        response["X-Muster-Focus"] = focus
    return response


def _editor_after_change(
    request: HttpRequest, roster: Roster, service: Callable[..., object], **arguments: Any
) -> HttpResponse:
    """Make one change to the roster by the user (``service`` from armybuilder.services),
    then show the editor (with the refusal, if any)."""
    error = None
    try:
        service(roster=roster, actor=request.user, **arguments)
    except ArmyBuilderError as exc:
        error = exc
    return _editor_response(request, roster, error=error)


def _system_choices() -> list[tuple[str, str]]:
    return [(s.slug, s.name) for s in system_list()]


def sample_lists() -> list[dict[str, str]]:
    """The sample lists shipped with the catalogues (``armybuilder/samples/<system>/*.yaml``),
    by system, for a newcomer to copy as an opponent or a starting point."""
    systems = {s.slug: s.name for s in system_list()}
    rows = []
    for path in sorted(SAMPLES_DIR.glob("*/*.yaml")):
        system = path.parent.name
        if system not in systems:
            continue
        data = load_sample_roster(system, path.stem)
        rows.append(
            {
                "system": system,
                "system_name": systems[system],
                "sample": path.stem,
                "name": str(data.get("name") or path.stem),
                "points_limit": str(data.get("points_limit") or ""),
            }
        )
    return rows


def _list_context(request: HttpRequest, form: Any, token: str = "") -> dict[str, Any]:
    return {
        "rosters": roster_list(owner=request.user),
        "form": form,
        "samples": sample_lists(),
        "catalogue_token": token,
        "rules_choices": _rules_choices(request, str(form["system"].value() or "")),
    }


def _rules_choices(request: HttpRequest, system: str) -> list[tuple[str, str]]:
    """The rules variants of ``system`` the player may validate a roster against."""
    if system not in {s.slug for s in system_list()}:
        return []
    return variant_choices(user=request.user, system=system)


def _catalogue_token(request: HttpRequest) -> str:
    """The link token of an unlisted catalogue the player was given (query or form)."""
    return clean_token(request.GET.get("token") or request.POST.get("token") or "")


def _faction_choices(request: HttpRequest, system: str) -> list[tuple[str, Any]]:
    """The factions of ``system`` the player may build from, grouped (samples, their own
    catalogues, public ones, an unlisted one by its link token); none for a system nobody
    loaded (or junk, e.g. a NUL character, which the database would refuse)."""
    if system not in {s.slug for s in system_list()}:
        return []
    return faction_choices(user=request.user, system=system, token=_catalogue_token(request))


@login_required
def roster_list_view(request: HttpRequest) -> HttpResponse:
    """The player's rosters and the form to start a new one (``?system=&faction=`` picks a
    catalogue, ``&token=`` opens an unlisted one given by its link)."""
    systems = list(system_list())
    first = systems[0] if systems else None
    chosen = request.GET.get("system") or (first.slug if first else "")
    default_limit = next((s.default_points_limit for s in systems if s.slug == chosen), 1000)
    form = RosterCreateForm(
        systems=[(s.slug, s.name) for s in systems],
        factions=_faction_choices(request, chosen),
        initial={
            "system": chosen,
            "faction": request.GET.get("faction", ""),
            "points_limit": default_limit,
            "name": "New army",
        },
    )
    return render(
        request,
        "frontend/rosters/list.html",
        _list_context(request, form, _catalogue_token(request)),
    )


@login_required
def roster_factions(request: HttpRequest) -> HttpResponse:
    """htmx: the faction choices and default points limit of the chosen system."""
    slug = request.GET.get("system", "")
    system = next((s for s in system_list() if s.slug == slug), None)
    return render(
        request,
        "frontend/rosters/_factions.html",
        {
            "factions": _faction_choices(request, slug),
            "catalogue_token": _catalogue_token(request),
            "default_limit": system.default_points_limit if system else 1000,
            "points_name": system.points_name if system else "pts",
            "rules_choices": _rules_choices(request, slug),
        },
    )


@login_required
@require_POST
def roster_create(request: HttpRequest) -> HttpResponse:
    """Create the roster and open it in the editor."""
    system = request.POST.get("system", "")
    form = RosterCreateForm(
        request.POST, systems=_system_choices(), factions=_faction_choices(request, system)
    )
    if form.is_valid():
        try:
            variant = chosen_variant(
                user=request.user, system=system, raw=request.POST.get("rules_variant", "")
            )
            roster = rosters.roster_create(
                owner=request.user,
                system=form.cleaned_data["system"],
                faction=form.cleaned_data["faction"],
                name=form.cleaned_data["name"],
                points_limit=form.cleaned_data["points_limit"],
            )
            if variant is not None:
                rosters.roster_set_rules_variant(roster=roster, actor=request.user, variant=variant)
        except ArmyBuilderError as error:
            form.add_error(None, error.message)
        else:
            return redirect("roster-edit", pk=roster.pk)
    context = _list_context(request, form, _catalogue_token(request))
    return render(request, "frontend/rosters/list.html", context, status=400)


@login_required
def roster_edit(request: HttpRequest, pk: int) -> HttpResponse:
    """The army builder: catalogue on one side, the list with its checks on the other."""
    roster = own_roster(request, pk)
    context = editor_data(roster)
    context.update(catalogue_data(roster))
    context["details_form"] = RosterDetailsForm(
        initial={"name": roster.name, "points_limit": roster.points_limit}
    )
    context["catalogue_changes"] = catalogue_changes_of(roster)
    return render(request, "frontend/rosters/edit.html", context)


def catalogue_changes_of(roster: Roster) -> CatalogueChanges | None:
    """What the catalogues' newer revisions (or, for a roster in a campaign, the revisions
    the campaign now pins) changed for the roster since its last revision; None when
    nothing did (the sample catalogues never change under a roster)."""
    changes = roster_catalogue_changes(roster=roster, pinned=roster_campaign_pins(roster=roster))
    return changes if changes.changed else None


@login_required
@require_POST
def roster_accept_catalogue(request: HttpRequest, pk: int) -> HttpResponse:
    """Price the roster against the catalogue revisions it now reads (a new revision, so
    undo brings the old prices back): the catalogue-change notice goes away."""
    roster = own_roster(request, pk)
    history.roster_accept_catalogue(roster=roster, actor=request.user)
    messages.success(request, "The list now follows the catalogue's current revision.")
    return redirect("roster-edit", pk=roster.pk)


@login_required
def roster_catalogue(request: HttpRequest, pk: int) -> HttpResponse:
    """htmx: the catalogue filtered by the search box and the category choice."""
    roster = own_roster(request, pk)
    return render(
        request,
        "frontend/rosters/_catalogue.html",
        catalogue_data(
            roster, query=request.GET.get("q", "")[:80], category=request.GET.get("category", "")
        ),
    )


@login_required
@require_POST
def roster_details(request: HttpRequest, pk: int) -> HttpResponse:
    """Rename the roster or change its points limit."""
    roster = own_roster(request, pk)
    form = RosterDetailsForm(request.POST)
    error = None
    if form.is_valid():
        try:
            rosters.roster_update(
                roster=roster,
                actor=request.user,
                name=form.cleaned_data["name"],
                points_limit=form.cleaned_data["points_limit"],
            )
            if "rules_variant" in request.POST:
                variant = chosen_variant(
                    user=request.user,
                    system=roster.system.slug,
                    raw=request.POST["rules_variant"],
                )
                rosters.roster_set_rules_variant(roster=roster, actor=request.user, variant=variant)
        except ArmyBuilderError as exc:
            error = exc
    else:
        field, problems = next(iter(form.errors.items()))
        error = RosterError("roster.shape", f"{form.fields[field].label}: {problems[0]}", field)
    return _editor_response(request, roster, error=error)


@login_required
@require_POST
def roster_unit_add(request: HttpRequest, pk: int) -> HttpResponse:
    """Add a unit from the catalogue at its minimum size."""
    roster = own_roster(request, pk)
    try:
        entry = units.roster_add_unit(
            roster=roster,
            unit=request.POST.get("unit", ""),
            faction=request.POST.get("faction") or None,
            actor=request.user,
        )
    except ArmyBuilderError as error:
        return _editor_response(request, roster, error=error)
    return _editor_response(request, roster, focus=entry["id"])


def _unit_row(roster: Roster, unit_id: str) -> dict[str, Any]:
    """The editor's row for one unit of the roster (its options and allowed sizes)."""
    for section in editor_data(roster)["sections"]:
        for unit in section["units"]:
            if unit["id"] == unit_id:
                return unit
    raise Http404("No such unit in this roster")


@login_required
@require_POST
def roster_unit_update(request: HttpRequest, pk: int, unit_id: str) -> HttpResponse:
    """Change a unit's size, name, options and (a hero's) skills from its form."""
    roster = own_roster(request, pk)
    row = _unit_row(roster, unit_id)
    options = options_from_post(row["options"], request.POST)
    skills = skills_from_post(row["skills"], request.POST) if row["skills"] else None
    raw_size = request.POST.get("size", "").strip()
    if raw_size and (not raw_size.isascii() or not raw_size.isdigit() or len(raw_size) > 6):
        error = RosterError(
            "roster.shape",
            f"Models: give a whole number from {row['size_min']} to {row['size_max']}.",
            "size",
        )
        return _editor_response(request, roster, error=error, focus=unit_id, unit_id=unit_id)
    size = int(raw_size) if raw_size else None
    name = request.POST.get("name", "").strip()
    if "\x00" in name:
        error = RosterError("roster.shape", "Unit name: NUL characters are not allowed.", "name")
        return _editor_response(request, roster, error=error, focus=unit_id, unit_id=unit_id)
    try:
        units.roster_update_unit(
            roster=roster,
            unit_id=unit_id,
            size=size,
            options=options,
            name=name,
            skills=skills,
            actor=request.user,
        )
    except ArmyBuilderError as error:
        return _editor_response(request, roster, error=error, unit_id=unit_id)
    return _editor_response(request, roster, focus=unit_id)


@login_required
@require_POST
def roster_unit_duplicate(request: HttpRequest, pk: int, unit_id: str) -> HttpResponse:
    """Copy a unit right after itself."""
    roster = own_roster(request, pk)
    try:
        entry = units.roster_duplicate_unit(roster=roster, unit_id=unit_id, actor=request.user)
    except ArmyBuilderError as error:
        return _editor_response(request, roster, error=error)
    return _editor_response(request, roster, focus=entry["id"])


@login_required
@require_POST
def roster_unit_remove(request: HttpRequest, pk: int, unit_id: str) -> HttpResponse:
    """Remove a unit; keyboard focus moves to the row that took its place (the next unit,
    else the one before it)."""
    roster = own_roster(request, pk)
    order = [u["id"] for section in editor_data(roster)["sections"] for u in section["units"]]
    if unit_id not in order:
        return _editor_after_change(request, roster, units.roster_remove_unit, unit_id=unit_id)
    at = order.index(unit_id)
    neighbours = order[at + 1 : at + 2] or order[max(at - 1, 0) : at]
    try:
        units.roster_remove_unit(roster=roster, unit_id=unit_id, actor=request.user)
    except ArmyBuilderError as error:
        return _editor_response(request, roster, error=error)
    response = _editor_response(request, roster, focus=neighbours[0] if neighbours else "")
    response["X-Muster-Focus-Kind"] = "next"
    return response


@login_required
@require_POST
def roster_undo(request: HttpRequest, pk: int) -> HttpResponse:
    """Step back one edit (the undo is itself a revision)."""
    roster = own_roster(request, pk)
    return _editor_after_change(request, roster, history.roster_undo)


@login_required
@require_POST
def roster_redo(request: HttpRequest, pk: int) -> HttpResponse:
    """Step forward one undone edit."""
    roster = own_roster(request, pk)
    return _editor_after_change(request, roster, history.roster_redo)


@login_required
@require_POST
def roster_restore(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """Restore any earlier revision."""
    roster = own_roster(request, pk)
    return _editor_after_change(request, roster, history.roster_restore, number=number)


@login_required
@require_POST
def roster_copy(request: HttpRequest, pk: int) -> HttpResponse:
    """A copy of the whole roster with its own history."""
    roster = own_roster(request, pk)
    copy = rosters.roster_duplicate(roster=roster, owner=request.user)
    return redirect("roster-edit", pk=copy.pk)


@login_required
@require_POST
def roster_delete(request: HttpRequest, pk: int) -> HttpResponse:
    """Delete a roster and its history (refused while a campaign plays it)."""
    try:
        rosters.roster_delete(roster=own_roster(request, pk))
    except ConflictError as exc:
        messages.error(request, exc.message)
        return redirect("roster-edit", pk=pk)
    return redirect("roster-list")


@login_required
@require_POST
def roster_sample_copy(request: HttpRequest) -> HttpResponse:
    """Copy one of the sample lists into the player's rosters (through the JSON import)."""
    chosen = request.POST.get("sample", "")
    sample = next((s for s in sample_lists() if f"{s['system']}/{s['sample']}" == chosen), None)
    if sample is None:
        raise Http404("No such sample list")
    try:
        roster = exchange.roster_import(
            owner=request.user, data=load_sample_roster(sample["system"], sample["sample"])
        )
    except ArmyBuilderError as error:
        messages.error(request, f"{error.message} [{error.code}]")
        return redirect("roster-list")
    return redirect("roster-edit", pk=roster.pk)
