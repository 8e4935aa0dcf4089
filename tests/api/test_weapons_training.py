"""Weapons Training (published Mordheim rulebook p.121, Combat skills: "may use any close
combat weapon he comes across"): through the API a hero with it may take a close-combat
weapon of another list of his warband (here a flail, on no hero's list); without it the
option is refused naming its field; a hero who learns it in a campaign may buy one, and
reversing the game that taught it takes that away again (the learnt skill is never stored)."""

import pytest

from campaigns.selectors import participant_campaign_payload, participant_pending_choices
from campaigns.services.ledger import advance_choose
from campaigns.services.results import game_reverse
from campaigns.services.trading import trading_offers
from tests.api.conftest import token_client
from tests.integration.campaigns.test_mordheim_post_battle import warbands  # noqa: F401
from tests.integration.campaigns.test_trading import CAPTAIN, after_a_game

pytestmark = pytest.mark.django_db


def watch(skills):
    return {
        "name": "Watch",
        "system": "skirmish",
        "faction": "lantern-wardens",
        "units": [
            {"unit": "warden-captain", "options": ["sword", "flail"], "skills": skills},
            {"unit": "watchman", "size": 2},
        ],
    }


def test_a_trained_hero_may_take_a_flail_of_another_list(api_client, catalogues):
    response = api_client.post(
        "/api/v1/rosters/validate/", watch(["weapons-training"]), format="json"
    )
    assert response.status_code == 200
    body = response.json()
    assert [e for e in body["validation"]["errors"] if e["path"].startswith("units[0]")] == []
    assert body["units"][0]["points"] == 60 + 10 + 15  # captain, sword, the flail's price


def test_without_the_skill_the_flail_is_refused_naming_the_field(api_client, catalogues):
    response = api_client.post("/api/v1/rosters/validate/", watch([]), format="json")
    assert response.status_code == 400
    assert "units[0].options[1]" in response.json()["error"]["fields"]


def url(campaign, participant, tail=""):
    return f"/api/v1/campaigns/{campaign.pk}/participants/{participant.pk}/warband/{tail}"


def flail_offered(watch):
    offers = trading_offers(participant=watch)
    captain = next(o for o in offers if o["unit"] == CAPTAIN)
    return "flail" in [i["item"] for i in captain["items"]]


def test_learnt_in_a_campaign_then_bought(warbands):  # noqa: F811
    organiser = warbands[0]
    game, watch = after_a_game(warbands, 1, gold=100)
    client = token_client(watch.user)
    before = client.post(
        url(game.campaign, watch, "trading/buy/"), {"unit": CAPTAIN, "item": "flail"}
    )
    assert before.status_code == 400
    assert before.json()["error"]["code"] == "trading.unknown_item"
    assert not flail_offered(watch)

    (pending,) = participant_pending_choices(participant=watch)
    advance_choose(
        participant=watch, entry=pending["entry"], choice="Weapons Training", actor=watch.user
    )
    assert flail_offered(watch)
    bought = client.post(
        url(game.campaign, watch, "trading/buy/"), {"unit": CAPTAIN, "item": "flail"}
    )
    assert bought.status_code == 201
    captain = next(
        u for u in participant_campaign_payload(participant=watch)["units"] if u["id"] == CAPTAIN
    )
    assert "flail" in captain["options"]
    assert "learnt" not in captain  # the stored roster never holds the learnt skill

    game_reverse(game=game, user=organiser, reason="wrong opponent")
    assert not flail_offered(watch)
