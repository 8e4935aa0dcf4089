"""Hired swords in a campaign (NOT IN SEED: published Mordheim rules, Hired Swords): hired
from the treasury for the fee, one of each type; after every finished game he fought in (the
first included) his upkeep is due, and a game played before it is paid goes ahead without
him — he has left, his experience lost. A hire is a ``hire`` warband action whose
``unit_key`` ("hs-<type>-<n>") is his roster entry in snapshots and the ledger, so his
experience, injuries and death are ledger lines like any fighter's."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.db.models import Q

from campaigns.errors import CampaignConflict, CampaignError
from campaigns.models import (
    FINAL_STATUSES,
    Game,
    Participant,
    WarbandAction,
    WarbandActionKind,
)
from campaigns.selectors import participant_unit_states
from campaigns.services.warband_actions import warband_action_record
from campaigns.treasury import (
    has_rules,
    require_gold,
    require_player,
    system_rules,
)

ACTIVE = "active"
UPKEEP_DUE = "upkeep_due"
CURRENT: tuple[str, ...] = (ACTIVE, UPKEEP_DUE)


def _in_snapshot(game: dict[str, Any], participant_id: int, key: str) -> bool | None:
    """Whether the participant's snapshot of ``game`` fields ``key`` (None: no snapshot)."""
    side = "a" if game["participant_a_id"] == participant_id else "b"
    snapshot = game[f"snapshot_{side}"]
    if snapshot is None:
        return None
    return any(str(u.get("id")) == key for u in snapshot.get("units", []))


def participant_hired_swords(*, participant: Participant) -> list[dict[str, Any]]:
    """Every hire of the participant: type, status (active, upkeep_due, left, dismissed,
    dead), games fought, upkeep paid and owed, experience and rating."""
    if not has_rules(participant, "hired_swords"):
        return []
    catalogue = system_rules(participant, "hired_swords")
    actions = list(participant.warband_actions.order_by("id"))
    hires = [a for a in actions if a.kind == WarbandActionKind.HIRE]
    if not hires:
        return []
    games = list(
        Game.objects.filter(campaign_id=participant.campaign_id)
        .filter(Q(participant_a=participant) | Q(participant_b=participant))
        .order_by("id")
        .values("id", "status", "participant_a_id", "snapshot_a", "snapshot_b")
    )
    states = participant_unit_states(participant=participant)
    rows = []
    for hire in hires:
        key = hire.unit_key
        entry = catalogue.get(hire.item)
        fought = [
            g["id"]
            for g in games
            if g["status"] in FINAL_STATUSES and _in_snapshot(g, participant.pk, key)
        ]
        paid = sum(1 for a in actions if a.kind == WarbandActionKind.UPKEEP and a.unit_key == key)
        owed = len(fought) - paid
        state = states.get(key) or {}
        if state.get("dead") or state.get("dead_fighters"):
            status = "dead"
        elif any(a.kind == WarbandActionKind.DISMISS and a.unit_key == key for a in actions):
            status = "dismissed"
        # games are snapshotted in creation order, so a later game fielded without him
        # while his upkeep was owed is the one he left before (a game created earlier but
        # played later is the rare case this reading misses)
        elif owed > 0 and any(
            g["id"] > fought[-1] and _in_snapshot(g, participant.pk, key) is False for g in games
        ):
            status = "left"
        else:
            status = UPKEEP_DUE if owed > 0 else ACTIVE
        experience = int(state.get("experience", 0))
        rows.append(
            {
                "unit": key,
                "hired_sword": hire.item,
                "name": entry.name if entry else hire.item,
                "status": status,
                "games": len(fought),
                "upkeep_paid": paid,
                "upkeep_owed": max(0, owed) * (entry.upkeep if entry else 0),
                "experience": (entry.experience if entry else 0) + experience,
                "rating": entry.warband_rating(experience) if entry else 0,
            }
        )
    return rows


def hired_units(*, participant: Participant) -> list[dict[str, Any]]:
    """Engine roster units of the hired swords fighting the next game (upkeep paid)."""
    if not has_rules(participant, "hired_swords"):
        return []
    catalogue = system_rules(participant, "hired_swords")
    return [
        catalogue.get(row["hired_sword"]).unit(row["unit"])
        for row in participant_hired_swords(participant=participant)
        if row["status"] == ACTIVE and catalogue.get(row["hired_sword"]) is not None
    ]


def _current(participant: Participant, slug: str) -> dict[str, Any]:
    row = next(
        (
            r
            for r in participant_hired_swords(participant=participant)
            if r["hired_sword"] == slug and r["status"] in CURRENT
        ),
        None,
    )
    if row is None:
        raise CampaignError(
            "hired_sword.not_hired", f"No '{slug}' serves this warband.", "hired_sword"
        )
    return row


def _record(participant: Participant, kind: str, key: str, slug: str, gold: int, actor: Any):
    return warband_action_record(
        participant=participant,
        kind=kind,
        actor=actor,
        gold=gold,
        unit_key=key,
        item=slug,
        audit_action=f"hired_sword_{kind}",
        audit_data={"unit": key, "hired_sword": slug, "gold": gold},
    )


@transaction.atomic
def hired_sword_hire(*, participant: Participant, slug: str, actor: Any) -> WarbandAction:
    """Hire one hired sword of type ``slug`` for its fee (one of each type at a time)."""
    require_player(participant, actor)
    Participant.objects.select_for_update().get(pk=participant.pk)
    entry = system_rules(participant, "hired_swords").get(slug)
    if entry is None:
        raise CampaignError(
            "hired_sword.unknown", f"No hired sword '{slug}' to hire.", "hired_sword"
        )
    rows = participant_hired_swords(participant=participant)
    if any(r["hired_sword"] == slug and r["status"] in CURRENT for r in rows):
        raise CampaignConflict(
            "hired_sword.already_hired", "A warband has one of each hired sword.", "hired_sword"
        )
    require_gold(participant=participant, price=entry.hire_fee, field="hired_sword")
    number = 1 + sum(1 for r in rows if r["hired_sword"] == slug)
    key = f"hs-{slug}-{number}"
    return _record(participant, WarbandActionKind.HIRE, key, slug, -entry.hire_fee, actor)


@transaction.atomic
def hired_sword_upkeep(*, participant: Participant, slug: str, actor: Any) -> WarbandAction:
    """Pay the upkeep due after a game the hired sword fought, so he stays."""
    require_player(participant, actor)
    Participant.objects.select_for_update().get(pk=participant.pk)
    row = _current(participant, slug)
    if row["status"] != UPKEEP_DUE:
        raise CampaignConflict(
            "hired_sword.no_upkeep_due", "No upkeep is due before his next game.", "hired_sword"
        )
    upkeep = system_rules(participant, "hired_swords").get(slug).upkeep
    require_gold(participant=participant, price=upkeep, field="hired_sword")
    return _record(participant, WarbandActionKind.UPKEEP, row["unit"], slug, -upkeep, actor)


@transaction.atomic
def hired_sword_dismiss(*, participant: Participant, slug: str, actor: Any) -> WarbandAction:
    """Let the hired sword go (no upkeep is owed for a man who leaves)."""
    require_player(participant, actor)
    row = _current(participant, slug)
    return _record(participant, WarbandActionKind.DISMISS, row["unit"], slug, 0, actor)
