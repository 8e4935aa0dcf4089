"""Audit counts of issue 20's verified massbattle defects over seeded games of the sample
matchup: charges by non-Individuals pivoting more than 90° (seed 003 §4), targets taking a
second nerve test in one melee phase (seed 003 §5, ``multi_charge_test="combined"``),
recoils that leave the attacker in base contact (seed 003 §7), and charges made by
Individuals pivoting more than 90° (allowed by ``individual_charge_any_direction``); and
the AI's concentration: melees of several chargers, flank and rear charges.

Run from the repository root: ``.venv/bin/python tests/unit/engine/massbattle/audit.py
[games] [ROOT]``
(default 100 games of the ``battle`` mission; ROOT: another checkout to audit, e.g. an
exported older commit). It wraps the engine's functions to count, changing no battle, and
prints the CPU milliseconds per battle.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

SAMPLES = ("dawnguard-vanguard", "gravemire-tide")  # the sample matchup in every version


def _charges(place_charges, counts: dict[str, int]):
    """Wrap ``place_charges``: count placed charges and their pivots over 90°."""

    def counted(state, plans):
        before = {p.charger.id: p.charger.fp.facing for p in plans}
        placed = place_charges(state, plans)
        for plan in placed:
            turn = abs((plan.charger.fp.facing - before[plan.charger.id] + 180.0) % 360.0 - 180.0)
            key = "individual" if plan.charger.individual else "ordinary"
            counts[f"charges_{key}"] += 1
            if turn > 90.0 + 1e-6:
                counts[f"pivot_over_90_{key}"] += 1
        return placed

    return counted


def _plans(plan_charges, counts: dict[str, int]):
    """Wrap the AI's ``plan_charges``: count melees of several chargers and flank or rear
    charges (the AI's concentration of force)."""

    def counted(state, side, holders):
        melees = plan_charges(state, side, holders)
        counts["melees"] += len(melees)
        counts["melees_of_several_chargers"] += sum(len(group) > 1 for group in melees)
        counts["flank_or_rear_charges"] += sum(
            p.facing != "front" for group in melees for p in group
        )
        return melees

    return counted


def _nerve(take_nerve_test, counts: dict[str, int], seen: set[tuple[int, str]]):
    """Wrap ``take_nerve_test``: count melee-phase tests a target takes a second time."""

    def counted(state, target, musician):
        outcome = take_nerve_test(state, target, musician)
        if state.phase == "melee":
            key = (state.turn, target.id)
            if key in seen:
                counts["second_nerve_tests"] += 1
                if outcome.result == "routed":
                    counts["routs_on_second_test"] += 1
            seen.add(key)
        return outcome

    return counted


def _melee_phase(melee_phase, distance, counts: dict[str, int]):
    """Wrap ``melee_phase``: count chargers of a target that held (they recoil) and those
    still in base contact with it when the phase ends."""

    def counted(state, side, melees, ai):
        groups = [[p for p in group if p.charger.alive] for group in melees]
        melee_phase(state, side, melees, ai)
        for group in groups:
            for plan in group:
                if plan.target.alive and plan.charger.alive:
                    counts["recoils"] += 1
                    if distance(plan.charger.fp, plan.target.fp) < 0.01:
                        counts["recoils_left_in_contact"] += 1

    return counted


def main(games: int, root: Path) -> None:
    sys.path.insert(0, str(root))
    from armybuilder.rosterdata import sample_roster_data
    from rules.engine.systems import get_system
    from rules.engine.systems.massbattle import battle, charge, footprint, melee

    counts = dict.fromkeys(
        (
            "charges_ordinary",
            "pivot_over_90_ordinary",
            "charges_individual",
            "pivot_over_90_individual",
            "second_nerve_tests",
            "routs_on_second_test",
            "recoils",
            "recoils_left_in_contact",
            "melees",
            "melees_of_several_chargers",
            "flank_or_rear_charges",
        ),
        0,
    )
    seen: set[tuple[int, str]] = set()
    original = charge.place_charges
    wrapped = _charges(original, counts)
    for module in (charge, sys.modules["rules.engine.systems.massbattle.ai"]):
        if getattr(module, "place_charges", None) is original:
            module.place_charges = wrapped
    planner = sys.modules["rules.engine.systems.massbattle.ai"]
    planner.plan_charges = _plans(planner.plan_charges, counts)
    nerve = _nerve(melee.take_nerve_test, counts, seen)
    melee.take_nerve_test = nerve
    battle.take_nerve_test = nerve
    battle.melee_phase = _melee_phase(battle.melee_phase, footprint.distance, counts)
    system = get_system("massbattle")
    a, b = (system.build_army(sample_roster_data("massbattle", name)) for name in SAMPLES)
    started = time.process_time()
    for seed in range(games):
        seen.clear()
        system.resolve_battle(a, b, "battle", seed, log=False)
    cpu = (time.process_time() - started) * 1000 / games
    print(f"{root}: {games} games of 'battle'")
    for name, value in counts.items():
        print(f"  {name:26s} {value}")
    print(f"  cpu ms per battle (audited) {cpu:.2f}")


if __name__ == "__main__":
    main(
        int(sys.argv[1]) if len(sys.argv) > 1 else 100,
        Path(sys.argv[2]).resolve() if len(sys.argv) > 2 else Path(__file__).resolve().parents[4],
    )
