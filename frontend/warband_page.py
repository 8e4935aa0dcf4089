"""The warband step of a campaign participant's page (a system's between-games rules, read
by name: skirmish has them): the warband rating and member count, captives, trading and
hired swords (the treasury is the page's campaign budget)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.http import HttpRequest

from campaigns.captives import participant_captives
from campaigns.models import Participant
from campaigns.services import hired_swords, trading
from campaigns.services.rosters import participant_snapshot
from campaigns.treasury import has_rules, system_rules
from core.errors import ApplicationError
from frontend.trade_page import trade_form


def warband_context(
    request: HttpRequest, participant: Participant, names: Mapping[str, str]
) -> dict[str, Any]:
    """What the page's warband step shows (each part None where the system has none), its
    heroes, captives' units and trading fighters named by ``names`` (unit key → the page's
    name), not by key."""
    figures = None
    if has_rules(participant, "figures"):
        try:
            figures = system_rules(participant, "figures")(
                participant_snapshot(participant=participant)
            )
        except ApplicationError:
            figures = None
    captives = (
        participant_captives(participant=participant)
        if has_rules(participant, "captivity")
        else None
    )
    for row in (captives or {}).get("ours", []):
        row["unit_name"] = names.get(row["unit"], row["unit"])
    state = (
        trading.trading_state(participant=participant)
        if has_rules(participant, "trading")
        else None
    )
    for row in [*(state or {}).get("searchers", []), *(state or {}).get("searches", [])]:
        row["hero_name"] = names.get(row["hero"], row["hero"])
    return {
        "figures": figures,
        "captives": captives,
        "trading": state,
        "trade_form": trade_form(request, participant, names) if state else None,
        "hired_catalogue": system_rules(participant, "hired_swords").entries
        if has_rules(participant, "hired_swords")
        else (),
        "hires": hired_swords.participant_hired_swords(participant=participant),
    }
