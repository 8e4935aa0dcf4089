"""The warband's treasury, rating and member count on the army builder and the campaign
participant page, and the page's between-games step (trading, hired swords, captives:
NOT IN SEED, published Mordheim rules, Trading, Hired Swords, Serious injuries 61)."""

import pytest
from django.test import Client
from django.urls import reverse

from campaigns.models import WarbandAction
from campaigns.selectors import participant_budget
from campaigns.services.hired_swords import participant_hired_swords
from campaigns.services.rosters import participant_snapshot
from rules.engine.systems.skirmish.warband_figures import warband_figures
from tests.integration.campaigns.test_lasting_injuries import chief_in_game_two
from tests.integration.campaigns.test_mordheim_post_battle import warbands  # noqa: F401

pytestmark = pytest.mark.django_db


def client_of(user):
    client = Client()
    client.force_login(user)
    return client


def test_the_builder_shows_treasury_rating_and_members(warbands):  # noqa: F811
    watch = warbands[2]
    page = client_of(watch.user).get(reverse("roster-edit", args=[watch.roster.pk]))
    text = page.content.decode()
    assert 'id="roster-figures"' in text
    for figure in ("Warband rating: ", "Treasury: 20", "Fighters: 12", "Heroes: "):
        assert figure in text


def test_the_participant_page_shows_the_warband_figures_and_its_step(warbands):  # noqa: F811
    chief_in_game_two(warbands, "captured", None)
    _, campaign, watch, raiders = warbands
    url = reverse("participant-detail", args=[campaign.pk, watch.pk])
    text = client_of(watch.user).get(url).content.decode()
    figures = warband_figures(participant_snapshot(participant=watch))
    treasury = participant_budget(participant=watch)["available"]
    assert f"Treasury: <strong>{treasury}</strong>" in text
    assert f"Warband rating: <strong>{figures['warband_rating']}</strong>" in text
    assert f"Members: <strong>{figures['members']}</strong>" in text
    assert 'id="warband-step"' in text
    assert "We hold" in text  # the raiders' captured chief
    assert "Sell to the slavers" in text
    assert "Tollgate Sellsword" in text
    theirs = client_of(raiders.user).get(
        reverse("participant-detail", args=[campaign.pk, raiders.pk])
    )
    assert "captured in game" in theirs.content.decode()


def test_the_step_hires_a_hired_sword_and_names_a_refusal(warbands):  # noqa: F811
    _, campaign, watch, _ = warbands
    WarbandAction.objects.create(campaign=campaign, participant=watch, kind="sell", gold=100)
    client = client_of(watch.user)
    url = reverse("participant-warband", args=[campaign.pk, watch.pk])
    done = client.post(url, {"action": "hire", "hired_sword": "fen-tracker"}, follow=True)
    assert "Hired." in done.content.decode()
    assert [h["hired_sword"] for h in participant_hired_swords(participant=watch)] == [
        "fen-tracker"
    ]
    again = client.post(url, {"action": "hire", "hired_sword": "fen-tracker"}, follow=True)
    assert "one of each hired sword" in again.content.decode()
    odd = client.post(url, {"action": "ransom", "captive": "x"}, follow=True)
    assert "A whole number is needed." in odd.content.decode()
