"""Battle pages: pick two rosters and a mission, wait while it is queued, read the report
(winner, scores, map replay with a turn slider, casualties per turn, filterable event log)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone

from armybuilder.errors import ArmyBuilderError
from armybuilder.selectors import roster_list, system_list
from frontend import svg
from frontend.battle_log import Namer, grouped_log, log_size, phase_name, summary_with_names
from frontend.forms import BattleForm
from frontend.missions import missions_of
from frontend.rules_notice import rules_notice
from rules.engine.systems.base import EngineError
from rules.errors import BattleRequestError
from rules.job_control import job_limit_check
from rules.models import Battle, JobStatus
from rules.selectors import battles_for_user, rosters_for_battle
from rules.services import battle_create


def roster_label(roster: Any) -> str:
    """A roster as a picker shows it: name, system, faction, points and when it was last
    changed (two rosters may share a name)."""
    updated = timezone.localtime(roster.updated_at).strftime("%d %b %Y %H:%M")
    points_name = getattr(roster.system, "points_name", "") or "pts"
    return (
        f"{roster.name} — {roster.system.name} · {roster.faction.name} · "
        f"{roster.points}/{roster.points_limit} {points_name} · updated {updated}"
    )


def roster_choices(user: Any) -> list[tuple[int, str]]:
    """The user's rosters as form choices, labelled so that same-named rosters differ."""
    return [(r.pk, roster_label(r)) for r in roster_list(owner=user)]


def _own_battle(request: HttpRequest, pk: int) -> Battle:
    battle = battles_for_user(user=request.user).filter(pk=pk).first()
    if battle is None:
        raise Http404("No such battle")
    return battle


def request_fields(user: Any, data: Any) -> dict[str, Any]:
    """The context of the roster and mission fields for side A's roster in ``data`` (the
    first roster when none): side B offers only rosters of the same system (another
    system's roster cannot fight it, so the default pair must be playable), defaulting to
    the first one that is not side A's; the missions are that system's."""
    rosters = list(roster_list(owner=user))
    wanted = str((data or {}).get("roster_a") or "")
    roster_a = next((r for r in rosters if str(r.pk) == wanted), rosters[0] if rosters else None)
    if roster_a is None:
        return {"missions": [], "side_b": [], "side_b_selected": "", "selected": ""}
    same = [r for r in rosters if r.system_id == roster_a.system_id]
    picked = str((data or {}).get("roster_b") or "")
    if not any(str(r.pk) == picked for r in same):
        picked = str(next((r.pk for r in same if r.pk != roster_a.pk), roster_a.pk))
    return {
        "missions": missions_of(roster_a.system.slug),
        "side_b": [(r.pk, roster_label(r)) for r in same],
        "side_b_selected": picked,
        "selected": str((data or {}).get("mission") or ""),
    }


@login_required
def battle_list(request: HttpRequest) -> HttpResponse:
    """Past battles and the form for a new one."""
    form = BattleForm(rosters=roster_choices(request.user))
    return render(
        request,
        "frontend/battles/list.html",
        {
            "form": form,
            **request_fields(request.user, None),
            "battles": battles_for_user(user=request.user)[:50],
        },
    )


@login_required
def battle_missions(request: HttpRequest) -> HttpResponse:
    """htmx: side B's rosters and the missions of side A's roster's system."""
    return render(
        request, "frontend/battles/_side_b.html", request_fields(request.user, request.GET)
    )


def request_snapshots(user: Any, form: BattleForm) -> dict[str, Any]:
    """Both rosters with their engine snapshots as ``battle_create`` / ``simulation_create``
    keyword arguments; BattleRequestError names the roster that cannot be used."""
    try:
        (roster_a, snap_a), (roster_b, snap_b) = rosters_for_battle(
            user=user, roster_ids=[form.cleaned_data["roster_a"], form.cleaned_data["roster_b"]]
        )
    except ArmyBuilderError as error:
        raise BattleRequestError(error.code, error.message, "rosters") from error
    return {
        "roster_a": roster_a,
        "roster_b": roster_b,
        "snapshot_a": snap_a,
        "snapshot_b": snap_b,
        "mission": form.cleaned_data.get("mission") or None,
        "seed": form.cleaned_data.get("seed"),
    }


@login_required
def battle_new(request: HttpRequest) -> HttpResponse:
    """Queue the battle; its page shows the progress until the report is in (a GET, e.g. a
    reload after a failed post, goes back to the battles page and its form)."""
    if request.method != "POST":
        return redirect("battle-list")
    form = BattleForm(request.POST, rosters=roster_choices(request.user))
    if form.is_valid():
        try:
            with transaction.atomic():
                job_limit_check(user=request.user, kind=Battle)
                battle = battle_create(
                    requested_by=request.user, **request_snapshots(request.user, form)
                )
        except (BattleRequestError, EngineError) as error:
            form.add_error(None, getattr(error, "message", str(error)))
        else:
            return redirect("battle-detail", pk=battle.pk)
    return render(
        request,
        "frontend/battles/list.html",
        {
            "form": form,
            **request_fields(request.user, request.POST),
            "battles": battles_for_user(user=request.user)[:50],
        },
        status=400,
    )


def casualties_per_turn(report: dict[str, Any]) -> tuple[list[str], dict[str, list[int]]]:
    """Models lost by each side in each turn, from the positions at each turn's end."""
    positions = report.get("positions") or []
    turns = [str(t) for t in range(1, len(positions))]
    lost: dict[str, list[int]] = {"a": [], "b": []}
    for index in range(1, len(positions)):
        # Unit ids are unique per roster, not per battle: key by side and id.
        before = {(p["side"], p["id"]): int(p.get("models", 0)) for p in positions[index - 1]}
        for side in ("a", "b"):
            total = 0
            for p in positions[index]:
                key = (p.get("side"), p["id"])
                if key[0] == side and key in before:
                    total += max(0, before[key] - int(p.get("models", 0)))
            lost[side].append(total)
    return turns, lost


def points_lost_per_turn(report: dict[str, Any]) -> dict[str, list[int]]:
    """Points (or gold crowns, or the system's unit) lost by each side in each turn: the
    models a unit lost that turn times its cost per model (its points over its starting
    models), so a destroyed unit counts all it cost."""
    per_model: dict[tuple[str, str], float] = {}
    for unit in report.get("units", []) or []:
        per_model[(str(unit.get("side")), str(unit["id"]))] = float(unit.get("points") or 0) / max(
            int(unit.get("models_start") or 1), 1
        )

    def cost(side: str, unit_id: str) -> float:
        for key in (unit_id, unit_id.partition(":")[2], unit_id.rpartition(".")[0]):
            if key and (side, key) in per_model:
                return per_model[(side, key)]
        return 0.0

    positions = report.get("positions") or []
    lost: dict[str, list[int]] = {"a": [], "b": []}
    for index in range(1, len(positions)):
        before = {(p["side"], p["id"]): int(p.get("models", 0)) for p in positions[index - 1]}
        totals = {"a": 0.0, "b": 0.0}
        for p in positions[index]:
            key = (str(p.get("side")), str(p["id"]))
            if key[0] in totals and key in before:
                totals[key[0]] += max(0, before[key] - int(p.get("models", 0))) * cost(*key)
        for side in ("a", "b"):
            lost[side].append(round(totals[side]))
    return lost


def features_at(report: dict[str, Any], turn: int) -> dict[str, Any]:
    """The map as it stood at the end of ``turn``: a feature a unit left when it fell (its
    label ends with the unit's name, "Wreck of Carrier Aegis") is drawn only from the turn
    that unit is first off the table, not from deployment (the engine's map holds the
    features of the battle's end and gives them no turn)."""
    table = dict(report.get("map") or {})
    fell: dict[str, int] = {}
    names = {(str(u["side"]), str(u["id"])): str(u["name"]) for u in report.get("units", [])}
    for index, positions in enumerate(report.get("positions") or []):
        for p in positions:
            name = names.get((str(p.get("side")), str(p.get("id"))))
            if name and not p.get("alive", True):
                fell.setdefault(name, index)
    table["features"] = [
        f
        for f in table.get("features", [])
        if not any(
            str(f.get("label") or "").endswith(" " + name) and when > turn
            for name, when in fell.items()
        )
    ]
    return table


def map_context(battle: Battle, turn: int) -> dict[str, Any]:
    """The map replay at the end of ``turn`` (clamped to the turns the report holds)."""
    report = battle.report or {}
    positions = report.get("positions") or [[]]
    turn = max(0, min(turn, len(positions) - 1))
    names = {svg.unit_key(side, key): name for (side, key), name in Namer(report).names.items()}
    return {
        "battle": battle,
        "turn": turn,
        "last_turn": len(positions) - 1,
        "map_svg": svg.battle_map(
            features_at(report, turn),
            positions[turn],
            names,
            turn=turn,
            last_turn=len(positions) - 1,
            history=positions[: turn + 1],
        ),
    }


def events_context(battle: Battle, turn: str, phase: str) -> dict[str, Any]:
    """The event log, filtered by turn and phase (blank: all)."""
    events = (battle.report or {}).get("events") or []
    turns = sorted({int(e["turn"]) for e in events})
    phases = list(dict.fromkeys(str(e["phase"]) for e in events))
    log = grouped_log(
        [
            e
            for e in events
            if (not turn or str(e["turn"]) == turn) and (not phase or e["phase"] == phase)
        ],
        Namer(battle.report or {}),
    )
    return {
        "battle": battle,
        "log": log,
        "shown": log_size(log),
        "turns": turns,
        "phases": [(p, phase_name(p)) for p in phases],
        "turn_filter": turn,
        "phase_filter": phase,
        "total": len(events),
        "armies": (battle.report or {}).get("armies", {}),
    }


def system_names(slug: str) -> tuple[str, str]:
    """A system's name and its points unit ("Mordheim", "gc"), the slug when unknown."""
    row = system_list().filter(slug=slug).values("name", "points_name").first()
    if row:
        return str(row["name"]), str(row["points_name"] or "pts")
    return slug, "pts"


def report_context(battle: Battle, report: dict[str, Any]) -> dict[str, Any]:
    """The resolved report's parts of the battle page: result, casualty charts (models and
    points lost per turn) and the units table with the log's names."""
    namer = Namer(report)
    armies = namer.armies
    turns, lost = casualties_per_turn(report)
    points = points_lost_per_turn(report)
    system_name, points_name = system_names(battle.system)

    def bars(values: dict[str, list[int]], label: str, y_label: str) -> Any:
        return svg.grouped_bars(
            turns,
            [
                (armies.get("a", "Side A"), "side-a", values["a"]),
                (armies.get("b", "Side B"), "side-b", values["b"]),
            ],
            label=label,
            y_label=y_label,
        )

    units = [
        {**u, "shown_name": namer.name(str(u["id"]), str(u["side"]))}
        for u in report.get("units", [])
    ]
    return {
        "report": report,
        "armies": armies,
        "system_name": system_name,
        "points_name": points_name,
        "winner_name": armies.get(report.get("winner") or "", ""),
        "summary": summary_with_names(report, armies),
        "casualties_svg": bars(lost, "Models lost per turn", "models lost"),
        "points_svg": bars(points, f"Points lost per turn ({points_name})", f"{points_name} lost"),
        "points_total": {side: sum(points[side]) for side in ("a", "b")},
        "unit_rows": sorted(units, key=lambda u: (u["side"], u["shown_name"])),
        "mission_name": dict(missions_of(battle.system)).get(battle.mission, battle.mission),
    }


@login_required
def battle_detail(request: HttpRequest, pk: int) -> HttpResponse:
    """The battle: progress while queued, the full report once resolved; the armies'
    special rules the engine does not play are named above either."""
    battle = _own_battle(request, pk)
    context: dict[str, Any] = {
        "battle": battle,
        "done": battle.status in (JobStatus.RESOLVED, JobStatus.FAILED),
        "rules_without_effect": rules_notice(job=battle),
    }
    if battle.status == JobStatus.RESOLVED and battle.report:
        report = battle.report
        context.update(map_context(battle, _turn(request.GET.get("turn"), default=0)))
        context.update(
            events_context(battle, request.GET.get("event_turn", ""), request.GET.get("phase", ""))
        )
        context.update(report_context(battle, report))
    return render(request, "frontend/battles/detail.html", context)


@login_required
def battle_status(request: HttpRequest, pk: int) -> HttpResponse:
    """htmx polling: the progress state, or a redirect to the report once it is in."""
    battle = _own_battle(request, pk)
    if battle.status in (JobStatus.RESOLVED, JobStatus.FAILED):
        response = HttpResponse(status=204)
        response["HX-Redirect"] = reverse("battle-detail", args=[battle.pk])
        return response
    return render(request, "frontend/battles/_status.html", {"battle": battle})


@login_required
def battle_map(request: HttpRequest, pk: int) -> HttpResponse:
    """htmx: the map replay at another turn."""
    battle = _own_battle(request, pk)
    turn = _turn(request.GET.get("turn"), default=0)
    return render(request, "frontend/battles/_map.html", map_context(battle, turn))


def _turn(raw: str | None, *, default: int) -> int:
    """The map's ``turn`` query parameter: a whole number (clamped to the report's turns by
    ``map_context``); anything else shows ``default``."""
    text = (raw or "").strip()
    if not text or not text.lstrip("-").isdigit() or not text.isascii() or len(text) > 6:
        return default
    return int(text)


@login_required
def battle_events(request: HttpRequest, pk: int) -> HttpResponse:
    """htmx: the event log filtered by turn and phase."""
    battle = _own_battle(request, pk)
    return render(
        request,
        "frontend/battles/_events.html",
        events_context(battle, request.GET.get("event_turn", ""), request.GET.get("phase", "")),
    )
