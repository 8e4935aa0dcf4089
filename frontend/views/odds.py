"""Odds pages: simulate N battles (progress bar, win/draw/loss, margin histogram) and each
system's attack calculator (its ``odds`` capability) with its distribution charts."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from frontend import svg
from frontend.forms import AttackForm, SimulationForm
from frontend.rules_notice import rules_notice
from frontend.views.battles import (
    request_fields,
    request_snapshots,
    roster_choices,
)
from rules.engine.systems import SYSTEMS
from rules.engine.systems.base import EngineError
from rules.engine.systems.capabilities import OddsCapability
from rules.errors import BattleRequestError
from rules.job_control import job_limit_check
from rules.models import FINISHED_JOB_STATUSES, JobStatus, Simulation
from rules.selectors import simulations_for_user
from rules.services import simulation_create, simulation_progress

CALCULATORS: dict[str, tuple[str, OddsCapability]] = {
    s.slug: (s.name, s.odds) for s in SYSTEMS if s.odds is not None
}
"""The systems with an exact calculator (name and calculator), in the order the page offers
them."""


def attack_form(data: Any = None, slug: str | None = None) -> AttackForm:
    """The calculator form of ``slug``'s system (of the posted ``system`` when bound; the
    first offered when that has none)."""
    wanted = str((data or {}).get("system") or slug or "")
    system = wanted if wanted in CALCULATORS else next(iter(CALCULATORS))
    return AttackForm(data, system=system, odds=CALCULATORS[system][1], systems=list(CALCULATORS))


def _page(
    request: HttpRequest,
    form: SimulationForm,
    attack: AttackForm,
    status: int = 200,
) -> HttpResponse:
    return render(
        request,
        "frontend/odds/index.html",
        {
            "form": form,
            "attack_form": attack,
            "calculators": [(slug, name) for slug, (name, _odds) in CALCULATORS.items()],
            **request_fields(request.user, request.POST),
            "simulations": simulations_for_user(user=request.user)[:20],
        },
        status=status,
    )


@login_required
def odds_index(request: HttpRequest) -> HttpResponse:
    """The simulation form, past simulations and the attack calculator (``?system=``)."""
    calculator = attack_form(slug=request.GET.get("system"))
    return _page(request, SimulationForm(rosters=roster_choices(request.user)), calculator)


@login_required
@require_POST
def simulation_new(request: HttpRequest) -> HttpResponse:
    """Queue a simulation and show its progress."""
    form = SimulationForm(request.POST, rosters=roster_choices(request.user))
    if form.is_valid():
        try:
            with transaction.atomic():
                job_limit_check(user=request.user, kind=Simulation)
                simulation = simulation_create(
                    requested_by=request.user,
                    runs=form.cleaned_data["runs"],
                    **request_snapshots(request.user, form),
                )
        except (BattleRequestError, EngineError) as error:
            form.add_error(None, getattr(error, "message", str(error)))
        else:
            return redirect("simulation-detail", pk=simulation.pk)
    return _page(request, form, attack_form(), status=400)


def _own_simulation(request: HttpRequest, pk: int) -> Simulation:
    simulation = simulations_for_user(user=request.user).filter(pk=pk).first()
    if simulation is None:
        raise Http404("No such simulation")
    return simulation


def simulation_context(simulation: Simulation) -> dict[str, Any]:
    """Progress, and once resolved the odds bar and the margin histogram."""
    context: dict[str, Any] = {
        "simulation": simulation,
        "progress": simulation_progress(simulation),
        "done": simulation.status in FINISHED_JOB_STATUSES,
        "rules_without_effect": rules_notice(job=simulation),
    }
    result = simulation.result
    if simulation.status == JobStatus.RESOLVED and result:
        odds = result["odds"]
        context.update(
            {
                "result": result,
                "odds_rows": [
                    (label.capitalize(), odds[label]) for label in ("win", "draw", "loss")
                ],
                "outcome_svg": svg.outcome_bar(
                    odds["win"]["probability"],
                    odds["draw"]["probability"],
                    odds["loss"]["probability"],
                    label="Win, draw and loss odds for side A",
                ),
                "margin_svg": svg.histogram(
                    result["margin"]["histogram"],
                    label="Victory-point margin (A minus B)",
                    x_label="victory-point margin, side A minus side B",
                ),
                "name_a": simulation.snapshot_a.get("name", "Side A"),
                "name_b": simulation.snapshot_b.get("name", "Side B"),
            }
        )
    return context


@login_required
def simulation_detail(request: HttpRequest, pk: int) -> HttpResponse:
    """A simulation: progress bar while it runs, results when done."""
    return render(
        request, "frontend/odds/simulation.html", simulation_context(_own_simulation(request, pk))
    )


@login_required
def simulation_status(request: HttpRequest, pk: int) -> HttpResponse:
    """htmx polling: the progress bar, or a redirect to the results once done."""
    simulation = _own_simulation(request, pk)
    context = simulation_context(simulation)
    if context["done"]:
        response = HttpResponse(status=204)
        response["HX-Redirect"] = reverse("simulation-detail", args=[simulation.pk])
        return response
    return render(request, "frontend/odds/_progress.html", context)


def humanise(key: str) -> str:
    """A result key as words (``unsaved_wounds`` → ``unsaved wounds``)."""
    return key.replace("_", " ").replace("-", " ").strip()


def attack_result(form: AttackForm) -> dict[str, Any]:
    """Run the form's calculator and draw its distributions, outcomes and dice needed."""
    try:
        result = form.odds.calculate(form.request())
    except EngineError as error:
        return {"error": error.message}
    charts = [
        {
            "key": key,
            "label": humanise(key),
            "svg": svg.distribution(
                values,
                label=f"Distribution of {humanise(key)}",
                x_label=humanise(key),
                expected=result.expected.get(key),
            ),
        }
        for key, values in result.distributions.items()
        if values
    ]
    return {
        "expected_rows": [(f"Expected {humanise(k)}", v) for k, v in result.expected.items()],
        "outcome_rows": [(humanise(k), 100 * p) for k, p in result.outcomes.items()],
        "need_rows": [(humanise(k), "-" if v is None else v) for k, v in result.needs.items()],
        "charts": charts,
    }


@login_required
@require_POST
def attack_calculate(request: HttpRequest) -> HttpResponse:
    """htmx: the calculator's expected values, outcomes and distribution charts."""
    form = attack_form(request.POST)
    result = attack_result(form) if form.is_valid() else None
    return render(request, "frontend/odds/_attack.html", {"attack_form": form, "attack": result})
