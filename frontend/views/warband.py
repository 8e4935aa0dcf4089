"""``POST campaigns/<id>/participants/<pid>/warband/``: every button of the participant
page's warband step (trading, hired swords, captives) posts here with its ``action``; each
goes through ``campaigns.services`` and comes back to the page with what was done or why
not (a refused trade under the trading form's field)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.views.decorators.http import require_POST

from campaigns.errors import CampaignError
from campaigns.services import captives, hired_swords, trading
from frontend.trade_page import FIELD, remember_trade_error, trade_choice
from frontend.views.campaign_people import back_to_participant
from frontend.views.campaigns import page_participant


def text(raw: str, name: str) -> str:
    """A posted text field as it came."""
    return raw


def whole(raw: str, name: str) -> int:
    """A posted whole number."""
    try:
        return int(raw)
    except ValueError as exc:
        raise CampaignError(f"warband.{name}", "A whole number is needed.", name) from exc


def traded_unit(raw: str, name: str) -> str:
    """The fighter of the trading form's ``<unit>/<item>`` choice."""
    return trade_choice(raw)[0]


def traded_item(raw: str, name: str) -> str:
    """The item of the trading form's ``<unit>/<item>`` choice."""
    return trade_choice(raw)[1]


Argument = tuple[str, str, Callable[[str, str], Any]]
"""(the service's keyword, the form field, how its posted text (at most 80 characters) is
read)."""
TRADE: tuple[Argument, ...] = (("unit", FIELD, traded_unit), ("item", FIELD, traded_item))
HIRED: tuple[Argument, ...] = (("slug", "hired_sword", text),)
CAPTIVE: tuple[Argument, ...] = (("captive", "captive", whole),)

ACTIONS: dict[str, tuple[Callable[..., Any], str, tuple[Argument, ...], str]] = {
    "search": (
        trading.trade_search,
        "participant",
        (("hero", "hero", text), ("item", "item", text)),
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
        (*CAPTIVE, ("price", "price", whole)),
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
        values = {
            key: read(str(request.POST.get(name, ""))[:80], name) for key, name, read in arguments
        }
        service(**{who: participant}, **values, actor=request.user)
    except CampaignError as error:
        if arguments is TRADE:
            remember_trade_error(request, str(request.POST.get(FIELD, "")), error.message)
            return redirect(
                "participant-detail", pk=participant.campaign_id, participant_id=participant.pk
            )
        return back_to_participant(request, participant, error, "")
    return back_to_participant(request, participant, None, done)
