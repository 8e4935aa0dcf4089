"""A captured hero (NOT IN SEED: published Mordheim rules, Serious injuries 61 "Captured"):
held by the warband that took him, he misses his warband's games until it pays the ransom
the captor set, beats the captor in a later game, or the captor releases or exchanges him;
sold to the slavers (D6 × 5 gc to the captor) he is lost."""

import pytest

from campaigns.captives import captives_absent, participant_captives
from campaigns.errors import CampaignConflict, CampaignError
from campaigns.selectors import participant_budget
from campaigns.services.captives import (
    captive_offer_exchange,
    captive_pay_ransom,
    captive_release,
    captive_sell,
    captive_set_ransom,
)
from campaigns.services.games import game_take_snapshots
from campaigns.services.results import game_confirm, game_report_result
from rules.engine.systems.skirmish import post_battle as pb
from rules.engine.systems.skirmish.captivity import CAPTIVITY
from tests.integration.campaigns.test_lasting_injuries import CHIEF, chief_in_game_two
from tests.integration.campaigns.test_mordheim_post_battle import linked_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def captured(warbands):
    """The raiders' chief captured by the watch in game 1: (warbands, captive row)."""
    line, _, _ = chief_in_game_two(warbands, "captured", None)
    _, _, _watch, raiders = warbands
    (row,) = participant_captives(participant=raiders)["ours"]
    assert row["captive"] == line.pk
    return warbands, row


def next_game_units(warbands, winner="a"):
    """Play a further game (reported and confirmed); the raiders' snapshot unit ids."""
    organiser, campaign, watch, raiders = warbands
    game = linked_game(campaign, organiser, watch, raiders, [], 7)
    game_take_snapshots(game)
    game_report_result(game=game, user=watch.user, winner=winner, scores={"a": 0, "b": 0}, units=[])
    game_confirm(game=game, user=raiders.user)
    return [u["id"] for u in game.snapshot_b["units"]]


def test_the_captive_is_held_by_the_winner_and_misses_games(captured):
    (_, _, watch, raiders), row = captured
    assert row["status"] == "held"
    assert row["captor"] == watch.pk
    assert participant_captives(participant=watch)["held"] == [row]
    assert captives_absent(participant=raiders) == [(CHIEF, f"{CHIEF}.1")]
    assert CHIEF not in next_game_units(captured[0])


def test_paying_the_ransom_moves_the_gold_and_brings_him_back(captured):
    (_, _, watch, raiders), row = captured
    with pytest.raises(CampaignConflict) as no_price:
        captive_pay_ransom(participant=raiders, captive=row["captive"], actor=raiders.user)
    assert no_price.value.code == "captive.no_ransom"
    captive_set_ransom(captor=watch, captive=row["captive"], price=10**5, actor=watch.user)
    with pytest.raises(CampaignError) as poor:
        captive_pay_ransom(participant=raiders, captive=row["captive"], actor=raiders.user)
    assert (poor.value.code, poor.value.field) == ("treasury.not_enough_gold", "captive")

    captive_set_ransom(captor=watch, captive=row["captive"], price=3, actor=watch.user)
    before = (
        participant_budget(participant=raiders)["available"],
        participant_budget(participant=watch)["available"],
    )
    captive_pay_ransom(participant=raiders, captive=row["captive"], actor=raiders.user)
    after = (
        participant_budget(participant=raiders)["available"],
        participant_budget(participant=watch)["available"],
    )
    assert after == (before[0] - 3, before[1] + 3)
    assert participant_captives(participant=raiders)["ours"][0]["status"] == "ransomed"
    assert captives_absent(participant=raiders) == []
    assert CHIEF in next_game_units(captured[0])


def test_the_ransom_is_the_captors_to_set(captured):
    (_, _, watch, raiders), row = captured
    with pytest.raises(CampaignError) as wrong:
        captive_set_ransom(captor=raiders, captive=row["captive"], price=5, actor=raiders.user)
    assert (wrong.value.code, wrong.value.field) == ("captive.not_found", "captive")
    with pytest.raises(CampaignError) as bad:
        captive_set_ransom(captor=watch, captive=row["captive"], price=-1, actor=watch.user)
    assert bad.value.field == "price"


def test_sold_to_the_slavers_pays_d6_times_five_and_he_is_lost(captured):
    (_, campaign, watch, raiders), row = captured
    before = participant_budget(participant=watch)["available"]
    action = captive_sell(captor=watch, captive=row["captive"], actor=watch.user)
    seed = campaign.games.get(pk=row["game"]).post_battle_seed
    roll, price = CAPTIVITY.slaver_price(seed, row["fighter"])
    assert 1 <= roll <= 6
    assert price == roll * 5
    assert action.gold == price
    assert participant_budget(participant=watch)["available"] == before + price
    assert participant_captives(participant=raiders)["ours"][0]["status"] == "sold"
    assert CHIEF not in next_game_units(captured[0])
    with pytest.raises(CampaignConflict) as again:
        captive_release(captor=watch, captive=row["captive"], actor=watch.user)
    assert again.value.code == "captive.not_held"


def test_beating_the_captor_rescues_him(captured):
    (_, _, _, raiders), _ = captured
    next_game_units(captured[0], winner="b")
    assert participant_captives(participant=raiders)["ours"][0]["status"] == "rescued"
    assert captives_absent(participant=raiders) == []


def captain_seed() -> int:
    """A post-battle seed whose first roll for the watch (side a) captures its captain."""
    for seed in range(1, 20_000):
        if pb.hero_serious_injury(pb.Roller(seed * 2), "u1.1")["result"] == "captured":
            return seed
    raise AssertionError("no seed")


def test_two_captives_offered_for_each_other_both_go_home(captured):
    (organiser, campaign, watch, raiders), chief = captured
    second = linked_game(campaign, organiser, watch, raiders, [], captain_seed())
    game_take_snapshots(second)
    fallen = [{"id": "u1", "side": "a", "fighters": [{"id": "u1.1", "out_of_action": True}]}]
    game_report_result(  # the watch wins, but the raiders carry its captain off
        game=second, user=watch.user, winner="a", scores={"a": 1, "b": 0}, units=fallen
    )
    game_confirm(game=second, user=raiders.user)
    (captain,) = participant_captives(participant=watch)["ours"]
    assert (captain["status"], captain["captor"]) == ("held", raiders.pk)
    with pytest.raises(CampaignError) as wrong:
        captive_offer_exchange(
            captor=raiders,
            captive=captain["captive"],
            for_captive=captain["captive"],
            actor=raiders.user,
        )
    assert (wrong.value.code, wrong.value.field) == ("captive.exchange", "for_captive")
    captive_offer_exchange(
        captor=raiders,
        captive=captain["captive"],
        for_captive=chief["captive"],
        actor=raiders.user,
    )
    assert participant_captives(participant=watch)["ours"][0]["status"] == "held"
    captive_offer_exchange(
        captor=watch, captive=chief["captive"], for_captive=captain["captive"], actor=watch.user
    )
    assert participant_captives(participant=watch)["ours"][0]["status"] == "exchanged"
    assert participant_captives(participant=raiders)["ours"][0]["status"] == "exchanged"
    assert captives_absent(participant=watch) == []
    assert captives_absent(participant=raiders) == []


def test_the_captor_keeps_the_captives_equipment(captured):
    """Captured (published Mordheim serious injury 61): the captors keep the hero's weapons
    and armour; the captor's row lists them and the hero comes home without them."""
    (_, _, watch, raiders), row = captured
    (held,) = participant_captives(participant=watch)["held"]
    assert held["equipment"]
    assert held["equipment"] == row["equipment"]
    captive_release(captor=watch, captive=row["captive"], actor=watch.user)
    organiser, campaign, _, _ = captured[0]
    game = linked_game(campaign, organiser, watch, raiders, [], 9)
    game_take_snapshots(game)
    chief = next(u for u in game.snapshot_b["units"] if u["id"] == CHIEF)
    assert chief["weapons"] == []
