"""Use cases of the campaigns app: campaigns, joining, rounds and pairings, results,
post-battle effects, reversal and the unattended auto-resolve.

Every state change of a game happens with the game row locked (``select_for_update``) and
is written to the audit log. Post-battle effects are applied once per (game, participant,
generation) — a unique constraint backs the lock — and reversing a game marks its runs
reversed and recomputes the later games of the same participants.
"""

from __future__ import annotations

import copy
import secrets
from datetime import datetime, timedelta
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Max, Q
from django.utils import timezone

from campaigns.advances import advance_options, choice_data, leave_out
from campaigns.errors import CampaignConflict, CampaignError, CampaignForbidden
from campaigns.house_rules import SettingsError, check_settings, effective_settings
from campaigns.models import (
    FINAL_STATUSES,
    AuditEntry,
    Campaign,
    CampaignFormat,
    CampaignStatus,
    Game,
    GameStatus,
    LedgerEntry,
    PairingMethod,
    Participant,
    ParticipantStatus,
    PostBattleRun,
    RosterVersion,
    Round,
)
from campaigns.pairings import Pairing, SwissPlayer, round_robin_round, swiss_pairings
from campaigns.results import apply_campaign_state, manual_report
from campaigns.rules_packs import apply_pack
from campaigns.selectors import (
    campaign_standings,
    is_organiser,
    participant_absent_fighters,
    participant_budget,
    participant_campaign_payload,
    participant_roster_version,
    participant_unit_states,
    roster_price,
)

JOIN_CODE_BYTES = 6
MAX_SEED = 2**31
OPEN_STATUSES: tuple[str, ...] = (GameStatus.SCHEDULED, GameStatus.REPORTED, GameStatus.DISPUTED)


def _seed() -> int:
    return secrets.randbelow(MAX_SEED)


def audit(
    *,
    campaign: Campaign,
    actor: Any,
    action: str,
    game: Game | None = None,
    data: dict[str, Any] | None = None,
) -> AuditEntry:
    """Append one line to the campaign's audit log."""
    actor = actor if getattr(actor, "is_authenticated", False) else None
    return AuditEntry.objects.create(
        campaign=campaign, game=game, actor=actor, action=action, data=data or {}
    )


def _audit_game(game: Game, actor: Any, action: str, data: dict[str, Any]) -> AuditEntry:
    """Append one line about ``game`` to its campaign's audit log."""
    return audit(campaign=game.campaign, actor=actor, action=action, game=game, data=data)


def _require_organiser(campaign: Campaign, user: Any) -> None:
    if not is_organiser(campaign=campaign, user=user):
        raise CampaignForbidden("campaign.not_organiser", "Only an organiser may do this.")


# Campaigns and participants -------------------------------------------------------------


MAX_POINTS = 100_000


def check_points(**values: Any) -> None:
    """``points_limit`` (1–100,000) and ``points_step`` (0–100,000) are whole numbers in
    range; CampaignError naming the field otherwise (never a database error)."""
    for field, low in (("points_limit", 1), ("points_step", 0)):
        if field not in values:
            continue
        value = values[field]
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= MAX_POINTS:
            raise CampaignError(
                "campaign.points",
                f"{field} must be a whole number from {low} to {MAX_POINTS}.",
                field,
            )


def campaign_create(
    *,
    user: Any,
    system: str,
    name: str,
    points_limit: int,
    format: str = CampaignFormat.LEAGUE,
    points_step: int = 0,
    settings: dict[str, Any] | None = None,
    description: str = "",
    seed: int | None = None,
) -> Campaign:
    """A draft campaign organised by ``user`` with a fresh join code."""
    from rules.engine.systems import get_system
    from rules.engine.systems.base import EngineError

    try:
        get_system(system)
    except EngineError as exc:
        raise CampaignError(exc.code, exc.message, "system") from exc
    if format not in CampaignFormat.values:
        raise CampaignError(
            "campaign.format", f"Format must be one of {CampaignFormat.values}.", "format"
        )
    check_points(points_limit=points_limit, points_step=points_step)
    try:
        stored = check_settings(settings or {})
    except SettingsError as exc:
        raise CampaignError(exc.code, exc.message, exc.path) from exc
    campaign = Campaign.objects.create(
        system=system,
        name=name,
        description=description,
        format=format,
        points_limit=points_limit,
        points_step=points_step,
        settings=stored,
        join_code=secrets.token_hex(JOIN_CODE_BYTES),
        seed=_seed() if seed is None else seed,
        created_by=user,
    )
    campaign.organisers.add(user)
    audit(
        campaign=campaign,
        actor=user,
        action="campaign_created",
        data={"system": system, "format": format, "settings": stored},
    )
    return campaign


def campaign_update(*, campaign: Campaign, user: Any, **changes: Any) -> Campaign:
    """Organiser edits: name, description, status, points, settings (house rules)."""
    _require_organiser(campaign, user)
    allowed = {"name", "description", "status", "points_limit", "points_step", "settings"}
    unknown = sorted(set(changes) - allowed)
    if unknown:
        raise CampaignError("campaign.field", f"Cannot change {unknown[0]}.", unknown[0])
    if "settings" in changes:
        try:
            check_settings(changes["settings"])
        except SettingsError as exc:
            raise CampaignError(exc.code, exc.message, exc.path) from exc
    if "status" in changes and changes["status"] not in CampaignStatus.values:
        raise CampaignError("campaign.status", "Unknown status.", "status")
    check_points(**{k: v for k, v in changes.items() if k in ("points_limit", "points_step")})
    for key, value in changes.items():
        setattr(campaign, key, value)
    campaign.save()
    audit(campaign=campaign, actor=user, action="campaign_updated", data=changes)
    return campaign


def campaign_add_organiser(*, campaign: Campaign, user: Any, organiser: Any) -> None:
    """Make another user an organiser too."""
    _require_organiser(campaign, user)
    campaign.organisers.add(organiser)
    audit(campaign=campaign, actor=user, action="organiser_added", data={"user": organiser.pk})


def check_joining_roster(*, campaign: Campaign, priced: Any) -> None:
    """A roster joins only when the army builder finds it legal with the campaign's current
    points limit as its limit (``priced`` was validated that way)."""
    if priced.errors:
        first = priced.errors[0]
        more = f" (and {len(priced.errors) - 1} more)" if len(priced.errors) > 1 else ""
        raise CampaignError(
            "roster.illegal", f"The roster is not legal here: {first.message}{more}", "roster"
        )


def campaign_limit_now(campaign: Campaign) -> int:
    """The points limit of the campaign's latest round (the first round before any)."""
    latest = campaign.rounds.order_by("-number").values_list("number", flat=True).first()
    return campaign.points_limit_for_round(latest or 1)


def campaign_join(*, user: Any, join_code: str, roster: Any) -> Participant:
    """Join with one of your rosters of the campaign's system."""
    campaign = Campaign.objects.filter(join_code=join_code).first()
    if campaign is None:
        raise CampaignError("campaign.join_code", "No campaign has this join code.", "join_code")
    if campaign.status == CampaignStatus.FINISHED:
        raise CampaignConflict("campaign.finished", "This campaign is finished.")
    if roster.owner_id != user.pk:
        raise CampaignError("roster.not_found", "No such roster.", "roster")
    if roster.system.slug != campaign.system:
        raise CampaignError(
            "roster.system_mismatch", f"The roster must be a {campaign.system} roster.", "roster"
        )
    if Participant.objects.filter(campaign=campaign, user=user).exists():
        raise CampaignConflict("campaign.already_joined", "You already play in this campaign.")
    try:
        with transaction.atomic():
            participant = Participant.objects.create(
                campaign=campaign, user=user, roster=roster, name=roster.name or user.get_username()
            )
            payload = copy.deepcopy(roster.payload)
            priced = roster_price(
                participant=participant,
                payload={**payload, "points_limit": campaign_limit_now(campaign)},
            )
            check_joining_roster(campaign=campaign, priced=priced)
            cost = priced.points
            RosterVersion.objects.create(
                participant=participant,
                number=1,
                payload=payload,
                cost=cost,
                spent=cost,
                created_by=user,
            )
    except IntegrityError as exc:
        raise CampaignConflict("campaign.already_joined", "Already joined.") from exc
    audit(
        campaign=campaign,
        actor=user,
        action="participant_joined",
        data={"participant": participant.pk, "roster": roster.pk},
    )
    return participant


def participant_withdraw(*, participant: Participant, user: Any) -> Participant:
    """The player (or an organiser) withdraws them: no more pairings, results kept."""
    if participant.user_id != user.pk:
        _require_organiser(participant.campaign, user)
    participant.status = ParticipantStatus.WITHDRAWN
    participant.save(update_fields=["status"])
    audit(
        campaign=participant.campaign,
        actor=user,
        action="participant_withdrawn",
        data={"participant": participant.pk},
    )
    return participant


def roster_engine_data(roster: Any, payload: dict[str, Any] | None = None) -> dict[str, Any]:
    """The roster (or another payload priced with its catalogues) as engine RosterData
    (the army builder's one mapper)."""
    from armybuilder.services import roster_to_engine

    if payload is not None:
        roster = copy.copy(roster)
        roster.payload = payload
    return roster_to_engine(roster=roster)


def participant_snapshot(
    *, participant: Participant, before: Game | None = None, game: Game | None = None
) -> dict:
    """The roster as it stands in the campaign now: the accepted campaign roster with the
    ledger's deaths, injuries, advances and experience applied; for ``game``, fighters an
    injury keeps out of it are left out (``campaign.left_out``)."""
    states = participant_unit_states(participant=participant, before=before)
    payload = participant_campaign_payload(participant=participant)
    data = apply_campaign_state(roster_engine_data(participant.roster, payload), states)
    if game is not None:
        data = leave_out(data, participant_absent_fighters(participant=participant, game=game))
    return data


def _living_payload(payload: dict[str, Any], states: dict[str, dict[str, Any]]) -> dict:
    """The payload without dead units, groups shrunk by their dead fighters."""
    living = copy.deepcopy(payload)
    units = []
    for unit in living.get("units", []):
        state = states.get(str(unit.get("id")))
        if state is None:
            units.append(unit)
            continue
        size = int(unit.get("size", 1)) - len(state["dead_fighters"])
        if state["dead"] or size <= 0:
            continue
        unit["size"] = size
        units.append(unit)
    living["units"] = units
    return living


def participant_roster_check(
    *, participant: Participant, payload: dict[str, Any] | None = None
) -> dict[str, Any]:
    """Would the campaign accept ``payload`` (default: the participant's army-builder roster
    as edited now) as their campaign roster? Buying = the points each entry costs more than
    in the accepted roster (new entries in full; nothing comes back for what is dropped);
    the army builder's validator then checks the living roster with the campaign budget
    (starting + earned − spent) as its points limit."""
    roster = participant.roster
    proposed = copy.deepcopy(payload if payload is not None else roster.payload)
    for index, unit in enumerate(proposed.get("units", []), start=1):
        unit.setdefault("id", f"u{index}")
    previous = participant_campaign_payload(participant=participant)
    if proposed.get("faction") != previous.get("faction"):
        raise CampaignError(
            "roster.faction", "The campaign roster must keep its faction.", "faction"
        )
    states = participant_unit_states(participant=participant)
    before = {str(u.get("id")): u for u in previous.get("units", [])}
    for index, unit in enumerate(proposed.get("units", [])):
        state = states.get(str(unit["id"]))
        if state and state["dead"] and unit != before.get(str(unit["id"])):
            raise CampaignError(
                "roster.unit_dead",
                f"{unit.get('name') or unit['id']} is dead; add a new entry instead.",
                f"units[{index}]",
            )
    new_points = roster_price(participant=participant, payload=proposed).unit_points
    old_points = roster_price(participant=participant, payload=previous).unit_points
    buying = sum(
        max(0, points - old_points.get(key, 0)) for key, points in sorted(new_points.items())
    )
    budget = participant_budget(participant=participant)
    living = _living_payload(proposed, states)
    living_cost = sum(roster_price(participant=participant, payload=living).unit_points.values())
    living["points_limit"] = max(1, living_cost + budget["available"] - buying)
    result = roster_price(participant=participant, payload=living)
    validation = result.as_dict()
    left = budget["available"] - buying
    over = [
        v for v in validation["violations"] if v["path"] == "points" and v["severity"] == "error"
    ]
    if left < 0 and not over:
        # a system without a points-limit rule still may not spend what it has not earned
        validation["violations"].append(
            {
                "severity": "error",
                "code": "campaign.over_budget",
                "message": f"Buying costs {buying}; the campaign budget has {budget['available']}.",
                "path": "points",
            }
        )
        validation["valid"] = False
        validation["errors"] += 1
    return {
        "budget": budget,
        "buying": buying,
        "left": left,
        "cost": sum(new_points.values()),
        "living_points": result.points,
        "points_limit": result.points_limit,
        "validation": validation,
        "payload": proposed,
    }


def participant_roster_update(
    *, participant: Participant, actor: Any, payload: dict[str, Any] | None = None
) -> RosterVersion:
    """Accept the edited roster as the new campaign roster when the campaign budget covers
    what it buys and it breaks no rule; else CampaignError naming each field at fault."""
    if participant.user_id != actor.pk:
        raise CampaignForbidden(
            "participant.not_owner", "Only the player edits their campaign roster."
        )
    if participant.campaign.status == CampaignStatus.FINISHED:
        raise CampaignConflict("campaign.finished", "This campaign is finished.")
    with transaction.atomic():
        Participant.objects.select_for_update().get(pk=participant.pk)
        check = participant_roster_check(participant=participant, payload=payload)
        errors = [v for v in check["validation"]["violations"] if v["severity"] == "error"]
        if errors:
            fields: dict[str, list[str]] = {}
            for violation in errors:
                fields.setdefault(violation["path"] or "roster", []).append(violation["message"])
            raise CampaignError(
                errors[0]["code"], errors[0]["message"], errors[0]["path"], fields=fields
            )
        latest = participant_roster_version(participant=participant)
        version = RosterVersion.objects.create(
            participant=participant,
            number=(latest.number + 1) if latest else 1,
            payload=check["payload"],
            cost=check["cost"],
            spent=check["buying"],
            created_by=actor,
        )
        audit(
            campaign=participant.campaign,
            actor=actor,
            action="roster_updated",
            data={
                "participant": participant.pk,
                "version": version.number,
                "spent": check["buying"],
                "left": check["left"],
                "cost": check["cost"],
            },
        )
    return version


def advance_choose(
    *, participant: Participant, entry: LedgerEntry | int, choice: str, actor: Any
) -> LedgerEntry:
    """The player (or an organiser) picks what an advance or rank gives — "WS or BS", a new
    skill, a rank benefit — from the allowed picks; the pick is a ``choice`` line of the same
    post-battle run, so reversing the game removes it."""
    if participant.user_id != actor.pk:
        _require_organiser(participant.campaign, actor)
    entry_id = entry.pk if isinstance(entry, LedgerEntry) else int(entry)
    with transaction.atomic():
        line = (
            LedgerEntry.objects.select_for_update(of=("self",))
            .select_related("run", "campaign")
            .filter(pk=entry_id, participant=participant)
            .first()
        )
        if line is None or line.kind not in ("advance", "rank"):
            raise CampaignError("advance.not_found", "No such advance.", "entry")
        if line.run.reversed_at is not None:
            raise CampaignConflict("advance.reversed", "That game no longer counts.", "entry")
        settings = effective_settings(line.campaign.settings)
        options = advance_options(line.kind, line.data, settings)
        if not options:
            raise CampaignError("advance.no_choice", "This advance has nothing to choose.", "entry")
        if LedgerEntry.objects.filter(
            run=line.run, kind="choice", data__advance_entry=line.pk
        ).exists():
            raise CampaignConflict("advance.already_chosen", "Already chosen.", "entry")
        if choice not in options:
            raise CampaignError("advance.choice", f"Choose one of: {', '.join(options)}.", "choice")
        chosen = _record_choice(line.run, line, choice)
        audit(
            campaign=line.campaign,
            actor=actor,
            action="advance_chosen",
            game=line.game,
            data={
                "participant": participant.pk,
                "entry": line.pk,
                "unit": line.unit_key,
                "choice": choice,
                "result": line.data.get("result") or line.data.get("rank", ""),
            },
        )
    return chosen


# Rounds and pairings -------------------------------------------------------------------


def round_create(
    *,
    campaign: Campaign,
    user: Any,
    pairing: str = PairingMethod.SWISS,
    deadline: datetime | None = None,
    seed: int | None = None,
    manual: list[tuple[int, int | None]] | None = None,
) -> Round:
    """The next round, paired at once (Swiss, round robin or the organiser's list)."""
    _require_organiser(campaign, user)
    if pairing not in PairingMethod.values:
        raise CampaignError(
            "round.pairing", f"Pairing must be one of {PairingMethod.values}.", "pairing"
        )
    with transaction.atomic():
        locked = Campaign.objects.select_for_update().get(pk=campaign.pk)
        if locked.status == CampaignStatus.FINISHED:
            raise CampaignConflict("campaign.finished", "This campaign is finished.")
        number = (locked.rounds.aggregate(n=Max("number"))["n"] or 0) + 1
        round_ = Round.objects.create(
            campaign=locked,
            number=number,
            pairing=pairing,
            seed=(locked.seed + number) % MAX_SEED if seed is None else seed,
            deadline=deadline,
            points_limit=locked.points_limit_for_round(number),
        )
        if locked.status == CampaignStatus.DRAFT:
            locked.status = CampaignStatus.RUNNING
            locked.save(update_fields=["status"])
        audit(
            campaign=locked,
            actor=user,
            action="round_created",
            data={
                "round": number,
                "pairing": pairing,
                "seed": round_.seed,
                "deadline": deadline.isoformat() if deadline else None,
            },
        )
        round_create_pairings(round_=round_, user=user, manual=manual)
    return round_


def swiss_players(*, campaign: Campaign) -> list[SwissPlayer]:
    """Active participants with score, standing, opponents met and byes (three queries)."""
    table = campaign_standings(campaign=campaign)
    met: dict[int, set[int]] = {}
    byes: set[int] = set()
    games = Game.objects.filter(campaign=campaign).exclude(status=GameStatus.REVERSED)
    for a, b in games.values_list("participant_a_id", "participant_b_id"):
        if b is None:
            byes.add(a)
            continue
        met.setdefault(a, set()).add(b)
        met.setdefault(b, set()).add(a)
    return [
        SwissPlayer(
            row["participant"],
            row["match_points"],
            row["rank"],
            frozenset(met.get(row["participant"], ())),
            row["participant"] in byes,
        )
        for row in table
        if row["status"] == ParticipantStatus.ACTIVE
    ]


def round_create_pairings(
    *, round_: Round, user: Any, manual: list[tuple[int, int | None]] | None = None
) -> list[Game]:
    """The round's games from its pairing method; a bye is a game without side b, scored
    as a win at once."""
    campaign = round_.campaign
    if round_.games.exists():
        raise CampaignConflict("round.already_paired", "This round is already paired.")
    if round_.pairing == PairingMethod.SWISS:
        pairs = swiss_pairings(swiss_players(campaign=campaign), seed=round_.seed)
    elif round_.pairing == PairingMethod.ROUND_ROBIN:
        everyone = list(campaign.participants.order_by("id").values_list("id", "status"))
        withdrawn = {pid for pid, status in everyone if status != ParticipantStatus.ACTIVE}
        pairs = []
        for p in round_robin_round([pid for pid, _ in everyone], round_.number, seed=campaign.seed):
            players = [pid for pid in (p.a, p.b) if pid is not None and pid not in withdrawn]
            if players:
                pairs.append(Pairing(players[0], players[1] if len(players) > 1 else None))
    else:
        pairs = [Pairing(a, b) for a, b in (manual or [])]
    known = set(campaign.participants.values_list("id", flat=True))
    seen: set[int] = set()
    for p in pairs:
        for pid in (p.a, p.b):
            if pid is None:
                continue
            if pid not in known or pid in seen:
                raise CampaignError(
                    "round.pairing_invalid",
                    f"Participant {pid} is unknown or paired twice.",
                    "pairings",
                )
            seen.add(pid)
    now = timezone.now()
    games = []
    for table, p in enumerate(pairs, start=1):
        bye = p.b is None
        games.append(
            Game(
                campaign=campaign,
                round=round_,
                table=table,
                participant_a_id=p.a,
                participant_b_id=p.b,
                status=GameStatus.CONFIRMED if bye else GameStatus.SCHEDULED,
                winner="a" if bye else "",
                resolved_at=now if bye else None,
                post_battle_seed=(round_.seed * 1000 + table) % MAX_SEED,
            )
        )
    Game.objects.bulk_create(games)
    audit(
        campaign=campaign,
        actor=user,
        action="round_paired",
        data={"round": round_.number, "pairs": [[p.a, p.b] for p in pairs]},
    )
    return list(round_.games.order_by("table"))


def game_create(
    *,
    campaign: Campaign,
    user: Any,
    participant_a: Participant,
    participant_b: Participant,
    mission: str = "",
    round_: Round | None = None,
    follows: list[Game] | None = None,
) -> Game:
    """A single game outside the pairings (narrative chains): it may follow earlier games,
    whose winner then chooses the mission or attacks (setting ``winner_of_link``)."""
    _require_organiser(campaign, user)
    if participant_a.pk == participant_b.pk:
        raise CampaignError("game.same_participant", "A game needs two participants.")
    for p in (participant_a, participant_b):
        if p.campaign_id != campaign.pk:
            raise CampaignError("game.participant", "Both players must be in the campaign.")
    game = Game.objects.create(
        campaign=campaign,
        round=round_,
        participant_a=participant_a,
        participant_b=participant_b,
        mission=mission,
        post_battle_seed=_seed(),
    )
    links = list(follows or [])
    if links:
        game.follows.set(links)
        _apply_links_to(game)
    audit(
        campaign=campaign,
        actor=user,
        action="game_created",
        game=game,
        data={
            "participants": [participant_a.pk, participant_b.pk],
            "mission": mission,
            "follows": [g.pk for g in links],
        },
    )
    return game


def _winner_participant(game: Game) -> int | None:
    if game.winner == "a":
        return game.participant_a_id
    if game.winner == "b":
        return game.participant_b_id
    return None


def _apply_links_to(game: Game) -> None:
    """Set chooser/attacker of ``game`` from the winner of the latest finished game it
    follows (a narrative chain)."""
    settings = effective_settings(game.campaign.settings)
    done = game.follows.filter(status__in=FINAL_STATUSES).order_by("-resolved_at", "-id")
    previous = done.first()
    winner = _winner_participant(previous) if previous else None
    if winner not in game.participant_ids():
        winner = None
    if "chooser" in settings["winner_of_link"]:
        game.chooser_id = winner
    if "attacker" in settings["winner_of_link"]:
        game.attacker_id = winner
    game.save(update_fields=["chooser", "attacker"])


def _update_followers(game: Game) -> None:
    for follower in game.followed_by.filter(status=GameStatus.SCHEDULED):
        _apply_links_to(follower)


def game_set_mission(*, game: Game, user: Any, mission: str) -> Game:
    """The chooser (winner of the previous linked game) or an organiser picks the mission."""
    chooser = game.chooser.user_id if game.chooser_id else None
    if user.pk != chooser:
        _require_organiser(game.campaign, user)
    if game.status != GameStatus.SCHEDULED:
        raise CampaignConflict("game.not_scheduled", "The game has already been played.")
    game.mission = mission
    game.save(update_fields=["mission"])
    _audit_game(game, user, "mission_chosen", {"mission": mission})
    return game


# Results -------------------------------------------------------------------------------


def _locked_game(game: Game) -> Game:
    return (
        Game.objects.select_for_update(of=("self",))
        .select_related("campaign", "participant_a__roster", "participant_b__roster")
        .get(pk=game.pk)
    )


def _player_side(game: Game, user: Any) -> str | None:
    if game.participant_a.user_id == user.pk:
        return "a"
    if game.participant_b_id and game.participant_b.user_id == user.pk:
        return "b"
    return None


def _take_snapshots(game: Game) -> None:
    if game.snapshot_a is None:
        game.snapshot_a = participant_snapshot(participant=game.participant_a, game=game)
    if game.snapshot_b is None and game.participant_b_id:
        game.snapshot_b = participant_snapshot(participant=game.participant_b, game=game)


def _set_result(
    game: Game,
    *,
    winner: str | None,
    scores: dict[str, int],
    units: list[dict[str, Any]],
    mission_outcome: dict[str, Any],
) -> None:
    _take_snapshots(game)
    game.report = manual_report(
        system=game.campaign.system,
        mission=game.mission,
        snapshots={"a": game.snapshot_a, "b": game.snapshot_b},
        winner=winner,
        scores=scores,
        units=units,
        mission_outcome=mission_outcome,
    )
    game.winner = winner or ""
    game.score_a = int(scores.get("a", 0))
    game.score_b = int(scores.get("b", 0))
    game.mission_outcome = mission_outcome


def game_report_result(
    *,
    game: Game,
    user: Any,
    winner: str | None,
    scores: dict[str, int],
    units: list[dict[str, Any]] | None = None,
    mission_outcome: dict[str, Any] | None = None,
) -> Game:
    """Either player reports (winner or draw, scores, mission outcome, per-unit and
    per-fighter outcomes); the opponent then confirms or disputes."""
    with transaction.atomic():
        game = _locked_game(game)
        if game.is_bye:
            raise CampaignConflict("game.bye", "A bye has no result to report.")
        if _player_side(game, user) is None:
            raise CampaignForbidden("game.not_player", "Only the two players may report.")
        if game.status != GameStatus.SCHEDULED:
            raise CampaignConflict("game.not_scheduled", "A result is already in.")
        _set_result(
            game,
            winner=winner,
            scores=scores,
            units=units or [],
            mission_outcome=mission_outcome or {},
        )
        game.status = GameStatus.REPORTED
        game.reported_by = user
        game.reported_at = timezone.now()
        game.save()
        _audit_game(game, user, "result_reported", _result_data(game, units or []))
    return game


def _result_data(game: Game, units: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "winner": game.winner or None,
        "scores": {"a": game.score_a, "b": game.score_b},
        "mission_outcome": game.mission_outcome,
        "units": units,
    }


def _require_reporters_opponent(
    game: Game, user: Any, *, not_player: str, not_reported: str, own_report: str
) -> None:
    """Only the opponent of whoever reported a result may answer it (each message names
    the refusal the caller's action gets)."""
    if _player_side(game, user) is None:
        raise CampaignForbidden("game.not_player", not_player)
    if game.status != GameStatus.REPORTED:
        raise CampaignConflict("game.not_reported", not_reported)
    if game.reported_by_id == user.pk:
        raise CampaignForbidden("game.own_report", own_report)


def game_confirm(*, game: Game, user: Any) -> Game:
    """The opponent of the reporter confirms: the result counts and post-battle applies."""
    with transaction.atomic():
        game = _locked_game(game)
        _require_reporters_opponent(
            game,
            user,
            not_player="Only the two players may confirm.",
            not_reported="There is no reported result to confirm.",
            own_report="Your opponent must confirm your report.",
        )
        game.confirmed_by = user
        _finalise(game, GameStatus.CONFIRMED, user, "result_confirmed")
    return game


def game_dispute(*, game: Game, user: Any, reason: str) -> Game:
    """The opponent disputes a reported result; an organiser decides."""
    with transaction.atomic():
        game = _locked_game(game)
        _require_reporters_opponent(
            game,
            user,
            not_player="Only the two players may dispute.",
            not_reported="There is no reported result.",
            own_report="You cannot dispute your own report.",
        )
        game.status = GameStatus.DISPUTED
        game.dispute_reason = reason
        game.save(update_fields=["status", "dispute_reason"])
        _audit_game(game, user, "result_disputed", {"reason": reason})
    return game


def game_decide(
    *,
    game: Game,
    user: Any,
    winner: str | None,
    scores: dict[str, int],
    units: list[dict[str, Any]] | None = None,
    mission_outcome: dict[str, Any] | None = None,
    note: str = "",
) -> Game:
    """An organiser decides a dispute, enters a result, or corrects a finished one (its
    effects are reversed, the new result applied and later games recomputed)."""
    _require_organiser(game.campaign, user)
    with transaction.atomic():
        game = _locked_game(game)
        if game.is_bye:
            raise CampaignConflict("game.bye", "A bye has no result to decide.")
        correcting = game.status in FINAL_STATUSES
        previous = _result_data(game, [])
        if correcting:
            _void_runs(game, game.participant_ids(), f"corrected by organiser: {note}"[:200])
        _set_result(
            game,
            winner=winner,
            scores=scores,
            units=units or [],
            mission_outcome=mission_outcome or {},
        )
        game.confirmed_by = user
        data = {
            **_result_data(game, units or []),
            "note": note,
            "previous": previous,
            "was": game.status,
        }
        _finalise(game, GameStatus.CONFIRMED, user, "result_decided", data=data)
        if correcting:
            _recompute_after(game, user)
    return game


def _finalise(
    game: Game, status: str, actor: Any, action: str, data: dict[str, Any] | None = None
) -> None:
    """Mark the game final, apply post-battle once, update linked games, audit."""
    game.status = status
    if game.resolved_at is None:
        game.resolved_at = timezone.now()
    game.save()
    runs = apply_post_battle(game=game)
    _update_followers(game)
    _audit_game(
        game,
        actor,
        action,
        {**(data or {}), "status": status, "post_battle_runs": [r.pk for r in runs]},
    )


def apply_post_battle(*, game: Game, participant_ids: list[int] | None = None) -> list:
    """Apply the rules pack to each side once (no-op for a side whose active run exists).
    Call with the game locked; the unique (game, participant, generation) backs it."""
    campaign = game.campaign
    settings = effective_settings(campaign.settings)
    created = []
    for side, participant in (("a", game.participant_a), ("b", game.participant_b)):
        if participant is None or game.report is None:
            continue
        if participant_ids is not None and participant.pk not in participant_ids:
            continue
        runs = PostBattleRun.objects.filter(game=game, participant=participant)
        if runs.filter(reversed_at__isnull=True).exists():
            continue
        generation = (runs.aggregate(g=Max("generation"))["g"] or 0) + (1 if runs else 0)
        states = participant_unit_states(participant=participant, before=game)
        experience_before = {key: s["experience"] for key, s in states.items()}
        snapshot = (game.snapshot_a if side == "a" else game.snapshot_b) or {}
        start = {
            str(u["id"]): int((u.get("extra") or {}).get("starting_experience", 0))
            + experience_before.get(str(u["id"]), 0)
            for u in snapshot.get("units", [])
        }
        seed = (game.post_battle_seed * 2 + (0 if side == "a" else 1)) % (2**62)
        result = apply_pack(
            report=game.report,
            side=side,
            seed=seed,
            settings=settings,
            campaign_format=campaign.format,
            experience_before=experience_before,
            experience_start=start,
        )
        run = PostBattleRun.objects.create(
            campaign=campaign,
            game=game,
            participant=participant,
            generation=generation,
            side=side,
            seed=seed,
            pack=result.pack,
            engine_output=result.engine_output,
            summary=result.summary,
        )
        LedgerEntry.objects.bulk_create(
            [
                LedgerEntry(
                    run=run,
                    campaign=campaign,
                    game=game,
                    participant=participant,
                    unit_key=e.unit_key,
                    fighter_key=e.fighter_key,
                    kind=e.kind,
                    resource=e.resource,
                    amount=e.amount,
                    data=e.data,
                )
                for e in result.effects
            ]
        )
        _carry_choices(run)
        created.append(run)
    return created


def _record_choice(run: PostBattleRun, advance: LedgerEntry, choice: str) -> LedgerEntry:
    """The ``choice`` ledger line picking ``choice`` for ``advance`` in ``run``."""
    return LedgerEntry.objects.create(
        run=run,
        campaign_id=run.campaign_id,
        game_id=run.game_id,
        participant_id=run.participant_id,
        unit_key=advance.unit_key,
        fighter_key=advance.fighter_key,
        kind="choice",
        data=choice_data(advance.pk, choice),
    )


def _advance_signature(entry: LedgerEntry) -> tuple:
    data = entry.data
    return (
        entry.kind,
        entry.unit_key,
        entry.fighter_key,
        data.get("threshold"),
        data.get("experience"),
        data.get("roll"),
        data.get("result") or data.get("rank"),
    )


def _carry_choices(run: PostBattleRun) -> None:
    """A recomputed run keeps the picks made for the same advances of the run it replaces
    (same unit, threshold, roll and result)."""
    previous = (
        PostBattleRun.objects.filter(
            game_id=run.game_id, participant_id=run.participant_id, reversed_at__isnull=False
        )
        .order_by("-generation")
        .first()
    )
    if previous is None:
        return
    old = {e.pk: e for e in previous.entries.filter(kind__in=("advance", "rank"))}
    picks = {
        _advance_signature(old[c.data.get("advance_entry")]): c
        for c in previous.entries.filter(kind="choice").order_by("id")
        if c.data.get("advance_entry") in old
    }
    for line in run.entries.filter(kind__in=("advance", "rank")).order_by("id"):
        pick = picks.pop(_advance_signature(line), None)
        if pick is not None:
            _record_choice(run, line, pick.data["choice"])


def _void_runs(game: Game, participant_ids: list[int], reason: str) -> int:
    return PostBattleRun.objects.filter(
        game=game, participant_id__in=participant_ids, reversed_at__isnull=True
    ).update(reversed_at=timezone.now(), reversal_reason=reason[:200])


def _later_games(game: Game, participant_id: int) -> list[Game]:
    return list(
        Game.objects.filter(
            campaign=game.campaign, status__in=FINAL_STATUSES, resolved_at__isnull=False
        )
        .filter(Q(participant_a_id=participant_id) | Q(participant_b_id=participant_id))
        .filter(
            Q(resolved_at__gt=game.resolved_at) | Q(resolved_at=game.resolved_at, pk__gt=game.pk)
        )
        .select_related("campaign", "participant_a", "participant_b")
        .order_by("resolved_at", "id")
    )


def _recompute_after(game: Game, actor: Any) -> None:
    """Re-run post-battle (same seeds) for the later games of this game's participants, so
    experience totals, thresholds and ranks follow from the corrected history."""
    for pid in game.participant_ids():
        for later in _later_games(game, pid):
            before = _experience_summary(later, pid)
            _void_runs(later, [pid], f"recomputed after game {game.pk} changed")
            apply_post_battle(game=later, participant_ids=[pid])
            audit(
                campaign=game.campaign,
                actor=actor,
                action="game_recomputed",
                game=later,
                data={
                    "because_of": game.pk,
                    "participant": pid,
                    "experience_before": before,
                    "experience_after": _experience_summary(later, pid),
                },
            )


def _experience_summary(game: Game, participant_id: int) -> int:
    return sum(
        LedgerEntry.objects.filter(
            game=game,
            participant_id=participant_id,
            kind="experience",
            run__reversed_at__isnull=True,
        ).values_list("amount", flat=True)
    )


def game_reverse(*, game: Game, user: Any, reason: str = "") -> Game:
    """Organiser only: the game no longer counts, its effects are removed (runs marked
    reversed) and later games of its participants are recomputed."""
    _require_organiser(game.campaign, user)
    with transaction.atomic():
        game = _locked_game(game)
        if game.status not in FINAL_STATUSES:
            raise CampaignConflict("game.not_final", "Only a finished game can be reversed.")
        was = game.status
        voided = _void_runs(game, game.participant_ids(), f"reversed: {reason}")
        game.status = GameStatus.REVERSED
        game.save(update_fields=["status"])
        _audit_game(
            game,
            user,
            "game_reversed",
            {
                "reason": reason,
                "was": was,
                "runs_reversed": voided,
                "winner": game.winner or None,
            },
        )
        _recompute_after(game, user)
    return game


# The engine ----------------------------------------------------------------------------


def _engine_mission(system: str, mission: str) -> str | None:
    from rules.engine.systems import get_system

    return mission if mission in get_system(system).missions else None


def game_play_with_engine(
    *,
    game: Game,
    user: Any,
    seed: int | None = None,
    enqueue: bool = True,
    mode: str = "played",
) -> Game:
    """Resolve the game with the engine from the two snapshots (a rules Battle); the result
    is attached when the battle is resolved (in a worker, or at once without ``enqueue``).
    ``mode`` "auto" marks the game auto-resolved. Idempotent: a game has one battle."""
    from campaigns.tasks import game_engine_finish_task
    from rules.services import battle_create

    if mode == "played" and user is not None:
        game = Game.objects.select_related("participant_a", "participant_b", "campaign").get(
            pk=game.pk
        )
        if _player_side(game, user) is None:
            _require_organiser(game.campaign, user)
    with transaction.atomic():
        game = _locked_game(game)
        if game.battle_id is not None:
            return game
        if game.is_bye or game.status not in OPEN_STATUSES:
            raise CampaignConflict("game.not_open", "This game already has a final result.")
        if mode == "played" and game.status != GameStatus.SCHEDULED:
            raise CampaignConflict("game.not_scheduled", "A result is already in.")
        _take_snapshots(game)
        battle = battle_create(
            requested_by=user if getattr(user, "is_authenticated", False) else None,
            snapshot_a=game.snapshot_a,
            snapshot_b=game.snapshot_b,
            roster_a=game.participant_a.roster,
            roster_b=game.participant_b.roster,
            mission=_engine_mission(game.campaign.system, game.mission),
            seed=seed,
            enqueue=False,
        )
        game.battle_id = battle.pk
        game.engine_mode = mode
        game.save()
        _audit_game(
            game,
            user,
            f"engine_{mode}",
            {"battle": battle.pk, "seed": battle.seed, "mission": battle.mission},
        )
        if enqueue:
            game_engine_finish_task.delay_on_commit(game.pk)
    if not enqueue:
        return game_engine_finish(game_id=game.pk)
    return game


def game_engine_finish(*, game_id: int) -> Game:
    """Resolve the game's battle (idempotent) and attach its report once."""
    from rules.models import JobStatus
    from rules.services import battle_resolve

    game = Game.objects.get(pk=game_id)
    if game.battle_id is None or game.status not in OPEN_STATUSES:
        return game
    battle = battle_resolve(battle_id=game.battle_id)
    with transaction.atomic():
        game = _locked_game(game)
        if game.status not in OPEN_STATUSES:
            return game
        if battle.status != JobStatus.RESOLVED:
            _audit_game(
                game, None, "engine_failed", {"battle": battle.pk, "reason": battle.failure_reason}
            )
            return game
        report = {k: v for k, v in battle.report.items() if k != "events"}
        game.report = report
        game.winner = report.get("winner") or ""
        game.score_a = int(report["scores"].get("a", 0))
        game.score_b = int(report["scores"].get("b", 0))
        if not game.mission:
            game.mission = battle.mission
        status = GameStatus.AUTO_RESOLVED if game.engine_mode == "auto" else GameStatus.CONFIRMED
        _finalise(
            game,
            status,
            None,
            "engine_result",
            data={
                "battle": battle.pk,
                "winner": game.winner or None,
                "scores": report["scores"],
                "report_hash": battle.report_hash,
            },
        )
    return game


def _deadline_passed(game: Game, now: datetime) -> bool:
    settings = effective_settings(game.campaign.settings)
    if settings["auto_resolve"] != "engine" or game.round is None or not game.round.deadline:
        return False
    return game.round.deadline + timedelta(hours=int(settings["grace_hours"])) <= now


def games_auto_resolve_overdue(*, now: datetime | None = None, enqueue: bool = True) -> list[int]:
    """Games past their round's deadline without a final result: a reported one is
    confirmed as reported (unless ``replay_reported``), the rest are played by the engine
    and marked auto-resolved. Safe to run again: a game is taken once."""
    now = now or timezone.now()
    overdue = (
        Game.objects.filter(
            campaign__status=CampaignStatus.RUNNING,
            status__in=OPEN_STATUSES,
            participant_b__isnull=False,
            battle_id__isnull=True,
            round__deadline__isnull=False,
            round__deadline__lte=now,
        )
        .select_related("campaign", "round")
        .order_by("id")
    )
    taken = []
    for game in overdue:
        if not _deadline_passed(game, now):
            continue
        settings = effective_settings(game.campaign.settings)
        if game.status == GameStatus.REPORTED and not settings["replay_reported"]:
            with transaction.atomic():
                locked = _locked_game(game)
                if locked.status != GameStatus.REPORTED:
                    continue
                _finalise(
                    locked,
                    GameStatus.AUTO_RESOLVED,
                    None,
                    "auto_confirmed",
                    data={"deadline": game.round.deadline.isoformat()},
                )
        else:
            game_play_with_engine(game=game, user=None, enqueue=enqueue, mode="auto")
        taken.append(game.pk)
    return taken
