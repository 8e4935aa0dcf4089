"""Campaign pages: create, join by code with a roster, rounds and pairings, report / confirm
/ dispute a result, the organiser's decisions, standings, and each participant's units with
experience, injuries and history. Every change goes through ``campaigns.services``."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from armybuilder.selectors import roster_list, system_list
from campaigns import services
from campaigns.errors import CampaignError
from campaigns.house_rules import AUTO_RESOLVE, DEFAULTS, INJURY_TABLES
from campaigns.models import (
    Campaign,
    CampaignFormat,
    Game,
    GameStatus,
    PairingMethod,
    Participant,
)
from campaigns.selectors import (
    audit_for_campaign,
    campaign_get,
    campaign_standings,
    campaigns_for_user,
    games_for_campaign,
    is_organiser,
    participant_absent_fighters,
    participant_budget,
    participant_pending_choices,
    participant_resources,
    participant_units,
)

WINNER_CHOICES = [("a", "Player A won"), ("b", "Player B won"), ("", "Draw")]


class CampaignForm(forms.Form):
    """A new campaign: system, name, format and points."""

    name = forms.CharField(label="Campaign name", max_length=120)
    system = forms.ChoiceField(label="Game system")
    format = forms.ChoiceField(label="Format", choices=CampaignFormat.choices)
    points_limit = forms.IntegerField(
        label="Points limit", min_value=1, max_value=100_000, initial=1500
    )
    points_step = forms.IntegerField(
        label="Points added per round (escalation)",
        min_value=0,
        max_value=10_000,
        initial=0,
        required=False,
    )
    description = forms.CharField(
        label="Description", required=False, widget=forms.Textarea(attrs={"rows": 3})
    )
    win_points = forms.IntegerField(
        label="Match points for a win", min_value=0, max_value=100, initial=3
    )
    draw_points = forms.IntegerField(
        label="Match points for a draw", min_value=0, max_value=100, initial=1
    )
    loss_points = forms.IntegerField(
        label="Match points for a loss", min_value=0, max_value=100, initial=0
    )
    injury_table = forms.ChoiceField(
        label="Injury table (skirmish)",
        choices=[(t, t.capitalize()) for t in INJURY_TABLES],
        initial=DEFAULTS["injury_table"],
    )
    auto_resolve = forms.ChoiceField(
        label="Overdue games",
        choices=[
            (value, "Played by the engine" if value == "engine" else "Left to the organiser")
            for value in AUTO_RESOLVE
        ],
        initial=DEFAULTS["auto_resolve"],
    )
    grace_hours = forms.IntegerField(
        label="Grace hours after a deadline", min_value=0, max_value=720, initial=0
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["system"].choices = [(s.slug, s.name) for s in system_list()]

    def house_rules(self) -> dict[str, Any]:
        """The settings that differ from the defaults (a campaign stores only those)."""
        data = self.cleaned_data
        chosen = {
            "match_points": {
                "win": data["win_points"],
                "draw": data["draw_points"],
                "loss": data["loss_points"],
                "bye": data["win_points"],
            },
            "injury_table": data["injury_table"],
            "auto_resolve": data["auto_resolve"],
            "grace_hours": data["grace_hours"],
        }
        return {key: value for key, value in chosen.items() if value != DEFAULTS[key]}


class JoinForm(forms.Form):
    """Join with a code and one of your rosters."""

    join_code = forms.CharField(label="Join code", max_length=16)
    roster = forms.TypedChoiceField(label="Your roster", coerce=int)

    def __init__(self, *args: Any, rosters: list[tuple[int, str]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["roster"].choices = rosters


class ResultForm(forms.Form):
    """A result: winner or draw and both scores (report, or an organiser's decision)."""

    winner = forms.ChoiceField(label="Result", choices=WINNER_CHOICES, required=False)
    score_a = forms.IntegerField(label="Score A", min_value=0, max_value=10_000, initial=0)
    score_b = forms.IntegerField(label="Score B", min_value=0, max_value=10_000, initial=0)
    note = forms.CharField(label="Note", max_length=200, required=False)

    def result(self) -> dict[str, Any]:
        data = self.cleaned_data
        return {
            "winner": data["winner"] or None,
            "scores": {"a": data["score_a"], "b": data["score_b"]},
        }


def _campaign(request: HttpRequest, pk: int) -> Campaign:
    try:
        return campaign_get(campaign_id=pk, user=request.user)
    except CampaignError as error:
        raise Http404(error.message) from error


def _game(request: HttpRequest, pk: int, game_id: int) -> Game:
    campaign = _campaign(request, pk)
    game = games_for_campaign(campaign=campaign).filter(pk=game_id).first()
    if game is None:
        raise Http404("No such game")
    return game


def _roster_choices(user: Any) -> list[tuple[int, str]]:
    return [(r.pk, f"{r.name} — {r.system.name}") for r in roster_list(owner=user)]


@login_required
def campaign_list(request: HttpRequest) -> HttpResponse:
    """Your campaigns, a new one, and joining by code."""
    return render(
        request,
        "frontend/campaigns/list.html",
        {
            "campaigns": campaigns_for_user(user=request.user),
            "form": CampaignForm(),
            "join_form": JoinForm(
                rosters=_roster_choices(request.user),
                initial={"join_code": request.GET.get("code", "")},
            ),
        },
    )


@login_required
@require_POST
def campaign_new(request: HttpRequest) -> HttpResponse:
    """Create a draft campaign you organise."""
    form = CampaignForm(request.POST)
    if form.is_valid():
        data = form.cleaned_data
        try:
            campaign = services.campaign_create(
                user=request.user,
                system=data["system"],
                name=data["name"],
                format=data["format"],
                points_limit=data["points_limit"],
                points_step=data["points_step"] or 0,
                description=data["description"],
                settings=form.house_rules(),
            )
        except CampaignError as error:
            form.add_error(None, error.message)
        else:
            return redirect("campaign-detail", pk=campaign.pk)
    return render(
        request,
        "frontend/campaigns/list.html",
        {
            "campaigns": campaigns_for_user(user=request.user),
            "form": form,
            "join_form": JoinForm(rosters=_roster_choices(request.user)),
        },
        status=400,
    )


@login_required
@require_POST
def campaign_join(request: HttpRequest) -> HttpResponse:
    """Join a campaign by its code with one of your rosters."""
    join_form = JoinForm(request.POST, rosters=_roster_choices(request.user))
    if join_form.is_valid():
        roster = roster_list(owner=request.user).filter(pk=join_form.cleaned_data["roster"]).first()
        try:
            participant = services.campaign_join(
                user=request.user,
                join_code=join_form.cleaned_data["join_code"].strip(),
                roster=roster,
            )
        except CampaignError as error:
            join_form.add_error(None, error.message)
        else:
            messages.success(request, f"You joined {participant.campaign.name}.")
            return redirect("campaign-detail", pk=participant.campaign_id)
    return render(
        request,
        "frontend/campaigns/list.html",
        {
            "campaigns": campaigns_for_user(user=request.user),
            "form": CampaignForm(),
            "join_form": join_form,
        },
        status=400,
    )


def _game_row(game: Game, user: Any, organiser: bool) -> dict[str, Any]:
    mine = game.side_of(
        next(
            (
                p.pk
                for p in (game.participant_a, game.participant_b)
                if p is not None and p.user_id == user.pk
            ),
            0,
        )
    )
    reporter = game.reported_by_id == user.pk
    return {
        "game": game,
        "mine": mine,
        "can_report": bool(mine) and game.status == GameStatus.SCHEDULED and not game.is_bye,
        "can_answer": bool(mine) and game.status == GameStatus.REPORTED and not reporter,
        "waiting": bool(mine) and game.status == GameStatus.REPORTED and reporter,
        "can_play": (bool(mine) or organiser)
        and game.status == GameStatus.SCHEDULED
        and not game.is_bye
        and game.battle_id is None,
        "can_decide": organiser
        and not game.is_bye
        and game.status
        in (
            GameStatus.DISPUTED,
            GameStatus.REPORTED,
            GameStatus.SCHEDULED,
            GameStatus.CONFIRMED,
            GameStatus.AUTO_RESOLVED,
        ),
    }


@login_required
def campaign_detail(request: HttpRequest, pk: int) -> HttpResponse:
    """Standings, rounds with their pairings and games, participants, organiser tools."""
    campaign = _campaign(request, pk)
    organiser = is_organiser(campaign=campaign, user=request.user)
    rounds: dict[str, list[dict[str, Any]]] = {}
    for game in games_for_campaign(campaign=campaign):
        label = f"Round {game.round.number}" if game.round else "Other games"
        rounds.setdefault(label, []).append(_game_row(game, request.user, organiser))
    participants = list(campaign.participants.select_related("user", "roster"))
    return render(
        request,
        "frontend/campaigns/detail.html",
        {
            "campaign": campaign,
            "organiser": organiser,
            "standings": campaign_standings(campaign=campaign),
            "rounds": list(rounds.items()),
            "participants": participants,
            "joined": any(p.user_id == request.user.pk for p in participants),
            "pairings": PairingMethod.choices,
            "result_form": ResultForm(),
            "audit": [
                {"entry": entry, "action": entry.action.replace("_", " ")}
                for entry in list(audit_for_campaign(campaign=campaign))[-15:]
            ],
        },
    )


def _after(
    request: HttpRequest, campaign_id: int, error: CampaignError | None, done: str
) -> HttpResponse:
    if error is not None:
        messages.error(request, error.message)
    else:
        messages.success(request, done)
    return redirect("campaign-detail", pk=campaign_id)


@login_required
@require_POST
def round_new(request: HttpRequest, pk: int) -> HttpResponse:
    """The organiser starts the next round; pairings are made at once."""
    campaign = _campaign(request, pk)
    pairing = request.POST.get("pairing", PairingMethod.SWISS)
    manual = None
    try:
        if pairing == PairingMethod.MANUAL:
            manual = _manual_pairs(request.POST.get("pairs", ""))
        round_ = services.round_create(
            campaign=campaign, user=request.user, pairing=pairing, manual=manual
        )
    except CampaignError as error:
        return _after(request, pk, error, "")
    return _after(request, pk, None, f"Round {round_.number} paired.")


def _manual_pairs(text: str) -> list[tuple[int, int | None]]:
    """The organiser's pairings, one game a line: two participant numbers, or one for a bye
    ("3 7", "5")."""
    pairs: list[tuple[int, int | None]] = []
    for number, line in enumerate(text.splitlines(), start=1):
        parts = line.replace(",", " ").replace("-", " ").split()
        if not parts:
            continue
        if len(parts) > 2 or not all(p.isdigit() for p in parts):
            raise CampaignError(
                "round.pairing_invalid", f"Line {number}: two participant numbers.", "pairs"
            )
        pairs.append((int(parts[0]), int(parts[1]) if len(parts) == 2 else None))
    if not pairs:
        raise CampaignError("round.pairing_invalid", "List at least one game.", "pairs")
    return pairs


@login_required
@require_POST
def game_play(request: HttpRequest, pk: int, game_id: int) -> HttpResponse:
    """A player or an organiser lets the engine play the game (the result follows)."""
    game = _game(request, pk, game_id)
    try:
        services.game_play_with_engine(game=game, user=request.user)
    except CampaignError as error:
        return _after(request, pk, error, "")
    return _after(request, pk, None, "The engine is playing this game; the result follows.")


@login_required
@require_POST
def game_report(request: HttpRequest, pk: int, game_id: int) -> HttpResponse:
    """A player reports the result of their game."""
    game = _game(request, pk, game_id)
    form = ResultForm(request.POST)
    if not form.is_valid():
        return _after(request, pk, CampaignError("form", "Check the result and scores."), "")
    try:
        services.game_report_result(game=game, user=request.user, **form.result())
    except CampaignError as error:
        return _after(request, pk, error, "")
    return _after(request, pk, None, "Result reported; your opponent must confirm it.")


@login_required
@require_POST
def game_confirm(request: HttpRequest, pk: int, game_id: int) -> HttpResponse:
    """The opponent confirms the reported result."""
    game = _game(request, pk, game_id)
    try:
        services.game_confirm(game=game, user=request.user)
    except CampaignError as error:
        return _after(request, pk, error, "")
    return _after(request, pk, None, "Result confirmed.")


@login_required
@require_POST
def game_dispute(request: HttpRequest, pk: int, game_id: int) -> HttpResponse:
    """The opponent disputes the reported result; an organiser will decide."""
    game = _game(request, pk, game_id)
    reason = request.POST.get("reason", "").strip()[:500]
    try:
        services.game_dispute(game=game, user=request.user, reason=reason or "No reason given")
    except CampaignError as error:
        return _after(request, pk, error, "")
    return _after(request, pk, None, "Result disputed; an organiser will decide.")


@login_required
@require_POST
def game_decide(request: HttpRequest, pk: int, game_id: int) -> HttpResponse:
    """An organiser decides a dispute or corrects a result."""
    game = _game(request, pk, game_id)
    form = ResultForm(request.POST)
    if not form.is_valid():
        return _after(request, pk, CampaignError("form", "Check the result and scores."), "")
    try:
        services.game_decide(
            game=game, user=request.user, note=form.cleaned_data["note"], **form.result()
        )
    except CampaignError as error:
        return _after(request, pk, error, "")
    return _after(request, pk, None, "Decision recorded.")


@login_required
def participant_detail(request: HttpRequest, pk: int, participant_id: int) -> HttpResponse:
    """A participant's units with experience, injuries and history, and their resources."""
    campaign = _campaign(request, pk)
    participant = (
        Participant.objects.filter(campaign=campaign, pk=participant_id)
        .select_related("roster", "user")
        .first()
    )
    if participant is None:
        raise Http404("No such participant")
    mine = participant.user_id == request.user.pk
    check = None
    if mine:
        try:
            check = services.participant_roster_check(participant=participant)
        except CampaignError as error:
            check = {"error": error.message}
    units = participant_units(participant=participant)
    names = {u["unit"]: u["name"] or u["unit"] for u in units}
    pending = [
        {**p, "name": names.get(p["unit"], p["unit"])}
        for p in participant_pending_choices(participant=participant)
    ]
    return render(
        request,
        "frontend/campaigns/participant.html",
        {
            "campaign": campaign,
            "participant": participant,
            "units": units,
            "resources": participant_resources(participant=participant),
            "budget": participant_budget(participant=participant),
            "check": check,
            "mine": mine,
            "may_choose": mine or is_organiser(campaign=campaign, user=request.user),
            "pending": pending,
            "sitting_out": [
                names.get(unit, unit)
                for unit, _ in participant_absent_fighters(participant=participant)
            ],
        },
    )


def _participant(request: HttpRequest, pk: int, participant_id: int) -> Participant:
    campaign = _campaign(request, pk)
    participant = (
        Participant.objects.filter(campaign=campaign, pk=participant_id)
        .select_related("campaign", "roster", "user")
        .first()
    )
    if participant is None:
        raise Http404("No such participant")
    return participant


def _back(request: HttpRequest, participant: Participant, error: CampaignError | None, done: str):
    if error is not None:
        messages.error(request, error.message)
    else:
        messages.success(request, done)
    return redirect("participant-detail", pk=participant.campaign_id, participant_id=participant.pk)


@login_required
@require_POST
def advance_choose(request: HttpRequest, pk: int, participant_id: int) -> HttpResponse:
    """The player (or an organiser) picks what an advance or rank gives."""
    participant = _participant(request, pk, participant_id)
    try:
        entry = int(request.POST.get("entry", "0"))
        services.advance_choose(
            participant=participant,
            entry=entry,
            choice=request.POST.get("choice", ""),
            actor=request.user,
        )
    except ValueError:
        return _back(request, participant, CampaignError("advance", "Pick an advance."), "")
    except CampaignError as error:
        return _back(request, participant, error, "")
    return _back(request, participant, None, "Advance chosen.")


@login_required
@require_POST
def roster_update(request: HttpRequest, pk: int, participant_id: int) -> HttpResponse:
    """The player makes their edited army-builder roster the campaign roster."""
    participant = _participant(request, pk, participant_id)
    try:
        version = services.participant_roster_update(participant=participant, actor=request.user)
    except CampaignError as error:
        detail = "; ".join(f"{field}: {' '.join(msgs)}" for field, msgs in error.fields.items())
        return _back(request, participant, CampaignError(error.code, detail or error.message), "")
    return _back(request, participant, None, f"Campaign roster updated (version {version.number}).")


@login_required
@require_POST
def participant_withdraw(request: HttpRequest, pk: int, participant_id: int) -> HttpResponse:
    """The player (or an organiser) withdraws them from the campaign."""
    participant = _participant(request, pk, participant_id)
    try:
        services.participant_withdraw(participant=participant, user=request.user)
    except CampaignError as error:
        return _back(request, participant, error, "")
    return _back(request, participant, None, f"{participant.name} withdrew.")
