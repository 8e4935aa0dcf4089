"""The trading form of the participant page's warband step (NOT IN SEED: published Mordheim
rules, Trading): one choice of every item each fighter of the campaign roster may buy or
sell, grouped by fighter, each named as the catalogue names it with its price, its rarity
and what a carried one sells for; the choice posts as ``<unit>/<item>`` (``trade``), and a
refused trade's message is kept in the session across the redirect (``TRADE_ERROR``) to be
shown under the field."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.http import HttpRequest

from campaigns.errors import CampaignError
from campaigns.models import Participant
from campaigns.services.trading import trading_offers
from frontend.views.battles import system_names

TRADE_ERROR = "trade_error"
FIELD = "trade"


def trade_choice(raw: str) -> tuple[str, str]:
    """(unit key, item slug) of a posted ``<unit>/<item>`` choice; an item slug holds no
    slash, so the last one splits them."""
    unit, slash, item = raw.rpartition("/")
    if not slash or not unit or not item:
        raise CampaignError("trading.choice", "Choose a fighter's item to buy or sell.", FIELD)
    return unit, item


def remember_trade_error(request: HttpRequest, chosen: str, message: str) -> None:
    """Keep a refused trade's message and choice for the page the player is sent back to."""
    request.session[TRADE_ERROR] = {"chosen": chosen, "message": message}


def item_label(item: Mapping[str, Any], points: str) -> str:
    """One item as the choice reads it: "Sword — 10 gc", with "rare 8+" and, when the
    fighter has one, "carries 1, sells for 5 gc"."""
    label = f"{item['name']} — {item['price']} {points}"
    if item["rarity"] is not None:
        label += f" · rare {item['rarity']}+"
    if item["carries"]:
        label += f" · carries {item['carries']}, sells for {item['sells_for']} {points}"
    return label


def trade_form(
    request: HttpRequest, participant: Participant, names: Mapping[str, str]
) -> dict[str, Any]:
    """The form's ``fighters`` (``name`` and ``items``: value, label) named by ``names``
    (unit key → the page's name), the ``chosen`` value and the ``error`` of the last refused
    trade (shown once)."""
    points = system_names(participant.campaign.system)[1]
    refused = request.session.pop(TRADE_ERROR, None) or {}
    fighters = [
        {
            "name": names.get(offer["unit"], offer["unit"]),
            "items": [
                {"value": f"{offer['unit']}/{item['item']}", "label": item_label(item, points)}
                for item in offer["items"]
            ],
        }
        for offer in trading_offers(participant=participant)
        if offer["items"]
    ]
    return {
        "fighters": fighters,
        "chosen": refused.get("chosen", ""),
        "error": refused.get("message", ""),
    }
