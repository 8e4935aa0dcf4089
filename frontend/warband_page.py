"""The warband step of a campaign participant's page (a system's between-games rules, read
by name: skirmish has them): the warband rating and member count, captives, trading and
hired swords (the treasury is the page's campaign budget)."""

from __future__ import annotations

from typing import Any

from campaigns.captives import participant_captives
from campaigns.models import Participant
from campaigns.services import hired_swords, trading
from campaigns.services.rosters import participant_snapshot
from campaigns.treasury import has_rules, system_rules
from core.errors import ApplicationError


def warband_context(participant: Participant) -> dict[str, Any]:
    """What the page's warband step shows (each part None where the system has none)."""
    figures = None
    if has_rules(participant, "figures"):
        try:
            figures = system_rules(participant, "figures")(
                participant_snapshot(participant=participant)
            )
        except ApplicationError:
            figures = None
    return {
        "figures": figures,
        "captives": participant_captives(participant=participant)
        if has_rules(participant, "captivity")
        else None,
        "trading": trading.trading_state(participant=participant)
        if has_rules(participant, "trading")
        else None,
        "hired_catalogue": system_rules(participant, "hired_swords").entries
        if has_rules(participant, "hired_swords")
        else (),
        "hires": hired_swords.participant_hired_swords(participant=participant),
    }
