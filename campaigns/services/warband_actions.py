"""Recording one between-games warband action (trading, hired swords, captives: NOT IN SEED,
published Mordheim rules, Trading, Hired Swords, Serious injuries 61 "Captured") with the
participant's latest finished game as its ``after``, and its audit line."""

from __future__ import annotations

from typing import Any

from campaigns.models import Participant, WarbandAction
from campaigns.services.audit import audit
from campaigns.treasury import latest_game


def warband_action_record(
    *,
    participant: Participant,
    kind: str,
    actor: Any,
    gold: int = 0,
    unit_key: str = "",
    item: str = "",
    target_id: int | None = None,
    data: dict[str, Any] | None = None,
    audit_action: str = "",
    audit_data: dict[str, Any] | None = None,
    audit_on_game: bool = False,
) -> WarbandAction:
    """Create the action after the participant's latest finished game; with
    ``audit_action``, write the audit line ``audit_data`` too (filed under that game with
    ``audit_on_game``: a rarity roll belongs to its post-battle sequence)."""
    after = latest_game(participant=participant)
    action = WarbandAction.objects.create(
        campaign_id=participant.campaign_id,
        participant=participant,
        after=after,
        kind=kind,
        gold=gold,
        unit_key=unit_key,
        item=item,
        target_id=target_id,
        data=data or {},
        created_by=actor if getattr(actor, "is_authenticated", False) else None,
    )
    if audit_action:
        audit(
            campaign=participant.campaign,
            actor=actor,
            action=audit_action,
            game=after if audit_on_game else None,
            data={"participant": participant.pk, **(audit_data or {})},
        )
    return action
