"""The participant page's trading form (NOT IN SEED: published Mordheim rules, Trading): a
choice of each fighter's equipment list by name with its price, rarity and resale value,
no slug to type; a refused trade answers under the field, the choice kept."""

import pytest
from django.test import Client
from django.urls import reverse

from campaigns.selectors import participant_budget
from tests.integration.campaigns.test_mordheim_post_battle import warbands  # noqa: F401
from tests.integration.campaigns.test_trading import CAPTAIN, after_a_game, captain_options

pytestmark = pytest.mark.django_db


def pages(watch):
    client = Client()
    client.force_login(watch.user)
    page = reverse("participant-detail", args=[watch.campaign_id, watch.pk])
    act = reverse("participant-warband", args=[watch.campaign_id, watch.pk])
    return client, page, act


def test_the_form_offers_each_fighters_items_by_name_and_price(warbands):  # noqa: F811
    _, watch = after_a_game(warbands, 11)
    client, page, _ = pages(watch)
    text = client.get(page).content.decode()
    assert "equipment slug" not in text
    assert '<select id="trade-item" name="trade">' in text
    assert f'<option value="{CAPTAIN}/dagger">Extra dagger — 2 gc</option>' in text
    assert f'value="{CAPTAIN}/sword">Sword — 10 gc · carries 1, sells for 5 gc</option>' in text
    assert f'value="{CAPTAIN}/handgun">' in text
    assert "· rare 8+" in text


def test_buying_from_the_choice_spends_and_a_refusal_shows_at_the_field(warbands):  # noqa: F811
    _, watch = after_a_game(warbands, 11)
    client, page, act = pages(watch)
    before = participant_budget(participant=watch)["available"]
    done = client.post(act, {"action": "buy", "trade": f"{CAPTAIN}/dagger"}, follow=True)
    assert "Bought." in done.content.decode()
    assert captain_options(watch).count("dagger") == 1
    assert participant_budget(participant=watch)["available"] == before - 2

    refused = client.post(act, {"action": "buy", "trade": f"{CAPTAIN}/handgun"}, follow=True)
    text = refused.content.decode()
    assert 'aria-invalid="true" aria-describedby="trade-item-error"' in text
    assert (
        '<p class="field-error" id="trade-item-error" role="alert">Handgun is rare: a hero must'
        in text
    )
    assert f'<option value="{CAPTAIN}/handgun" selected>' in text
    assert text.count("Handgun is rare") == 1  # at the field, not among the messages
    again = client.get(page).content.decode()
    assert "trade-item-error" not in again  # shown once

    odd = client.post(act, {"action": "sell", "trade": "dagger"}, follow=True)
    assert "Choose a fighter&#x27;s item to buy or sell." in odd.content.decode()
