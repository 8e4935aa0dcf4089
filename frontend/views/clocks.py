"""Game clock pages: the list of your clocks (your own, your campaign games' and those
shared with you), a join page for a share code, and a shared clock both phones show alike
(times from the server, htmx polling every second) with big labelled buttons to end a
turn, pause and resume, and a button that reports the campaign game once a chess clock has
flagged (seed 003 §11). A campaign game has one clock: its game card and the new-clock page
open it instead of starting another."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Q
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import urlencode
from django.views.decorators.http import require_POST

from campaigns.errors import CampaignError
from campaigns.models import Game, GameStatus
from campaigns.services.clocks import clock_report_to_campaign, game_clock, game_clock_create
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


def game_label(clock: GameClock) -> str:
    """``Round 2, table 1: Wardens vs Swarm`` for a campaign game's clock, else ``""``."""
    game = clock.game
    if game is None or game.participant_b is None:
        return ""
    where = f"Round {game.round.number}, table {game.table}" if game.round else "Campaign game"
    return f"{where}: {game.participant_a.name} vs {game.participant_b.name}"


def status_text(clock: GameClock, reading: clocks.ClockReading, names: dict[str, str]) -> str:
    """One line saying where the clock stands: not started, who plays (game turn), paused,
    or who ran out of time."""
    if reading.flagged:
        reported = " Result reported to the campaign." if clock.reported_at else ""
        return (
            f"{names[reading.flagged]} ran out of time: the game is over and that army routs."
            + reported
        )
    if not reading.active:
        return "Not started: start the clock of the side deploying first."
    if reading.running:
        return f"{names[reading.active]} is playing (turn {reading.game_turn})."
    return f"Paused ({names[reading.active]} to play, turn {reading.game_turn})."


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
        "status": status_text(clock, reading, names),
        "game_label": game_label(clock),
        "active_name": names.get(reading.active or "", ""),
        "limit": mmss(int(clock.limit_ms)),
        "version": version,
        "started": bool(reading.active),
        "can_report": bool(
            reading.flagged and clock.game_id is not None and clock.reported_at is None
        ),
        "error": error,
    }


def _existing_game_clock(request: HttpRequest, game_id: str) -> GameClock | None:
    """The clock of the user's campaign game ``game_id`` when it has one."""
    if not game_id.isdigit():
        return None
    game = Game.objects.filter(
        Q(participant_a__user=request.user) | Q(participant_b__user=request.user),
        pk=int(game_id),
    ).first()
    return game_clock(game=game) if game is not None else None


@login_required
def clock_list(request: HttpRequest) -> HttpResponse:
    """Your clocks (your own, your campaign games' and those shared with you), newest
    first, each with where it stands; a field to join a clock by its share code."""
    rows = []
    for clock in (
        clocks.clocks_for_user(user=request.user)
        .select_related("created_by", "game__round", "game__participant_a", "game__participant_b")
        .order_by("-created_at", "-id")
    ):
        reading = clocks.clock_read(clock=clock)
        rows.append(
            {
                "clock": clock,
                "game_label": game_label(clock),
                "status": status_text(clock, reading, _side_names(clock)),
                "mine": clock.created_by_id == request.user.pk,
            }
        )
    return render(
        request,
        "frontend/clocks/list.html",
        {"rows": rows, "code": "", "length": clocks.SHARE_CODE_LENGTH},
    )


@login_required
def clock_join(request: HttpRequest) -> HttpResponse:
    """Join a clock with the code (or the link) its creator shared; then it opens."""
    code = (request.POST.get("code") or request.GET.get("code") or "").strip()
    error = ""
    if request.method == "POST":
        try:
            clock = clocks.clock_join(user=request.user, code=code)
        except ClockError as refused:
            error = refused.message
        else:
            return redirect("clock-detail", pk=clock.pk)
    return render(
        request,
        "frontend/clocks/join.html",
        {"code": code, "error": error, "length": clocks.SHARE_CODE_LENGTH},
        status=400 if error else 200,
    )


@login_required
def clock_new(request: HttpRequest) -> HttpResponse:
    """Choose chess clock or time per turn and the minutes; optionally one of your campaign
    games still to be played (chosen by name). A game that has a clock opens it."""
    game_id = request.POST.get("game") or request.GET.get("game") or ""
    existing = _existing_game_clock(request, game_id)
    if existing is not None:
        messages.info(request, "This game already has a clock: here it is.")
        return redirect("clock-detail", pk=existing.pk)
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
            limit_ms = clocks.limit_from_minutes(minutes)
            try:
                if game is None:
                    clock = clocks.clock_create(user=request.user, mode=mode, limit_ms=limit_ms)
                else:
                    clock = game_clock_create(
                        user=request.user, game=game, mode=mode, limit_ms=limit_ms
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
    """The clock: both times live, the buttons, the report button once flagged; for a clock
    without a campaign game, its share code and link and who joined."""
    clock = _clock(request, pk)
    context = face_context(clock)
    if clock.share_code:
        join = f"{reverse('clock-join')}?{urlencode({'code': clock.share_code})}"
        context["share_url"] = request.build_absolute_uri(join)
        context["joined"] = sorted(clock.shared_with.values_list("username", flat=True))
    return render(request, "frontend/clocks/detail.html", context)


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
