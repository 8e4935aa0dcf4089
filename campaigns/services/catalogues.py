"""A campaign's pinned catalogues: pin one (at a revision or "latest"), unpin it, see what
moving it to another revision would change for the rosters that build from it, and move it
(docs/campaigns.md "Pinned catalogues")."""

from __future__ import annotations

from typing import Any

from django.db import IntegrityError, transaction

from armybuilder.catalogue_access import visible_q
from armybuilder.models import Faction, FactionRevision
from armybuilder.selectors import context_changes, payload_factions
from campaigns.catalogue_pins import campaign_pinned_revisions
from campaigns.errors import CampaignConflict, CampaignError, CampaignNotFound
from campaigns.models import Campaign, CampaignCatalogue, Participant, ParticipantStatus
from campaigns.selectors import participant_campaign_payload, participant_context
from campaigns.services.audit import audit
from campaigns.services.campaigns import require_organiser

LATEST = "latest"
"""What a pin follows when it names no revision: the catalogue's current one."""


def _check_revision(catalogue: Faction, revision: int | None) -> None:
    if revision is None:
        return
    if not FactionRevision.objects.filter(faction=catalogue, revision=revision).exists():
        raise CampaignError(
            "catalogue.revision_not_found",
            f"{catalogue.name} has no revision {revision} (it is at {catalogue.revision}).",
            "revision",
        )


def campaign_pin_get(*, campaign: Campaign, catalogue_id: int) -> CampaignCatalogue:
    """The campaign's pin of catalogue ``catalogue_id``; CampaignNotFound otherwise."""
    pin = (
        CampaignCatalogue.objects.select_related("catalogue", "catalogue__system")
        .filter(campaign=campaign, catalogue_id=catalogue_id)
        .first()
    )
    if pin is None:
        raise CampaignNotFound(
            "campaign.pin_not_found", f"The campaign pins no catalogue {catalogue_id}."
        )
    return pin


def campaign_catalogue_pin(
    *,
    campaign: Campaign,
    user: Any,
    catalogue_id: int,
    revision: int | None = None,
    token: str = "",
) -> CampaignCatalogue:
    """Let the campaign's players build from a catalogue the organiser may read (``token``
    opens an unlisted one) of the campaign's system, at ``revision`` (None: the latest)."""
    require_organiser(campaign, user)
    catalogue = (
        Faction.objects.select_related("system")
        .filter(visible_q(user, token), pk=catalogue_id)
        .first()
    )
    if catalogue is None:
        raise CampaignNotFound("catalogue.not_found", f"No catalogue {catalogue_id}.")
    if catalogue.system.slug != campaign.system:
        raise CampaignError(
            "campaign.catalogue_system",
            f"{catalogue.name} is a {catalogue.system.slug} catalogue; this campaign plays "
            f"{campaign.system}.",
            "catalogue",
        )
    _check_revision(catalogue, revision)
    try:
        with transaction.atomic():
            pin = CampaignCatalogue.objects.create(
                campaign=campaign, catalogue=catalogue, revision=revision
            )
    except IntegrityError as error:
        raise CampaignConflict(
            "campaign.catalogue_pinned",
            f"{catalogue.name} is already pinned; move it to another revision instead.",
            "catalogue",
        ) from error
    audit(
        campaign=campaign,
        actor=user,
        action="catalogue_pinned",
        data={"catalogue": catalogue.pk, "revision": revision or LATEST},
    )
    return pin


def campaign_catalogue_unpin(*, campaign: Campaign, user: Any, catalogue_id: int) -> None:
    """Stop pinning a catalogue (rosters that use it are refused at their next update)."""
    require_organiser(campaign, user)
    pin = campaign_pin_get(campaign=campaign, catalogue_id=catalogue_id)
    pin.delete()
    audit(
        campaign=campaign, actor=user, action="catalogue_unpinned", data={"catalogue": catalogue_id}
    )


def campaign_catalogue_changes(
    *, campaign: Campaign, pin: CampaignCatalogue, revision: int | None
) -> list[dict[str, Any]]:
    """For each active participant whose campaign roster builds from the pinned catalogue,
    the roster catalogue-change diff of moving the pin to ``revision`` (None: latest):
    ``[{participant, name, roster, changes}]``."""
    _check_revision(pin.catalogue, revision)
    now = campaign_pinned_revisions(campaign=campaign)
    moved = {k: v for k, v in now.items() if k != pin.catalogue.slug}
    if revision is not None:
        moved[pin.catalogue.slug] = revision
    rows = []
    participants = Participant.objects.filter(
        campaign=campaign, status=ParticipantStatus.ACTIVE
    ).select_related("roster", "roster__system", "roster__faction", "campaign")
    for participant in participants.order_by("id"):
        payload = participant_campaign_payload(participant=participant)
        if pin.catalogue.slug not in payload_factions(payload):
            continue
        changes = context_changes(
            before=participant_context(participant=participant, payload=payload, pinned=now),
            after=participant_context(participant=participant, payload=payload, pinned=moved),
        )
        rows.append(
            {
                "participant": participant.pk,
                "name": participant.name,
                "roster": participant.roster_id,
                "changes": changes.as_dict(),
            }
        )
    return rows


def campaign_catalogue_move(
    *, campaign: Campaign, user: Any, catalogue_id: int, revision: int | None
) -> tuple[CampaignCatalogue, list[dict[str, Any]]]:
    """Move the campaign to ``revision`` of a pinned catalogue (None: follow the latest)
    and answer what changed for each roster that builds from it; the audit log keeps both,
    so every player sees what the move did to their army."""
    require_organiser(campaign, user)
    with transaction.atomic():
        Campaign.objects.select_for_update().get(pk=campaign.pk)
        pin = campaign_pin_get(campaign=campaign, catalogue_id=catalogue_id)
        rows = campaign_catalogue_changes(campaign=campaign, pin=pin, revision=revision)
        before = pin.revision
        pin.revision = revision
        pin.save(update_fields=["revision"])
        audit(
            campaign=campaign,
            actor=user,
            action="catalogue_moved",
            data={
                "catalogue": catalogue_id,
                "from": before or LATEST,
                "to": revision or LATEST,
                "rosters": rows,
            },
        )
    return pin, rows
