"""Army builder pages around a roster's editor: export (signed text and JSON, and a plain
list to read), the print view, the unit cards (a page and its PDF), the share link and its
read-only page, and import by paste.
"""

from __future__ import annotations

import json
from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET

from armybuilder.errors import ArmyBuilderError
from armybuilder.models import Roster
from armybuilder.selectors import roster_context, roster_get_shared, roster_print_data, roster_view
from armybuilder.services import exchange, sharing
from armybuilder.services.verification import roster_export_signed_json, roster_export_signed_text
from armybuilder.summaries import unit_figures
from core.input_guard import input_problem
from frontend.cards_pdf import cards_pdf
from frontend.editor import profile_adjustments, unit_profile
from frontend.forms import RosterImportForm
from frontend.unit_cards import cards_text, glossary_rows, summary_rows, unit_cards
from frontend.views.rosters import own_roster


@login_required
def roster_export(request: HttpRequest, pk: int) -> HttpResponse:
    """Both export formats on one page, with download links."""
    roster = own_roster(request, pk)
    printed = print_context(roster)
    return render(
        request,
        "frontend/rosters/export.html",
        {
            "roster": roster,
            "readable": cards_text(printed["data"], printed["cards"]),
            "text": roster_export_signed_text(roster=roster),
            "json": json.dumps(
                roster_export_signed_json(roster=roster), indent=2, ensure_ascii=False
            ),
        },
    )


@login_required
def roster_export_download(request: HttpRequest, pk: int, fmt: str) -> HttpResponse:
    """The roster as a ``.txt`` (importable), ``.list.txt`` (to read) or ``.json`` file."""
    roster = own_roster(request, pk)
    if fmt not in ("txt", "list.txt", "json"):
        raise Http404("Export formats: txt, list.txt, json")
    if fmt == "list.txt":
        printed = print_context(roster)
        body, content_type = cards_text(printed["data"], printed["cards"]), "text/plain"
        content_type += "; charset=utf-8"
    elif fmt == "json":
        body = json.dumps(roster_export_signed_json(roster=roster), indent=2, ensure_ascii=False)
        content_type = "application/json"
    else:
        body, content_type = roster_export_signed_text(roster=roster), "text/plain; charset=utf-8"
    response = HttpResponse(body, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="roster-{roster.pk}.{fmt}"'
    return response


def print_data(roster: Roster) -> dict[str, Any]:
    """The print view's data, each unit with its size's own figures (massbattle) and, for
    hextactical, the derived values the army builder's summary computed."""
    data = roster_print_data(roster=roster)
    context = roster_context(roster=roster)
    entries = {str(e.get("id", "")): e for e in context.payload.get("units", [])}
    units = [u for section in data["sections"] for u in section["units"] if "profile" in u]
    adjustments = profile_adjustments(roster.system.slug)
    for unit in units:
        entry = entries.get(str(unit["id"]), {})
        faction = context.factions.get(entry.get("faction") or context.payload["faction"], {})
        catalogue = next(
            (c for c in faction.get("units", []) if c["slug"] == entry.get("unit")), None
        )
        if catalogue is not None:
            unit["profile"] = unit_profile(catalogue, entry, adjustments)
    derived = unit_figures(roster_view(roster=roster))
    for unit in units:
        unit["derived"] = derived.get(str(unit["id"]))
    return data


def print_context(roster: Roster) -> dict[str, Any]:
    """The print data with its unit cards, rules glossary and summary figures in words."""
    data = print_data(roster)
    return {
        "roster": roster,
        "data": data,
        "cards": unit_cards(data),
        "glossary": glossary_rows(data),
        "summary_rows": summary_rows(data.get("summary") or {}),
    }


@login_required
def roster_print(request: HttpRequest, pk: int) -> HttpResponse:
    """A clean page for paper: units with profiles, weapons, options and the rules used."""
    roster = own_roster(request, pk)
    return render(request, "frontend/rosters/print.html", print_context(roster))


@login_required
@require_GET
def roster_cards(request: HttpRequest, pk: int) -> HttpResponse:
    """The unit cards to print (two columns on A4 or Letter) with a link to their PDF."""
    roster = own_roster(request, pk)
    return render(request, "frontend/rosters/cards.html", print_context(roster))


@login_required
@require_GET
def roster_cards_pdf(request: HttpRequest, pk: int) -> HttpResponse:
    """The unit cards as a PDF download."""
    context = print_context(own_roster(request, pk))
    body = cards_pdf(context["data"], context["cards"], context["glossary"])
    response = HttpResponse(body, content_type="application/pdf")
    response["Content-Disposition"] = f'attachment; filename="roster-{pk}-cards.pdf"'
    return response


@login_required
def roster_share(request: HttpRequest, pk: int) -> HttpResponse:
    """The roster's share link: POST ``share`` makes one, ``unshare`` withdraws it."""
    roster = own_roster(request, pk)
    if request.method == "POST":
        if request.POST.get("action") == "unshare":
            sharing.roster_unshare(roster=roster)
        else:
            sharing.roster_share(roster=roster)
        return redirect("roster-share", pk=roster.pk)
    url = ""
    if roster.share_token:
        url = request.build_absolute_uri(reverse("roster-shared", args=[roster.share_token]))
    return render(request, "frontend/rosters/share.html", {"roster": roster, "url": url})


def roster_shared(request: HttpRequest, token: str) -> HttpResponse:
    """Read-only view of a roster shared by link (anyone holding the link may read it)."""
    try:
        roster = roster_get_shared(token=token)
    except ArmyBuilderError as error:
        return render(request, "frontend/rosters/shared.html", {"error": error}, status=404)
    return render(request, "frontend/rosters/shared.html", print_context(roster))


@login_required
def roster_import(request: HttpRequest) -> HttpResponse:
    """Paste a roster (our text layout or JSON) to create a new one."""
    form = RosterImportForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        text = form.cleaned_data["text"].strip()
        name = form.cleaned_data["name"] or None
        try:
            if text.startswith("{"):
                try:
                    data = json.loads(text)
                except json.JSONDecodeError as exc:
                    form.add_error("text", f"Not valid JSON: {exc.msg} (line {exc.lineno})")
                    data = None
                path, problem = input_problem(data)
                if problem:
                    form.add_error("text", f"Roster JSON, {path}: {problem}")
                    data = None
                roster = (
                    exchange.roster_import(owner=request.user, data=data, name=name)
                    if data is not None
                    else None
                )
            else:
                roster = exchange.roster_import_text(owner=request.user, text=text, name=name)
        except ArmyBuilderError as error:
            form.add_error("text", f"{error.message} [{error.code}]")
        else:
            if roster is not None:
                return redirect("roster-edit", pk=roster.pk)
    return render(request, "frontend/rosters/import.html", {"form": form})
