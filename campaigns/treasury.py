"""The warband's treasury between games and the system rules behind it (reads, no writes).

A system's campaign pack may carry between-games rules — ``captivity``, ``trading``,
``hired_swords`` (the skirmish pack does: published Mordheim rules) — which the campaign
asks for by name, so no code here branches on a system. What the player does with them is a
:class:`~campaigns.models.WarbandAction`; its ``gold`` goes into the campaign budget.
"""

from __future__ import annotations

from typing import Any

from django.db.models import Q

from campaigns.errors import CampaignConflict, CampaignError, CampaignForbidden
from campaigns.models import (
    FINAL_STATUSES,
    CampaignStatus,
    Game,
    Participant,
)
from campaigns.selectors import is_organiser, participant_budget
from rules.engine.systems import get_system


def has_rules(participant: Participant, name: str) -> bool:
    """Whether the participant's system has ``name`` between-games rules."""
    return getattr(get_system(participant.campaign.system).campaign, name, None) is not None


def system_rules(participant: Participant, name: str) -> Any:
    """The campaign pack's ``name`` rules for the participant's system; CampaignError
    ``<name>.unsupported`` (400) when the system has none."""
    system = participant.campaign.system
    rules = getattr(get_system(system).campaign, name, None)
    if rules is None:
        raise CampaignError(
            f"{name}.unsupported", f"{system} campaigns have no {name.replace('_', ' ')}.", name
        )
    return rules


def finished_games(*, participant: Participant) -> list[Game]:
    """The participant's finished games in the order they were resolved."""
    return list(
        Game.objects.filter(campaign_id=participant.campaign_id, status__in=FINAL_STATUSES)
        .filter(Q(participant_a=participant) | Q(participant_b=participant))
        .filter(resolved_at__isnull=False)
        .select_related("participant_a", "participant_b")
        .order_by("resolved_at", "id")
    )


def latest_game(*, participant: Participant) -> Game | None:
    """The participant's last finished game (the post-battle sequence now open), if any."""
    games = finished_games(participant=participant)
    return games[-1] if games else None


def require_player(participant: Participant, actor: Any) -> None:
    """The participant themselves or an organiser, in a campaign that is not finished."""
    if participant.user_id != getattr(actor, "pk", None) and not is_organiser(
        campaign=participant.campaign, user=actor
    ):
        raise CampaignForbidden(
            "participant.not_owner", "Only the player (or an organiser) manages this warband."
        )
    if participant.campaign.status == CampaignStatus.FINISHED:
        raise CampaignConflict("campaign.finished", "This campaign is finished.")


def require_gold(*, participant: Participant, price: int, field: str) -> None:
    """Refuse (400 ``treasury.not_enough_gold``, naming ``field``) a price the treasury
    cannot pay."""
    available = participant_budget(participant=participant)["available"]
    if price > available:
        raise CampaignError(
            "treasury.not_enough_gold",
            f"That costs {price} gc; the treasury holds {available} gc.",
            field,
        )
