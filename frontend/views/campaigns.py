"""Campaign pages: create, join by code with a roster, rounds and pairings, report / confirm
/ dispute a result, the organiser's decisions, standings, and each participant's units with
experience, injuries and history. Every change goes through ``campaigns.services``."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.views.decorators.http import require_POST

from armybuilder.errors import ArmyBuilderError
from armybuilder.selectors import roster_list, system_list
from campaigns import services
from campaigns.errors import CampaignError
from campaigns.house_rules import AUTO_RESOLVE, DEFAULTS, INJURY_TABLES
from campaigns.models import (
    FINAL_STATUSES,
    Campaign,
    CampaignFormat,
    Game,
    GameStatus,
    PairingMethod,
    Participant,
)
from campaigns.results import fighter_ids
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
    participant_pending_choices,
    participant_resources,
    participant_units,
)
from rules.engine.systems import get_system
from rules.engine.systems.base import EngineError


def missions_of(system: str) -> list[tuple[str, str]]:
    """The system's missions as ``(slug, name)``; empty when the engine does not know it."""
    try:
        game = get_system(system)
    except EngineError:
        return []
    return [(slug, mission.name) for slug, mission in sorted(game.missions.items())]


WINNER_CHOICES = [("a", "Player A won"), ("b", "Player B won"), ("draw", "Draw")]
MAX_KILLS = 200
"""Most enemies one unit may be reported to have taken out in a game (form limit)."""


def thresholds_text(levels: list[dict[str, Any]]) -> str:
    """Experience levels as the create form's lines: ``3 | Blooded | +1 Leadership``, with
    ``| choose: A, B`` when the level lets the player pick."""
    lines = []
    for level in levels:
        parts = [str(level["experience"]), level.get("rank", ""), level.get("benefit", "")]
        if level.get("choose_one_of"):
            parts.append("choose: " + ", ".join(level["choose_one_of"]))
        lines.append(" | ".join(parts))
    return "\n".join(lines)


def parse_thresholds(text: str) -> list[dict[str, Any]]:
    """The create form's experience lines as ``experience_thresholds`` levels; a
    ValidationError names the line at fault."""
    levels: list[dict[str, Any]] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        parts = [part.strip() for part in line.split("|")]
        if len(parts) < 2 or not parts[0].isdigit() or int(parts[0]) < 1 or not parts[1]:
            raise forms.ValidationError(
                f"Line {number}: experience (a whole number from 1), a rank name, then the "
                "benefit, separated by |, e.g. “3 | Blooded | +1 Leadership”."
            )
        choose = [p for p in parts[2:] if p.lower().startswith("choose:")]
        benefit = [p for p in parts[2:] if not p.lower().startswith("choose:")]
        level: dict[str, Any] = {
            "experience": int(parts[0]),
            "rank": parts[1],
            "benefit": " | ".join(benefit),
        }
        picks = [p.strip() for c in choose for p in c.split(":", 1)[1].split(",") if p.strip()]
        if picks:
            level["choose_one_of"] = picks
        if levels and level["experience"] <= levels[-1]["experience"]:
            raise forms.ValidationError(
                f"Line {number}: each level needs more experience than the one before."
            )
        levels.append(level)
    if not levels:
        raise forms.ValidationError("Give at least one level, e.g. “3 | Blooded | +1 Leadership”.")
    return levels


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
    experience_thresholds = forms.CharField(
        label="Experience ranks (one a line: experience | rank | benefit)",
        widget=forms.Textarea(attrs={"rows": 4}),
        required=False,
        initial=thresholds_text(DEFAULTS["experience_thresholds"]),
        help_text="Add “| choose: A, B” to let the player pick one benefit. Skirmish "
        "campaigns use the published advance table instead.",
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["system"].choices = [(s.slug, s.name) for s in system_list()]

    def clean_experience_thresholds(self) -> list[dict[str, Any]]:
        text = self.cleaned_data["experience_thresholds"]
        return parse_thresholds(text) if text.strip() else DEFAULTS["experience_thresholds"]

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
            "experience_thresholds": data["experience_thresholds"],
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
    """A result: who won (no default: the player must choose), both scores, the objectives
    each side held and a note (a report, or an organiser's decision)."""

    winner = forms.ChoiceField(
        label="Result",
        choices=WINNER_CHOICES,
        error_messages={"required": "choose who won, or a draw."},
    )
    score_a = forms.IntegerField(label="Score A", min_value=0, max_value=10_000)
    score_b = forms.IntegerField(label="Score B", min_value=0, max_value=10_000)
    objectives_a = forms.IntegerField(
        label="Objectives held by A", min_value=0, max_value=100, required=False
    )
    objectives_b = forms.IntegerField(
        label="Objectives held by B", min_value=0, max_value=100, required=False
    )
    note = forms.CharField(label="Note", max_length=200, required=False)

    def problem(self) -> str:
        """The form's errors in one line, each naming its field."""
        return "; ".join(
            f"{self.fields[name].label if name in self.fields else 'Result'}: {' '.join(errors)}"
            for name, errors in self.errors.items()
        )

    def result(self, units: list[dict[str, Any]]) -> dict[str, Any]:
        """The ``winner``, ``scores``, ``mission_outcome`` and ``units`` the services take."""
        data = self.cleaned_data
        held = {
            side: data[f"objectives_{side}"]
            for side in ("a", "b")
            if data[f"objectives_{side}"] is not None
        }
        return {
            "winner": None if data["winner"] == "draw" else data["winner"],
            "scores": {"a": data["score_a"], "b": data["score_b"]},
            "mission_outcome": {"objectives_held": held} if held else {},
            "units": units,
        }


def _unit_label(unit: dict[str, Any], taken: dict[str, int]) -> str:
    name = str(unit.get("name") or unit.get("unit") or unit["id"])
    taken[name] = taken.get(name, 0) + 1
    return name if taken[name] == 1 else f"{name} ({taken[name]})"


def game_units(game: Game) -> list[dict[str, Any]]:
    """Both sides' units as the result forms list them (the game's snapshots once taken,
    otherwise the campaign rosters as they stand for this game); empty if a roster cannot
    be read."""
    rows: list[dict[str, Any]] = []
    for side, participant in (("a", game.participant_a), ("b", game.participant_b)):
        if participant is None:
            continue
        snapshot = game.snapshot_a if side == "a" else game.snapshot_b
        if snapshot is None:
            try:
                snapshot = services.participant_snapshot(participant=participant, game=game)
            except (CampaignError, ArmyBuilderError):
                return []
        taken: dict[str, int] = {}
        for unit in snapshot.get("units", []):
            rows.append(
                {
                    "side": side,
                    "id": str(unit["id"]),
                    "size": int(unit.get("size", 1)),
                    "label": _unit_label(unit, taken),
                    "player": participant.name,
                    "key": f"{side}-{unit['id']}",
                }
            )
    return rows


def unit_outcomes(data: Any, units: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The per-unit outcomes ticked on a result form: destroyed / out of action (every
    fighter out of action) and enemies taken out. CampaignError names the unit at fault."""
    outcomes = []
    for unit in units:
        out = data.get(f"out-{unit['key']}") in ("on", "1", "true")
        raw = str(data.get(f"kills-{unit['key']}") or "").strip()
        kills = 0
        if raw:
            if not raw.isdigit() or int(raw) > MAX_KILLS:
                raise CampaignError(
                    "form",
                    f"Enemies taken out by {unit['label']} ({unit['player']}): a whole number "
                    f"from 0 to {MAX_KILLS}.",
                    "units",
                )
            kills = int(raw)
        if not out and not kills:
            continue
        fighters = [{"id": fid, "out_of_action": out} for fid in fighter_ids(unit)]
        fighters[0]["enemies_taken_out"] = [f"enemy-{n}" for n in range(1, kills + 1)]
        entry: dict[str, Any] = {
            "id": unit["id"],
            "side": unit["side"],
            "kills": kills,
            "fighters": fighters,
        }
        if out:
            entry["status"] = "destroyed"
            entry["models_lost"] = unit["size"]
        outcomes.append(entry)
    return outcomes


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


def _game_row(game: Game, user: Any, organiser: bool, missions: dict[str, str]) -> dict[str, Any]:
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
    scheduled = game.status == GameStatus.SCHEDULED and not game.is_bye
    row = {
        "game": game,
        "mine": mine,
        "mission_name": missions.get(game.mission, game.mission),
        "can_report": bool(mine) and scheduled,
        "can_clock": bool(mine) and scheduled,
        "can_answer": bool(mine) and game.status == GameStatus.REPORTED and not reporter,
        "waiting": bool(mine) and game.status == GameStatus.REPORTED and reporter,
        "can_play": (bool(mine) or organiser) and scheduled and game.battle_id is None,
        "can_choose_mission": scheduled
        and bool(missions)
        and (organiser or (game.chooser is not None and game.chooser.user_id == user.pk)),
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
        "can_reverse": organiser and not game.is_bye and game.status in FINAL_STATUSES,
    }
    row["units"] = game_units(game) if row["can_report"] or row["can_decide"] else []
    return row


@login_required
def campaign_detail(request: HttpRequest, pk: int) -> HttpResponse:
    """Standings, rounds with their pairings and games, participants, organiser tools."""
    campaign = _campaign(request, pk)
    organiser = is_organiser(campaign=campaign, user=request.user)
    missions = dict(missions_of(campaign.system))
    rounds: dict[str, list[dict[str, Any]]] = {}
    for game in games_for_campaign(campaign=campaign).select_related(
        "chooser", "round", "participant_a__user", "participant_b__user"
    ):
        label = f"Round {game.round.number}" if game.round else "Other games"
        rounds.setdefault(label, []).append(_game_row(game, request.user, organiser, missions))
    participants = list(campaign.participants.select_related("user", "roster"))
    usernames = {p.pk: p.user.username for p in participants}
    return render(
        request,
        "frontend/campaigns/detail.html",
        {
            "campaign": campaign,
            "organiser": organiser,
            "standings": [
                {**row, "username": usernames.get(row["participant"], "")}
                for row in campaign_standings(campaign=campaign)
            ],
            "rounds": list(rounds.items()),
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


def _after(
    request: HttpRequest, campaign_id: int, error: CampaignError | None, done: str
) -> HttpResponse:
    if error is not None:
        messages.error(request, error.message)
    else:
        messages.success(request, done)
    return redirect("campaign-detail", pk=campaign_id)


def parse_deadline(text: str) -> datetime | None:
    """The round-deadline field (``YYYY-MM-DDTHH:MM``, the site's time zone) as an aware
    datetime in the future; blank means no deadline."""
    text = text.strip()
    if not text:
        return None
    try:
        moment = datetime.fromisoformat(text)
    except ValueError as error:
        raise CampaignError(
            "round.deadline",
            "Round deadline: give a date and time, e.g. 2025-06-01 18:00.",
            "deadline",
        ) from error
    if timezone.is_naive(moment):
        moment = timezone.make_aware(moment, timezone.get_current_timezone())
    if moment <= timezone.now():
        raise CampaignError(
            "round.deadline", "Round deadline: choose a moment in the future.", "deadline"
        )
    return moment


@login_required
@require_POST
def round_new(request: HttpRequest, pk: int) -> HttpResponse:
    """The organiser starts the next round (with an optional deadline); pairings are made
    at once."""
    campaign = _campaign(request, pk)
    pairing = request.POST.get("pairing", PairingMethod.SWISS)
    manual = None
    try:
        deadline = parse_deadline(request.POST.get("deadline", ""))
        if pairing == PairingMethod.MANUAL:
            manual = _manual_pairs(request.POST.get("pairs", ""))
        round_ = services.round_create(
            campaign=campaign, user=request.user, pairing=pairing, manual=manual, deadline=deadline
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
        services.game_report_result(game=game, user=request.user, **result)
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
    try:
        form, result = _result(request, game)
        if result is None:
            raise CampaignError("form", f"Decision not recorded — {form.problem()}", "result")
        services.game_decide(game=game, user=request.user, note=form.cleaned_data["note"], **result)
    except CampaignError as error:
        return _after(request, pk, error, "")
    return _after(request, pk, None, "Decision recorded.")


@login_required
@require_POST
def game_reverse(request: HttpRequest, pk: int, game_id: int) -> HttpResponse:
    """An organiser reverses a finished game (after ticking the confirmation): it no longer
    counts and its effects on units are removed."""
    game = _game(request, pk, game_id)
    if request.POST.get("confirm") != "yes":
        return _after(
            request,
            pk,
            CampaignError(
                "form", "Game not reversed — tick “Yes, reverse this game” to confirm.", "confirm"
            ),
            "",
        )
    reason = request.POST.get("reason", "").strip()[:500]
    try:
        services.game_reverse(game=game, user=request.user, reason=reason)
    except CampaignError as error:
        return _after(request, pk, error, "")
    return _after(request, pk, None, "Game reversed: it no longer counts.")


@login_required
@require_POST
def game_mission(request: HttpRequest, pk: int, game_id: int) -> HttpResponse:
    """The organiser (or the player whose turn it is to choose) sets the game's mission from
    the system's missions."""
    game = _game(request, pk, game_id)
    mission = request.POST.get("mission", "")
    missions = dict(missions_of(game.campaign.system))
    if mission and mission not in missions:
        return _after(
            request,
            pk,
            CampaignError("form", "Mission: choose one of the system's missions.", "mission"),
            "",
        )
    try:
        services.game_set_mission(game=game, user=request.user, mission=mission)
    except CampaignError as error:
        return _after(request, pk, error, "")
    done = f"Mission set: {missions[mission]}." if mission else "Mission cleared."
    return _after(request, pk, None, done)


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
    for unit in units:
        unit["shown"] = unit_display_name(unit)
    names = {u["unit"]: u["shown"] for u in units}
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
