"""Reads of the campaigns app: who may see what, unit states from the ledger, standings."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.db.models import Q, QuerySet, Sum

from armybuilder.selectors import RosterContext, catalogue_context, context_validate
from campaigns.advances import advance_options, games_missed
from campaigns.catalogue_pins import campaign_pinned_revisions
from campaigns.errors import CampaignNotFound
from campaigns.house_rules import effective_settings, match_points
from campaigns.models import (
    FINAL_STATUSES,
    AuditEntry,
    Campaign,
    Game,
    LedgerEntry,
    Participant,
    RosterVersion,
    WarbandAction,
)
from campaigns.standings import GameResult, standings

SPENDABLE_RESOURCES: tuple[str, ...] = ("gold_crowns", "gold", "requisition")
"""Resources a player may spend on the campaign roster through the army builder."""


def campaigns_for_user(*, user: Any) -> QuerySet[Campaign]:
    """Campaigns the user organises or plays in (others answer 404)."""
    if not getattr(user, "is_authenticated", False):
        return Campaign.objects.none()
    return Campaign.objects.filter(Q(organisers=user) | Q(participants__user=user)).distinct()


def campaign_get(*, campaign_id: int, user: Any) -> Campaign:
    """A campaign the user may see, or CampaignNotFound."""
    campaign = campaigns_for_user(user=user).filter(pk=campaign_id).first()
    if campaign is None:
        raise CampaignNotFound("not_found", "No such campaign.")
    return campaign


def is_organiser(*, campaign: Campaign, user: Any) -> bool:
    """Whether the user organises the campaign."""
    if not getattr(user, "is_authenticated", False):
        return False
    return campaign.organisers.filter(pk=user.pk).exists()


def games_for_campaign(*, campaign: Campaign) -> QuerySet[Game]:
    """The campaign's games with both participants and the round in one query."""
    return (
        Game.objects.filter(campaign=campaign)
        .select_related("participant_a", "participant_b", "round")
        .prefetch_related("follows")
    )


def ledger_active(*, participant: Participant, before: Game | None = None) -> QuerySet:
    """Ledger entries of runs not reversed, optionally only those of games finished before
    ``before`` (games are ordered by when they were first resolved, then id)."""
    entries = LedgerEntry.objects.filter(participant=participant, run__reversed_at__isnull=True)
    if before is not None and before.resolved_at is not None:
        entries = entries.filter(
            Q(game__resolved_at__lt=before.resolved_at)
            | Q(game__resolved_at=before.resolved_at, game_id__lt=before.pk)
        )
    return entries.order_by("id")


def empty_state() -> dict[str, Any]:
    return {
        "experience": 0,
        "character_points": 0,
        "dead": False,
        "dead_fighters": [],
        "profile_changes": {},
        "rank": "",
        "injuries": [],
        "advances": [],
        "ranks": [],
        "skills": [],
    }


def _profile_effects(data: dict[str, Any]) -> Iterable[tuple[str, int]]:
    for stat, delta in (data.get("effects") or {}).items():
        if stat != "experience":
            yield stat, int(delta)
    for extra in data.get("injuries") or []:
        yield from _profile_effects(extra)


def fold_unit_states(entries: Iterable[Any]) -> dict[str, dict[str, Any]]:
    """Unit key → its campaign state (experience, rank, injuries, advances, deaths, profile
    changes), folded from ledger entries in order."""
    states: dict[str, dict[str, Any]] = {}
    for entry in entries:
        if not entry.unit_key:
            continue
        state = states.setdefault(entry.unit_key, empty_state())
        if entry.kind == "experience":
            state["experience"] += entry.amount
        elif entry.kind == "character_points":
            state["character_points"] += entry.amount
        elif entry.kind == "rank":
            state["rank"] = entry.data.get("rank", "")
            state["ranks"].append({"entry": entry.pk, **entry.data})
        elif entry.kind == "death":
            if entry.fighter_key:
                state["dead_fighters"].append(entry.fighter_key)
            else:
                state["dead"] = True
        elif entry.kind == "injury":
            state["injuries"].append({"fighter": entry.fighter_key, **entry.data})
            for stat, delta in _profile_effects(entry.data):
                changes = state["profile_changes"]
                changes[stat] = changes.get(stat, 0) + delta
        elif entry.kind in ("advance", "choice"):
            if entry.kind == "advance":
                state["advances"].append({"entry": entry.pk, **entry.data})
            else:
                _mark_chosen(state, entry.data)
            stat = entry.data.get("characteristic")
            if stat:
                changes = state["profile_changes"]
                changes[stat] = changes.get(stat, 0) + 1
            elif entry.data.get("skill"):
                state["skills"].append(entry.data["skill"])
    return states


def _mark_chosen(state: dict[str, Any], data: dict[str, Any]) -> None:
    for line in (*state["advances"], *state["ranks"]):
        if line.get("entry") == data.get("advance_entry"):
            line["chosen"] = data.get("choice")


def participant_unit_states(
    *, participant: Participant, before: Game | None = None
) -> dict[str, dict[str, Any]]:
    """Each unit's campaign state from the active ledger (before a game, when given)."""
    return fold_unit_states(ledger_active(participant=participant, before=before))


def participant_resources(*, participant: Participant) -> dict[str, int]:
    """Campaign resources earned so far (gold crowns, requisition, territory…)."""
    totals: dict[str, int] = {}
    for entry in ledger_active(participant=participant).filter(kind="resource"):
        totals[entry.resource] = totals.get(entry.resource, 0) + entry.amount
    return dict(sorted(totals.items()))


def participant_units(*, participant: Participant) -> list[dict[str, Any]]:
    """The participant's units with their state and experience history (one row per ledger
    entry, reversed ones flagged)."""
    entries = list(
        LedgerEntry.objects.filter(participant=participant)
        .exclude(unit_key="")
        .select_related("run")
        .order_by("id")
    )
    active = [e for e in entries if e.run.reversed_at is None]
    states = fold_unit_states(active)
    history: dict[str, list[dict[str, Any]]] = {}
    for e in entries:
        history.setdefault(e.unit_key, []).append(
            {
                "game": e.game_id,
                "kind": e.kind,
                "amount": e.amount,
                "fighter": e.fighter_key,
                "data": e.data,
                "reversed": e.run.reversed_at is not None,
                "at": e.created_at.isoformat(),
            }
        )
    payload = participant_campaign_payload(participant=participant)
    names = {str(u.get("id")): u.get("name") or u.get("unit", "") for u in payload.get("units", [])}
    custom = {str(u.get("id")): u.get("name") or "" for u in payload.get("units", [])}
    shown = _catalogue_unit_names(participant=participant, payload=payload)
    keys = sorted(set(names) | set(history))
    return [
        {
            "unit": key,
            "name": names.get(key, ""),
            "unit_name": shown.get(key, ""),
            "custom_name": custom.get(key, ""),
            "in_roster": key in names,
            "state": states.get(key, empty_state()),
            "history": history.get(key, []),
        }
        for key in keys
    ]


def _catalogue_unit_names(*, participant: Participant, payload: dict[str, Any]) -> dict[str, str]:
    """Roster entry id → the catalogue's display name of its unit ("Warden Captain")."""
    roster = participant.roster
    context = catalogue_context(
        payload=payload,
        system=roster.system,
        house_rules=roster.house_rules,
        primary=roster.faction,
    )
    primary = payload.get("faction", "")
    shown: dict[str, str] = {}
    for unit in payload.get("units", []):
        faction = context.factions.get(unit.get("faction") or primary) or {}
        for row in faction.get("units", []):
            if row.get("slug") == unit.get("unit"):
                shown[str(unit.get("id"))] = str(row.get("name") or "")
                break
    return shown


def game_results(*, campaign: Campaign) -> list[GameResult]:
    """Finished games as the standings module wants them (one query)."""
    rows = Game.objects.filter(campaign=campaign, status__in=FINAL_STATUSES).values_list(
        "participant_a_id", "participant_b_id", "winner", "score_a", "score_b"
    )
    return [
        GameResult(a, b, winner or None, score_a, score_b)
        for a, b, winner, score_a, score_b in rows.order_by("id")
    ]


def campaign_standings(*, campaign: Campaign) -> list[dict[str, Any]]:
    """The league table: two queries whatever the size (participants, finished games)."""
    settings = effective_settings(campaign.settings)
    people = list(campaign.participants.values_list("id", "name", "status"))
    table = standings(
        [pid for pid, _, _ in people],
        game_results(campaign=campaign),
        points=match_points(settings),
        tiebreakers=settings["tiebreakers"],
        seed=campaign.seed,
    )
    names = {pid: (name, status) for pid, name, status in people}
    return [
        {
            **row.as_dict(),
            "name": names.get(row.participant, ("", ""))[0],
            "status": names.get(row.participant, ("", ""))[1],
        }
        for row in table
    ]


def audit_for_campaign(*, campaign: Campaign) -> QuerySet[AuditEntry]:
    """The campaign's audit log, oldest first."""
    return AuditEntry.objects.filter(campaign=campaign).select_related("actor").order_by("id")


def participant_pending_choices(*, participant: Participant) -> list[dict[str, Any]]:
    """Advances and ranks of living units still waiting for the player's pick, with the
    picks allowed (the campaign's house rules give the skill list)."""
    settings = effective_settings(participant.campaign.settings)
    entries = list(
        ledger_active(participant=participant).filter(kind__in=("advance", "rank", "choice"))
    )
    chosen = {e.data.get("advance_entry") for e in entries if e.kind == "choice"}
    states = participant_unit_states(participant=participant)
    pending = []
    for entry in entries:
        if entry.kind == "choice" or entry.pk in chosen:
            continue
        state = states.get(entry.unit_key, empty_state())
        options = advance_options(entry.kind, entry.data, settings, state["skills"])
        if not options or state["dead"]:
            continue
        pending.append(
            {
                "entry": entry.pk,
                "game": entry.game_id,
                "unit": entry.unit_key,
                "fighter": entry.fighter_key,
                "kind": entry.kind,
                "result": entry.data.get("result") or entry.data.get("rank", ""),
                "options": options,
            }
        )
    return pending


def participant_absent_fighters(
    *, participant: Participant, game: Game | None = None
) -> list[tuple[str, str]]:
    """(unit key, fighter) of fighters an injury keeps out of the participant's next game:
    each sits out as many later games (``campaign.left_out`` of their snapshots) as the
    injury says ("misses next game": not in seed 001: published Mordheim rules,
    Serious injuries)."""
    injuries = [
        e
        for e in ledger_active(participant=participant).filter(kind="injury").select_related("game")
        if games_missed(e.data) > 0 and e.game.resolved_at is not None
    ]
    if not injuries:
        return []
    later = list(
        Game.objects.filter(campaign_id=participant.campaign_id, status__in=FINAL_STATUSES)
        .filter(Q(participant_a=participant) | Q(participant_b=participant))
        .exclude(pk=game.pk if game else None)
        .values("id", "resolved_at", "participant_a_id", "snapshot_a", "snapshot_b")
    )
    absent = set()
    for injury in injuries:
        start = (injury.game.resolved_at, injury.game_id)
        sat_out = 0
        for row in later:
            if row["resolved_at"] is None or (row["resolved_at"], row["id"]) <= start:
                continue
            side = "a" if row["participant_a_id"] == participant.pk else "b"
            snapshot = row[f"snapshot_{side}"] or {}
            left = (snapshot.get("campaign") or {}).get("left_out", [])
            if {"unit": injury.unit_key, "fighter": injury.fighter_key} in left:
                sat_out += 1
        if sat_out < games_missed(injury.data):
            absent.add((injury.unit_key, injury.fighter_key))
    return sorted(absent)


def participant_roster_version(*, participant: Participant) -> RosterVersion | None:
    """The latest campaign roster the campaign accepted (None before the first)."""
    return participant.roster_versions.order_by("-number").first()


def participant_campaign_payload(*, participant: Participant) -> dict[str, Any]:
    """The roster payload games are played with: the latest accepted version, else the
    army-builder roster the participant joined with."""
    version = participant_roster_version(participant=participant)
    return dict(version.payload) if version else dict(participant.roster.payload)


def participant_context(
    *, participant: Participant, payload: dict[str, Any], pinned: dict[str, int] | None = None
) -> RosterContext:
    """``payload`` with the catalogues it is read against in the campaign: the pinned
    revisions (or ``pinned``: what a pin move would make them), the campaign's rules
    variant (else the roster's own)."""
    roster = participant.roster
    campaign = participant.campaign
    variant = campaign.rules_variant if campaign.rules_variant_id else None
    if variant is None and roster.rules_variant_id:
        variant = roster.rules_variant
    return catalogue_context(
        payload=payload,
        system=roster.system,
        house_rules=roster.house_rules,
        primary=roster.faction,
        variant=variant,
        pinned=campaign_pinned_revisions(campaign=campaign) if pinned is None else pinned,
    )


def learnt_payload(
    *,
    participant: Participant,
    payload: dict[str, Any],
    states: dict[str, dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """A working copy of ``payload`` whose entries carry ``learnt``: the skills each hero
    learnt in the campaign (the active ledger's picks, or those of ``states``), so the army
    builder's ``entry_units.entry_unit`` sees them (a Weapons Training hero's wider list).
    Never stored: reversing the game that taught a skill takes it away again."""
    if states is None:
        states = participant_unit_states(participant=participant)
    units = []
    for entry in payload.get("units", []) or []:
        skills = (states.get(str(entry.get("id"))) or {}).get("skills") or []
        units.append({**entry, "learnt": list(skills)} if skills else entry)
    return {**payload, "units": units}


def roster_price(*, participant: Participant, payload: dict[str, Any]) -> Any:
    """The army builder's validator over ``payload`` (with the skills its heroes learnt in
    the campaign, ``learnt_payload``) with the participant's catalogues."""
    working = learnt_payload(participant=participant, payload=payload)
    return context_validate(participant_context(participant=participant, payload=working))


def actions_gold(*, participant: Participant) -> int:
    """Gold the participant's between-games actions (trading, hired swords, ransoms) put
    into (+) or took out of (−) the treasury."""
    total = WarbandAction.objects.filter(participant=participant).aggregate(g=Sum("gold"))["g"]
    return int(total or 0)


def participant_budget(*, participant: Participant) -> dict[str, Any]:
    """The campaign budget: the current round's points limit (starting budget) plus earned
    resources at their ``resource_points`` value, less what buying the roster spent, plus
    what between-games actions put in or took out (``traded``): the warband's treasury."""
    campaign = participant.campaign
    settings = effective_settings(campaign.settings)
    values = settings["resource_points"]
    last = campaign.rounds.order_by("-number").values_list("number", flat=True).first() or 1
    resources = participant_resources(participant=participant)
    earned = sum(
        amount * int(values.get(name, 0))
        for name, amount in resources.items()
        if name in SPENDABLE_RESOURCES
    )
    spent_rows = list(participant.roster_versions.values_list("spent", flat=True))
    if spent_rows:
        spent = sum(spent_rows)
    else:
        payload = dict(participant.roster.payload)
        spent = roster_price(participant=participant, payload=payload).points
    starting = campaign.points_limit_for_round(last)
    traded = actions_gold(participant=participant)
    return {
        "starting": starting,
        "earned": earned,
        "spent": spent,
        "traded": traded,
        "available": starting + earned - spent + traded,
        "resources": {k: v for k, v in resources.items() if k in SPENDABLE_RESOURCES},
    }
