"""Campaign pages: create, join by code with a roster, rounds and pairings, report / confirm
/ dispute a result, the organiser's decisions, standings, and each participant's units with
experience, injuries and history. Forms live in ``frontend.campaign_forms``, what a user may
do with a game in ``campaigns.lifecycle``; every change goes through ``campaigns.services``."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from armybuilder.selectors import roster_list, system_list
from campaigns.errors import CampaignError
from campaigns.lifecycle import GameAction, game_actions
from campaigns.models import Campaign, Game, GameStatus, PairingMethod, Participant
from campaigns.selectors import (
    audit_for_campaign,
    campaign_get,
    campaign_standings,
    campaigns_for_user,
    games_for_campaign,
    is_organiser,
    participant_absent_fighters,
    participant_budget,
    participant_campaign_payload,
    participant_resources,
    participant_units,
)
from campaigns.services import engine, games, membership, results, rosters, rounds
from campaigns.services.campaigns import campaign_create
from core.errors import ApplicationError
from frontend.advance_page import pending_rows
from frontend.campaign_forms import (
    MAX_KILLS,
    WINNER_CHOICES,
    CampaignForm,
    JoinForm,
    ResultForm,
    game_units,
    parse_deadline,
    parse_manual_pairs,
    unit_outcomes,
)
from frontend.campaign_pin_rows import pin_rows, pinnable_catalogues
from frontend.missions import missions_of
from frontend.rules_variant_pages import variant_choices
from frontend.warband_page import warband_context
from rules.clocks import clocks_for_user
from rules.models import GameClock


def page_campaign(request: HttpRequest, pk: int) -> Campaign:
    """The campaign the user organises or plays in, else 404."""
    try:
        return campaign_get(campaign_id=pk, user=request.user)
    except CampaignError as error:
        raise Http404(error.message) from error


def _game(request: HttpRequest, pk: int, game_id: int) -> Game:
    campaign = page_campaign(request, pk)
    game = games_for_campaign(campaign=campaign).filter(pk=game_id).first()
    if game is None:
        raise Http404("No such game")
    return game


def _roster_choices(user: Any) -> list[tuple[int, str]]:
    return [(r.pk, f"{r.name} — {r.system.name}") for r in roster_list(owner=user)]


def _campaign_list_page(
    request: HttpRequest,
    form: CampaignForm | None = None,
    join_form: JoinForm | None = None,
    status: int = 200,
) -> HttpResponse:
    """The campaigns page: your campaigns (with their system's name), the new-campaign form
    and the join form (the code from ``?code=`` of an invite link)."""
    names = dict(system_list().values_list("slug", "name"))
    return render(
        request,
        "frontend/campaigns/list.html",
        {
            "campaigns": [
                (campaign, names.get(campaign.system, campaign.system))
                for campaign in campaigns_for_user(user=request.user)
            ],
            "form": form or CampaignForm(user=request.user),
            "join_form": join_form
            or JoinForm(
                rosters=_roster_choices(request.user),
                initial={"join_code": request.GET.get("code", "")},
            ),
        },
        status=status,
    )


@login_required
def campaign_list(request: HttpRequest) -> HttpResponse:
    """Your campaigns, a new one, and joining by code."""
    return _campaign_list_page(request)


@login_required
@require_POST
def campaign_new(request: HttpRequest) -> HttpResponse:
    """Create a draft campaign you organise."""
    form = CampaignForm(request.POST, user=request.user)
    if form.is_valid():
        data = form.cleaned_data
        try:
            campaign = campaign_create(
                user=request.user,
                system=data["system"],
                name=data["name"],
                format=data["format"],
                points_limit=data["points_limit"],
                points_step=data["points_step"] or 0,
                description=data["description"],
                settings=form.house_rules(),
                rules_variant=data["rules_variant"],
            )
        except ApplicationError as error:
            form.add_error(None, error.message)
        else:
            return redirect("campaign-detail", pk=campaign.pk)
    return _campaign_list_page(request, form=form, status=400)


@login_required
@require_POST
def campaign_join(request: HttpRequest) -> HttpResponse:
    """Join a campaign by its code with one of your rosters."""
    join_form = JoinForm(request.POST, rosters=_roster_choices(request.user))
    if join_form.is_valid():
        roster = roster_list(owner=request.user).filter(pk=join_form.cleaned_data["roster"]).first()
        try:
            participant = membership.campaign_join(
                user=request.user,
                join_code=join_form.cleaned_data["join_code"].strip(),
                roster=roster,
            )
        except CampaignError as error:
            join_form.add_error(None, error.message)
        else:
            messages.success(request, f"You joined {participant.campaign.name}.")
            return redirect("campaign-detail", pk=participant.campaign_id)
    return _campaign_list_page(request, join_form=join_form, status=400)


def _game_row(
    game: Game, user: Any, organiser: bool, missions: dict[str, str], clock: GameClock | None
) -> dict[str, Any]:
    """A game as the campaign page shows it: what the user may do with it now (the
    life-cycle's actions; choosing a mission needs the system to have missions), its clock
    when it has one the user may open, whether they wait for their opponent, and the units
    the result forms list."""
    actions = set(game_actions(game, user, organiser=organiser))
    if not missions:
        actions.discard(GameAction.CHOOSE_MISSION)
    return {
        "game": game,
        "actions": actions,
        "mission_name": missions.get(game.mission, game.mission),
        "clock": clock,
        "waiting": game.status == GameStatus.REPORTED and game.reported_by_id == user.pk,
        "units": game_units(game) if actions & {GameAction.REPORT, GameAction.DECIDE} else [],
    }


@login_required
def campaign_detail(request: HttpRequest, pk: int) -> HttpResponse:
    """Standings, rounds with their pairings and games, participants, organiser tools."""
    campaign = page_campaign(request, pk)
    organiser = is_organiser(campaign=campaign, user=request.user)
    missions = dict(missions_of(campaign.system))
    by_round: dict[str, list[dict[str, Any]]] = {}
    game_clocks = {
        clock.game_id: clock
        for clock in clocks_for_user(user=request.user)
        .filter(game__campaign=campaign)
        .select_related("created_by")
        .order_by("-created_at", "-id")
    }
    for game in games_for_campaign(campaign=campaign).select_related(
        "campaign", "chooser", "round", "participant_a__user", "participant_b__user"
    ):
        label = f"Round {game.round.number}" if game.round else "Other games"
        by_round.setdefault(label, []).append(
            _game_row(game, request.user, organiser, missions, game_clocks.get(game.pk))
        )
    participants = list(campaign.participants.select_related("user", "roster"))
    usernames = {p.pk: p.user.username for p in participants}
    invite = f"{reverse('campaign-list')}?{urlencode({'code': campaign.join_code})}"
    return render(
        request,
        "frontend/campaigns/detail.html",
        {
            "campaign": campaign,
            "organiser": organiser,
            "invite_url": request.build_absolute_uri(invite),
            "system": system_list().filter(slug=campaign.system).first(),
            "organiser_names": sorted(campaign.organisers.values_list("username", flat=True)),
            "pins": pin_rows(campaign, organiser=organiser),
            "pinnable": pinnable_catalogues(campaign, request.user) if organiser else [],
            "rules_choices": variant_choices(
                user=request.user, system=campaign.system, current=campaign.rules_variant
            )
            if organiser
            else [],
            "standings": [
                {**row, "username": usernames.get(row["participant"], "")}
                for row in campaign_standings(campaign=campaign)
            ],
            "rounds": list(by_round.items()),
            "refused": request.session.pop(REFUSED_RESULT, None),
            "participants": participants,
            "joined": any(p.user_id == request.user.pk for p in participants),
            "pairings": PairingMethod.choices,
            "missions": sorted(missions.items()),
            "winner_choices": WINNER_CHOICES,
            "max_kills": MAX_KILLS,
            "audit": [
                {"entry": entry, "action": entry.action.replace("_", " ")}
                for entry in list(audit_for_campaign(campaign=campaign))[-15:]
            ],
        },
    )


REFUSED_RESULT = "refused_result"
"""Session key: a refused result form (its prefix, field, message and entered values),
shown once at its field when the campaign page opens again."""


def keep_refused_result(request: HttpRequest, prefix: str, error: CampaignError) -> None:
    """Keep a refused result's message and entered values so the page shows them at the
    field (``winner`` when the scores contradict it)."""
    request.session[REFUSED_RESULT] = {
        "prefix": prefix,
        "field": error.field,
        "message": error.message,
        "values": {k: request.POST.get(k, "")[:20] for k in ("winner", "score_a", "score_b")},
    }


def back_to_campaign(
    request: HttpRequest, campaign_id: int, error: CampaignError | None, done: str
) -> HttpResponse:
    """Back to the campaign page with the error or what was done."""
    if error is not None:
        messages.error(request, error.message)
    else:
        messages.success(request, done)
    return redirect("campaign-detail", pk=campaign_id)


@login_required
@require_POST
def round_new(request: HttpRequest, pk: int) -> HttpResponse:
    """The organiser starts the next round (with an optional deadline); pairings are made
    at once."""
    campaign = page_campaign(request, pk)
    pairing = request.POST.get("pairing", PairingMethod.SWISS)
    manual = None
    try:
        deadline = parse_deadline(request.POST.get("deadline", ""))
        if pairing == PairingMethod.MANUAL:
            manual = parse_manual_pairs(request.POST.get("pairs", ""))
        round_ = rounds.round_create(
            campaign=campaign, user=request.user, pairing=pairing, manual=manual, deadline=deadline
        )
    except CampaignError as error:
        return back_to_campaign(request, pk, error, "")
    return back_to_campaign(request, pk, None, f"Round {round_.number} paired.")


@login_required
@require_POST
def game_play(request: HttpRequest, pk: int, game_id: int) -> HttpResponse:
    """A player or an organiser lets the engine play the game (the result follows)."""
    game = _game(request, pk, game_id)
    try:
        engine.game_play_with_engine(game=game, user=request.user)
    except CampaignError as error:
        return back_to_campaign(request, pk, error, "")
    return back_to_campaign(
        request, pk, None, "The engine is playing this game; the result follows."
    )


def _result(request: HttpRequest, game: Game) -> tuple[ResultForm, dict[str, Any] | None]:
    """The posted result form and, when it is valid, the services' result arguments; a
    CampaignError names the unit whose outcome is wrong."""
    form = ResultForm(request.POST)
    if not form.is_valid():
        return form, None
    return form, form.result(unit_outcomes(request.POST, game_units(game)))


@login_required
@require_POST
def game_report(request: HttpRequest, pk: int, game_id: int) -> HttpResponse:
    """A player reports the result of their game: winner, scores, objectives, units."""
    game = _game(request, pk, game_id)
    try:
        form, result = _result(request, game)
        if result is None:
            raise CampaignError("form", f"Result not reported — {form.problem()}", "result")
        results.game_report_result(game=game, user=request.user, **result)
    except CampaignError as error:
        keep_refused_result(request, f"report-{game.pk}", error)
        return back_to_campaign(request, pk, error, "")
    return back_to_campaign(request, pk, None, "Result reported; your opponent must confirm it.")


@login_required
@require_POST
def game_confirm(request: HttpRequest, pk: int, game_id: int) -> HttpResponse:
    """The opponent confirms the reported result."""
    game = _game(request, pk, game_id)
    try:
        results.game_confirm(game=game, user=request.user)
    except CampaignError as error:
        return back_to_campaign(request, pk, error, "")
    return back_to_campaign(request, pk, None, "Result confirmed.")


@login_required
@require_POST
def game_dispute(request: HttpRequest, pk: int, game_id: int) -> HttpResponse:
    """The opponent disputes the reported result; an organiser will decide."""
    game = _game(request, pk, game_id)
    reason = request.POST.get("reason", "").strip()[:500]
    try:
        results.game_dispute(game=game, user=request.user, reason=reason)
    except CampaignError as error:
        return back_to_campaign(request, pk, error, "")
    return back_to_campaign(request, pk, None, "Result disputed; an organiser will decide.")


@login_required
@require_POST
def game_decide(request: HttpRequest, pk: int, game_id: int) -> HttpResponse:
    """An organiser decides a dispute or corrects a result."""
    game = _game(request, pk, game_id)
    try:
        form, result = _result(request, game)
        if result is None:
            raise CampaignError("form", f"Decision not recorded — {form.problem()}", "result")
        results.game_decide(game=game, user=request.user, note=form.cleaned_data["note"], **result)
    except CampaignError as error:
        keep_refused_result(request, f"decide-{game.pk}", error)
        return back_to_campaign(request, pk, error, "")
    return back_to_campaign(request, pk, None, "Decision recorded.")


@login_required
@require_POST
def game_reverse(request: HttpRequest, pk: int, game_id: int) -> HttpResponse:
    """An organiser reverses a finished game (after ticking the confirmation): it no longer
    counts and its effects on units are removed."""
    game = _game(request, pk, game_id)
    if request.POST.get("confirm") != "yes":
        return back_to_campaign(
            request,
            pk,
            CampaignError(
                "form", "Game not reversed — tick “Yes, reverse this game” to confirm.", "confirm"
            ),
            "",
        )
    reason = request.POST.get("reason", "").strip()[:500]
    try:
        results.game_reverse(game=game, user=request.user, reason=reason)
    except CampaignError as error:
        return back_to_campaign(request, pk, error, "")
    return back_to_campaign(request, pk, None, "Game reversed: it no longer counts.")


@login_required
@require_POST
def game_mission(request: HttpRequest, pk: int, game_id: int) -> HttpResponse:
    """The organiser (or the player whose turn it is to choose) sets the game's mission from
    the system's missions."""
    game = _game(request, pk, game_id)
    mission = request.POST.get("mission", "")
    missions = dict(missions_of(game.campaign.system))
    if mission and mission not in missions:
        return back_to_campaign(
            request,
            pk,
            CampaignError("form", "Mission: choose one of the system's missions.", "mission"),
            "",
        )
    try:
        games.game_set_mission(game=game, user=request.user, mission=mission)
    except CampaignError as error:
        return back_to_campaign(request, pk, error, "")
    done = f"Mission set: {missions[mission]}." if mission else "Mission cleared."
    return back_to_campaign(request, pk, None, done)


@login_required
def participant_detail(request: HttpRequest, pk: int, participant_id: int) -> HttpResponse:
    """A participant's units with experience, injuries and history, and their resources."""
    campaign = page_campaign(request, pk)
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
            check = rosters.participant_roster_check(participant=participant)
        except CampaignError as error:
            check = {"error": error.message}
    units = participant_units(participant=participant)
    for unit in units:
        unit["shown"] = unit_display_name(unit)
    names = {u["unit"]: u["shown"] for u in units}
    pending = pending_rows(request, participant, names)
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
            "unchanged": bool(check)
            and "error" not in check
            and same_units(check["payload"], participant_campaign_payload(participant=participant)),
            "mine": mine,
            "may_choose": mine or is_organiser(campaign=campaign, user=request.user),
            "pending": pending,
            "sitting_out": [
                names.get(unit, unit)
                for unit, _ in participant_absent_fighters(participant=participant)
            ],
            **warband_context(request, participant, names),
        },
    )


def unit_display_name(unit: dict[str, Any]) -> str:
    """A unit as the participant page names it: the catalogue's name with the player's own
    name for it, e.g. “Line Squad — Second Platoon”."""
    shown = unit.get("unit_name") or ""
    custom = unit.get("custom_name") or ""
    if shown and custom and custom != shown:
        return f"{shown} — {custom}"
    return shown or custom or unit.get("name") or unit["unit"]


def same_units(proposed: dict[str, Any], accepted: dict[str, Any]) -> bool:
    """Whether an edited roster's units are those of the accepted campaign roster."""

    def units(payload: dict[str, Any]) -> list[dict[str, Any]]:
        return [
            {**unit, "id": str(unit.get("id") or f"u{index}")}
            for index, unit in enumerate(payload.get("units", []), start=1)
        ]

    return units(proposed) == units(accepted)


def page_participant(request: HttpRequest, pk: int, participant_id: int) -> Participant:
    """A participant of a campaign the user may see, else 404."""
    campaign = page_campaign(request, pk)
    participant = (
        Participant.objects.filter(campaign=campaign, pk=participant_id)
        .select_related("campaign", "roster", "user")
        .first()
    )
    if participant is None:
        raise Http404("No such participant")
    return participant
