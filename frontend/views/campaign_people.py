"""What a participant (or an organiser) does to a participant, and who organises: pick what
an advance gives, make the edited roster the campaign roster, withdraw (after confirming),
and add another organiser (a league whose organiser plays needs one to decide that
organiser's games). Every change goes through ``campaigns.services``."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.views.decorators.http import require_POST

from campaigns.errors import CampaignError
from campaigns.models import Participant
from campaigns.services import ledger, membership, rosters
from campaigns.services.campaigns import campaign_add_organiser
from frontend.advance_page import remember_advance_error
from frontend.views.campaigns import back_to_campaign, page_campaign, page_participant


def back_to_participant(
    request: HttpRequest, participant: Participant, error: CampaignError | None, done: str
) -> HttpResponse:
    """Back to the participant's page with the error or what was done."""
    if error is not None:
        messages.error(request, error.message)
    else:
        messages.success(request, done)
    return redirect("participant-detail", pk=participant.campaign_id, participant_id=participant.pk)


@login_required
@require_POST
def advance_choose(request: HttpRequest, pk: int, participant_id: int) -> HttpResponse:
    """The player (or an organiser) picks what an advance or rank gives."""
    participant = page_participant(request, pk, participant_id)
    try:
        entry = int(request.POST.get("entry", "0"))
        ledger.advance_choose(
            participant=participant,
            entry=entry,
            choice=request.POST.get("choice", ""),
            actor=request.user,
        )
    except ValueError:
        return back_to_participant(
            request, participant, CampaignError("advance", "Pick an advance."), ""
        )
    except CampaignError as error:
        remember_advance_error(request, entry, error.message)
        return redirect(
            "participant-detail", pk=participant.campaign_id, participant_id=participant.pk
        )
    return back_to_participant(request, participant, None, "Advance chosen.")


@login_required
@require_POST
def roster_update(request: HttpRequest, pk: int, participant_id: int) -> HttpResponse:
    """The player makes their edited army-builder roster the campaign roster."""
    participant = page_participant(request, pk, participant_id)
    try:
        version = rosters.participant_roster_update(participant=participant, actor=request.user)
    except CampaignError as error:
        detail = "; ".join(f"{field}: {' '.join(msgs)}" for field, msgs in error.fields.items())
        return back_to_participant(
            request, participant, CampaignError(error.code, detail or error.message), ""
        )
    return back_to_participant(
        request, participant, None, f"Campaign roster updated (version {version.number})."
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
