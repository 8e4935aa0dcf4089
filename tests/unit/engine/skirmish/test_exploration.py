"""Exploration results applied (NOT IN SEED: published Mordheim rules, Exploration and
income, digest §15.13): the largest set of equal exploration dice gives its location's gold
crowns and extra shards (sold in the same batch) as ledger effects, not just a record."""

from rules.engine.systems.base import PostBattle
from rules.engine.systems.skirmish.campaign_pack import skirmish_pack
from rules.engine.systems.skirmish.exploration import EXPLORATION_RESULTS, exploration_result
from rules.engine.systems.skirmish.post_battle import multiples, wyrdstone_price


def pack_for(count, value, shards=2, warriors=10):
    output = PostBattle(
        side="a",
        entries=[{"exploration_multiple": {"count": count, "value": value}}],
        resources={"wyrdstone": shards, "warriors": warriors, "gold_crowns": 40},
    )
    return skirmish_pack(output, {})


def exploration_gold(result):
    return [
        (e.amount, e.data)
        for e in result.effects
        if e.kind == "resource" and e.data.get("reason") == "exploration"
    ]


def test_every_double_triple_and_quadruple_has_a_result():
    for count in (2, 3, 4):
        assert sorted(EXPLORATION_RESULTS[count]) == [1, 2, 3, 4, 5, 6]
    assert exploration_result(6, 2) == EXPLORATION_RESULTS[4][2]  # five or more read the 4s
    assert exploration_result(1, 3) is None


def test_a_double_gives_its_gold_into_the_warband():
    result = pack_for(2, 3)  # drowned cart: 15 gc
    assert exploration_gold(result) == [(15, {"reason": "exploration", "result": "drowned-cart"})]
    assert result.summary["exploration_result"]["name"] == "Drowned cart"
    assert result.summary["exploration_multiple"] == {"count": 2, "value": 3}


def test_shards_found_are_sold_with_the_batch():
    result = pack_for(3, 1, shards=2, warriors=10)  # flooded vault: 2 more shards
    extra = wyrdstone_price(4, 10) - wyrdstone_price(2, 10)
    assert exploration_gold(result) == [
        (extra, {"reason": "exploration", "result": "flooded-vault", "shards": 2})
    ]


def test_only_the_largest_set_counts():
    assert multiples([3, 3, 5, 5, 5]) == {"count": 3, "value": 5}
    gold = exploration_gold(pack_for(3, 5))  # the triple of 5s: chapter library
    assert gold[0] == (25, {"reason": "exploration", "result": "chapter-library"})
    assert gold[1][1]["shards"] == 1


def test_no_multiple_no_exploration_result():
    output = PostBattle(side="a", entries=[], resources={"gold_crowns": 10})
    assert exploration_gold(skirmish_pack(output, {})) == []
