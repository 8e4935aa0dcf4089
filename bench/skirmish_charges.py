"""Measurement: how charges end in 200 skirmish battles (issue 19 defect 1).

Counts every successful charge of the sample matchup (Skirmish mission, seeds 0-199) and
reports how many ended with the charger's centre under 0.5" from another model (bases
overlapping: seed 001 §1.1-1.2 puts models in base contact, never on top of each other), the
most fighters that charged one target in one turn, and the most that charged one target over
a battle.

Run: ``.venv/bin/python bench/skirmish_charges.py [battles]`` from the repository root (or
from any checkout of the project, to compare versions).
"""

from __future__ import annotations

import math
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path.cwd()))

from armybuilder.rosterdata import sample_roster_data
from rules.engine.systems.skirmish import SYSTEM, movement

OVERLAP = 0.5


def main(battles: int) -> None:
    a, b = (
        SYSTEM.build_army(sample_roster_data("skirmish", n))
        for n in SYSTEM.catalogue.sample_matchup
    )
    original = movement.charge
    ended: list[tuple[int, str, str, float]] = []

    def measured(state, charger, target):
        before = set(charger.engaged)
        engaged = original(state, charger, target)
        if engaged:
            (target_key,) = set(charger.engaged) - before  # an interceptor, or the target
            gap = min(
                math.hypot(o.x - charger.x, o.y - charger.y)
                for o in state.by_id.values()
                if o is not charger and not o.out
            )
            ended.append((state.turn, state.active, target_key, gap))
        return engaged

    movement.charge = measured
    per_turn: Counter = Counter()
    per_battle: Counter = Counter()
    total = close = 0
    for seed in range(battles):
        ended.clear()
        SYSTEM.resolve_battle(a, b, SYSTEM.default_mission, seed, log=False)
        total += len(ended)
        close += sum(1 for *_, gap in ended if gap < OVERLAP)
        for turn, side, target, _ in ended:
            per_turn[(seed, turn, side, target)] += 1
            per_battle[(seed, target)] += 1
    movement.charge = original
    print(f"{battles} battles, {total} charges")
    print(f'charges ending < {OVERLAP}" from another model: {close}')
    print(f"max chargers per target in one turn: {max(per_turn.values(), default=0)}")
    print(f"max chargers per target in one battle: {max(per_battle.values(), default=0)}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
