"""Wyrdstone Hunter (published rulebook p.123, Academic skills): a hero with the skill who
searches the ruins (not taken out of action) re-rolls one exploration die, the second result
standing, once per post-battle sequence; the engine picks the die (``hunter_reroll``) and
rolls it after every other post-battle die."""

import copy

from rules.engine.systems.skirmish import SYSTEM
from rules.engine.systems.skirmish import post_battle as pb
from rules.engine.systems.skirmish.exploration import hunter_reroll


def standing_hero(report, standing: bool, skills: list[str]):
    """The report with side a's first hero standing (or out of action) and ``skills`` added."""
    changed = copy.deepcopy(report)
    hero = next(u for u in changed.units if u.side == "a" and u.extra["kind"] == "hero")
    hero.extra["skills"] = [*hero.extra.get("skills", []), *skills]
    hero.fighters[0]["out_of_action"] = not standing
    return changed, hero.fighters[0]["id"]


def exploration_dice(result):
    return next(d["result"] for d in result.dice if d["what"] == "exploration")


def test_the_die_re_rolled_keeps_the_multiple_and_takes_the_lowest_low_die():
    assert hunter_reroll([3, 3, 2, 5], 3) == 2  # the double of 3s stays, the 2 goes
    assert hunter_reroll([1, 4], None) == 0
    assert hunter_reroll([5, 6, 4], None) is None  # nothing below the re-roll's 3.5
    assert hunter_reroll([2, 2], 2) is None  # every die in the double
    assert hunter_reroll([], None) is None


def test_a_standing_wyrdstone_hunter_re_rolls_one_exploration_die(watch_vs_raiders):
    """Against the same game without the skill: every other die is the same, the chosen die
    is replaced by the hunter's roll (logged last), and the total and multiple follow it."""
    plain_report, _ = standing_hero(watch_vs_raiders, True, [])
    hunted, fighter = standing_hero(watch_vs_raiders, True, ["Wyrdstone Hunter"])
    rerolled = 0
    for seed in range(40):
        plain = SYSTEM.post_battle(plain_report, "a", seed)
        result = SYSTEM.post_battle(hunted, "a", seed)
        dice = list(exploration_dice(plain))
        largest = pb.multiples(dice)
        index = hunter_reroll(dice, largest["value"] if largest else None)
        if index is None:
            assert result.dice == plain.dice
            continue
        rerolled += 1
        *rest, hunt = result.dice
        assert rest == plain.dice
        assert (hunt["what"], hunt["fighter"], hunt["kind"]) == ("wyrdstone hunter", fighter, "D6")
        dice[index] = hunt["result"]
        assert result.resources["exploration_total"] == sum(dice)
        found = [e["exploration_multiple"] for e in result.entries if "exploration_multiple" in e]
        assert found == ([pb.multiples(dice)] if pb.multiples(dice) else [])
    assert rerolled


def test_a_hunter_taken_out_of_action_does_not_search(watch_vs_raiders):
    hunted, _ = standing_hero(watch_vs_raiders, False, ["Wyrdstone Hunter"])
    for seed in range(20):
        result = SYSTEM.post_battle(hunted, "a", seed)
        assert not [d for d in result.dice if d["what"] == "wyrdstone hunter"]
