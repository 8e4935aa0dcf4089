"""Dark Surge (n): friendly Shambling targets only, 4+ ignoring modifiers, 1" forward per
hit, 1" short of friends, contact with an enemy is a charge (seed 003 §9-§10)."""

import pytest

from armybuilder.rosterdata import sample_roster_data
from rules.engine.kernel.events import EventLog
from rules.engine.systems.massbattle import SYSTEM
from rules.engine.systems.massbattle.ai import MassBattlePolicy
from rules.engine.systems.massbattle.battle import join_melees, shooting_phase
from rules.engine.systems.massbattle.state import BattleState
from rules.engine.systems.massbattle.surge import dark_surge, surge_move, surge_targets
from tests.unit.engine.massbattle.helpers import ScriptedDice, unit


def state_of(units, rolls=()):
    return BattleState(units=list(units), terrain=[], dice=ScriptedDice(rolls), log=EventLog())


def necromancer(**kw):
    return unit("necro", unit_type="hero", size=1, x=36.0, y=10.0, rules=["dark-surge(4)"], **kw)


def test_only_friendly_shambling_units_within_12_inches_are_targets():
    # seed 003 §9-§10: Dark Surge may target only friendly Shambling units, range 12"
    zombies = unit("zombies", x=30.0, y=16.0, rules=["shambling"])
    far = unit("far", x=60.0, y=16.0, rules=["shambling"])
    living = unit("living", x=42.0, y=16.0)
    foe = unit("foe", side="b", x=36.0, y=30.0, facing=270.0, rules=["shambling"])
    state = state_of([necromancer(), zombies, far, living, foe])
    assert [u.id for u in surge_targets(state, state.units[0])] == ["zombies"]


def test_each_hit_moves_the_target_one_inch_forward_on_4_plus():
    # seed 003 §9-§10: n dice, 4+ ignoring modifiers, 1" per hit
    zombies = unit("zombies", x=30.0, y=16.0, rules=["shambling"])
    state = state_of([necromancer(), zombies], rolls=[4, 6, 3, 1])
    result = dark_surge(state, state.units[0], zombies)
    assert result.hits == 2
    assert result.moved == pytest.approx(2.0)
    assert zombies.fp.y == pytest.approx(18.0)  # facing 90° = towards side b (+y)
    assert result.charge is None


def test_surged_unit_stops_one_inch_short_of_a_friend():
    # seed 003 §9-§10: it stops 1" short of other friendly units
    zombies = unit("zombies", x=30.0, y=16.0, rules=["shambling"])
    front_edge = zombies.fp.y + zombies.fp.depth / 2
    ahead = unit("ahead", x=30.0, y=front_edge + 2.5 + 2.0)  # its rear 2.5" + depth/2 ahead
    ahead_rear = ahead.fp.y - ahead.fp.depth / 2
    state = state_of([necromancer(), zombies, ahead])
    moved, enemy = surge_move(state, zombies, 6.0)
    assert enemy is None
    gap = ahead_rear - (zombies.fp.y + zombies.fp.depth / 2)
    assert gap == pytest.approx(1.0, abs=0.06)
    assert moved < 6.0


def test_surged_unit_does_not_pass_into_a_friend_it_starts_near():
    # seed 003 §9-§10: the surge stops 1" short of friends; one already closer than 1" (a
    # hero just in front after its charge) is not passed into, as no move ends on a unit
    # (seed 003 §4-§5). Audit (tests/unit/engine/massbattle/audit.py): a surged unit ended
    # over its hero.
    zombies = unit("zombies", x=30.0, y=16.0, rules=["shambling"])
    front_edge = zombies.fp.y + zombies.fp.depth / 2
    hero = unit("hero", unit_type="hero", size=1, x=30.0, y=front_edge + 0.5 + 0.5)
    state = state_of([necromancer(), zombies, hero])
    moved, enemy = surge_move(state, zombies, 4.0)
    assert enemy is None
    assert moved == pytest.approx(0.0)
    assert zombies.fp.y == pytest.approx(16.0)


def test_reaching_an_enemy_is_a_charge_and_engages_both():
    # seed 003 §9-§10: contact with an enemy counts as a successful charge
    zombies = unit("zombies", x=30.0, y=16.0, rules=["shambling"])
    front_edge = zombies.fp.y + zombies.fp.depth / 2
    foe = unit("foe", side="b", x=30.0, y=front_edge + 3.0 + 2.0, facing=270.0)
    state = state_of([necromancer(), zombies, foe], rolls=[6, 6, 6, 6])
    result = dark_surge(state, state.units[0], zombies)
    assert result.charge is not None
    assert result.charge.target is foe
    assert result.charge.facing == "front"
    assert {"zombies", "foe"} <= state.engaged
    gap = (foe.fp.y - foe.fp.depth / 2) - (zombies.fp.y + zombies.fp.depth / 2)
    assert 0.0 <= gap <= 0.06


def test_falling_short_of_an_enemy_stops_one_inch_from_it():
    # seed 003 §4-5: units end 1" apart unless charging
    zombies = unit("zombies", x=30.0, y=16.0, rules=["shambling"])
    front_edge = zombies.fp.y + zombies.fp.depth / 2
    foe = unit("foe", side="b", x=30.0, y=front_edge + 3.0 + 2.0, facing=270.0)
    state = state_of([necromancer(), zombies, foe])
    start_gap = (foe.fp.y - foe.fp.depth / 2) - front_edge
    moved, enemy = surge_move(state, zombies, start_gap - 0.5)
    assert enemy is None
    assert moved == pytest.approx(start_gap - 1.0, abs=0.06)


def test_a_unit_that_is_not_a_target_is_refused():
    living = unit("living", x=30.0, y=16.0)
    state = state_of([necromancer(), living])
    with pytest.raises(ValueError, match="not a Dark Surge target"):
        dark_surge(state, state.units[0], living)


def test_shooting_phase_casts_surge_after_shots_and_spares_the_charged_enemy_its_test():
    # seed 003 §9-§10: Dark Surge is a ranged attack; contact is a charge and the enemy
    # charged takes no nerve test for damage received in this (shooting) phase
    caster = unit("drover", unit_type="hero", size=1, x=36.0, y=10.0, rules=["dark-surge(4)"])
    zombies = unit("zombies", x=30.0, y=16.0, rules=["shambling"])
    bows = unit(
        "bows", x=24.0, y=14.0, Ra=4, weapons=[{"name": "Bows", "kind": "bow", "attacks": 1}]
    )
    front_edge = zombies.fp.y + zombies.fp.depth / 2
    foe = unit("foe", side="b", x=30.0, y=front_edge + 1.5 + 1.6, facing=270.0)
    state = state_of([caster, zombies, bows, foe], rolls=[6, 6, 6, 6, 6, 6])
    charges = shooting_phase(
        state, "a", MassBattlePolicy()
    )  # a nerve test would need two more dice
    assert foe.damage == 1
    assert [(p.charger.id, p.target.id, p.facing) for p in charges] == [("zombies", "foe", "front")]
    assert not any("nerve" in e.text for e in state.log.events)
    melees: list = []
    join_melees(melees, charges)
    assert [[p.charger.id for p in g] for g in melees] == [["zombies"]]


def test_surged_unit_fights_in_that_turns_melee_in_a_whole_battle():
    # seed 003 §9-§10: the surged unit counts as having charged: it strikes this turn
    army_a = SYSTEM.build_army(sample_roster_data("massbattle", "dawnguard-vanguard"))
    army_b = SYSTEM.build_army(sample_roster_data("massbattle", "gravemire-tide"))
    surges = []
    for seed in range(20):  # the first seed whose battle has a surge charge
        report = SYSTEM.resolve_battle(army_a, army_b, "kill", seed=seed)
        surges = [e for e in report.events if e.data.get("charged")]
        if surges:
            break
    assert surges, "Dark Surge never brought a unit into contact in 20 battles"
    first = surges[0]
    assert first.phase == "shooting"
    strikes = [
        e
        for e in report.events
        if e.turn == first.turn and e.phase == "melee" and e.actor == first.target
    ]
    assert strikes
    assert strikes[0].target == first.data["charged"]
    spared = [
        e
        for e in report.events
        if e.turn == first.turn
        and e.phase == "shooting"
        and "nerve" in e.text
        and e.target == first.data["charged"]
    ]
    assert spared == []
