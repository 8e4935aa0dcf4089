"""``POST campaigns/<id>/participants/<pid>/warband/``: every button of the participant
page's warband step (trading, hired swords, captives) posts here with its ``action``; each
goes through ``campaigns.services`` and comes back to the page with what was done or why
not."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_POST

from campaigns.errors import CampaignError
from campaigns.services import captives, hired_swords, trading
from frontend.views.campaign_people import back_to_participant
from frontend.views.campaigns import page_participant


def _value(request: HttpRequest, name: str, whole: bool) -> Any:
    """A posted field: text (at most 80 characters) or a whole number."""
    raw = str(request.POST.get(name, ""))[:80]
    if not whole:
        return raw
    try:
        return int(raw)
    except ValueError as exc:
        raise CampaignError(f"warband.{name}", "A whole number is needed.", name) from exc


Argument = tuple[str, str, bool]
"""(the service's keyword, the form field, whether it is a whole number)."""
TRADE: tuple[Argument, ...] = (("unit", "unit", False), ("item", "item", False))
HIRED: tuple[Argument, ...] = (("slug", "hired_sword", False),)
CAPTIVE: tuple[Argument, ...] = (("captive", "captive", True),)

ACTIONS: dict[str, tuple[Callable[..., Any], str, tuple[Argument, ...], str]] = {
    "search": (
        trading.trade_search,
        "participant",
        (("hero", "hero", False), ("item", "item", False)),
        "Searched for a rare item.",
    ),
    "buy": (trading.trade_buy, "participant", TRADE, "Bought."),
    "sell": (trading.trade_sell, "participant", TRADE, "Sold."),
    "hire": (hired_swords.hired_sword_hire, "participant", HIRED, "Hired."),
    "upkeep": (hired_swords.hired_sword_upkeep, "participant", HIRED, "Upkeep paid."),
    "dismiss": (hired_swords.hired_sword_dismiss, "participant", HIRED, "Hired sword let go."),
    "ransom": (
        captives.captive_set_ransom,
        "captor",
        (*CAPTIVE, ("price", "price", True)),
        "Ransom named.",
    ),
    "pay": (captives.captive_pay_ransom, "participant", CAPTIVE, "Ransom paid: he is back."),
    "sell_captive": (captives.captive_sell, "captor", CAPTIVE, "Sold to the slavers."),
    "release": (captives.captive_release, "captor", CAPTIVE, "Captive released."),
}
"""Each button's ``action``: (service, the keyword the participant goes in as, the posted
fields it takes, what the page says when it is done)."""


@login_required
@require_POST
def warband_act(request: HttpRequest, pk: int, participant_id: int) -> HttpResponse:
    """One warband action from the participant page's warband step."""
    participant = page_participant(request, pk, participant_id)
    handler = ACTIONS.get(str(request.POST.get("action", "")))
    if handler is None:
        return back_to_participant(
            request, participant, CampaignError("warband.action", "Unknown action."), ""
        )
    service, who, arguments, done = handler
    try:
        values = {key: _value(request, name, whole) for key, name, whole in arguments}
        service(**{who: participant}, **values, actor=request.user)
    except CampaignError as error:
        return back_to_participant(request, participant, error, "")
    return back_to_participant(request, participant, None, done)
