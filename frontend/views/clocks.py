"""Game clock pages: a shared clock both phones show alike (times from the server, htmx
polling every second), big labelled buttons to end a turn, pause and resume, and a button
that reports the campaign game once a chess clock has flagged (seed 003 §11)."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Q
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from campaigns.errors import CampaignError
from campaigns.models import Game, GameStatus
from campaigns.services.clocks import clock_report_to_campaign
from rules import clocks
from rules.errors import ClockError
from rules.models import ClockMode, GameClock

ACTIONS = ("start", "switch", "pause", "resume")
MIN_MINUTES = 1
"""Shortest allowance the form accepts (a shorter clock is a typing slip, not a game)."""
MAX_MINUTES = clocks.MAX_LIMIT_MS // 60_000


def games_to_clock(user: Any) -> list[tuple[str, str]]:
    """The user's campaign games still to be played, as ``(id, "Campaign — Round 2, table 1:
    alice vs bob")`` choices."""
    games = (
        Game.objects.filter(
            Q(participant_a__user=user) | Q(participant_b__user=user),
            status=GameStatus.SCHEDULED,
            participant_b__isnull=False,
        )
        .select_related("campaign", "round", "participant_a__user", "participant_b__user")
        .order_by("campaign__name", "round__number", "table", "id")
    )
    choices = []
    for game in games:
        where = f"Round {game.round.number}, table {game.table}" if game.round else "Extra game"
        players = f"{game.participant_a.user.username} vs {game.participant_b.user.username}"
        choices.append((str(game.pk), f"{game.campaign.name} — {where}: {players}"))
    return choices


def _clock(request: HttpRequest, pk: int) -> GameClock:
    clock = (
        clocks.clocks_for_user(user=request.user)
        .select_related("game__participant_a", "game__participant_b")
        .filter(pk=pk)
        .first()
    )
    if clock is None:
        raise Http404("No such clock")
    return clock


def mmss(ms: int) -> str:
    """Milliseconds as ``h:mm:ss`` or ``m:ss`` (rounded up: 0:00 only when time is out)."""
    seconds = -(-max(0, ms) // 1000)
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def _side_names(clock: GameClock) -> dict[str, str]:
    game = clock.game
    if game is None or game.participant_b is None:
        return {"a": "Side A", "b": "Side B"}
    return {"a": f"A · {game.participant_a.name}", "b": f"B · {game.participant_b.name}"}


def face_context(clock: GameClock, error: str = "") -> dict[str, Any]:
    """What the clock face shows now and a version that changes when the buttons must."""
    reading = clocks.clock_read(clock=clock)
    names = _side_names(clock)
    sides = [
        {
            "side": side,
            "name": names[side],
            "time": mmss(reading.remaining[side]),
            "ms": reading.remaining[side],
            "running": reading.running and reading.active == side,
            "out": reading.flagged == side or reading.over_time == side,
        }
        for side in ("a", "b")
    ]
    version = f"{clock.updated_at.timestamp():.3f}-{reading.running}-{reading.flagged}"
    return {
        "clock": clock,
        "reading": reading,
        "sides": sides,
        "active_name": names.get(reading.active or "", ""),
        "flagged_name": names.get(reading.flagged or "", ""),
        "limit": mmss(int(clock.limit_ms)),
        "version": version,
        "started": bool(reading.active),
        "can_report": bool(
            reading.flagged and clock.game_id is not None and clock.reported_at is None
        ),
        "error": error,
    }


@login_required
def clock_new(request: HttpRequest) -> HttpResponse:
    """Choose chess clock or time per turn and the minutes; optionally one of your campaign
    games still to be played (chosen by name)."""
    game_id = request.POST.get("game") or request.GET.get("game") or ""
    games = games_to_clock(request.user)
    errors: dict[str, str] = {}
    if request.method == "POST":
        mode = request.POST.get("mode", "")
        try:
            minutes = float(request.POST.get("minutes", ""))
        except ValueError:
            minutes = 0
        game = None
        if game_id:
            if game_id in {value for value, _ in games}:
                game = (
                    Game.objects.select_related("participant_a", "participant_b")
                    .filter(pk=int(game_id))
                    .first()
                )
            if game is None:
                errors["game"] = "Campaign game: choose one of your games still to be played."
        if not MIN_MINUTES <= minutes <= MAX_MINUTES:
            errors["minutes"] = (
                f"Minutes: give between {MIN_MINUTES} and {MAX_MINUTES} "
                f"({MAX_MINUTES // 60} hours)."
            )
        if not errors:
            try:
                clock = clocks.clock_create(
                    user=request.user,
                    mode=mode,
                    limit_ms=clocks.limit_from_minutes(minutes),
                    game=game,
                )
            except ClockError as error:
                errors[error.field or "mode"] = error.message
            else:
                return redirect("clock-detail", pk=clock.pk)
    return render(
        request,
        "frontend/clocks/new.html",
        {
            "modes": ClockMode.choices,
            "game_id": game_id,
            "games": games,
            "errors": errors,
            "post": request.POST,
            "min_minutes": MIN_MINUTES,
            "max_minutes": MAX_MINUTES,
        },
        status=400 if errors else 200,
    )


@login_required
def clock_detail(request: HttpRequest, pk: int) -> HttpResponse:
    """The clock: both times live, the buttons, the report button once flagged."""
    return render(request, "frontend/clocks/detail.html", face_context(_clock(request, pk)))


@login_required
def clock_face(request: HttpRequest, pk: int) -> HttpResponse:
    """htmx: the times (every second); the buttons too when the state changed elsewhere."""
    context = face_context(_clock(request, pk))
    context["with_controls"] = request.GET.get("v") != context["version"]
    return render(request, "frontend/clocks/_face.html", context)


def _answer(request: HttpRequest, clock: GameClock, error: str, done: str) -> HttpResponse:
    if request.headers.get("HX-Request"):
        context = face_context(clock, error)
        context["with_controls"] = True
        return render(request, "frontend/clocks/_face.html", context)
    if error:
        messages.error(request, error)
    elif done:
        messages.success(request, done)
    return redirect("clock-detail", pk=clock.pk)


@login_required
@require_POST
def clock_press(request: HttpRequest, pk: int, action: str) -> HttpResponse:
    """Start, switch (end turn), pause or resume; refused presses say why."""
    clock = _clock(request, pk)
    if action not in ACTIONS:
        raise Http404("No such action")
    side = request.POST.get("side") or None
    try:
        if action == "start":
            clock = clocks.clock_start(clock=clock, side=side or "a")
        elif action == "switch":
            clock = clocks.clock_switch(clock=clock, side=side)
        elif action == "pause":
            clock = clocks.clock_pause(clock=clock)
        else:
            clock = clocks.clock_resume(clock=clock)
    except ClockError as error:
        clock.refresh_from_db()
        return _answer(request, clock, error.message, "")
    return _answer(request, clock, "", "")


@login_required
@require_POST
def clock_report(request: HttpRequest, pk: int) -> HttpResponse:
    """Report the linked campaign game: the flagged side loses, its army routed."""
    clock = _clock(request, pk)
    try:
        clock_report_to_campaign(clock=clock, user=request.user)
    except (ClockError, CampaignError) as error:
        clock.refresh_from_db()
        return _answer(request, clock, error.message, "")
    clock.refresh_from_db()
    return _answer(request, clock, "", "Result reported; your opponent confirms it.")
