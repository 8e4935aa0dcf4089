"""Universal special rules of engine 0.4.0 (``special_rules``; 4e pp.47-49, pp.53-57, pp.74-76,
NOT IN SEED; small targets and mixed armour are named by seed 000 [6][7][24][25])."""

from dataclasses import replace

from rules.engine.geometry import IMPASSABLE, Point, Rect, TerrainArea
from rules.engine.systems.grimdark import assault, special_rules
from rules.engine.systems.grimdark.damage import allocate_wounds
from rules.engine.systems.grimdark.morale import fall_back_move
from rules.engine.systems.grimdark.movement import move_by_policy
from rules.engine.systems.grimdark.rosters import build_army
from rules.engine.systems.grimdark.shooting import shooting_phase

from .conftest import BOLTER, GAUNT, MARINE, ScriptedDice, unit_data

HEAVY_BOLTER = {"name": "Heavy bolter", "range": 36, "S": 5, "AP": 4, "type": "heavy", "shots": 3}
CLAWS = {"name": "Claws", "type": "close_combat", "special": ["ccw"], "pair": True}
BIKER = dict(MARINE, T=5, T_base=4)
TANK = {"BS": 3, "front": 12, "side": 11, "rear": 10}


def test_catalogues_and_imports_may_name_the_new_rules():  # 4e pp.74-76
    rules = ["counter_attack", "hit_and_run", "rage", "assault_move", "melta_bombs"]
    army = build_army({"units": [unit_data("x", rules=[*rules, "small_target"])]})
    assert army.units[0]["rules"][-1] == "small_target"


def test_counter_attack_engages_the_whole_charged_unit(make_battle):  # 4e p.74
    battle = make_battle(
        [(unit_data("gaunts", size=20, profile=GAUNT), (10, 10))],
        [
            (unit_data("plain", size=10), (10, 17)),
            (unit_data("counter", size=10, rules=["counter_attack"]), (40, 17)),
        ],
    )
    gaunts, plain, counter = battle.units
    assert assault.charge(battle, gaunts, plain)
    assert 0 < plain.engaged_cap < plain.count  # only the models near the charge fight
    gaunts.locked = False
    gaunts.position = Point(40, 10)
    assert assault.charge(battle, gaunts, counter)
    assert counter.engaged_cap == 0  # every model fights
    assert len(assault.engaged_models(counter)) == 10
    assert any("counter-attacks" in e.text for e in battle.events.events)
    assert not counter.charged  # no +1 attack for charging


def test_hit_and_run_breaks_away_on_a_passed_initiative_test(make_battle):  # 4e pp.74-76
    raiders = unit_data("raiders", size=5, weapons=[BOLTER], rules=["hit_and_run"])
    battle = make_battle(
        [(raiders, (30, 20))],
        [(unit_data("foe", size=10), (30, 23))],
        dice=ScriptedDice([4, 5, 5, 5]),  # I test 4 ≤ I4, then 3D6 = 15"
    )
    me, foe = battle.units
    me.foes, foe.foes = [foe.id], [me.id]
    me.locked = foe.locked = True
    before = battle.gap(me, foe)
    special_rules.hit_and_run(battle)
    assert not me.locked
    assert not foe.locked
    assert battle.gap(me, foe) > before + 10.0
    assert any("hits and runs 15" in e.text for e in battle.events.events)


def test_hit_and_run_fails_on_an_initiative_test_above_i(make_battle):  # 4e pp.74-76
    raiders = unit_data("raiders", size=5, weapons=[BOLTER], rules=["hit_and_run"])
    battle = make_battle(
        [(raiders, (30, 20))], [(unit_data("foe"), (30, 23))], dice=ScriptedDice([5])
    )
    me, foe = battle.units
    me.foes, foe.foes = [foe.id], [me.id]
    me.locked = foe.locked = True
    special_rules.hit_and_run(battle)
    assert me.locked
    assert me.foes == [foe.id]


def test_rage_moves_toward_the_closest_enemy_even_with_heavy_targets(make_battle):  # 4e p.75
    calm = unit_data("calm", size=5, weapons=[HEAVY_BOLTER])
    raging = unit_data("raging", size=5, weapons=[HEAVY_BOLTER], rules=["rage"])
    battle = make_battle([(calm, (10, 10)), (raging, (50, 10))], [(unit_data("foe"), (30, 30))])
    calm_unit, raging_unit, _ = battle.units
    move_by_policy(battle, calm_unit)
    move_by_policy(battle, raging_unit)
    assert calm_unit.position == Point(10, 10)  # heavy weapons with targets stay
    assert raging_unit.position.distance(Point(50, 10)) > 5.9


def test_rage_charges_when_the_policy_would_not(make_battle):  # 4e p.75
    battle = make_battle(
        [
            (unit_data("gaunts", size=5, profile=GAUNT), (10, 10)),
            (unit_data("rage", size=5, profile=GAUNT, rules=["rage"]), (40, 10)),
        ],
        [
            (unit_data("wall", size=10, weapons=[CLAWS]), (10, 16)),
            (unit_data("wall2", size=10, weapons=[CLAWS]), (40, 16)),
        ],
    )
    gaunts, rage, wall, wall2 = battle.units
    policy = battle.policies["a"]
    assert policy.charge_target(battle, gaunts, [wall]) is None
    assault.assault_phase(battle)
    assert not gaunts.locked
    assert rage.foes == [wall2.id]


def test_bikes_turbo_boost_24_inches_and_get_a_cover_save(make_battle):  # 4e pp.53-57
    bikes = unit_data("bikes", unit_type="bike", size=3, profile=BIKER, weapons=[BOLTER])
    battle = make_battle([(bikes, (36, 2))], [(unit_data("foe"), (36, 46))])
    me, foe = battle.units
    move_by_policy(battle, me)
    assert me.turbo_turn == battle.ptc
    assert 23.9 < me.position.distance(Point(36, 2)) <= 24.0
    assert not me.may_charge
    assert not assault.can_charge(battle, me)
    shooting_phase(battle)
    assert not any("fires" in e.text for e in battle.events.events if e.actor == "bikes")
    battle.ptc += 1  # the enemy's turn: a 3+ cover save
    assert battle.cover_save(me, foe) == 3
    battle.ptc += 1  # its own next turn: gone
    assert battle.cover_save(me, foe) is None


def test_bikes_in_reach_of_the_enemy_move_normally(make_battle):  # 4e pp.53-57
    bikes = unit_data("bikes", unit_type="bike", size=3, profile=BIKER, weapons=[BOLTER])
    battle = make_battle([(bikes, (36, 10))], [(unit_data("foe"), (36, 40))])
    me = battle.units[0]
    move_by_policy(battle, me)
    assert me.turbo_turn == -1
    assert me.position.distance(Point(36, 10)) <= 12.0


def test_assault_move_jinks_away_from_a_close_enemy(make_battle):  # 4e pp.53-57 ≈
    jets = unit_data(
        "jets", unit_type="jetbike", size=3, profile=BIKER, weapons=[BOLTER], rules=["assault_move"]
    )
    battle = make_battle([(jets, (36, 20))], [(unit_data("foe"), (36, 30))])
    me, foe = battle.units
    before = battle.gap(me, foe)
    me.may_charge = False
    special_rules.assault_moves(battle)
    assert battle.gap(me, foe) > before + 5.9


def test_melta_bombs_strike_a_vehicle_once_at_s8_with_2d6(make_battle):  # 4e pp.58-73 ≈
    battle = make_battle(
        [
            (unit_data("bombers", size=5, rules=["melta_bombs", "krak_grenades"]), (10, 10)),
            (unit_data("krak", size=5, rules=["krak_grenades"]), (20, 10)),
        ],
        [(unit_data("tank", unit_type="vehicle", size=1, profile=TANK), (10, 14))],
    )
    bombers, krak, tank = battle.units
    bomb = assault.melee_attack(battle, bombers, bombers.models[0], tank, 2)
    grenade = assault.melee_attack(battle, krak, krak.models[0], tank, 2)
    assert (bomb.dice, bomb.strength, bomb.monstrous) == (1, 8, True)
    assert (grenade.dice, grenade.strength, grenade.monstrous) == (1, 6, False)


def test_last_man_standing_tests_once_and_falls_back(make_battle):  # 4e p.47
    battle = make_battle(
        [(unit_data("squad", size=5), (36, 20))],
        [(unit_data("foe"), (36, 40))],
        dice=ScriptedDice([6, 6, 1, 1]),  # morale 12 fails, fall back 2D6 = 2"
    )
    squad = battle.units[0]
    for model in squad.models[1:]:
        model.wounds = 0
    squad.refresh()
    special_rules.last_man_standing(battle)
    assert squad.falling_back
    squad.falling_back = False
    special_rules.last_man_standing(battle)  # taken once: no dice left unused
    assert not squad.falling_back


def test_last_man_standing_spares_a_lone_character(make_battle):  # 4e p.47, pp.50-51
    battle = make_battle(
        [(unit_data("hq", size=1, rules=["independent_character"]), (36, 20))],
        [(unit_data("foe"), (36, 40))],
        dice=ScriptedDice([6, 6]),
    )
    special_rules.last_man_standing(battle)
    assert not battle.units[0].falling_back


def test_trapped_unit_falling_back_into_the_enemy_is_destroyed(make_battle):  # 4e p.48
    battle = make_battle(
        [(unit_data("squad", size=10), (36, 12))],
        [(unit_data("horde", size=30, profile=GAUNT), (36, 4))],
        dice=ScriptedDice([3, 3]),
    )
    squad, _horde = battle.units
    squad.falling_back = True
    fall_back_move(battle, squad)
    assert squad.count == 0
    assert not squad.fled
    assert any("trapped" in e.text for e in battle.events.events)


def test_a_fall_back_steps_around_a_small_blocker(make_battle):  # 4e p.48
    battle = make_battle(
        [(unit_data("squad", size=5), (36, 20))],
        [(unit_data("lone", size=1), (36, 15))],
        dice=ScriptedDice([4, 4]),
    )
    squad = battle.units[0]
    fall_back_move(battle, squad)
    assert squad.count == 5
    assert squad.position.y < 20
    assert squad.position.x != 36


def test_trapped_by_impassable_terrain_and_the_setting_off(make_battle):  # 4e p.48
    cliff = TerrainArea("Cliff", Rect(0, 5, 72, 3), IMPASSABLE, None, 3)
    battle = make_battle(
        [(unit_data("squad", size=5), (36, 12))],
        [(unit_data("foe"), (36, 40))],
        dice=ScriptedDice([4, 4, 4, 4]),
        terrain=[cliff],
    )
    squad = battle.units[0]
    battle.settings = replace(battle.settings, trapped_when_blocked=False)
    fall_back_move(battle, squad)
    assert squad.count == 5
    assert squad.position.y == 4.0
    squad.position = Point(36, 12)
    battle.settings = replace(battle.settings, trapped_when_blocked=True)
    fall_back_move(battle, squad)
    assert squad.count == 0


def test_small_targets_take_cover_in_low_terrain_and_hide_behind_it(make_battle):  # [6][7][25]
    grass = TerrainArea("Grass", Rect(0, 20, 72, 4), kind="clear", cover_save=6, height=0)
    hedge = TerrainArea("Hedge", Rect(0, 30, 15, 2), kind="clear", cover_save=6, height=1)
    battle = make_battle(
        [
            (unit_data("mites", size=5, rules=["small_target"]), (10, 22)),
            (unit_data("men", size=5), (30, 22)),
            (unit_data("spotter", size=3, rules=["small_target"]), (10, 40)),
        ],
        [(unit_data("foe", size=5), (20, 45))],
        terrain=[grass, hedge],
    )
    mites, men, spotter, foe = battle.units
    assert mites.height == 1
    assert men.height == 2
    assert battle.cover_save(mites, foe) == 6
    assert battle.cover_save(men, foe) is None
    assert battle.visible(foe, men)
    assert not battle.visible(spotter, mites)


def _mixed_squad(make_battle, mixed: bool):
    battle = make_battle(
        [(unit_data("squad", size=5, profile=dict(MARINE, Sv=4)), (36, 20))],
        [(unit_data("foe"), (36, 40))],
        dice=ScriptedDice([6, 6, 6, 6, 1]),
    )
    battle.settings = replace(battle.settings, mixed_armour_allocation=mixed)
    squad = battle.units[0]
    squad.models[4].sv, squad.models[4].value = 2, 9  # a better-armoured leader
    return battle, squad


def test_mixed_armour_gives_each_model_a_wound_before_any_takes_two(make_battle):  # 4e p.76
    battle, squad = _mixed_squad(make_battle, mixed=True)
    out = allocate_wounds(battle, squad, 5, 0, 4, 5, None)
    assert (out.saved, out.slain) == (4, 1)
    assert squad.models[4].wounds == 0  # the fifth wound was the leader's; a 1 fails


def test_mixed_armour_off_puts_every_wound_on_the_next_casualty(make_battle):  # 4e p.76
    battle, squad = _mixed_squad(make_battle, mixed=False)
    out = allocate_wounds(battle, squad, 5, 0, 4, 5, None)
    assert (out.saved, out.slain) == (4, 1)
    assert squad.models[4].wounds == 1
