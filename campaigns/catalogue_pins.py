"""Reads of a campaign's pinned catalogues (docs/campaigns.md "Pinned catalogues"): which
catalogues its players may build from, at which revision, and whether a payload keeps to
them."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet

from armybuilder.models import Roster
from armybuilder.selectors import payload_factions
from campaigns.errors import CampaignError
from campaigns.models import Campaign, CampaignCatalogue, Participant, ParticipantStatus


def campaign_pin_list(*, campaign: Campaign) -> QuerySet[CampaignCatalogue]:
    """The campaign's pins with their catalogues, by catalogue name."""
    return CampaignCatalogue.objects.filter(campaign=campaign).select_related(
        "catalogue", "catalogue__owner", "catalogue__system"
    )


def campaign_pinned_revisions(*, campaign: Campaign) -> dict[str, int]:
    """Faction slug → revision of the pins held at a revision (those at "latest" read the
    catalogue's current revision, like any roster)."""
    return dict(
        CampaignCatalogue.objects.filter(campaign=campaign, revision__isnull=False).values_list(
            "catalogue__slug", "revision"
        )
    )


def roster_campaign_pins(*, roster: Roster) -> dict[str, int] | None:
    """The pinned revisions (:func:`campaign_pinned_revisions`) of the campaign the roster
    plays in (its latest active entry), or None when it plays in none: a campaign roster's
    catalogue changes are read against what its campaign plays, not the latest."""
    entry = (
        Participant.objects.filter(roster=roster, status=ParticipantStatus.ACTIVE)
        .select_related("campaign")
        .order_by("-id")
        .first()
    )
    return campaign_pinned_revisions(campaign=entry.campaign) if entry else None


def check_pinned(*, campaign: Campaign, payload: dict[str, Any]) -> None:
    """A campaign that pins catalogues takes rosters built from those only: CampaignError
    ``campaign.catalogue_not_pinned`` naming the first other catalogue the payload uses
    (its faction, an ally or a unit's) and the ones allowed. No pins: any catalogue."""
    pins = list(campaign_pin_list(campaign=campaign))
    if not pins:
        return
    allowed = {pin.catalogue.slug for pin in pins}
    for slug in sorted(payload_factions(payload)):
        if slug not in allowed:
            names = ", ".join(f"{p.catalogue.name} ({p.catalogue.slug})" for p in pins)
            raise CampaignError(
                "campaign.catalogue_not_pinned",
                f"This campaign's armies are built from {names} only; the roster uses "
                f"catalogue '{slug}', which the campaign does not pin.",
                "faction" if slug == payload.get("faction") else "allies",
            )
