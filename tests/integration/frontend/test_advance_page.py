"""The post-battle advance page (NOT IN SEED: published Mordheim rulebook p.122, "Skills"): a
hero's "new skill" pick offers the skills of his lists, each with its list and short
description, and a refused pick is shown beside its field."""

import pytest
from django.test import Client
from django.urls import reverse

from campaigns.selectors import participant_pending_choices
from tests.integration.campaigns.test_advances_and_absences import NEW_SKILL_SEED
from tests.integration.campaigns.test_mordheim_post_battle import (  # noqa: F401
    linked_game,
    play,
    warbands,
)

pytestmark = pytest.mark.django_db


def test_a_new_skill_pick_describes_each_skill_and_shows_a_refusal_beside_it(warbands):  # noqa: F811
    organiser, campaign, watch, raiders = warbands
    play(linked_game(campaign, organiser, watch, raiders, [], NEW_SKILL_SEED), watch, raiders)
    (pending,) = participant_pending_choices(participant=watch)
    client = Client()
    client.force_login(watch.user)
    url = reverse("participant-detail", args=[campaign.pk, watch.pk])
    page = client.get(url).content.decode()
    assert (
        '<option value="Dodge">Dodge (speed) — A 5+ save against each missile hit.</option>' in page
    )

    refused = client.post(
        reverse("participant-advance", args=[campaign.pk, watch.pk]),
        {"entry": pending["entry"], "choice": "Flight"},
        follow=True,
    ).content.decode()
    field = f'id="choice-{pending["entry"]}-error" role="alert"'
    assert field in refused
    assert f'aria-describedby="choice-{pending["entry"]}-error"' in refused
    assert field not in client.get(url).content.decode()  # shown once
