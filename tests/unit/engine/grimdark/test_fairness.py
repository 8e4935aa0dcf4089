"""A mirror match favours neither side (fast path, 400 seeds, sides swapped half the time)."""

from armybuilder.rosterdata import sample_roster_data
from rules.engine.systems import get_system

SYSTEM = get_system("grimdark")


def test_mirror_match_is_fair_over_four_hundred_seeds():
    wardens = SYSTEM.build_army(sample_roster_data("grimdark", "iron-wardens-strike-force"))
    swarm = SYSTEM.build_army(sample_roster_data("grimdark", "chitin-host-swarm"))
    wins = {"a": 0, "b": 0}
    for seed in range(400):
        army = wardens if seed % 2 else swarm
        report = SYSTEM.resolve_battle(army, army, "annihilation", seed, log=False)
        if report.winner:
            wins[report.winner] += 1
    assert wins["a"] + wins["b"] > 200
    assert wins["a"] <= 240, wins
    assert wins["b"] <= 240, wins
