"""Win and draw rates per mission: seeded games between a system's two sample armies (its
``catalogue.sample_matchup``), the sides swapped in every other game so neither army always
deploys on the same edge.

Run: ``.venv/bin/python bench/win_rates.py SLUG [games per mission]`` (default 200).
Prints, per mission, the games, the draws and the wins of each army.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from system_battle import armies


def main(slug: str, games: int = 200) -> None:
    system, first, second = armies(slug)
    names = system.catalogue.sample_matchup
    for mission in system.missions:
        wins = dict.fromkeys(names, 0)
        draws = 0
        for seed in range(games):
            swapped = seed % 2 == 1
            a, b = (second, first) if swapped else (first, second)
            report = system.resolve_battle(a, b, mission, seed, log=False)
            if report.winner is None:
                draws += 1
                continue
            wins[names[(report.winner == "b") != swapped]] += 1
        print(
            f"{mission}: {games} games, draws {draws} ({100 * draws / games:.1f} %), "
            + ", ".join(
                f"{name} {count} ({100 * count / games:.1f} %)" for name, count in wins.items()
            )
        )


if __name__ == "__main__":
    if len(sys.argv) < 2:
        raise SystemExit("usage: bench/win_rates.py SLUG [games per mission]")
    main(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 200)
