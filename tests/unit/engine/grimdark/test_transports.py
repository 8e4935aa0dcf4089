"""Transports (NOT IN SEED: 4e pp.66-67, the vehicle chapter 4e pp.58-73): capacity,
embarking, disembarking before and after the transport moves, open-topped fire, and the
passengers of a destroyed or surrounded transport."""

import pytest

from rules.engine.systems.base import EngineError
from rules.engine.systems.grimdark import assault
from rules.engine.systems.grimdark.damage import apply_vehicle_damage
from rules.engine.systems.grimdark.movement import movement_phase
from rules.engine.systems.grimdark.rosters import make_unit
from rules.engine.systems.grimdark.shooting import shooting_phase
from rules.engine.systems.grimdark.transports import can_carry, disembark, embark

from .conftest import BOLTER, GAUNT, ScriptedDice, unit_data

HULL = {"BS": 4, "front": 11, "side": 11, "rear": 10}


def rhino(uid="rhino", capacity=10, kinds=("tank",)):
    return unit_data(
        uid,
        unit_type="vehicle",
        size=1,
        profile=HULL,
        category="Fast Attack",
        extra={"vehicle_types": list(kinds), "transport_capacity": capacity},
    )


def texts(battle):
    return [e.text for e in battle.events.events]


def test_capacity_is_read_and_checked():
    assert make_unit(rhino(capacity=12), "a").capacity == 12
    with pytest.raises(EngineError) as err:
        make_unit(dict(rhino(), extra={"transport_capacity": "many"}), "a")
    assert err.value.code == "unit.profile_invalid"


def test_only_infantry_that_fits_may_embark(make_battle):
    battle = make_battle(
        [
            (rhino(capacity=10), (10, 10)),
            (unit_data("squad", size=10), (10, 14)),
            (unit_data("big", size=11), (20, 14)),
            (unit_data("bikes", unit_type="bike", size=3), (30, 14)),
        ],
        [(unit_data("foe"), (60, 40))],
    )
    transport, squad, big, bikes = battle.units[:4]
    assert can_carry(transport, squad)
    assert not can_carry(transport, big)
    assert not can_carry(transport, bikes)
    embark(battle, squad, transport)
    assert not can_carry(transport, big)
    assert not can_carry(transport, squad)  # already aboard, and the transport is full
    assert squad not in battle.side_units("a")
    assert not squad.on_table


def test_embarked_units_cannot_be_targeted_and_follow_their_transport(make_battle):
    battle = make_battle(
        [(rhino(), (10, 10)), (unit_data("squad"), (10, 14))],
        [(unit_data("foe", weapons=[BOLTER]), (10, 30))],
    )
    transport, squad, _foe = battle.units
    embark(battle, squad, transport)
    assert squad not in battle.enemies("b")
    battle.moved_to(transport, transport.position.offset(0.0, 5.0))
    assert squad.position == transport.position


def test_disembarking_before_the_transport_moves_lets_the_passengers_move_and_charge(make_battle):
    # 4e pp.66-67: disembark before the vehicle moves, then both may move normally
    battle = make_battle(
        [(rhino(), (30, 10)), (unit_data("squad"), (30, 14))],
        [(unit_data("foe"), (30, 24))],
    )
    transport, squad, _ = battle.units
    battle.ptc = 0  # embarked at deployment: the passengers may get out in turn 1
    embark(battle, squad, transport)
    battle.ptc = 1
    movement_phase(battle)
    assert not squad.embarked_in
    assert not transport.passengers
    assert squad.moved > 0.0  # placed within 2" of the hull, then moved toward the enemy
    assert squad.disembarked_turn != battle.ptc
    assert any("disembarks from" in t for t in texts(battle))


def test_disembarking_after_the_transport_moved_forbids_the_assault_unless_open_topped(
    make_battle,
):
    # 4e pp.66-67: after the vehicle moved the passengers move no further; only an
    # open-topped transport lets them assault
    for kinds, may in ((("tank",), False), (("tank", "open_topped"), True)):
        battle = make_battle(
            [(rhino(kinds=kinds), (30, 10)), (unit_data("squad"), (30, 10))],
            [(unit_data("foe"), (30, 24))],
        )
        transport, squad, foe = battle.units
        embark(battle, squad, transport)
        battle.moved_to(transport, transport.position.offset(90.0, 6.0))
        transport.moved = 6.0
        landed = disembark(battle, transport, foe.position, after_move=True)
        assert landed is squad
        assert squad.moved == 6.0
        gap = squad.position.distance(transport.position) - squad.radius - transport.radius
        assert 0.0 <= gap <= 2.0
        assert assault.can_charge(battle, squad) is may


def test_passengers_of_a_wrecked_transport_disembark_and_test_for_pinning(make_battle):
    # 4e pp.66-67: destroyed transport, passengers get out and take a pinning test
    battle = make_battle(
        [(rhino(), (30, 10)), (unit_data("squad"), (30, 10))],
        [(unit_data("foe"), (30, 40))],
        dice=ScriptedDice([6, 6]),
    )
    transport, squad, _ = battle.units
    embark(battle, squad, transport)
    apply_vehicle_damage(battle, transport, "destroyed")
    assert squad.on_table
    assert squad.count == 10
    assert squad.pinned_turn == battle.next_own_turn(squad)  # 12 > Ld 8: pinned


def test_passengers_of_an_exploding_transport_take_a_strength_four_hit_each(make_battle):
    battle = make_battle(
        [(rhino(), (30, 10)), (unit_data("gaunts", size=10, profile=GAUNT), (30, 10))],
        [(unit_data("foe"), (30, 40))],
    )
    transport, gaunts, _ = battle.units
    embark(battle, gaunts, transport)
    apply_vehicle_damage(battle, transport, "explodes")
    assert 0 < gaunts.count < 10
    assert not gaunts.embarked_in


def surrounded(make_battle):
    """A rhino carrying ``squad`` (at deployment) with eight enemy units all round it."""
    ring = [
        (unit_data(f"e{k}", size=10), (30 + dx, 24 + dy))
        for k, (dx, dy) in enumerate(
            [(0, 5), (0, -5), (5, 0), (-5, 0), (4, 4), (-4, 4), (4, -4), (-4, -4)]
        )
    ]
    battle = make_battle([(rhino(), (30, 24)), (unit_data("squad"), (30, 24))], ring)
    battle.ptc = 0
    embark(battle, battle.units[1], battle.units[0])
    battle.ptc = 1
    return battle


def test_passengers_that_cannot_be_placed_clear_of_the_enemy_are_destroyed(make_battle):
    battle = surrounded(make_battle)
    transport, squad = battle.units[:2]
    assert disembark(battle, transport, battle.table.centre, after_move=False) is None
    assert squad.count == 0
    assert any("cannot disembark" in t for t in texts(battle))


def test_passengers_fire_from_an_open_topped_transport(make_battle):
    # 4e pp.66-67: open-topped transports let every passenger fire
    for kinds, fires in ((("tank",), False), (("tank", "open_topped"), True)):
        battle = make_battle(
            [(rhino(kinds=kinds), (30, 10)), (unit_data("squad", weapons=[BOLTER]), (30, 10))],
            [(unit_data("foe", profile=GAUNT), (30, 26))],
        )
        transport, squad, _ = battle.units
        embark(battle, squad, transport)
        shooting_phase(battle)
        assert (squad.shot_at != "") is fires


def test_a_battle_with_transports_carries_and_unloads_passengers():
    from rules.engine.systems.grimdark.resolve import resolve_battle
    from rules.engine.systems.grimdark.rosters import build_army

    squad = unit_data("squad", weapons=[BOLTER], rules=["sergeant"])
    roster = {"system": "grimdark", "units": [rhino(), squad, unit_data("hq", size=5)]}
    foe = {"system": "grimdark", "units": [unit_data("g", size=20, profile=GAUNT)]}
    seen = set()
    for seed in range(4):
        report = resolve_battle(build_army(roster), build_army(foe), "annihilation", seed)
        seen |= {
            e.text.split(": ", 1)[-1].split(" ")[-2] for e in report.events if "embarks" in e.text
        }
        assert any("embarks on" in e.text for e in report.events)
        assert any("disembarks from" in e.text for e in report.events)


def test_passengers_fire_out_of_fire_points_up_to_their_number(make_battle):
    # 4e pp.66-67 ✓: a closed transport's passengers fire only through its fire points
    hull = dict(
        rhino(), extra={"vehicle_types": ["tank"], "transport_capacity": 10, "fire_points": 2}
    )
    battle = make_battle(
        [(hull, (30, 10)), (unit_data("squad", weapons=[BOLTER]), (30, 10))],
        [(unit_data("foe", profile=GAUNT), (30, 26))],
    )
    transport, squad, _ = battle.units
    assert transport.fire_points == 2
    embark(battle, squad, transport)
    shooting_phase(battle)
    assert squad.shot_at == "foe"
    assert any("fires 2 Bolters" in t for t in texts(battle))
