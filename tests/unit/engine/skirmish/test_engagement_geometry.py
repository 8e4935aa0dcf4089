"""Engagement geometry over many battles (issue 19 defect 1): bases never overlap, a charger
engages only from a free spot in base contact, and the AI spreads its charges.

Seed 001 §1.1-1.2: models fight when their bases touch and enter contact only by charging;
NOT IN SEED, not in seed 001: published Mordheim rules, Movement: a charge that cannot reach base
contact fails and the charger
moves its normal distance toward the target. Round bases of one size: at most six touch one
model (hexagonal packing), so six is the cap the geometry allows.
"""

from __future__ import annotations

import math
from collections import Counter
from itertools import combinations

import pytest

from armybuilder.rosterdata import sample_roster_data
from rules.engine.systems.skirmish import SYSTEM
from rules.engine.systems.skirmish.ai import SkirmishPolicy
from rules.engine.systems.skirmish.movement import contact_point
from rules.engine.systems.skirmish.state import BASE_CONTACT
from tests.unit.engine.skirmish.helpers import battle_state, fighter

SEEDS = range(40)
ROUNDING = 0.02
"""Report positions are rounded to 0.01": two rounded centres may look this much closer."""
MOST_IN_CONTACT = 6


@pytest.fixture(scope="module")
def reports():
    a = SYSTEM.build_army(sample_roster_data("skirmish", "night-watch"))
    b = SYSTEM.build_army(sample_roster_data("skirmish", "marsh-raiders"))
    return [
        SYSTEM.resolve_battle(a, b, mission, seed)
        for mission in sorted(SYSTEM.missions)
        for seed in SEEDS
    ]


def test_no_two_bases_overlap_after_any_turn(reports):
    overlaps = []
    for report in reports:
        for turn, positions in enumerate(report.positions):
            alive = [p for p in positions if p.alive]
            for p, q in combinations(alive, 2):
                gap = math.hypot(p.x - q.x, p.y - q.y)
                if gap < BASE_CONTACT - ROUNDING:
                    overlaps.append((report.mission, report.seed, turn, p.id, q.id, gap))
    assert overlaps == []


def test_at_most_six_models_touch_one_model(reports):
    crowded = []
    for report in reports:
        for turn, positions in enumerate(report.positions):
            alive = [p for p in positions if p.alive]
            for p in alive:
                touching = sum(
                    1
                    for q in alive
                    if q is not p and math.hypot(p.x - q.x, p.y - q.y) <= BASE_CONTACT + ROUNDING
                )
                if touching > MOST_IN_CONTACT:
                    crowded.append((report.mission, report.seed, turn, p.id, touching))
    assert crowded == []


def test_the_ai_spreads_its_charges_also_on_downed_targets(reports):
    """No more than ``max_gang`` fighters charge one enemy in one turn, standing or down."""
    cap = SkirmishPolicy.max_gang
    worst = Counter()
    for report in reports:
        charges = Counter((e.turn, e.side, e.target) for e in report.events if e.text == "charges")
        for key, count in charges.items():
            worst[(report.mission, report.seed, *key)] = count
    assert max(worst.values()) <= cap


def test_no_free_contact_spot_gives_no_contact_point():
    """Six models around a target fill every spot in base contact: a seventh finds none."""
    target = fighter("b", "t")
    ring = [fighter("a", f"r{n}") for n in range(6)]
    for n, f in enumerate(ring):
        f.x = 24.0 + math.cos(math.radians(60 * n)) * BASE_CONTACT
        f.y = 24.0 + math.sin(math.radians(60 * n)) * BASE_CONTACT
    target.x = target.y = 24.0
    late = fighter("a", "late")
    late.x, late.y = 30.0, 24.0
    state = battle_state([*ring, late], [target])
    assert contact_point(state, late, target) is None
