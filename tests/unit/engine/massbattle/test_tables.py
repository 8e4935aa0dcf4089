"""One test per table and modifier of seed 003 (Kings of War 2010)."""

from __future__ import annotations

import pytest

from rules.engine.dice import Dice
from rules.engine.systems.massbattle.combat import (
    damage_target,
    dice_and_target,
    melee_dice,
    melee_modifiers,
    shooting_modifiers,
)
from rules.engine.systems.massbattle.footprint import Footprint, arc_of, in_front_arc_partly
from rules.engine.systems.massbattle.movement import allowed_orders
from rules.engine.systems.massbattle.nerve import nerve_result, nerve_test, nerve_total
from rules.engine.systems.massbattle.scenario import (
    kill_winner,
    pillage_winner,
    place_objectives,
    roll_condition,
)
from rules.engine.systems.massbattle.settings import MassBattleSettings
from tests.unit.engine.massbattle.helpers import ScriptedDice, unit


def test_d3_rounds_half_a_d6_up():  # seed 003 §3 dice: D3 = D6 / 2 rounded up
    assert [(r + 1) // 2 for r in range(1, 7)] == [1, 1, 2, 2, 3, 3]
    assert ScriptedDice([5]).d3() == 3


@pytest.mark.parametrize(
    ("roll", "result"),
    [
        (7, "steady"),
        (8, "wavering"),
        (9, "wavering"),
        (10, "routed"),
        (14, "routed"),
        (2, "steady"),
    ],
)
def test_nerve_table(roll, result):  # seed 003 §8: <=7 steady, 8-9 wavering, 10+ routs
    assert nerve_result(roll) == result


def test_nerve_formula_adds_damage_and_subtracts_nerve():  # seed 003 §8: 2D6 + dmg − Ne ± mods
    assert nerve_total(7, 5, 3, banner=False, musician=False) == 9
    assert nerve_total(7, 5, 3, banner=True, musician=False) == 8  # banner +1 to the unit
    assert nerve_total(7, 5, 3, banner=False, musician=True) == 10  # enemy musician −1


def test_double_one_always_holds():  # seed 003 §8 insane courage: a double one is Steady
    out = nerve_test(ScriptedDice([1, 1]), damage=40, nerve=0)
    assert out.result == "steady"
    assert out.total >= 10  # the modified total would have routed


def test_wavering_unit_cannot_advance():  # seed 003 §8: only Halt, Charge or Back next turn
    u = unit()
    u.wavering = True
    assert allowed_orders(u) == ("halt", "charge", "back")
    assert "advance" not in allowed_orders(u)
    u.wavering = False
    assert "advance" in allowed_orders(u)


def test_wavering_may_charge_or_change_facing_by_setting():
    # seed 003 §8 lists Halt, Charge, Back ("立定冲锋后退"); wavering_may_charge=False reads
    # "charge" as a mistranslation of Change Facing (the later-edition list)
    u = unit()
    u.wavering = True
    assert allowed_orders(u, MassBattleSettings(wavering_may_charge=False)) == (
        "halt",
        "change_facing",
        "back",
    )


def test_front_arc_partly_is_exact_geometry():  # seed 003 §3 arcs, §5 "at least partly"
    looker = Footprint(36, 10, 90.0, 1.0, 1.0)  # arc: |x - 36| <= y - 10
    # A long bar across the arc, its centre and corners all outside it.
    bar = Footprint(46, 11, 90.0, 32.0, 0.4)
    assert all(arc_of(looker, x, y) != "front" for x, y in bar.samples())
    assert in_front_arc_partly(looker, bar)
    beside = Footprint(46, 11, 90.0, 16.0, 0.4)  # x from 38: wholly right of the arc
    assert not in_front_arc_partly(looker, beside)


def test_war_engine_cannot_march_or_charge():  # seed 003 §4 march, charge
    engine = unit(unit_type="war_engine", size=1)
    assert "march" not in allowed_orders(engine)
    assert "charge" not in allowed_orders(engine)


@pytest.mark.parametrize(
    ("needed", "dice", "expected"),
    [(4, 10, (10, 4)), (6, 10, (10, 6)), (7, 10, (5, 6)), (8, 9, (5, 6)), (1, 10, (10, 2))],
)
def test_needed_above_six_halves_the_dice_and_hits_on_sixes(needed, dice, expected):
    # seed 003 §6: above 6 → half the dice rounded up, 6s hit; natural 1 always misses
    assert dice_and_target(dice, needed) == expected


def test_damage_roll_needs_defence_and_cannot_exceed_six():  # seed 003 §6 damage roll
    assert damage_target(4, 0) == 4
    assert damage_target(5, 2) == 3  # Piercing / Crushing Strength (2)
    assert damage_target(3, 4) == 2  # a natural 1 always fails
    assert damage_target(7, 0) is None  # above 6 cannot damage


def test_shooting_modifiers_each_minus_one():  # seed 003 §6 long range, cover, moved; §10
    assert shooting_modifiers(False, False, False, False) == 0
    assert shooting_modifiers(True, False, False, False) == 1
    assert shooting_modifiers(False, True, False, False) == 1
    assert shooting_modifiers(False, False, True, False) == 1
    assert shooting_modifiers(False, False, False, True) == 1  # Individual target
    assert 4 + shooting_modifiers(True, True, False, False) == 6  # seed example: 4+ → 6


def test_melee_modifiers_defended_hindered_phalanx():  # seed 003 §7 melee modifiers
    assert melee_modifiers(True, False, False, False) == 1
    assert melee_modifiers(False, True, False, False) == 1
    assert melee_modifiers(False, False, True, False) == 1
    assert melee_modifiers(True, True, True, True) == 1  # Fly ignores Defended and Hindered


def test_flank_charge_doubles_and_rear_triples_the_attacks():  # seed 003 §7
    attacker = unit("att", At=10)
    target = unit("tgt", side="b")
    assert melee_dice(attacker, target, "front") == 10
    assert melee_dice(attacker, target, "left") == 20
    assert melee_dice(attacker, target, "right") == 20
    assert melee_dice(attacker, target, "rear") == 30


def test_war_engine_always_takes_triple_attacks():  # seed 003 §7: ×3 against war engines
    assert melee_dice(unit(At=6), unit(side="b", unit_type="war_engine", size=1), "front") == 18


def test_arcs_are_divided_by_45_degree_lines_from_the_corners():  # seed 003 §3 figure B
    fp = Footprint(0.0, 0.0, 90.0, 4.0, 2.0)  # facing +y, 4" wide, 2" deep
    assert arc_of(fp, 0.0, 5.0) == "front"
    assert arc_of(fp, 0.0, -5.0) == "rear"
    assert arc_of(fp, -6.0, 0.0) == "left"
    assert arc_of(fp, 6.0, 0.0) == "right"
    assert arc_of(fp, 2.5, 1.6) == "front"  # inside the 45° line from the front-right corner
    assert arc_of(fp, 3.5, 1.2) == "right"


def test_leader_is_at_the_centre_of_the_front_rank():  # seed 003 §3 unit leader
    fp = Footprint(10.0, 10.0, 90.0, 4.0, 3.2)
    assert fp.leader() == pytest.approx((10.0, 11.6))


def test_formations_infantry_five_wide_hordes_ten_wide():  # seed 003 §2 figure A
    regiment = unit(size=20)
    horde = unit(size=40)
    cavalry = unit(unit_type="cavalry", size=10)
    assert regiment.fp.width == pytest.approx(5 * 0.8)
    assert regiment.fp.depth == pytest.approx(4 * 0.8)
    assert horde.fp.width == pytest.approx(10 * 0.8)
    assert horde.is_horde
    assert cavalry.fp.width == pytest.approx(5.0)
    assert cavalry.fp.depth == pytest.approx(4.0)


@pytest.mark.parametrize(
    ("roll", "condition"),
    [
        (1, "kill"),
        (2, "kill"),
        (3, "pillage"),
        (4, "pillage"),
        (5, "kill-and-pillage"),
        (6, "kill-and-pillage"),
    ],
)
def test_victory_condition_table(roll, condition):  # seed 003 §12 step 5 D6 table
    assert roll_condition(ScriptedDice([roll])) == (condition, roll)


def test_kill_needs_twenty_percent_of_the_army_points():  # seed 003 §12 Kill
    assert kill_winner({"a": 900, "b": 500}, 2000) == "a"  # exactly 400: wins (example)
    assert kill_winner({"a": 899, "b": 500}, 2000) is None
    assert kill_winner({"a": 100, "b": 600}, 2000) == "b"


def test_kill_strict_reading_setting():  # seed 003 §12 alternative
    strict = MassBattleSettings(kill_margin_inclusive=False)
    assert kill_winner({"a": 900, "b": 500}, 2000, strict.kill_margin_inclusive) is None


def test_pillage_needs_two_more_objectives():  # seed 003 §12 Pillage
    assert pillage_winner({"a": 3, "b": 1}) == "a"
    assert pillage_winner({"a": 2, "b": 1}) is None
    assert pillage_winner({"a": 0, "b": 2}) == "b"


def test_objectives_are_d6_plus_one_and_more_than_12_apart():  # seed 003 §12 Pillage
    for seed in range(20):
        dice = Dice(seed)
        points = place_objectives(dice, "a")
        assert 2 <= len(points) <= 7
        for i, (x1, y1) in enumerate(points):
            for x2, y2 in points[i + 1 :]:
                assert ((x1 - x2) ** 2 + (y1 - y2) ** 2) ** 0.5 > 12
