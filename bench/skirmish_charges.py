"""Measurement: how charges end in 200 skirmish battles (issue 19 defect 1).

Replays each battle's event log (the public report only, ``log=True``): the positions start
at deployment and follow every "moves", "intercepts" and "crawls" event; each "charges" event
of a movement phase is checked where its side's "moves" event puts the charger. Counts every
successful charge of the sample matchup (seeds 0-199 of the default mission), how many ended
with the charger's centre under 0.5" from another model (bases overlapping: seed 001 §1.1-1.2
puts models in base contact, never on top of each other), and the most fighters that charged
one target (the model each engaged: an interceptor takes the charge) in one turn and in one
battle.

Run: ``.venv/bin/python bench/skirmish_charges.py [battles] [system]`` from the repository
root (the system defaults to this file's name).
"""

from __future__ import annotations

import math
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from armybuilder.rosterdata import sample_roster_data
from rules.engine.systems import get_system

OVERLAP = 0.5
DEFAULT_SYSTEM = Path(__file__).stem.split("_")[0]


def charge_ends(report) -> list[tuple[int, str, str, float]]:
    """(turn, side, target, distance to the nearest other model) of each charge."""
    where = {(p.side, p.id): (p.x, p.y) for p in report.positions[0]}
    pending: list[tuple[int, str, str, str]] = []
    ends = []
    for e in report.events:
        if e.text == "charges":
            pending.append((e.turn, e.side, e.actor, e.target))
        elif e.text in ("intercepts", "crawls"):
            where[(e.side, e.actor)] = tuple(e.data["to"])
        elif e.text == "out of action":
            where.pop((e.side, e.target), None)
        elif e.text == "moves":
            where.update({(e.side, k): tuple(v) for k, v in e.data.items() if (e.side, k) in where})
            for turn, side, actor, target in pending:
                x, y = where[(side, actor)]
                gap = min(
                    math.hypot(ox - x, oy - y)
                    for key, (ox, oy) in where.items()
                    if key != (side, actor)
                )
                ends.append((turn, side, target, gap))
            pending.clear()
    return ends


def main(battles: int, slug: str) -> None:
    system = get_system(slug)
    a, b = (
        system.build_army(sample_roster_data(slug, n))
        for n in system.catalogue.sample_matchup or ()
    )
    per_turn: Counter = Counter()
    per_battle: Counter = Counter()
    total = close = 0
    for seed in range(battles):
        ends = charge_ends(system.resolve_battle(a, b, system.default_mission, seed))
        total += len(ends)
        close += sum(1 for *_, gap in ends if gap < OVERLAP)
        for turn, side, target, _ in ends:
            per_turn[(seed, turn, side, target)] += 1
            per_battle[(seed, side, target)] += 1
    print(f"{battles} battles, {total} charges")
    print(f'charges ending < {OVERLAP}" from another model: {close}')
    print(f"max chargers per target in one turn: {max(per_turn.values(), default=0)}")
    print(f"max chargers per target in one battle: {max(per_battle.values(), default=0)}")


if __name__ == "__main__":
    main(
        int(sys.argv[1]) if len(sys.argv) > 1 else 200,
        sys.argv[2] if len(sys.argv) > 2 else DEFAULT_SYSTEM,
    )
