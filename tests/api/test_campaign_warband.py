"""``/campaigns/{id}/participants/{pid}/warband/``: the treasury, captives and trading
through the API (NOT IN SEED: published Mordheim rules, Trading and Serious injuries 61);
bad input answers 4xx naming the field."""

import pytest

from campaigns.models import WarbandAction
from tests.api.conftest import token_client
from tests.integration.campaigns.test_lasting_injuries import chief_in_game_two
from tests.integration.campaigns.test_mordheim_post_battle import warbands  # noqa: F401

pytestmark = pytest.mark.django_db


def url(campaign, participant, tail=""):
    return f"/api/v1/campaigns/{campaign.pk}/participants/{participant.pk}/warband/{tail}"


def refusal(response):
    """(code, the fields named) of a 4xx answer."""
    error = response.json()["error"]
    return error["code"], sorted(error["fields"])


def test_the_warband_shows_treasury_captives_and_trading(warbands):  # noqa: F811
    chief_in_game_two(warbands, "captured", None)
    _, campaign, watch, raiders = warbands
    body = token_client(watch.user).get(url(campaign, watch)).json()
    assert body["treasury"]["available"] == (
        body["treasury"]["starting"]
        + body["treasury"]["earned"]
        - body["treasury"]["spent"]
        + body["treasury"]["traded"]
    )
    (held,) = body["captives"]["held"]
    assert held["status"] == "held"
    assert held["participant"] == raiders.pk
    assert body["trading"]["rarity"]["handgun"] == 8
    assert token_client(raiders.user).get(url(campaign, watch)).status_code == 200


def test_a_ransom_is_set_and_paid_through_the_api(warbands):  # noqa: F811
    chief_in_game_two(warbands, "captured", None)
    _, campaign, watch, raiders = warbands
    captor, owner = token_client(watch.user), token_client(raiders.user)
    captive = captor.get(url(campaign, watch)).json()["captives"]["held"][0]["captive"]
    refused = owner.post(url(campaign, raiders, "captives/pay/"), {"captive": captive})
    assert refused.status_code == 409
    assert refusal(refused) == ("captive.no_ransom", ["captive"])
    bad = captor.post(url(campaign, watch, "captives/ransom/"), {"captive": captive, "price": -3})
    assert bad.status_code == 400
    assert refusal(bad)[1] == ["price"]
    set_ = captor.post(url(campaign, watch, "captives/ransom/"), {"captive": captive, "price": 2})
    assert set_.status_code == 201
    paid = owner.post(url(campaign, raiders, "captives/pay/"), {"captive": captive})
    assert paid.status_code == 201
    assert paid.json()["action"]["gold"] == -2
    ours = owner.get(url(campaign, raiders)).json()["captives"]["ours"]
    assert ours[0]["status"] == "ransomed"
    other = captor.post(url(campaign, raiders, "captives/pay/"), {"captive": captive})
    assert other.status_code == 403


def test_trading_refusals_name_the_field(warbands):  # noqa: F811
    chief_in_game_two(warbands, "captured", None)
    _, campaign, watch, _ = warbands
    client = token_client(watch.user)
    unknown = client.post(url(campaign, watch, "trading/buy/"), {"unit": "u1", "item": "lance"})
    assert unknown.status_code == 400
    assert refusal(unknown) == ("trading.unknown_item", ["item"])
    rare = client.post(url(campaign, watch, "trading/buy/"), {"unit": "u1", "item": "handgun"})
    assert rare.status_code == 409
    assert refusal(rare) == ("trading.rarity_needed", ["item"])
    first = client.post(url(campaign, watch, "trading/search/"), {"hero": "u1", "item": "handgun"})
    assert first.status_code == 201
    again = client.post(url(campaign, watch, "trading/search/"), {"hero": "u1", "item": "handgun"})
    assert again.status_code == 409
    assert refusal(again) == ("trading.roll_used", ["hero"])
    bought = client.post(url(campaign, watch, "trading/buy/"), {"unit": "u1", "item": "dagger"})
    assert bought.status_code == 201
    missing = client.post(url(campaign, watch, "trading/buy/"), {"item": "dagger"})
    assert missing.status_code == 400
    assert refusal(missing)[1] == ["unit"]


def test_a_hired_sword_is_hired_through_the_api(warbands):  # noqa: F811
    _, campaign, watch, _ = warbands
    WarbandAction.objects.create(campaign=campaign, participant=watch, kind="sell", gold=50)
    client = token_client(watch.user)
    listed = client.get(url(campaign, watch)).json()["hired_swords"]
    fee = next(h for h in listed["catalogue"] if h["slug"] == "fen-tracker")["hire_fee"]
    hired = client.post(url(campaign, watch, "hired-swords/hire/"), {"hired_sword": "fen-tracker"})
    assert hired.status_code == 201
    assert hired.json()["action"]["gold"] == -fee
    hires = client.get(url(campaign, watch)).json()["hired_swords"]["hires"]
    assert [(h["hired_sword"], h["status"]) for h in hires] == [("fen-tracker", "active")]
    unknown = client.post(url(campaign, watch, "hired-swords/hire/"), {"hired_sword": "x"})
    assert refusal(unknown) == ("hired_sword.unknown", ["hired_sword"])
    early = client.post(
        url(campaign, watch, "hired-swords/upkeep/"), {"hired_sword": "fen-tracker"}
    )
    assert refusal(early) == ("hired_sword.no_upkeep_due", ["hired_sword"])


def test_strangers_get_404(warbands, stranger_client):  # noqa: F811
    _, campaign, watch, _ = warbands
    assert stranger_client.get(url(campaign, watch)).status_code == 404
