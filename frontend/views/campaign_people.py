"""Who takes part in a campaign, from its page: a player (or an organiser) withdraws them
after confirming, and an organiser adds another organiser (a league whose organiser plays
needs one to decide that organiser's games). Every change goes through
``campaigns.services``."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_POST

from campaigns.errors import CampaignError
from campaigns.services import membership
from campaigns.services.campaigns import campaign_add_organiser
from frontend.views.campaigns import (
    back_to_campaign,
    back_to_participant,
    page_campaign,
    page_participant,
)

CONFIRM_WITHDRAW = "Not withdrawn — tick “Yes, withdraw” to confirm."


@login_required
@require_POST
def participant_withdraw(request: HttpRequest, pk: int, participant_id: int) -> HttpResponse:
    """The player (or an organiser) withdraws them from the campaign once they tick the
    confirmation: no more pairings, results kept."""
    participant = page_participant(request, pk, participant_id)
    if request.POST.get("confirm") != "yes":
        return back_to_campaign(request, pk, CampaignError("form", CONFIRM_WITHDRAW, "confirm"), "")
    try:
        membership.participant_withdraw(participant=participant, user=request.user)
    except CampaignError as error:
        return back_to_participant(request, participant, error, "")
    return back_to_participant(request, participant, None, f"{participant.name} withdrew.")


@login_required
@require_POST
def organiser_add(request: HttpRequest, pk: int) -> HttpResponse:
    """An organiser makes another user (by username) an organiser of the campaign."""
    campaign = page_campaign(request, pk)
    username = request.POST.get("username", "")[:150]
    try:
        campaign_add_organiser(campaign=campaign, user=request.user, username=username)
    except CampaignError as error:
        return back_to_campaign(request, pk, error, "")
    return back_to_campaign(request, pk, None, f"{username.strip()} is an organiser too.")
