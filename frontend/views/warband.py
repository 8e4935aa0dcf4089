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
from campaigns.models import Participant
from campaigns.services import captives, hired_swords, trading
from frontend.views.campaign_people import back_to_participant
from frontend.views.campaigns import page_participant


def _number(request: HttpRequest, name: str) -> int:
    try:
        return int(request.POST.get(name, ""))
    except ValueError as exc:
        raise CampaignError(f"warband.{name}", "A whole number is needed.", name) from exc


def _text(request: HttpRequest, name: str) -> str:
    return str(request.POST.get(name, ""))[:80]


ACTIONS: dict[str, tuple[Callable[[HttpRequest, Participant], Any], str]] = {
    "search": (
        lambda r, p: trading.trade_search(
            participant=p, hero=_text(r, "hero"), item=_text(r, "item"), actor=r.user
        ),
        "Searched for a rare item.",
    ),
    "buy": (
        lambda r, p: trading.trade_buy(
            participant=p, unit=_text(r, "unit"), item=_text(r, "item"), actor=r.user
        ),
        "Bought.",
    ),
    "sell": (
        lambda r, p: trading.trade_sell(
            participant=p, unit=_text(r, "unit"), item=_text(r, "item"), actor=r.user
        ),
        "Sold.",
    ),
    "hire": (
        lambda r, p: hired_swords.hired_sword_hire(
            participant=p, slug=_text(r, "hired_sword"), actor=r.user
        ),
        "Hired.",
    ),
    "upkeep": (
        lambda r, p: hired_swords.hired_sword_upkeep(
            participant=p, slug=_text(r, "hired_sword"), actor=r.user
        ),
        "Upkeep paid.",
    ),
    "dismiss": (
        lambda r, p: hired_swords.hired_sword_dismiss(
            participant=p, slug=_text(r, "hired_sword"), actor=r.user
        ),
        "Hired sword let go.",
    ),
    "ransom": (
        lambda r, p: captives.captive_set_ransom(
            captor=p, captive=_number(r, "captive"), price=_number(r, "price"), actor=r.user
        ),
        "Ransom named.",
    ),
    "pay": (
        lambda r, p: captives.captive_pay_ransom(
            participant=p, captive=_number(r, "captive"), actor=r.user
        ),
        "Ransom paid: he is back.",
    ),
    "sell_captive": (
        lambda r, p: captives.captive_sell(captor=p, captive=_number(r, "captive"), actor=r.user),
        "Sold to the slavers.",
    ),
    "release": (
        lambda r, p: captives.captive_release(
            captor=p, captive=_number(r, "captive"), actor=r.user
        ),
        "Captive released.",
    ),
}


@login_required
@require_POST
def warband_act(request: HttpRequest, pk: int, participant_id: int) -> HttpResponse:
    """One warband action from the participant page's warband step."""
    participant = page_participant(request, pk, participant_id)
    handler = ACTIONS.get(_text(request, "action"))
    if handler is None:
        return back_to_participant(
            request, participant, CampaignError("warband.action", "Unknown action."), ""
        )
    act, done = handler
    try:
        act(request, participant)
    except CampaignError as error:
        return back_to_participant(request, participant, error, "")
    return back_to_participant(request, participant, None, done)
