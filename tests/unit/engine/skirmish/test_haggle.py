"""Haggle (published rulebook p.123, Academic skills): "may deduct 2D6 gold crowns from the
price of any single item (to a minimum cost of 1 gc) once per post-battle sequence". The
post-battle sequence rolls the 2D6 as its last die for each hero who survived the game and
has the skill, or may pick it in this sequence's advances (``post_battle.may_haggle``); the
roll is kept on the hero's entry (``haggle``) and no other roll moves."""

import copy

from rules.engine.systems.skirmish import SYSTEM
from rules.engine.systems.skirmish.post_battle import may_haggle
from rules.engine.systems.skirmish.trading import TRADING


def first_hero(report, standing: bool, skills: list[str]):
    """The report with side a's first hero standing (or out of action) with ``skills``, and
    every other hero of side a out of action without Haggle to offer (no lists)."""
    changed = copy.deepcopy(report)
    heroes = [u for u in changed.units if u.side == "a" and u.extra["kind"] == "hero"]
    for other in heroes[1:]:
        other.extra["skill_lists"] = []
    hero = heroes[0]
    hero.extra["skills"] = [*hero.extra.get("skills", []), *skills]
    hero.extra["skill_lists"] = []  # no "new skill" offers Haggle
    hero.fighters[0]["out_of_action"] = not standing
    return changed, hero


def haggle_dice(result):
    return [d for d in result.dice if d["what"] == "haggle"]


def test_a_standing_haggler_rolls_2d6_last_and_no_other_roll_moves(watch_vs_raiders):
    plain, _ = first_hero(watch_vs_raiders, True, [])
    haggling, hero = first_hero(watch_vs_raiders, True, ["Haggle"])
    fighter = hero.fighters[0]["id"]
    for seed in range(20):
        without = SYSTEM.post_battle(plain, "a", seed)
        result = SYSTEM.post_battle(haggling, "a", seed)
        assert not haggle_dice(without)
        *rest, last = result.dice
        assert rest == without.dice
        assert (last["what"], last["fighter"], last["kind"]) == ("haggle", fighter, "2D6")
        assert 2 <= last["result"] <= 12
        entry = next(e for e in result.entries if e.get("unit") == hero.id)
        assert entry["haggle"] == last["result"]


def test_the_roll_is_reproducible(watch_vs_raiders):
    haggling, _ = first_hero(watch_vs_raiders, True, ["haggle"])
    assert haggle_dice(SYSTEM.post_battle(haggling, "a", 7)) == haggle_dice(
        SYSTEM.post_battle(haggling, "a", 7)
    )


def test_a_haggler_taken_out_of_action_rolls_only_if_he_survives(watch_vs_raiders):
    haggling, hero = first_hero(watch_vs_raiders, False, ["Haggle"])
    rolled = dead = 0
    for seed in range(40):
        result = SYSTEM.post_battle(haggling, "a", seed)
        entry = next(e for e in result.entries if e.get("unit") == hero.id)
        fighter = entry["fighters"][0]
        if fighter["dead"] or "captured" in str(fighter["injury"]):
            dead += 1
            assert "haggle" not in entry
            assert not haggle_dice(result)
        else:
            rolled += 1
            assert haggle_dice(result)[-1]["result"] == entry["haggle"]
    assert rolled
    assert dead


def test_a_new_skill_offering_haggle_rolls_the_dice():
    alive = [{"id": "u1.1", "dead": False, "injury": None}]
    offer = [{"result": "new_skill", "choose_one_of": ["Streetwise", "Haggle"]}]
    assert may_haggle({}, alive, offer)
    assert not may_haggle({}, alive, [{"result": "new_skill", "choose_one_of": ["Sprint"]}])
    assert not may_haggle({"skills": ["Streetwise"]}, alive, [])
    assert may_haggle({"skills": ["haggle"]}, alive, [])
    assert not may_haggle({"skills": ["Haggle"]}, [{**alive[0], "dead": True}], [])
    captured = {**alive[0], "injury": {"result": "captured"}}
    assert not may_haggle({"skills": ["Haggle"]}, [captured], [])


def test_the_discount_is_the_roll_to_a_minimum_price_of_one_crown():
    assert TRADING.haggle_discount(15, 9, ["Haggle"]) == 9
    assert TRADING.haggle_discount(15, 12, ["haggle"]) == 12
    assert TRADING.haggle_discount(5, 9, ["Haggle"]) == 4  # pays 1 gc
    assert TRADING.haggle_discount(1, 9, ["Haggle"]) == 0
    assert TRADING.haggle_discount(15, 9, []) == 0  # no skill
    assert TRADING.haggle_discount(15, None, ["Haggle"]) == 0  # no roll recorded
