"""Assault rules in play (seed 000 [36]-[46])."""

from rules.engine.systems.grimdark import assault

from .conftest import GAUNT, MARINE, ScriptedDice, unit_data

FIST = {"name": "Fist", "type": "close_combat", "special": ["power_fist"], "count": 1}
PISTOL = {"name": "Bolt pistol", "range": 12, "S": 4, "AP": 5, "type": "pistol"}
BLADE = {"name": "Blade", "type": "close_combat", "special": ["ccw"]}


def test_fleeing_unit_cannot_charge(make_battle):  # 4e pp.47-49, seed 000 [36]
    battle = make_battle([(unit_data("me"), (10, 10))], [(unit_data("foe"), (10, 14))])
    me = battle.units[0]
    assert assault.can_charge(battle, me)
    me.falling_back = True
    assert not assault.can_charge(battle, me)


def test_pinned_unit_cannot_charge(make_battle):  # seed 000 [32][36]
    battle = make_battle([(unit_data("me"), (10, 10))], [(unit_data("foe"), (10, 14))])
    me = battle.units[0]
    me.pinned_turn = battle.ptc
    assert not assault.can_charge(battle, me)


def test_unit_that_shot_may_only_charge_its_target(make_battle):  # seed 000 [36]
    battle = make_battle(
        [(unit_data("me"), (10, 10))], [(unit_data("a1"), (10, 14)), (unit_data("a2"), (14, 14))]
    )
    me = battle.units[0]
    me.shot_at = "a2"
    assert [u.id for u in assault.charge_targets(battle, me)] == ["a2"]


def test_charge_range_is_six_inches_and_cavalry_twelve(make_battle):  # seed 000 [36]
    battle = make_battle(
        [(unit_data("me"), (10, 10)), (unit_data("riders", unit_type="cavalry", size=3), (30, 10))],
        [(unit_data("foe"), (10, 30))],
    )
    me, riders, _ = battle.units
    assert assault.charge_range(me) == 6.0
    assert assault.charge_range(riders) == 12.0


def test_failed_charge_moves_nobody(make_battle):  # seed 000 [37]
    battle = make_battle([(unit_data("me"), (10, 10))], [(unit_data("foe"), (10, 25))])
    me, foe = battle.units
    start = me.position
    assert not assault.charge(battle, me, foe)
    assert me.position == start
    assert not me.locked
    assert not foe.locked


def test_successful_charge_locks_both_units(make_battle):  # seed 000 [38]
    battle = make_battle([(unit_data("me"), (10, 10))], [(unit_data("foe"), (10, 18))])
    me, foe = battle.units
    assert assault.charge(battle, me, foe)
    assert me.locked
    assert foe.locked
    assert me.charged
    assert battle.gap(me, foe) < 0.01


def test_charging_into_falling_back_unit_that_fails_destroys_it(make_battle):  # 4e pp.47-49
    battle = make_battle(
        [(unit_data("me"), (10, 10))],
        [(unit_data("foe", profile=dict(GAUNT, Ld=3)), (10, 18))],
        dice=ScriptedDice([6, 6]),
    )
    me, foe = battle.units
    foe.falling_back = True
    assault.charge(battle, me, foe)
    assert foe.count == 0


def test_attacks_bonus_for_charging_and_two_weapons(make_battle):  # seed 000 [40]
    squad = unit_data("me", size=2, weapons=[PISTOL, BLADE])
    battle = make_battle([(squad, (10, 10))], [(unit_data("foe"), (10, 18))])
    me = battle.units[0]
    assert assault.attacks_of(me, me.models[0]) == 2
    me.charged = True
    assert assault.attacks_of(me, me.models[0]) == 3


def test_marines_roll_ten_dice_on_the_charge(make_battle):  # seed 000 [40] example
    battle = make_battle([(unit_data("me", size=5), (10, 10))], [(unit_data("foe"), (10, 18))])
    me = battle.units[0]
    me.charged = True
    assert sum(assault.attacks_of(me, m) for m in me.models) == 10


def test_power_fist_strikes_last_and_cover_defenders_first(make_battle):  # seed 000 [39][46]
    squad = unit_data("me", size=5, weapons=[FIST], rules=["sergeant"])
    battle = make_battle([(squad, (10, 10))], [(unit_data("foe"), (10, 18))])
    me, foe = battle.units
    assert assault.initiative(battle, me, me.models[0]) == 1
    assert assault.initiative(battle, me, me.models[1]) == 4
    foe.in_cover_assaulted = True
    assert assault.initiative(battle, foe, foe.models[0]) == 10


def test_frag_grenades_let_chargers_strike_at_ten_into_cover(make_battle):  # seed 000 [39]
    battle = make_battle(
        [(unit_data("me", rules=["frag_grenades"]), (10, 10))], [(unit_data("foe"), (10, 18))]
    )
    me, foe = battle.units
    me.charged, me.charge_target = True, foe.id
    foe.in_cover_assaulted = True
    assert assault.initiative(battle, me, me.models[0]) == 10


def test_monstrous_creatures_and_power_weapons_ignore_armour(make_battle):  # seed 000 [46]
    beast = unit_data(
        "beast", unit_type="monstrous_creature", size=1, profile=dict(MARINE, S=6, T=6, W=4)
    )
    battle = make_battle([(beast, (10, 10))], [(unit_data("foe"), (10, 14))])
    attack = assault.melee_attack(
        battle, battle.units[0], battle.units[0].models[0], battle.units[1], 3
    )
    assert attack.ignore_armour
    assert attack.close_combat


def test_heavy_ccw_lightning_claws_witchblade_and_poison(make_battle):  # seed 000 [46]
    kinds = {"heavy_ccw": None, "lightning_claws": None, "witchblade": None, "poisoned(3)": None}
    for special in kinds:
        weapon = {"name": special, "type": "close_combat", "special": [special]}
        battle = make_battle(
            [(unit_data("me", weapons=[weapon]), (10, 10))], [(unit_data("foe"), (10, 14))]
        )
        me, foe = battle.units
        kinds[special] = assault.melee_attack(battle, me, me.models[0], foe, 1)
    assert kinds["heavy_ccw"].armour_cap == 4
    assert kinds["lightning_claws"].reroll_wounds
    assert kinds["lightning_claws"].ignore_armour
    assert kinds["witchblade"].wound_on == 2
    assert not kinds["witchblade"].ignore_armour
    assert kinds["poisoned(3)"].wound_on == 3


def test_more_wounds_wins_and_loser_may_be_swept(make_battle):  # seed 000 [43]
    battle = make_battle(
        [(unit_data("me"), (10, 10))],
        [(unit_data("foe", profile=dict(GAUNT, Ld=2, I=1)), (10, 14))],
        dice=ScriptedDice([6, 6, 6, 1]),
    )
    me, foe = battle.units
    assault.charge(battle, me, foe)
    # foe fails morale (6+6 > Ld2); my I4+6=10 against its I1+1=2: caught
    assault.resolve_combat(battle, [me, foe], {"a": 3, "b": 1})
    assert foe.count == 0
    assert foe.id in me.destroyed_units
    assert not me.locked


def test_loser_that_escapes_the_sweep_falls_back(make_battle):  # seed 000 [43], 4e pp.47-49
    battle = make_battle(
        [(unit_data("me", profile=dict(MARINE, I=1)), (10, 10))],
        [(unit_data("foe", profile=dict(GAUNT, Ld=2, I=6)), (10, 18))],
        dice=ScriptedDice([6, 6, 1, 6, 2, 2]),
    )
    me, foe = battle.units
    assault.charge(battle, me, foe)
    assault.resolve_combat(battle, [me, foe], {"a": 2, "b": 0})
    assert foe.count == 10
    assert foe.falling_back or foe.fled
    assert not foe.locked


def test_draw_keeps_units_locked(make_battle):  # seed 000 [43]
    battle = make_battle([(unit_data("me"), (10, 10))], [(unit_data("foe"), (10, 14))])
    me, foe = battle.units
    assault.charge(battle, me, foe)
    assault.resolve_combat(battle, [me, foe], {"a": 2, "b": 2})
    assert me.locked
    assert foe.locked


def test_fearless_loser_takes_no_retreat_wounds(make_battle):  # NOT IN SEED ≈ 4e pp.74-76
    battle = make_battle(
        [(unit_data("me"), (10, 10))],
        [(unit_data("foe", rules=["fearless"], profile=dict(GAUNT, Sv="-")), (10, 14))],
    )
    me, foe = battle.units
    assault.charge(battle, me, foe)
    assault.resolve_combat(battle, [me, foe], {"a": 4, "b": 1})
    assert foe.count == 7
    assert not foe.falling_back


def test_massacre_wins_even_with_fewer_wounds(make_battle):  # seed 000 [43]
    battle = make_battle([(unit_data("me"), (10, 10))], [(unit_data("foe", size=1), (10, 14))])
    me, foe = battle.units
    assault.charge(battle, me, foe)
    foe.wipe()
    assault.resolve_combat(battle, [me, foe], {"a": 1, "b": 3})
    assert not me.locked


def test_fight_resolves_initiative_steps(make_battle):  # seed 000 [39][41]
    quick = unit_data("quick", size=5, profile=dict(MARINE, I=6, WS=6, S=6))
    slow = unit_data("slow", size=1, profile=dict(GAUNT, I=1, Sv="-"))
    battle = make_battle([(quick, (10, 10))], [(slow, (10, 14))], dice=ScriptedDice([6] * 40))
    me, foe = battle.units
    assault.charge(battle, me, foe)
    wounds = assault.fight(battle, [me, foe])
    assert foe.count == 0
    assert wounds["b"] == 0
    assert wounds["a"] == 1


def test_only_engaged_models_of_a_charged_horde_fight_the_first_round(make_battle):  # [38][41]
    horde = unit_data("horde", size=30, profile=dict(GAUNT, Sv="-"))
    battle = make_battle(
        [(unit_data("me", profile=dict(MARINE, S=10, WS=10)), (10, 10))],
        [(horde, (10, 20))],
        dice=ScriptedDice([6] * 200),
    )
    me, foe = battle.units
    assault.charge(battle, me, foe)
    engaged = len(assault.engaged_models(foe))
    assert 1 <= engaged < 30
    assert len(assault.engaged_models(me)) == 10
    assault.fight(battle, [me, foe])
    # 20 attacks all wound, but only the engaged gaunts can be removed [41]
    assert foe.count == 30 - engaged


def test_pile_in_engages_everyone_after_the_first_round(make_battle):  # seed 000 [44]
    battle = make_battle(
        [(unit_data("me"), (10, 10))], [(unit_data("horde", size=30, profile=GAUNT), (10, 20))]
    )
    me, foe = battle.units
    assault.charge(battle, me, foe)
    assert foe.engaged_cap > 0
    battle.phase = "assault"
    battle.active = "b"  # the enemy's assault phase: no new charges from "b" reach
    for unit in battle.units:
        unit.charged = False
    assault.assault_phase(battle)
    assert foe.engaged_cap == 0
