"""Trading between games (NOT IN SEED: published Mordheim rules, Trading): common items at
their listed price from the treasury, rare items only after a hero's 2D6 rarity roll finds
them (one search per standing hero per game, seeded by the game), selling at half price;
every refusal names its field."""

import pytest

from campaigns.errors import CampaignConflict, CampaignError
from campaigns.models import WarbandAction
from campaigns.selectors import (
    participant_budget,
    participant_campaign_payload,
    participant_pending_choices,
)
from campaigns.services.ledger import advance_choose
from campaigns.services.results import game_reverse
from campaigns.services.rosters import participant_roster_check, participant_snapshot
from campaigns.services.trading import trade_buy, trade_search, trade_sell, trading_state
from rules.engine.systems.skirmish.trading import TRADING
from tests.integration.campaigns.test_mordheim_post_battle import linked_game, play

pytestmark = pytest.mark.django_db

CAPTAIN = "u1"
RARE = "handgun"  # published Rare 8, on the Warden-Captain's list


def seed_where(found: bool) -> int:
    """A game post-battle seed whose search by the watch's captain (side a) finds or misses
    a Rare 8 item."""
    for seed in range(1, 500):
        if (sum(TRADING.search((seed * 2) % (2**62), CAPTAIN)) >= 8) == found:
            return seed
    raise AssertionError("no seed")


def after_a_game(warbands, seed, gold=0):
    """Game 1 played (the watch's captain stands, the raiders' heroes fall)."""
    organiser, campaign, watch, raiders = warbands
    game = play(linked_game(campaign, organiser, watch, raiders, [], seed), watch, raiders)
    if gold:
        WarbandAction.objects.create(campaign=campaign, participant=watch, kind="sell", gold=gold)
    return game, watch


def captain_options(watch):
    payload = participant_campaign_payload(participant=watch)
    return next(u for u in payload["units"] if u["id"] == CAPTAIN)["options"]


def test_a_common_item_is_bought_at_its_price_and_sold_for_half(warbands):
    _, watch = after_a_game(warbands, 11)
    before = participant_budget(participant=watch)["available"]
    trade_buy(participant=watch, unit=CAPTAIN, item="dagger", actor=watch.user)
    assert participant_budget(participant=watch)["available"] == before - 2
    assert captain_options(watch).count("dagger") == 1
    weapons = next(
        u for u in participant_snapshot(participant=watch)["units"] if u["id"] == CAPTAIN
    )
    assert "Extra dagger" in [w["name"] for w in weapons["weapons"]]

    trade_sell(participant=watch, unit=CAPTAIN, item="sword", actor=watch.user)
    assert participant_budget(participant=watch)["available"] == before - 2 + 5  # 10 gc / 2
    assert "sword" not in captain_options(watch)


def test_bad_trades_name_the_field(warbands):
    _, watch = after_a_game(warbands, 11)
    cases = [
        (dict(unit=CAPTAIN, item="lance"), "trading.unknown_item", "item"),
        (dict(unit="u99", item="dagger"), "trading.unknown_unit", "unit"),
    ]
    for kwargs, code, field in cases:
        with pytest.raises(CampaignError) as refused:
            trade_buy(participant=watch, actor=watch.user, **kwargs)
        assert (refused.value.code, refused.value.field) == (code, field)
    with pytest.raises(CampaignError) as not_carried:
        trade_sell(participant=watch, unit=CAPTAIN, item="axe", actor=watch.user)
    assert (not_carried.value.code, not_carried.value.field) == ("trading.not_carried", "item")
    WarbandAction.objects.create(
        campaign=watch.campaign, participant=watch, kind="upkeep", gold=-(10**6)
    )
    with pytest.raises(CampaignError) as poor:
        trade_buy(participant=watch, unit=CAPTAIN, item="axe", actor=watch.user)
    assert (poor.value.code, poor.value.field) == ("treasury.not_enough_gold", "item")


def test_a_rare_item_needs_a_find_and_each_hero_searches_once(warbands):
    _, watch = after_a_game(warbands, seed_where(True), gold=100)
    with pytest.raises(CampaignConflict) as unfound:
        trade_buy(participant=watch, unit=CAPTAIN, item=RARE, actor=watch.user)
    assert (unfound.value.code, unfound.value.field) == ("trading.rarity_needed", "item")
    with pytest.raises(CampaignError) as common:
        trade_search(participant=watch, hero=CAPTAIN, item="dagger", actor=watch.user)
    assert (common.value.code, common.value.field) == ("trading.not_rare", "item")

    search = trade_search(participant=watch, hero=CAPTAIN, item=RARE, actor=watch.user)
    assert search.data["found"]
    assert sum(search.data["dice"]) >= 8
    with pytest.raises(CampaignConflict) as again:
        trade_search(participant=watch, hero=CAPTAIN, item=RARE, actor=watch.user)
    assert (again.value.code, again.value.field) == ("trading.roll_used", "hero")
    state = trading_state(participant=watch)
    assert {"hero": CAPTAIN, "searched": True} in state["searchers"]
    assert state["rarity"][RARE] == 8

    before = participant_budget(participant=watch)["available"]
    trade_buy(participant=watch, unit=CAPTAIN, item=RARE, actor=watch.user)
    assert participant_budget(participant=watch)["available"] == before - 35
    assert RARE in captain_options(watch)
    with pytest.raises(CampaignConflict):  # the find is spent
        trade_buy(participant=watch, unit=CAPTAIN, item=RARE, actor=watch.user)


def test_a_missed_search_buys_nothing_and_the_roster_editor_cannot_skip_it(warbands):
    _, watch = after_a_game(warbands, seed_where(False), gold=100)
    search = trade_search(participant=watch, hero=CAPTAIN, item=RARE, actor=watch.user)
    assert not search.data["found"]
    assert sum(search.data["dice"]) < 8
    with pytest.raises(CampaignConflict):
        trade_buy(participant=watch, unit=CAPTAIN, item=RARE, actor=watch.user)
    payload = participant_campaign_payload(participant=watch)
    next(u for u in payload["units"] if u["id"] == CAPTAIN)["options"].append(RARE)
    check = participant_roster_check(participant=watch, payload=payload)
    codes = {(v["code"], v["path"]) for v in check["validation"]["violations"]}
    assert ("trading.rarity_needed", "units[0].options") in codes


def test_only_a_hero_who_stood_may_search(warbands):
    _, watch = after_a_game(warbands, 11)
    with pytest.raises(CampaignError) as fallen:
        trade_search(participant=watch, hero="u6", item=RARE, actor=watch.user)
    assert (fallen.value.code, fallen.value.field) == ("trading.no_search", "hero")


def test_reversing_a_game_undoes_the_trades_made_after_it(warbands):
    """Reversing a game undoes its whole post-battle sequence: its income and what the
    warband bought and sold with it (published Mordheim: trading is step 6-8 of the game's
    post-battle sequence, digest §15.8)."""
    organiser = warbands[0]
    before_game = participant_budget(participant=warbands[2])["available"]
    before_options = captain_options(warbands[2])
    game, watch = after_a_game(warbands, 11)
    trade_buy(participant=watch, unit=CAPTAIN, item="dagger", actor=watch.user)
    trade_sell(participant=watch, unit=CAPTAIN, item="sword", actor=watch.user)

    game_reverse(game=game, user=organiser, reason="wrong opponent")

    assert participant_budget(participant=watch)["available"] == before_game
    assert captain_options(watch) == before_options
    assert not WarbandAction.objects.filter(participant=watch).exists()
    undone = WarbandAction.all_objects.filter(participant=watch, reversed_at__isnull=False)
    assert undone.count() == 2


def test_a_game_whose_trades_a_later_game_used_is_not_reversed(warbands):
    """Trades made after a game and played with in a later game cannot be undone by
    themselves: the organiser reverses the later game first (409 naming it)."""
    organiser, campaign, watch, raiders = warbands
    game, _ = after_a_game(warbands, 11)
    trade_buy(participant=watch, unit=CAPTAIN, item="dagger", actor=watch.user)
    later = play(linked_game(campaign, organiser, watch, raiders, [game], 12), watch, raiders)

    with pytest.raises(CampaignConflict) as refused:
        game_reverse(game=game, user=organiser, reason="wrong opponent")
    assert refused.value.code == "game.reverse_trades_played"
    assert f"game {later.pk}" in refused.value.message
    game.refresh_from_db()
    assert game.status == "confirmed"

    game_reverse(game=later, user=organiser, reason="later first")
    game_reverse(game=game, user=organiser, reason="wrong opponent")
    assert "dagger" not in captain_options(watch)


def test_streetwise_adds_two_to_the_heros_rarity_roll(warbands):
    """Streetwise (published rulebook p.122, Academic skills): the hero adds +2 to his roll
    to find a rare item. Seed 1's search by the captain rolls 7 against Rare 8: a miss
    without the skill (``seed_where``), a find with it; the answer shows the bonus."""
    assert sum(TRADING.search(2, CAPTAIN)) == 7  # side a's seed of post-battle seed 1
    _, watch = after_a_game(warbands, 1)
    (pending,) = participant_pending_choices(participant=watch)
    advance_choose(participant=watch, entry=pending["entry"], choice="Streetwise", actor=watch.user)
    search = trade_search(participant=watch, hero=CAPTAIN, item=RARE, actor=watch.user)
    assert search.data == {
        "dice": list(TRADING.search(2, CAPTAIN)),
        "bonus": 2,
        "rarity": 8,
        "found": True,
    }
    trade_buy(participant=watch, unit=CAPTAIN, item=RARE, actor=watch.user)
    assert RARE in captain_options(watch)


def test_without_streetwise_the_roll_has_no_bonus(warbands):
    _, watch = after_a_game(warbands, 1)
    search = trade_search(participant=watch, hero=CAPTAIN, item=RARE, actor=watch.user)
    assert (search.data["bonus"], search.data["found"]) == (0, False)
