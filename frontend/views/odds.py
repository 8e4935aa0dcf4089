"""Odds pages: simulate N battles (progress bar, win/draw/loss, margin histogram) and the
grimdark attack calculator with its distribution chart."""

from __future__ import annotations

import importlib
from typing import Any

from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from frontend import svg
from frontend.forms import AttackForm, SimulationForm
from frontend.views.battles import (
    _system_of_roster,
    missions_of,
    request_snapshots,
    roster_choices,
)
from rules.engine.systems.base import EngineError
from rules.errors import BattleRequestError
from rules.job_control import job_limit_check
from rules.models import FINISHED_JOB_STATUSES, JobStatus, Simulation
from rules.selectors import simulations_for_user
from rules.services import simulation_create, simulation_progress


def _page(
    request: HttpRequest,
    form: SimulationForm,
    attack: AttackForm,
    status: int = 200,
    result: dict[str, Any] | None = None,
) -> HttpResponse:
    system = _system_of_roster(request.user, request.POST.get("roster_a"))
    return render(
        request,
        "frontend/odds/index.html",
        {
            "form": form,
            "attack_form": attack,
            "missions": missions_of(system),
            "simulations": simulations_for_user(user=request.user)[:20],
            "attack": result,
        },
        status=status,
    )


@login_required
def odds_index(request: HttpRequest) -> HttpResponse:
    """The simulation form, past simulations and the attack calculator."""
    return _page(request, SimulationForm(rosters=roster_choices(request.user)), AttackForm())


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
    return _page(request, form, AttackForm(), status=400)


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


#: How the calculator's result keys read on the page (any other key: words from its parts).
ODDS_LABELS = {
    "hits": "hits",
    "wounds": "wounds",
    "unsaved_wounds": "unsaved wounds",
    "unsaved": "unsaved wounds",
    "wounds_caused": "wounds caused",
    "models_slain": "models slain",
    "slain": "models slain",
    "damage": "damage",
}


def humanise(key: str) -> str:
    """A result key as words (``unsaved_wounds`` → ``unsaved wounds``)."""
    return ODDS_LABELS.get(key, key.replace("_", " ").replace("-", " ").strip())


def attack_result(request_data: dict[str, Any]) -> dict[str, Any]:
    """Run the grimdark exact calculator and draw its distributions."""
    try:
        odds = importlib.import_module("rules.engine.systems.grimdark.odds")
    except ImportError:
        return {"error": "The grimdark attack calculator is not available yet."}
    try:
        result = odds.attack_odds(request_data)
    except EngineError as error:
        return {"error": getattr(error, "message", str(error))}
    charts = []
    distributions = result.get("distribution") or result.get("distributions") or {}
    expected = result.get("expected") or {}
    if isinstance(distributions, dict):
        for key, values in distributions.items():
            if isinstance(values, list) and values:
                label = humanise(str(key))
                exp = expected.get(key) if isinstance(expected, dict) else None
                charts.append(
                    {
                        "key": key,
                        "label": label,
                        "svg": svg.distribution(
                            [float(v) for v in values],
                            label=f"Distribution of {label}",
                            x_label=label,
                            expected=float(exp) if isinstance(exp, int | float) else None,
                        ),
                    }
                )
    elif isinstance(distributions, list):
        charts.append(
            {
                "key": "result",
                "label": "result",
                "svg": svg.distribution(
                    [float(v) for v in distributions], label="Distribution", x_label="count"
                ),
            }
        )
    expected_rows = (
        [(f"Expected {humanise(str(k))}", v) for k, v in expected.items()]
        if isinstance(expected, dict)
        else [("Expected value", expected)]
    )
    return {
        "expected": expected if isinstance(expected, dict) else {"value": expected},
        "expected_rows": expected_rows,
        "charts": charts,
        "raw": result,
    }


@login_required
@require_POST
def attack_calculate(request: HttpRequest) -> HttpResponse:
    """htmx: the calculator's expected values and distribution charts."""
    form = AttackForm(request.POST)
    result = attack_result(form.request()) if form.is_valid() else None
    return render(request, "frontend/odds/_attack.html", {"attack_form": form, "attack": result})
