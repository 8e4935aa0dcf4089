"""What the campaign page shows of a campaign's pinned catalogues (docs/campaigns.md
"Pinned catalogues"): each pin with its catalogue's latest revision, and for the organiser
what moving a pin that is behind would change per roster and the catalogues left to pin."""

from __future__ import annotations

from typing import Any

from armybuilder.catalogue_selectors import catalogue_list
from campaigns.catalogue_pins import campaign_pin_list
from campaigns.models import Campaign
from campaigns.services.catalogues import campaign_catalogue_changes


def pin_rows(campaign: Campaign, *, organiser: bool) -> list[dict[str, Any]]:
    """Each pin as the campaign page shows it; for the organiser, a pin behind its
    catalogue carries what moving it to the catalogue's revision changes per roster."""
    rows = []
    for pin in campaign_pin_list(campaign=campaign).order_by("catalogue__name"):
        latest = pin.catalogue.revision
        behind = pin.revision is not None and pin.revision < latest
        preview = (
            campaign_catalogue_changes(campaign=campaign, pin=pin, revision=latest)
            if organiser and behind
            else []
        )
        rows.append({"pin": pin, "latest": latest, "behind": behind, "preview": preview})
    return rows


def pinnable_catalogues(campaign: Campaign, user: Any) -> list[tuple[int, str]]:
    """The catalogues of the campaign's system the organiser may pin (listed to them and
    not pinned yet), as ``(id, label)``."""
    pinned = set(campaign_pin_list(campaign=campaign).values_list("catalogue_id", flat=True))
    return [
        (catalogue.pk, f"{catalogue.name} (revision {catalogue.revision})")
        for catalogue in catalogue_list(user=user, system=campaign.system)
        if catalogue.pk not in pinned
    ]
