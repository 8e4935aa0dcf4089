"""The campaign roster: a participant's roster as it stands in the campaign (the ledger
applied), the check of an edited roster against the campaign budget, and accepting it."""

from __future__ import annotations

import copy
from typing import Any

from django.db import transaction

from armybuilder.services.engine import roster_to_engine
from campaigns.advances import leave_out, old_wound_absences
from campaigns.captives import captives_absent
from campaigns.catalogue_pins import campaign_pinned_revisions, check_pinned
from campaigns.errors import CampaignConflict, CampaignError, CampaignForbidden
from campaigns.models import CampaignStatus, Game, Participant, RosterVersion
from campaigns.results import apply_campaign_state
from campaigns.selectors import (
    learnt_payload,
    participant_absent_fighters,
    participant_budget,
    participant_campaign_payload,
    participant_roster_version,
    participant_unit_states,
    roster_price,
)
from campaigns.services.audit import audit
from campaigns.services.hired_swords import hired_units
from rules.engine.systems import get_system


def roster_engine_data(
    roster: Any, payload: dict[str, Any] | None = None, pinned: dict[str, int] | None = None
) -> dict[str, Any]:
    """The roster (or another payload priced with its catalogues, those ``pinned`` at the
    campaign's revisions) as engine RosterData (the army builder's one mapper)."""
    if payload is not None:
        roster = copy.copy(roster)
        roster.payload = payload
    return roster_to_engine(roster=roster, pinned=pinned)


def participant_snapshot(
    *, participant: Participant, before: Game | None = None, game: Game | None = None
) -> dict:
    """The roster as it stands in the campaign now: the accepted campaign roster and the hired
    swords whose upkeep is paid, with the ledger's deaths, injuries, advances and experience
    applied; for ``game``, fighters an injury keeps out of it are left out
    (``campaign.left_out``): missed games, captives still held or sold
    (``campaigns.captives``), and heroes whose old battle wound rolls a 1 for this game
    (seeded by the game)."""
    states = participant_unit_states(participant=participant, before=before)
    payload = participant_campaign_payload(participant=participant)
    pinned = campaign_pinned_revisions(campaign=participant.campaign)
    working = learnt_payload(participant=participant, payload=payload, states=states)
    data = roster_engine_data(participant.roster, working, pinned)
    data["units"].extend(hired_units(participant=participant))
    data = apply_campaign_state(data, states)
    if game is not None:
        absent = {
            *participant_absent_fighters(participant=participant, game=game),
            *captives_absent(participant=participant),
            *old_wound_absences(data, game.post_battle_seed),
        }
        data = leave_out(data, sorted(absent))
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


def _rare_added(
    participant: Participant, previous: dict, proposed: dict, found: list[str]
) -> list[dict[str, Any]]:
    """Violations for rare items (the system's ``trading`` rarity) the proposal adds beyond
    those ``found`` by a rarity roll: rare items are bought through trading (NOT IN SEED:
    published Mordheim rules, Trading)."""
    trading = getattr(get_system(participant.campaign.system).campaign, "trading", None)
    if trading is None:
        return []
    allowed = list(found)
    before = {str(u.get("id")): list(u.get("options", [])) for u in previous.get("units", [])}
    out = []
    for index, unit in enumerate(proposed.get("units", [])):
        had = before.get(str(unit.get("id")), [])
        for slug in sorted(set(unit.get("options", []))):
            extra = unit["options"].count(slug) - had.count(slug)
            if extra <= 0 or trading.rarity_of(slug) is None:
                continue
            for _ in range(extra):
                if slug in allowed:
                    allowed.remove(slug)
                    continue
                out.append(
                    {
                        "severity": "error",
                        "code": "trading.rarity_needed",
                        "message": f"'{slug}' is rare: find it with a rarity roll, then buy it.",
                        "path": f"units[{index}].options",
                    }
                )
    return out


def participant_roster_check(
    *,
    participant: Participant,
    payload: dict[str, Any] | None = None,
    rare_found: list[str] | None = None,
    discount: int = 0,
) -> dict[str, Any]:
    """Would the campaign accept ``payload`` (default: the participant's army-builder roster
    as edited now) as their campaign roster? Buying = the points each entry costs more than
    in the accepted roster (new entries in full; nothing comes back for what is dropped),
    less ``discount`` (what trading took off the price, e.g. Haggle: the price paid);
    the army builder's validator then checks the living roster with the campaign budget
    (starting + earned − spent) as its points limit; rare items it adds need a rarity roll's
    find (``rare_found``, from trading)."""
    roster = participant.roster
    proposed = copy.deepcopy(payload if payload is not None else roster.payload)
    for index, unit in enumerate(proposed.get("units", []), start=1):
        unit.setdefault("id", f"u{index}")
    previous = participant_campaign_payload(participant=participant)
    if proposed.get("faction") != previous.get("faction"):
        raise CampaignError(
            "roster.faction", "The campaign roster must keep its faction.", "faction"
        )
    check_pinned(campaign=participant.campaign, payload=proposed)
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
    buying = max(
        0,
        sum(max(0, points - old_points.get(key, 0)) for key, points in sorted(new_points.items()))
        - max(0, discount),
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
    rare = _rare_added(participant, previous, proposed, rare_found or [])
    if rare:
        validation["violations"].extend(rare)
        validation["valid"] = False
        validation["errors"] += len(rare)
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
    *,
    participant: Participant,
    actor: Any,
    payload: dict[str, Any] | None = None,
    rare_found: list[str] | None = None,
    discount: int = 0,
) -> RosterVersion:
    """Accept the edited roster as the new campaign roster when the campaign budget covers
    what it buys (less ``discount``, what trading took off) and it breaks no rule; else
    CampaignError naming each field at fault."""
    if participant.user_id != actor.pk:
        raise CampaignForbidden(
            "participant.not_owner", "Only the player edits their campaign roster."
        )
    if participant.campaign.status == CampaignStatus.FINISHED:
        raise CampaignConflict("campaign.finished", "This campaign is finished.")
    with transaction.atomic():
        Participant.objects.select_for_update().get(pk=participant.pk)
        check = participant_roster_check(
            participant=participant, payload=payload, rare_found=rare_found, discount=discount
        )
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
