"""Battle pages: pick two rosters and a mission, wait while it is queued, read the report
(winner, scores, map replay with a turn slider, casualties per turn, filterable event log)."""

from __future__ import annotations

import re
from typing import Any

from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone

from armybuilder.errors import ArmyBuilderError
from armybuilder.selectors import roster_list
from frontend import svg
from frontend.forms import BattleForm
from rules.engine.systems import get_system
from rules.engine.systems.base import EngineError
from rules.errors import BattleRequestError
from rules.job_control import job_limit_check
from rules.models import Battle, JobStatus
from rules.selectors import battles_for_user, job_rules_without_effect, rosters_for_battle
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


def missions_of(system: str) -> list[tuple[str, str]]:
    """A system's missions as ``(slug, name)``, empty when the engine does not know it."""
    try:
        game = get_system(system)
    except EngineError:
        return []
    return [(slug, mission.name) for slug, mission in sorted(game.missions.items())]


def _own_battle(request: HttpRequest, pk: int) -> Battle:
    battle = battles_for_user(user=request.user).filter(pk=pk).first()
    if battle is None:
        raise Http404("No such battle")
    return battle


def _system_of_roster(user: Any, roster_id: str | None) -> str:
    rosters = roster_list(owner=user)
    roster = rosters.filter(pk=roster_id).first() if roster_id and roster_id.isdigit() else None
    roster = roster or rosters.first()
    return roster.system.slug if roster else ""


@login_required
def battle_list(request: HttpRequest) -> HttpResponse:
    """Past battles and the form for a new one."""
    form = BattleForm(rosters=roster_choices(request.user))
    system = _system_of_roster(request.user, None)
    return render(
        request,
        "frontend/battles/list.html",
        {
            "form": form,
            "missions": missions_of(system),
            "battles": battles_for_user(user=request.user)[:50],
        },
    )


@login_required
def battle_missions(request: HttpRequest) -> HttpResponse:
    """htmx: the mission choices of side A's roster's system."""
    system = _system_of_roster(request.user, request.GET.get("roster_a"))
    return render(
        request,
        "frontend/battles/_missions.html",
        {"missions": missions_of(system), "selected": request.GET.get("mission", "")},
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
    system = _system_of_roster(request.user, request.POST.get("roster_a"))
    return render(
        request,
        "frontend/battles/list.html",
        {
            "form": form,
            "missions": missions_of(system),
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


SIDE_WORDS = re.compile(r"\b[Ss]ide ([ab])\b")
PREFIXED_ID = re.compile(r"^([ab])[:.](.+)$")


def with_army_names(text: str, armies: dict[str, str]) -> str:
    """``Side a`` / ``side b`` in an engine text replaced by the army's name."""
    return SIDE_WORDS.sub(lambda m: armies.get(m[1]) or m[0], text)


class Namer:
    """Turns the engine's ids in a report (``a``, ``b:u3``, ``a.u1``, a fighter ``u3.2``)
    into the army, unit or fighter names the players gave them."""

    def __init__(self, report: dict[str, Any]) -> None:
        self.armies: dict[str, str] = {
            str(k): str(v) for k, v in (report.get("armies") or {}).items()
        }
        self.names: dict[tuple[str, str], str] = {}
        for unit in report.get("units", []) or []:
            side = str(unit.get("side", ""))
            self.names[(side, str(unit["id"]))] = str(unit.get("name") or unit["id"])
            for fighter in unit.get("fighters", []) or []:
                if fighter.get("id") and fighter.get("name"):
                    self.names[(side, str(fighter["id"]))] = str(fighter["name"])

    def name(self, token: str, side: str = "") -> str:
        """The name behind ``token``, looked up on ``side`` first; unknown text unchanged."""
        if not token:
            return ""
        if token in self.armies:
            return self.armies[token]
        sides = [side] if side in ("a", "b") else []
        sides += [s for s in ("a", "b") if s not in sides]
        match = PREFIXED_ID.match(token)
        if match and (match[1], match[2]) in self.names:
            return self.names[(match[1], match[2])]
        for candidate in (token, token.rpartition(".")[0]):
            for s in sides:
                if candidate and (s, candidate) in self.names:
                    return self.names[(s, candidate)]
        return token


def event_rows(events: list[dict[str, Any]], namer: Namer) -> list[dict[str, Any]]:
    """Events as the log shows them: actor and target named (the target looked up on the
    other side first), ``Side a`` in the text replaced by the army's name, and the actor or
    target left out when the text already starts with or names it."""
    other = {"a": "b", "b": "a"}
    rows = []
    for event in events:
        side = str(event.get("side", ""))
        actor = namer.name(str(event.get("actor") or ""), side) or namer.armies.get(side, "")
        target = namer.name(str(event.get("target") or ""), other.get(side, ""))
        text = with_army_names(str(event.get("text", "")), namer.armies)
        rows.append(
            {
                **event,
                "actor_name": "" if actor and text.startswith(actor) else actor,
                "target_name": "" if target and target in text else target,
                "text": text,
            }
        )
    return rows


def map_context(battle: Battle, turn: int) -> dict[str, Any]:
    """The map replay at the end of ``turn`` (clamped to the turns the report holds)."""
    report = battle.report or {}
    positions = report.get("positions") or [[]]
    turn = max(0, min(turn, len(positions) - 1))
    names = {svg.unit_key(u["side"], u["id"]): u["name"] for u in report.get("units", [])}
    return {
        "battle": battle,
        "turn": turn,
        "last_turn": len(positions) - 1,
        "map_svg": svg.battle_map(
            report.get("map") or {},
            positions[turn],
            names,
            turn=turn,
            last_turn=len(positions) - 1,
        ),
    }


def events_context(battle: Battle, turn: str, phase: str) -> dict[str, Any]:
    """The event log, filtered by turn and phase (blank: all)."""
    events = (battle.report or {}).get("events") or []
    turns = sorted({int(e["turn"]) for e in events})
    phases = list(dict.fromkeys(str(e["phase"]) for e in events))
    shown = event_rows(
        [
            e
            for e in events
            if (not turn or str(e["turn"]) == turn) and (not phase or e["phase"] == phase)
        ],
        Namer(battle.report or {}),
    )
    return {
        "battle": battle,
        "events": shown,
        "turns": turns,
        "phases": phases,
        "turn_filter": turn,
        "phase_filter": phase,
        "total": len(events),
        "armies": (battle.report or {}).get("armies", {}),
    }


@login_required
def battle_detail(request: HttpRequest, pk: int) -> HttpResponse:
    """The battle: progress while queued, the full report once resolved; the armies'
    special rules the engine does not play are named above either."""
    battle = _own_battle(request, pk)
    context: dict[str, Any] = {
        "battle": battle,
        "done": battle.status in (JobStatus.RESOLVED, JobStatus.FAILED),
        "rules_without_effect": job_rules_without_effect(job=battle),
    }
    if battle.status == JobStatus.RESOLVED and battle.report:
        report = battle.report
        turns, lost = casualties_per_turn(report)
        context.update(map_context(battle, _turn(request.GET.get("turn"), default=1)))
        context.update(
            events_context(battle, request.GET.get("event_turn", ""), request.GET.get("phase", ""))
        )
        armies = report.get("armies", {})
        context.update(
            {
                "report": report,
                "armies": armies,
                "winner_name": armies.get(report.get("winner") or "", ""),
                "summary": with_army_names(str(report.get("summary") or ""), armies),
                "casualties_svg": svg.grouped_bars(
                    turns,
                    [
                        (armies.get("a", "Side A"), "side-a", lost["a"]),
                        (armies.get("b", "Side B"), "side-b", lost["b"]),
                    ],
                    label="Models lost per turn",
                    y_label="models lost",
                ),
                "unit_rows": sorted(report.get("units", []), key=lambda u: (u["side"], u["name"])),
                "mission_name": dict(missions_of(battle.system)).get(
                    battle.mission, battle.mission
                ),
            }
        )
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
