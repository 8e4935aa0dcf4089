"""Membership: join a campaign by its code with a legal roster, withdraw from it."""

from __future__ import annotations

import copy
from typing import Any

from django.db import IntegrityError, transaction

from campaigns.catalogue_pins import check_pinned
from campaigns.errors import CampaignConflict, CampaignError
from campaigns.house_rules import effective_settings
from campaigns.models import (
    Campaign,
    CampaignStatus,
    Participant,
    ParticipantStatus,
    RosterVersion,
)
from campaigns.selectors import roster_price
from campaigns.services.audit import audit
from campaigns.services.campaigns import campaign_limit_now, require_organiser


def check_joining_roster(*, campaign: Campaign, priced: Any) -> None:
    """A roster joins only when the army builder finds it legal with the campaign's current
    points limit as its limit (``priced`` was validated that way)."""
    if priced.errors:
        first = priced.errors[0]
        more = f" (and {len(priced.errors) - 1} more)" if len(priced.errors) > 1 else ""
        raise CampaignError(
            "roster.illegal", f"The roster is not legal here: {first.message}{more}", "roster"
        )


def check_room(campaign: Campaign) -> None:
    """CampaignConflict ``campaign.full`` when the campaign's ``max_players`` setting is
    reached; call it with the campaign row locked, so concurrent joins count one by one."""
    limit = effective_settings(campaign.settings)["max_players"]
    if limit is None:
        return
    players = campaign.participants.filter(status=ParticipantStatus.ACTIVE).count()
    if players >= limit:
        raise CampaignConflict("campaign.full", f"This campaign is full ({limit} players).")


def campaign_join(*, user: Any, join_code: str, roster: Any) -> Participant:
    """Join with one of your rosters of the campaign's system, while there is room."""
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
    check_pinned(campaign=campaign, payload=roster.payload)
    if Participant.objects.filter(campaign=campaign, user=user).exists():
        raise CampaignConflict("campaign.already_joined", "You already play in this campaign.")
    try:
        with transaction.atomic():
            campaign = Campaign.objects.select_for_update().get(pk=campaign.pk)
            check_room(campaign)
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
        require_organiser(participant.campaign, user)
    participant.status = ParticipantStatus.WITHDRAWN
    participant.save(update_fields=["status"])
    audit(
        campaign=participant.campaign,
        actor=user,
        action="participant_withdrawn",
        data={"participant": participant.pk},
    )
    return participant
