"""Line of sight, cover, vehicles, special weapons, reserves and mission scoring."""

from rules.engine.geometry import DIFFICULT, Point, Rect, TerrainArea
from rules.engine.systems.grimdark import aftermath, assault, missions
from rules.engine.systems.grimdark.damage import Outcome, apply_vehicle_damage
from rules.engine.systems.grimdark.reserves import arrive_from_reserve
from rules.engine.systems.grimdark.resolve import holds_objective

from .conftest import GAUNT, MARINE, ScriptedDice, unit_data

TANK = {"BS": 4, "front": 14, "side": 13, "rear": 10}
WOODS = TerrainArea("Woods", Rect(0, 20, 72, 8), DIFFICULT, 5, 3)
RUINS = TerrainArea("Ruins", Rect(0, 20, 72, 8), DIFFICULT, 4, 2)
DEEP_WOODS = TerrainArea("Deep woods", Rect(0, 14, 72, 20), DIFFICULT, 5, 3)


def test_high_area_terrain_blocks_sight_through_it(make_battle):  # seed 000 [21]
    battle = make_battle(
        [(unit_data("me"), (10, 10))], [(unit_data("foe"), (10, 40))], terrain=[WOODS]
    )
    assert not battle.visible(*battle.units)


def test_taller_model_sees_over_lower_terrain(make_battle):  # seed 000 [7][21]
    beast = unit_data("beast", unit_type="monstrous_creature", size=1)
    battle = make_battle([(beast, (10, 10))], [(unit_data("foe"), (10, 40))], terrain=[RUINS])
    assert battle.visible(*battle.units)


def test_models_deep_inside_area_terrain_are_unseen(make_battle):  # seed 000 [21]
    battle = make_battle(
        [(unit_data("me"), (10, 5))],
        [(unit_data("edge"), (10, 16)), (unit_data("deep"), (10, 24))],
        terrain=[DEEP_WOODS],
    )
    me, edge, deep = battle.units
    assert battle.visible(me, edge)
    assert not battle.visible(me, deep)


def test_vehicles_block_sight_between_infantry(make_battle):  # seed 000 [20]
    battle = make_battle(
        [
            (unit_data("me"), (10, 5)),
            (unit_data("tank", unit_type="vehicle", size=1, profile=TANK), (10, 20)),
        ],
        [(unit_data("foe"), (10, 40))],
    )
    me, _, foe = battle.units
    assert not battle.visible(me, foe)


def test_cover_from_area_terrain_and_from_the_line_of_fire(make_battle):  # seed 000 [25]
    hedge = TerrainArea("Hedge", Rect(0, 20, 72, 2), DIFFICULT, 6, 1)
    battle = make_battle(
        [(unit_data("me"), (10, 5))],
        [(unit_data("in"), (10, 30)), (unit_data("behind"), (40, 30))],
        terrain=[TerrainArea("Ruins", Rect(5, 28, 10, 6), DIFFICULT, 4, 2), hedge],
    )
    me, inside, behind = battle.units
    assert battle.cover_save(inside, me) == 4
    assert battle.cover_save(behind, me) == 6


def test_cover_the_firer_stands_in_is_ignored(make_battle):  # seed 000 [25]
    crater = TerrainArea("Crater", Rect(0, 0, 72, 12), DIFFICULT, 4, 1)
    battle = make_battle(
        [(unit_data("me"), (10, 5))], [(unit_data("foe"), (10, 30))], terrain=[crater]
    )
    assert battle.cover_save(battle.units[1], battle.units[0]) is None


def test_shaken_and_stunned_vehicles(make_battle):  # NOT IN SEED ≈ 4e pp.58-73
    battle = make_battle(
        [
            (
                unit_data(
                    "tank",
                    unit_type="vehicle",
                    size=1,
                    profile=TANK,
                    weapons=[{"name": "Gun", "range": 36, "S": 8, "AP": 3, "type": "heavy"}],
                ),
                (10, 10),
            )
        ],
        [(unit_data("foe"), (10, 40))],
    )
    tank = battle.units[0]
    battle.active = "b"
    apply_vehicle_damage(battle, tank, "shaken")
    assert tank.shaken_turn == battle.ptc + 1
    apply_vehicle_damage(battle, tank, "weapon_destroyed")
    assert tank.models[0].ranged == []
    assert tank.weapons_destroyed == 1
    apply_vehicle_damage(battle, tank, "immobilised")
    assert tank.immobilised
    apply_vehicle_damage(battle, tank, "destroyed")
    assert tank.count == 0


def test_force_weapon_slays_a_wounded_model_on_a_passed_test(make_battle):  # seed 000 [46]
    staff = {"name": "Staff", "type": "close_combat", "special": ["force_weapon"]}
    battle = make_battle(
        [(unit_data("psyker", size=1, weapons=[staff], profile=dict(MARINE, Ld=10)), (10, 10))],
        [(unit_data("brute", size=1, profile=dict(MARINE, W=3)), (10, 14))],
        dice=ScriptedDice([3, 3]),
    )
    psyker, brute = battle.units
    brute.models[0].wounds = 2
    assault.special_weapon_after(battle, psyker, psyker.models[0], brute, Outcome(unsaved=1))
    assert brute.count == 0


def test_thunder_hammer_stuns_survivors(make_battle):  # seed 000 [46]
    hammer = {"name": "Hammer", "type": "close_combat", "special": ["thunder_hammer"]}
    battle = make_battle(
        [(unit_data("me", size=1, weapons=[hammer]), (10, 10))], [(unit_data("foe"), (10, 14))]
    )
    me, foe = battle.units
    assault.special_weapon_after(battle, me, me.models[0], foe, Outcome(unsaved=1))
    assert foe.stunned_cc_turn == battle.ptc + 1
    battle.ptc += 1
    assert assault.initiative(battle, foe, foe.models[0]) == 1


def test_deep_strikers_arrive_on_the_table_clear_of_enemies(make_battle):  # 4e pp.74-76
    battle = make_battle(
        [(unit_data("drop", rules=["deep_strike"]), (10, 10))],
        [(unit_data("foe"), (36, 30))],
        dice=ScriptedDice([6, 5]),
    )
    drop, foe = battle.units
    drop.reserve = True
    battle.turn = 2
    arrive_from_reserve(battle)
    assert not drop.reserve
    assert battle.table.bounds.contains(drop.position)
    assert battle.gap(drop, foe) >= 0.99


def test_take_and_hold_counts_scoring_units_near_the_centre(make_battle):  # 4e pp.80-83
    battle = make_battle(
        [(unit_data("mine"), (36, 24))],
        [(unit_data("theirs"), (36, 45)), (unit_data("broken", profile=GAUNT), (30, 24))],
        mission="take-and-hold",
    )
    battle.units[2].falling_back = True
    assert missions.objective_scores(battle) == {"a": 1, "b": 0}


def test_cleanse_counts_quarters_held_alone(make_battle):  # 4e pp.80-83
    battle = make_battle(
        [(unit_data("q0"), (10, 10)), (unit_data("q1"), (60, 10))],
        [(unit_data("q1b"), (62, 12)), (unit_data("q3"), (60, 40))],
        mission="cleanse",
    )
    assert missions.objective_scores(battle) == {"a": 1, "b": 1}


def test_cleanse_objective_held_only_in_an_uncontested_quarter(make_battle):
    # NOT IN SEED, 4e pp.80-83 Cleanse: a quarter is controlled with ≥1 own scoring unit and
    # no enemy scoring unit in it; a vehicle does not score, so it contests nothing
    tank = unit_data("tank", unit_type="vehicle", size=1, profile=TANK)
    battle = make_battle(
        [(unit_data("q0"), (10, 10)), (unit_data("q1"), (60, 10))],
        [(unit_data("q0b"), (20, 14)), (tank, (62, 12)), (unit_data("q3"), (60, 40))],
        mission="cleanse",
    )
    q0, q1, q0b, tank_unit, q3 = battle.units
    assert [holds_objective(battle, u) for u in (q0, q1, q0b, q3)] == [False, True, False, True]
    assert missions.quarter_controllers(battle) == [None, "a", None, "b"]
    assert not missions.is_scoring(tank_unit)
    assert missions.objective_scores(battle) == {"a": 1, "b": 1}


def test_secure_and_control_counter_contested_by_an_enemy_is_not_held(make_battle):
    # NOT IN SEED, 4e pp.80-83: a loot counter is held by an own scoring unit within 6" and
    # no enemy scoring unit within 6"
    battle = make_battle(
        [(unit_data("near"), (20, 24)), (unit_data("alone"), (50, 24))],
        [(unit_data("rival"), (24, 26))],
        mission="secure-and-control",
    )
    battle.objectives = [Point(22, 24), Point(52, 24)]
    near, alone, rival = battle.units
    assert [holds_objective(battle, u) for u in (near, alone, rival)] == [False, True, False]
    assert missions.objective_scores(battle) == {"a": 1, "b": 0}


def test_recon_counts_units_in_the_enemy_half(make_battle):  # 4e pp.80-83
    battle = make_battle(
        [(unit_data("deep"), (10, 30)), (unit_data("home"), (20, 5))],
        [(unit_data("far"), (10, 40))],
        mission="recon",
    )
    assert missions.objective_scores(battle) == {"a": 1, "b": 0}


def test_units_below_half_strength_do_not_score(make_battle):  # 4e pp.80-83 ≈
    battle = make_battle(
        [(unit_data("mine"), (36, 24))], [(unit_data("foe"), (10, 45))], mission="take-and-hold"
    )
    mine = battle.units[0]
    for model in mine.models[:6]:
        model.wounds = 0
    mine.refresh()
    assert not missions.is_scoring(mine)


def test_victory_points_full_for_destroyed_half_for_below_half(make_battle):  # 4e pp.84-87
    battle = make_battle(
        [(unit_data("me"), (10, 10))],
        [
            (unit_data("dead", points=100), (10, 40)),
            (unit_data("hurt", points=120), (30, 40)),
            (unit_data("fine", points=90), (50, 40)),
        ],
    )
    _, dead, hurt, _ = battle.units
    dead.wipe()
    for model in hurt.models[:6]:
        model.wounds = 0
    hurt.refresh()
    assert missions.victory_points(battle, "a") == 160
    assert missions.victory_points(battle, "b") == 0


def test_consolidation_into_a_new_enemy_locks_it(make_battle):  # seed 000 [43][44]
    battle = make_battle([(unit_data("me"), (10, 10))], [(unit_data("next"), (10, 17.5))])
    me, nxt = battle.units
    aftermath.consolidate(battle, me, 3.0)
    assault.engage_consolidated(battle)  # engaged from the next Assault phase
    assert me.locked
    assert nxt.locked
    assert nxt.id in me.foes


def test_joined_character_is_scored_and_credited_as_its_own_unit(make_battle):  # 4e pp.50-51
    hero = unit_data(
        "hero",
        size=1,
        points=100,
        rules=["independent_character"],
        profile=dict(MARINE, W=3),
        category="HQ",
    )
    battle = make_battle(
        [(unit_data("me"), (10, 10))],
        [(unit_data("squad", points=150), (10, 40)), (hero, (12, 40))],
    )
    me, squad, ic = battle.units
    ic.joined_to = squad.id
    squad.members.append(ic.id)
    squad.models.extend(ic.models)
    ic.models = []
    squad.refresh()
    ic.refresh()
    for model in squad.models[:10]:
        model.wounds = 0
    squad.refresh()
    assert missions.victory_points(battle, "a") == 150  # the hero still stands
    squad.wipe()
    battle.credit_destroyed(me, squad)
    assert missions.victory_points(battle, "a") == 250
    assert me.destroyed_units == ["squad", "hero"]


def test_destroyed_vehicle_leaves_a_wreck_that_blocks_sight(make_battle):  # seed 000 [20]
    battle = make_battle(
        [
            (unit_data("me"), (10, 5)),
            (unit_data("tank", unit_type="vehicle", size=1, profile=TANK), (10, 20)),
        ],
        [(unit_data("foe"), (10, 40))],
    )
    me, tank, foe = battle.units
    apply_vehicle_damage(battle, tank, "destroyed")
    assert tank.count == 0
    wreck = battle.table.terrain[-1]
    assert wreck.name == "Wreck of tank"
    assert wreck.cover_save == 4
    assert not battle.visible(me, foe)


def test_fast_skimmers_turn_penetrating_hits_into_glancing(make_battle):  # 4e pp.58-73 ≈
    from rules.engine.systems.grimdark.damage import Attack, resolve_vehicle_hits

    skimmer = unit_data(
        "sk",
        unit_type="vehicle",
        size=1,
        profile={"BS": 4, "front": 10, "side": 10, "rear": 10},
        extra={"vehicle_types": ["skimmer", "fast"]},
    )
    battle = make_battle(
        [(unit_data("me"), (10, 5))], [(skimmer, (10, 40))], dice=ScriptedDice([6, 1])
    )
    me, sk = battle.units
    sk.moved = 12.0
    out = resolve_vehicle_hits(battle, Attack(1, None, 9, 2), 1, sk, me)
    assert out.vehicle_results == ["glancing shaken"]


def test_a_vehicle_driving_into_the_line_of_sight_blocks_it(make_battle):  # seed 000 [20]
    """The sight line of two units that stay put is looked at again when a vehicle between
    them moves: a cached answer from before the move must not be used."""
    battle = make_battle(
        [
            (unit_data("me"), (10, 5)),
            (unit_data("tank", unit_type="vehicle", size=1, profile=TANK), (40, 20)),
        ],
        [(unit_data("foe"), (10, 40))],
    )
    me, tank, foe = battle.units
    assert battle.visible(me, foe)
    battle.moved_to(tank, Point(10, 20))
    assert not battle.visible(me, foe)
    battle.moved_to(tank, Point(40, 20))
    assert battle.visible(me, foe)


def test_a_monstrous_creature_that_falls_no_longer_blocks_sight(make_battle):  # seed 000 [20]
    beast = unit_data("beast", unit_type="monstrous_creature", size=1)
    battle = make_battle(
        [(unit_data("me"), (10, 5)), (beast, (10, 20))], [(unit_data("foe"), (10, 40))]
    )
    me, beast_unit, foe = battle.units
    assert not battle.visible(me, foe)
    for model in beast_unit.models:
        model.wounds = 0
    beast_unit.refresh()
    assert beast_unit.count == 0
    assert battle.visible(me, foe)


def test_a_skimmer_blocks_sight_only_once_immobilised(make_battle):  # seed 000 [20]
    skimmer = unit_data(
        "sk", unit_type="vehicle", size=1, profile=TANK, extra={"vehicle_types": ["skimmer"]}
    )
    battle = make_battle(
        [(unit_data("me"), (10, 5)), (skimmer, (10, 20))], [(unit_data("foe"), (10, 40))]
    )
    me, sk, foe = battle.units
    assert "skimmer" in sk.vehicle_kinds
    assert battle.visible(me, foe)
    sk.immobilised = True
    assert not battle.visible(me, foe)
