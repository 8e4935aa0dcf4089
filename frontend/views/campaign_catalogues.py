"""A campaign's pinned catalogues on its page (docs/campaigns.md "Pinned catalogues"): the
catalogues its players may build from, each at a revision or "latest"; the organiser pins
one, unpins it, and moves a pin that is behind its catalogue after seeing what the move
changes for each roster that builds from it; and the rules variant the campaign validates
its rosters against. Every change goes through ``campaigns.services``."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_POST

from campaigns.errors import CampaignError
from campaigns.services.campaigns import campaign_update
from campaigns.services.catalogues import (
    campaign_catalogue_move,
    campaign_catalogue_pin,
    campaign_catalogue_unpin,
)
from core.errors import ApplicationError
from frontend.rules_variant_pages import chosen_variant
from frontend.views.campaigns import back_to_campaign, page_campaign


def _revision(text: str) -> int | None:
    """A revision typed on the page: a whole number, or blank for "latest"."""
    text = text.strip()
    if not text:
        return None
    if not text.isdigit():
        raise CampaignError("form", "Give a revision number, or leave it blank for the latest.")
    return int(text)


def _catalogue_id(request: HttpRequest) -> int:
    text = request.POST.get("catalogue", "")
    if not text.isdigit():
        raise CampaignError("form", "Choose a catalogue.", "catalogue")
    return int(text)


@login_required
@require_POST
def catalogue_pin(request: HttpRequest, pk: int) -> HttpResponse:
    """The organiser pins a catalogue at a revision (blank: follow the latest)."""
    campaign = page_campaign(request, pk)
    try:
        pin = campaign_catalogue_pin(
            campaign=campaign,
            user=request.user,
            catalogue_id=_catalogue_id(request),
            revision=_revision(request.POST.get("revision", "")),
        )
    except CampaignError as error:
        return back_to_campaign(request, pk, error, "")
    return back_to_campaign(request, pk, None, f"Players may build from {pin.catalogue.name}.")


@login_required
@require_POST
def catalogue_unpin(request: HttpRequest, pk: int) -> HttpResponse:
    """The organiser stops pinning a catalogue."""
    campaign = page_campaign(request, pk)
    try:
        campaign_catalogue_unpin(
            campaign=campaign, user=request.user, catalogue_id=_catalogue_id(request)
        )
    except CampaignError as error:
        return back_to_campaign(request, pk, error, "")
    return back_to_campaign(request, pk, None, "Catalogue unpinned.")


@login_required
@require_POST
def catalogue_move(request: HttpRequest, pk: int) -> HttpResponse:
    """The organiser moves a pin to the revision shown (blank: follow the latest)."""
    campaign = page_campaign(request, pk)
    try:
        pin, rows = campaign_catalogue_move(
            campaign=campaign,
            user=request.user,
            catalogue_id=_catalogue_id(request),
            revision=_revision(request.POST.get("revision", "")),
        )
    except CampaignError as error:
        return back_to_campaign(request, pk, error, "")
    changed = sum(1 for row in rows if row["changes"]["changed"])
    at = f"revision {pin.revision}" if pin.revision else "the latest revision"
    return back_to_campaign(
        request,
        pk,
        None,
        f"The campaign plays {pin.catalogue.name} at {at}; {changed} roster(s) changed.",
    )


@login_required
@require_POST
def campaign_rules(request: HttpRequest, pk: int) -> HttpResponse:
    """The organiser chooses the rules the campaign's rosters are validated against: the
    system's own, or a rules variant of its system they may read."""
    campaign = page_campaign(request, pk)
    raw = request.POST.get("rules_variant", "")
    try:
        variant = chosen_variant(user=request.user, system=campaign.system, raw=raw)
        campaign_update(
            campaign=campaign, user=request.user, rules_variant=variant.pk if variant else None
        )
    except ApplicationError as error:
        return back_to_campaign(request, pk, error, "")
    named = variant.name if variant else "the system's own rules"
    return back_to_campaign(request, pk, None, f"Rosters are validated against {named}.")
