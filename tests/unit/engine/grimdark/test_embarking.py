"""Embarking during the battle (NOT IN SEED ≈ published 4e pp.66-67; digest §36.6
"Transports"): a unit whose every model ends its move within 2" of a friendly transport's
hull gets in; never in the turn it got out, never locked, falling back or pinned; the
transport may drive on if it has not moved yet (setting ``transport_moves_after_embarking``);
the AI boards far units and lets scoring passengers out to score."""

from dataclasses import replace

from rules.engine.geometry import Point
from rules.engine.systems.grimdark.ai import GrimdarkPolicy
from rules.engine.systems.grimdark.assault import charge_targets
from rules.engine.systems.grimdark.damage import apply_vehicle_damage
from rules.engine.systems.grimdark.movement import movement_phase
from rules.engine.systems.grimdark.shooting import shooting_phase
from rules.engine.systems.grimdark.transports import (
    boarding_distance,
    disembark,
    embark,
    may_disembark,
    may_embark,
)

from .conftest import BOLTER, unit_data
from .test_battle import SWARM, SYSTEM, WARDENS
from .test_transports import rhino, surrounded, texts

SQUAD_RADIUS = (10 * 2.5 / 3.141592653589793) ** 0.5  # a 10-model footprint (army.py)
HULL_RADIUS = 2.5


class Boarding(GrimdarkPolicy):
    """Sends ``squad`` to the empty ``rhino`` and lets passengers out whenever allowed."""

    def rides(self, battle, units):
        by_id = {u.id: u for u in units}
        hull = by_id.get("rhino")
        if "squad" in by_id and hull is not None and not hull.passengers:
            return {"squad": hull}
        return {}

    def disembarks(self, battle, transport, after_move):
        return True


def aboard_before_the_battle(battle, unit, transport):
    """Embark as at deployment (player turn 0), so the passengers may get out in turn 1."""
    ptc, battle.ptc = battle.ptc, 0
    embark(battle, unit, transport)
    battle.ptc = ptc


def squad_at(far_edge):
    """The squad's centre when its farthest model is ``far_edge`` from the hull at (30, 10)."""
    return (30.0 + far_edge + HULL_RADIUS - SQUAD_RADIUS, 10.0)


def test_a_unit_ending_its_move_wholly_within_two_inches_of_the_hull_embarks(make_battle):
    # 4e pp.66-67 ≈: every model within 2" of the hull (the footprint's far edge), not 3"
    battle = make_battle([(rhino(), (30, 10)), (unit_data("squad"), squad_at(2.0))], [])
    transport, squad = battle.units
    assert may_embark(battle, squad, transport)
    battle.moved_to(squad, Point(*squad_at(3.0)))
    assert boarding_distance(squad, transport) > 0.0
    assert not may_embark(battle, squad, transport)
    for start, boards in ((7.5, True), (9.0, False)):  # a 6" move ends 1.5" or 3" away
        battle = make_battle(
            [(rhino(), (30, 10)), (unit_data("squad"), squad_at(start))],
            [(unit_data("foe"), (60, 40))],
            policy=Boarding(),
        )
        transport, squad, _ = battle.units
        movement_phase(battle)
        assert (squad.embarked_in == "rhino") is boards
        assert any(t.endswith("squad embarks on rhino") for t in texts(battle)) is boards
        if not boards:
            far = squad.position.distance(Point(30, 10)) + squad.radius - HULL_RADIUS
            assert abs(far - 3.0) < 0.01  # where the hull stood when the squad's move ended


def test_the_transport_drives_on_after_its_passengers_embark_unless_the_setting_is_off(
    make_battle,
):
    for drives in (True, False):
        battle = make_battle(
            [(rhino(), (30, 10)), (unit_data("squad"), squad_at(5.0))],
            [(unit_data("foe"), (30, 44))],
            policy=Boarding(),
        )
        battle.settings = replace(battle.settings, transport_moves_after_embarking=drives)
        transport, squad, _ = battle.units
        movement_phase(battle)
        assert squad.embarked_in == "rhino"
        assert squad not in battle.side_units("a")
        assert squad.position == transport.position
        # a loaded transport drives at full speed (12"), the passengers still inside
        assert transport.moved == (12.0 if drives else 0.0)


def test_a_unit_may_not_embark_and_disembark_in_the_same_turn(make_battle):
    # published 4e pp.66-67: "may not voluntarily both embark and disembark in the same
    # player turn"
    battle = make_battle(
        [(rhino(), (30, 10)), (unit_data("squad"), (30, 10))], [(unit_data("foe"), (60, 40))]
    )
    transport, squad, foe = battle.units
    aboard_before_the_battle(battle, squad, transport)
    assert may_disembark(battle, transport)
    disembark(battle, transport, foe.position, after_move=False)
    battle.moved_to(squad, transport.position)  # back beside the hull
    assert not may_embark(battle, squad, transport)
    battle.ptc += 2  # its next turn
    assert may_embark(battle, squad, transport)

    battle = make_battle(
        [(rhino(), (30, 10)), (unit_data("squad"), squad_at(4.0))],
        [(unit_data("foe"), (60, 40))],
        policy=Boarding(),
    )
    transport, squad, _ = battle.units
    movement_phase(battle)  # embarks; Boarding would let it out at once if it could
    assert squad.embarked_in == "rhino"
    assert not may_disembark(battle, transport)
    battle.ptc += 2
    movement_phase(battle)
    assert not squad.embarked_in
    assert texts(battle)[-1].endswith("squad disembarks from rhino")


def test_locked_falling_back_or_pinned_units_cannot_embark(make_battle):
    battle = make_battle(
        [(rhino(), (30, 10)), (unit_data("squad"), squad_at(1.0))], [(unit_data("foe"), (60, 40))]
    )
    transport, squad, _ = battle.units
    assert may_embark(battle, squad, transport)
    for flag, value, cleared in (
        ("locked", True, False),
        ("falling_back", True, False),
        ("pinned_turn", battle.ptc, -1),
    ):
        setattr(squad, flag, value)
        assert not may_embark(battle, squad, transport), flag
        assert not GrimdarkPolicy().rides(battle, battle.side_units("a")), flag
        setattr(squad, flag, cleared)
    foe_hull = make_battle([], [(rhino(), (30, 10))]).units[0]
    assert not may_embark(battle, squad, foe_hull)  # only a friendly transport


def test_a_unit_embarked_mid_battle_is_neither_shot_nor_charged(make_battle):
    battle = make_battle(
        [(rhino(), (30, 10)), (unit_data("squad"), squad_at(3.0))],
        [(unit_data("foe", weapons=[BOLTER]), (30, 30))],
        policy=Boarding(),
    )
    battle.settings = replace(battle.settings, transport_moves_after_embarking=False)
    _, squad, foe = battle.units
    movement_phase(battle)
    assert squad.embarked_in == "rhino"
    battle.ptc, battle.active, battle.phase = 2, "b", "shooting"
    assert squad not in battle.enemies("b")
    shooting_phase(battle)
    assert foe.shot_at != "squad"
    assert squad not in charge_targets(battle, foe)
    assert squad.count == 10


def test_the_ai_boards_a_far_unit_and_rides_it_toward_the_enemy(make_battle):
    # far from the enemy (over 18"), beside an empty transport it fits: it embarks and the
    # transport carries it on; with the enemy near it walks instead
    battle = make_battle(
        [(rhino(), (30, 6)), (unit_data("squad", weapons=[BOLTER]), (37, 6))],
        [(unit_data("foe"), (34, 44))],
    )
    transport, squad, _ = battle.units
    movement_phase(battle)
    assert squad.embarked_in == "rhino"
    assert transport.moved == 12.0
    assert any(t.endswith("squad embarks on rhino") for t in texts(battle))
    near = make_battle(
        [(rhino(), (30, 6)), (unit_data("squad", weapons=[BOLTER]), (37, 6))],
        [(unit_data("foe"), (37, 26))],
    )
    movement_phase(near)
    assert not near.units[1].embarked_in


def test_sample_battles_board_units_during_the_battle():
    lines = [
        e.text
        for seed in range(3)
        for e in SYSTEM.resolve_battle(WARDENS, SWARM, "cleanse", seed).events
        if e.text.startswith("Turn") and "embarks on" in e.text
    ]
    assert lines


def test_passengers_of_an_immobilised_transport_get_out_and_walk(make_battle):
    battle = make_battle(
        [(rhino(), (30, 10)), (unit_data("squad"), (30, 10))], [(unit_data("foe"), (30, 44))]
    )
    transport, squad, _ = battle.units
    aboard_before_the_battle(battle, squad, transport)
    transport.immobilised = True
    movement_phase(battle)
    assert not squad.embarked_in
    assert squad.moved > 0.0


def test_scoring_passengers_get_out_after_the_last_move_of_the_battle(make_battle):
    # embarked units do not score (4e pp.80-83): on the last turn the AI lets them out
    for turn, out in ((5, False), (6, True)):
        battle = make_battle(
            [(rhino(), (4, 6)), (unit_data("squad"), (4, 6))],
            [(unit_data("foe", category="Elites"), (70, 44))],
            mission="take-and-hold",
        )
        transport, squad, _ = battle.units
        aboard_before_the_battle(battle, squad, transport)
        battle.turn = turn
        movement_phase(battle)
        assert transport.moved == 12.0
        assert (not squad.embarked_in) is out


def test_passengers_of_a_transport_destroyed_among_enemies_are_destroyed(make_battle):
    battle = surrounded(make_battle)
    transport, squad = battle.units[:2]
    apply_vehicle_damage(battle, transport, "destroyed")
    assert transport.count == 0
    assert squad.count == 0
    assert any("squad cannot disembark and is destroyed" in t for t in texts(battle))
