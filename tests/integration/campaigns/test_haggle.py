"""Haggle (published rulebook p.123, Academic skills): "may deduct 2D6 gold crowns from the
price of any single item (to a minimum cost of 1 gc) once per post-battle sequence". The 2D6
is the post-battle sequence's last die, recorded with the run (``entries[].haggle``); the
purchase takes that roll off, and the treasury and the roster's budget check both see the
price paid. Seed 1's game gives the watch's captain a "new skill" advance (Haggle is offered)."""

import pytest

from campaigns.errors import CampaignError
from campaigns.models import PostBattleRun, WarbandAction
from campaigns.selectors import participant_budget, participant_pending_choices
from campaigns.services.ledger import advance_choose
from campaigns.services.trading import trade_buy
from tests.integration.campaigns.test_trading import CAPTAIN, after_a_game, captain_options

pytestmark = pytest.mark.django_db

GREAT_WEAPON = 15  # a double-handed weapon on the Warden-Captain's list: dearer than any 2D6


def haggle_roll(watch, game, unit):
    """The captain's Haggle 2D6 as the game's active post-battle run recorded it."""
    run = PostBattleRun.objects.get(game=game, participant=watch, reversed_at__isnull=True)
    entry = next(e for e in run.engine_output["entries"] if e.get("unit") == unit)
    return entry.get("haggle")


def haggler(warbands, gold=100):
    """Game 1 (seed 1) played; the captain picks Haggle with his new-skill advance; his
    recorded 2D6."""
    game, watch = after_a_game(warbands, 1, gold=gold)
    (pending,) = participant_pending_choices(participant=watch)
    advance_choose(participant=watch, entry=pending["entry"], choice="Haggle", actor=watch.user)
    roll = haggle_roll(watch, game, CAPTAIN)
    assert roll is not None
    assert 2 <= roll <= 12
    return game, watch, roll


def treasury_at(watch, gold):
    """Spend the treasury down (or up) to ``gold``."""
    available = participant_budget(participant=watch)["available"]
    WarbandAction.objects.create(
        campaign=watch.campaign, participant=watch, kind="upkeep", gold=gold - available
    )


def buys(watch):
    return [
        (b.item, b.data["price"], b.data["haggle"], b.gold)
        for b in WarbandAction.objects.filter(participant=watch, kind="buy").order_by("id")
    ]


def test_the_discount_is_the_recorded_2d6_and_the_last_die_of_the_sequence(warbands):
    game, watch, roll = haggler(warbands)
    run = PostBattleRun.objects.get(game=game, participant=watch, reversed_at__isnull=True)
    last = run.engine_output["dice"][-1]
    assert (last["what"], last["fighter"], last["kind"], last["result"]) == (
        "haggle",
        "u1.1",
        "2D6",
        roll,
    )
    before = participant_budget(participant=watch)["available"]
    trade_buy(participant=watch, unit=CAPTAIN, item="double-handed", actor=watch.user)
    assert participant_budget(participant=watch)["available"] == before - (GREAT_WEAPON - roll)
    assert buys(watch) == [("double-handed", GREAT_WEAPON - roll, roll, 0)]


def test_an_item_cheaper_than_the_roll_costs_one_crown_and_haggle_is_used_once(warbands):
    _, watch, _roll = haggler(warbands)
    before = participant_budget(participant=watch)["available"]
    trade_buy(participant=watch, unit=CAPTAIN, item="dagger", actor=watch.user)  # 2 gc
    assert participant_budget(participant=watch)["available"] == before - 1
    trade_buy(participant=watch, unit=CAPTAIN, item="double-handed", actor=watch.user)
    assert participant_budget(participant=watch)["available"] == before - 1 - GREAT_WEAPON
    assert buys(watch) == [("dagger", 1, 1, 0), ("double-handed", GREAT_WEAPON, 0, 0)]


def test_the_budget_check_uses_the_price_paid(warbands):
    """A treasury holding exactly the haggled price buys the item: the roster's budget check
    spends the price paid, not the listed one."""
    _, watch, roll = haggler(warbands, gold=0)
    treasury_at(watch, (GREAT_WEAPON - roll))
    assert participant_budget(participant=watch)["available"] == GREAT_WEAPON - roll
    version = trade_buy(participant=watch, unit=CAPTAIN, item="double-handed", actor=watch.user)
    assert version.spent == GREAT_WEAPON - roll
    assert participant_budget(participant=watch)["available"] == 0
    assert "double-handed" in captain_options(watch)


def test_without_the_skill_the_roll_takes_nothing_off(warbands):
    game, watch = after_a_game(warbands, 1, gold=100)
    assert haggle_roll(watch, game, CAPTAIN) is not None  # offered, not picked
    before = participant_budget(participant=watch)["available"]
    trade_buy(participant=watch, unit=CAPTAIN, item="double-handed", actor=watch.user)
    assert participant_budget(participant=watch)["available"] == before - GREAT_WEAPON


def test_a_run_saved_before_haggle_was_rolled_gives_no_haggle(warbands):
    game, watch, _ = haggler(warbands)
    run = PostBattleRun.objects.get(game=game, participant=watch, reversed_at__isnull=True)
    output = run.engine_output
    for entry in output["entries"]:
        entry.pop("haggle", None)
    run.engine_output = output
    run.save(update_fields=["engine_output"])
    assert haggle_roll(watch, game, CAPTAIN) is None
    before = participant_budget(participant=watch)["available"]
    trade_buy(participant=watch, unit=CAPTAIN, item="double-handed", actor=watch.user)
    assert participant_budget(participant=watch)["available"] == before - GREAT_WEAPON


def test_the_haggled_price_is_what_the_treasury_must_hold(warbands):
    _, watch, roll = haggler(warbands, gold=0)
    treasury_at(watch, (GREAT_WEAPON - roll - 1))
    with pytest.raises(CampaignError) as poor:
        trade_buy(participant=watch, unit=CAPTAIN, item="double-handed", actor=watch.user)
    assert (poor.value.code, poor.value.field) == ("treasury.not_enough_gold", "item")
