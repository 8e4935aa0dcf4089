"""Multiple charge targets (seed 000 [36]-[38], digest §23-§24, ``multiple_charges``): the
chargers' spare models must reach a second enemy unit in reach of them; an optional one is
the policy's choice; both fight in one combat (seed 000 [45])."""

from rules.engine.systems.grimdark import assault
from rules.engine.systems.grimdark.aftermath import tidy_combats
from rules.engine.systems.grimdark.ai import GrimdarkPolicy

from .conftest import GAUNT, MARINE, ScriptedDice, unit_data

STRONG = dict(MARINE, WS=10, S=10)
SOFT = dict(GAUNT, Sv="-")


def mob_and_pair(make_battle, dice=None, soft=SOFT, rules=None, policy=None):
    """20 chargers 10" from two adjacent 3-model units (0.4" apart), a third 15" aside."""
    return make_battle(
        [(unit_data("boyz", size=20, profile=STRONG), (20, 10))],
        [
            (unit_data("p", size=3, profile=soft), (20, 20)),
            (unit_data("s", size=3, profile=soft, rules=rules), (23.5, 20)),
            (unit_data("far", size=3, profile=soft), (35, 20)),
        ],
        dice=dice,
        policy=policy,
    )


def texts(battle):
    """The log lines without their "Turn 1, deployment: " heading."""
    return [e.text.split(": ", 1)[-1] for e in battle.events.events]


def test_big_unit_charging_two_adjacent_small_units_engages_both(make_battle):  # [36]-[38]
    battle = mob_and_pair(make_battle)
    boyz, p, s, _far = battle.units
    assert assault.charge(battle, boyz, p)
    # the old single-target charge left s free: its foes empty, its models unengaged
    assert boyz.foes == ["p", "s"]
    assert s.foes == ["boyz"]
    assert s.locked
    assert s.engaged_cap == 3
    assert boyz.charge_target == "p"
    assert 0 < boyz.spill["s"] < boyz.count  # spare models spill onto s, the rest on p
    assert [g for g in assault.combats(battle) if boyz in g] == [[boyz, p, s]]
    assert "boyz charges p and s" in texts(battle)


def test_far_unit_is_not_dragged_into_the_charge(make_battle):  # seed 000 [36][37]
    battle = mob_and_pair(make_battle)
    boyz, p, _, far = battle.units
    assault.charge(battle, boyz, p)
    assert "far" not in boyz.foes
    assert not far.locked
    assert not far.foes


def test_both_targets_fight_in_one_combat(make_battle):  # seed 000 [38][45]
    battle = mob_and_pair(make_battle, dice=ScriptedDice([6] * 300))
    boyz, p, s, _ = battle.units
    assault.charge(battle, boyz, p)
    assault.fight(battle, [boyz, p, s])
    log = texts(battle)
    assert any(t.startswith("boyz strikes p at I4") for t in log)
    assert any(t.startswith("boyz strikes s at I4") for t in log)
    assert p.count == 0
    assert s.count == 0


def test_unit_that_shot_charges_another_only_as_secondary(make_battle):  # seed 000 [36]
    battle = mob_and_pair(make_battle)
    boyz, _p, s, _ = battle.units
    boyz.shot_at = "s"
    assert [u.id for u in assault.charge_targets(battle, boyz)] == ["s"]
    assert assault.charge(battle, boyz, s)
    assert boyz.charge_target == "s"  # its shot target is the primary
    assert boyz.foes == ["s", "p"]
    assert "p" in boyz.spill
    assert "boyz charges s and p" in texts(battle)


def test_two_losers_each_test_and_each_is_swept(make_battle):  # seed 000 [43][45]
    # morale 6+6 fails Ld 2 twice; the sweep: boyz I4+6 = 10 against I4+1 each
    battle = mob_and_pair(
        make_battle, dice=ScriptedDice([6, 6, 6, 6, 6, 1, 1]), soft=dict(SOFT, Ld=2)
    )
    boyz, p, s, _ = battle.units
    assault.charge(battle, boyz, p)
    assault.resolve_combat(battle, [boyz, p, s], {"a": 4, "b": 0})
    log = texts(battle)
    assert log.count("p fails its morale check") == 1
    assert log.count("s fails its morale check") == 1
    assert "boyz sweeps p away" in log
    assert "boyz sweeps s away" in log
    assert p.count == 0
    assert s.count == 0
    assert {"p", "s"} <= set(boyz.destroyed_units)
    assert not boyz.locked


def test_falling_back_secondary_takes_the_regroup_test(make_battle):  # NOT IN SEED ≈ 4e p.48
    battle = mob_and_pair(make_battle, dice=ScriptedDice([6, 6]), soft=dict(SOFT, Ld=3))
    boyz, p, s, _ = battle.units
    s.falling_back = True
    assault.charge(battle, boyz, p)
    assert s.count == 0
    assert "s" in boyz.destroyed_units
    log = texts(battle)
    assert "s is caught falling back and destroyed" in log
    assert "boyz charges p" in log
    assert boyz.foes == ["p"]


def test_counter_attack_applies_to_a_secondary_target(make_battle):  # 4e p.74
    battle = mob_and_pair(make_battle, rules=["counter_attack"])
    boyz, p, s, _ = battle.units
    assault.charge(battle, boyz, p)
    assert s.locked
    assert s.engaged_cap == 0
    assert "s counter-attacks" in texts(battle)


class Refuses(GrimdarkPolicy):
    def adds_secondary(self, battle, unit, primary, enemy):
        return False


def small_charge(make_battle, s_at, policy=None):
    """3 chargers against a 20-model wall: the wall's front takes them all (no spare)."""
    battle = make_battle(
        [(unit_data("few", size=3, profile=STRONG), (20, 10))],
        [
            (unit_data("wall", size=20, profile=SOFT), (20, 20)),
            (unit_data("s", size=3, profile=SOFT), s_at),
        ],
        policy=policy,
    )
    few, wall, s = battle.units
    assault.charge(battle, few, wall)
    return few, s


def test_optional_secondary_is_the_policys_choice(make_battle):  # seed 000 [36] "may"
    few, s = small_charge(make_battle, (24.5, 13.5))  # 1.5" from the chargers' new place
    assert few.foes == ["wall", "s"]
    assert few.spill == {"s": 1}
    few, s = small_charge(make_battle, (24.5, 13.5), policy=Refuses())
    assert few.foes == ["wall"]
    assert not s.locked


def test_unit_within_one_inch_must_be_charged(make_battle):  # §24: no ending within 1"
    few, s = small_charge(make_battle, (23.8, 13.5), policy=Refuses())  # 0.8" away
    assert few.foes == ["wall", "s"]
    assert s.locked


def test_assault_phase_charges_and_fights_both_targets(make_battle):  # seed 000 [36]-[45]
    battle = mob_and_pair(make_battle, dice=ScriptedDice([6] * 300))
    battle.phase = "assault"
    assault.assault_phase(battle)
    log = texts(battle)
    charged = next(t for t in log if t.startswith("boyz charges"))
    assert charged in ("boyz charges p and s", "boyz charges s and p")
    assert any(t.startswith("boyz strikes p") for t in log)
    assert any(t.startswith("boyz strikes s") for t in log)
    assert not battle.units[0].spill  # first round over: pile-in, any foe


def test_lone_charger_ending_within_one_inch_charges_that_unit_too(make_battle):  # §24
    # one model has no spare model to send, yet it may not end within 1" of an enemy unit
    # it did not charge: the unit 0.8" away is charged too, the model striking the primary
    battle = make_battle(
        [(unit_data("hero", size=1, profile=STRONG), (19, 14))],
        [
            (unit_data("p", size=3, profile=SOFT), (20, 20)),
            (unit_data("s", size=3, profile=SOFT), (21.8, 15.8)),
        ],
        dice=ScriptedDice([]),
        policy=Refuses(),
    )
    hero, p, s = battle.units
    assert assault.charge(battle, hero, p)
    assert battle.gap(hero, s) <= 1.0
    assert hero.foes == ["p", "s"]
    assert s.locked
    assert s.foes == ["hero"]
    assert "s" not in hero.spill  # no model of its own: the hero fights p
    assert "hero charges p and s" in texts(battle)


def test_spare_models_of_a_secondary_destroyed_falling_back_go_to_the_next(make_battle):
    # §24 option 2: 6 chargers, 4 on p, 2 spare; s (first in reach) is caught falling back
    # and destroyed (2D6 = 12 against Ld 3), so the 2 spare models go on to t, which the
    # policy would not have added by choice; s keeps no share of the chargers
    battle = make_battle(
        [(unit_data("boyz", size=6, profile=STRONG), (20, 12))],
        [
            (unit_data("p", size=3, profile=SOFT), (20, 20)),
            (unit_data("s", size=3, profile=dict(SOFT, Ld=3)), (23.5, 20)),
            (unit_data("t", size=3, profile=SOFT), (16.5, 20)),
        ],
        dice=ScriptedDice([6, 6]),
        policy=Refuses(),
    )
    boyz, p, s, t = battle.units
    s.falling_back = True
    assert assault.charge(battle, boyz, p)
    assert s.count == 0
    assert boyz.foes == ["p", "t"]
    assert boyz.spill == {"t": 2}
    assert t.locked
    assert "boyz charges p and t" in texts(battle)


def one_combat(make_battle, dice, a2_foes, b2_profile=SOFT):
    """A multiple combat: a1 fights b1 and b2, a2 fights ``a2_foes`` (ids), 5 models each."""
    battle = make_battle(
        [
            (unit_data("a1", size=5, profile=STRONG), (20, 10)),
            (unit_data("a2", size=5, profile=STRONG), (25, 10)),
        ],
        [
            (unit_data("b1", size=5, profile=SOFT), (20, 14)),
            (unit_data("b2", size=5, profile=b2_profile), (25, 14)),
        ],
        dice=ScriptedDice(dice),
    )
    a1, a2, b1, b2 = battle.units
    links = {"a1": ["b1", "b2"], "a2": list(a2_foes)}
    for unit in battle.units:
        unit.foes = [f for f in links.get(unit.id, [])]
        unit.foes += [a for a, foes in links.items() if unit.id in foes]
        unit.locked = True
    return battle, [a1, a2, b1, b2]


def test_no_sweep_while_another_loser_of_the_combat_holds(make_battle):  # [43][45], §34
    # b1 passes (1+1), b2 fails (6+6 against Ld 2): b1 is not falling back, so no winner
    # sweeps b2 (not even a2, whose only foe it is); b2 falls back (2D6) and a2, with no
    # foe left, piles in on b1 instead of consolidating (seed 000 [45] "all units still
    # involved pile in toward the enemy")
    battle, group = one_combat(make_battle, [1, 1, 6, 6, 1, 1], ["b2"], dict(SOFT, Ld=2))
    _a1, a2, b1, b2 = group
    assault.resolve_combat(battle, group, {"a": 4, "b": 0})
    log = texts(battle)
    assert not any("sweeps" in t for t in log)
    assert b2.count == 5
    assert b2.falling_back
    assert a2.foes == ["b1"]
    assert "a2" in b1.foes
    assert a2.locked
    assert not any(t.startswith("a2 consolidates") for t in log)
    assert "a2 piles in on b1" in log


def test_winner_whose_foe_is_destroyed_piles_in_on_the_loser_that_holds(make_battle):
    # a2's only foe b1 was wiped out in the fight; b2 loses and holds (1+1): the combat goes
    # on, so a2 neither consolidates nor leaves it (seed 000 [45], digest §34)
    battle, group = one_combat(make_battle, [1, 1], ["b1"])
    _a1, a2, b1, b2 = group
    b1.wipe()
    assault.resolve_combat(battle, group, {"a": 5, "b": 0})
    assert a2.foes == ["b2"]
    assert sorted(b2.foes) == ["a1", "a2"]
    assert a2.locked
    assert not any(t.startswith("a2 consolidates") for t in texts(battle))


def test_drawn_combat_keeps_a_unit_whose_foe_is_destroyed_in_it(make_battle):  # [45]
    battle, group = one_combat(make_battle, [], ["b1"])
    _a1, a2, b1, _b2 = group
    b1.wipe()
    assault.resolve_combat(battle, group, {"a": 2, "b": 2})
    tidy_combats(battle)
    assert a2.foes == ["b2"]
    assert a2.locked


def test_the_sweeper_whose_roll_catches_the_loser_is_credited(make_battle):  # [45]
    # b1 fails (6+6 against Ld 2); a1 rolls I4+1, a2 I4+6, b1 I4+3: a2's roll catches it
    battle = make_battle(
        [
            (unit_data("a1", size=5, profile=STRONG), (20, 10)),
            (unit_data("a2", size=5, profile=STRONG), (25, 10)),
        ],
        [(unit_data("b1", size=5, profile=dict(SOFT, Ld=2)), (22.5, 14))],
        dice=ScriptedDice([6, 6, 1, 6, 3]),
    )
    a1, a2, b1 = battle.units
    a1.foes, a2.foes, b1.foes = ["b1"], ["b1"], ["a1", "a2"]
    assault.resolve_combat(battle, [a1, a2, b1], {"a": 3, "b": 0})
    assert b1.count == 0
    assert "a2 sweeps b1 away" in texts(battle)
    assert "b1" in a2.destroyed_units
    assert "b1" not in a1.destroyed_units


def test_unit_charged_by_two_chargers_is_engaged_on_both_sides(make_battle):  # [38][45]
    # a second charger adds the models of the side it hits (footprint segment) to those
    # already engaged; the three units are one combat, whose wounds are summed per side
    battle = make_battle(
        [
            (unit_data("south", size=10, profile=STRONG), (20, 12)),
            (unit_data("north", size=10, profile=STRONG), (20, 28)),
        ],
        [(unit_data("horde", size=30, profile=SOFT), (20, 20))],
        dice=ScriptedDice([6] * 200),
    )
    south, north, horde = battle.units
    assert assault.charge(battle, south, horde)
    first = horde.engaged_cap
    assert 0 < first < horde.count
    assert assault.charge(battle, north, horde)
    assert horde.engaged_cap == min(horde.count, 2 * first)
    assert horde.foes == ["south", "north"]
    assert assault.combats(battle) == [[south, north, horde]]
    wounds = assault.fight(battle, [south, north, horde])
    assert wounds["a"] == 30 - horde.count == horde.engaged_cap  # both sides' blows count
    log = texts(battle)
    assert any(t.startswith("south strikes horde") for t in log)
    assert any(t.startswith("north strikes horde") for t in log)
