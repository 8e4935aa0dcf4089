"""Draw rate per massbattle scenario: seeded games between the two sample armies, the sides
swapped in every other game (so neither army always deploys at the south edge).

Run: PYTHONPATH=. python bench/massbattle_draws.py [games per scenario]
Prints, per mission, the games, draws, wins of each army and the draw rate.
"""

from __future__ import annotations

import sys

from armybuilder.rosterdata import sample_roster_data
from rules.engine.systems.massbattle import SYSTEM

ARMIES = ("dawnguard-vanguard", "gravemire-tide")


def main(games: int = 200) -> None:
    first, second = (SYSTEM.build_army(sample_roster_data("massbattle", n)) for n in ARMIES)
    for mission in SYSTEM.missions:
        wins = {ARMIES[0]: 0, ARMIES[1]: 0}
        draws = 0
        for seed in range(games):
            swapped = seed % 2 == 1
            a, b = (second, first) if swapped else (first, second)
            report = SYSTEM.resolve_battle(a, b, mission, seed, log=False)
            if report.winner is None:
                draws += 1
                continue
            wins[ARMIES[(report.winner == "b") != swapped]] += 1
        print(
            f"{mission}: {games} games, draws {draws} ({100 * draws / games:.1f} %), "
            + ", ".join(f"{name} {count}" for name, count in wins.items())
        )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
