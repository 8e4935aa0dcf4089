"""Spending Mordheim gold crowns on the campaign roster under the army builder's own
validator (NOT IN SEED: published Mordheim, 500 gc to start, income after each game)."""

import copy

import pytest

from campaigns.errors import CampaignError
from campaigns.selectors import participant_budget
from campaigns.services.rosters import participant_roster_check, participant_roster_update
from tests.integration.campaigns.test_mordheim_post_battle import linked_game, play

pytestmark = pytest.mark.django_db


def with_units(watch, *extra):
    payload = copy.deepcopy(watch.roster.payload)
    payload["units"].extend(extra)
    return payload


def test_a_warband_spends_its_income_and_is_refused_a_second_leader_or_an_overspend(warbands):
    organiser, campaign, watch, raiders = warbands
    before = participant_budget(participant=watch)
    assert (before["starting"], before["spent"]) == (500, 480)  # the sample spends 480 gc
    play(linked_game(campaign, organiser, watch, raiders, [], 4242), watch, raiders)
    after = participant_budget(participant=watch)
    assert after["earned"] > 0  # gold crowns of income
    assert after["available"] == 500 + after["earned"] - 480

    recruit = {"id": "u8", "unit": "lamplighter", "size": 1, "options": [], "name": "Dell"}
    check = participant_roster_check(participant=watch, payload=with_units(watch, recruit))
    assert check["buying"] > 0
    assert check["left"] >= 0
    assert check["validation"]["valid"], check["validation"]["violations"]
    # a third novice breaks the catalogue's limit of two, named by the army builder
    novice = {"id": "u8", "unit": "ash-novice", "size": 1, "options": [], "name": "Dell"}
    with pytest.raises(CampaignError) as limited:
        participant_roster_update(
            participant=watch, actor=watch.user, payload=with_units(watch, novice)
        )
    assert "units[7]" in limited.value.fields
    version = participant_roster_update(
        participant=watch, actor=watch.user, payload=with_units(watch, recruit)
    )
    assert (version.number, version.spent) == (2, check["buying"])
    assert participant_budget(participant=watch)["available"] == check["left"]

    leader = {"id": "u9", "unit": "warden-captain", "size": 1, "options": [], "name": "Usurper"}
    with pytest.raises(CampaignError) as refused:
        participant_roster_update(
            participant=watch, actor=watch.user, payload=with_units(watch, leader)
        )
    assert refused.value.fields  # the army builder's rule names the field at fault

    rich = [
        {"id": f"w{i}", "unit": "watchman", "size": 5, "options": [], "name": f"Watch {i}"}
        for i in range(4)
    ]
    with pytest.raises(CampaignError) as overspent:
        participant_roster_update(
            participant=watch, actor=watch.user, payload=with_units(watch, *rich)
        )
    assert "points" in overspent.value.fields
