"""Smoke launchers and ordnance (NOT IN SEED: 4e pp.58-73; ordnance seed 000 [29][31][32])."""

from dataclasses import replace

import pytest

from rules.engine.systems.grimdark import tables
from rules.engine.systems.grimdark.damage import Attack, penetration_roll, resolve_attack
from rules.engine.systems.grimdark.shooting import shooting_phase
from rules.engine.systems.grimdark.smoke import obscured, trigger_smoke
from rules.engine.systems.grimdark.volleys import plan_volleys, weapon_can_fire

from .conftest import GAUNT, ScriptedDice, unit_data

HULL = {"BS": 4, "front": 11, "side": 11, "rear": 10}
CANNON = {
    "name": "Siege cannon",
    "range": 72,
    "S": 8,
    "AP": 3,
    "type": "ordnance",
    "special": ["large_blast"],
}
BOLTER_HULL = {"name": "Hull bolter", "range": 24, "S": 4, "AP": 5, "type": "heavy", "shots": 2}
MORTAR = {
    "name": "Siege mortar",
    "range": 48,
    "min_range": 12,
    "S": 8,
    "AP": 3,
    "type": "ordnance",
    "special": ["large_blast", "barrage"],
}
LASCANNON = {"name": "Lascannon", "range": 48, "S": 9, "AP": 2, "type": "heavy"}


def tank(uid="tank", weapons=None, smoke=False):
    extra = {"vehicle_types": ["tank"], "smoke_launchers": smoke}
    return unit_data(
        uid, unit_type="vehicle", size=1, profile=HULL, weapons=weapons or [], extra=extra
    )


def test_smoke_makes_penetrating_hits_glancing_in_the_next_enemy_turn(make_battle):
    # 4e pp.58-73 (digest §36.6 ≈): smoke obscures the vehicle; penetrating → glancing
    battle = make_battle(
        [(tank(smoke=True), (30, 10))], [(unit_data("foe"), (30, 30))], dice=ScriptedDice([6, 6])
    )
    hull, foe = battle.units
    assert hull.smoke_launchers
    trigger_smoke(battle, hull)
    assert not hull.smoke_launchers  # once a game
    assert not obscured(battle, hull)
    battle.ptc += 1  # the enemy's player turn
    assert obscured(battle, hull)
    shot = Attack(dice=1, hit_on=None, strength=9, ap=2)
    out = resolve_attack(battle, shot, hull, None, foe)  # 6 + 9 = 15 > 11: penetrating
    assert out.vehicle_results[0].startswith("glancing")
    battle.ptc += 1
    assert not obscured(battle, hull)


def test_a_vehicle_that_pops_smoke_fires_nothing_that_turn(make_battle):
    # the AI pops smoke when its guns reach nothing and an enemy can shoot it (within 36")
    battle = make_battle(
        [(tank(weapons=[BOLTER_HULL], smoke=True), (30, 10))],
        [(unit_data("foe", weapons=[LASCANNON]), (30, 40))],
    )
    hull, _ = battle.units
    shooting_phase(battle)
    assert hull.smoke_turn == battle.ptc + 1
    assert hull.shot_at == ""
    assert any("triggers its smoke launchers" in e.text for e in battle.events.events)


def test_ordnance_penetration_rolls_two_dice_and_keeps_the_highest(make_battle):
    # 4e pp.58-73 ≈ (ordnance: roll 2D6 for penetration, pick the highest)
    battle = make_battle([], [], dice=ScriptedDice([2, 5, 3]))
    ordnance = Attack(dice=1, hit_on=None, strength=8, ap=3, ordnance=True)
    assert penetration_roll(battle, ordnance) == 13  # max(2, 5) + 8
    assert penetration_roll(battle, Attack(dice=1, hit_on=None, strength=8, ap=3)) == 11


def test_ordnance_fires_alone_and_only_from_vehicles_and_barrages_never_after_moving(make_battle):
    # seed 000 [29]: ordnance is vehicle-mounted; [31]: an ordnance barrage cannot fire from a
    # vehicle that moved; 4e pp.58-73 ≈: a vehicle firing ordnance fires no other weapon
    battle = make_battle(
        [(tank(weapons=[CANNON, BOLTER_HULL, MORTAR]), (30, 10))],
        [(unit_data("foe", size=20, profile=GAUNT), (30, 40))],
    )
    hull, foe = battle.units
    cannon, _, mortar = hull.models[0].ranged
    volleys = plan_volleys(battle, hull, foe, False, battle.policies["a"].expected_shot)
    assert len(volleys) == 1
    assert volleys[0].weapon.kind == "ordnance"
    assert weapon_can_fire(hull, mortar, 28, True) == 1
    hull.moved = 5.0
    assert weapon_can_fire(hull, mortar, 28, True) == 0
    assert weapon_can_fire(hull, cannon, 28, True) == 1
    infantry = battle.units[1]
    infantry.models[0].ranged = [cannon]
    assert weapon_can_fire(infantry, cannon, 28, True) == 0


def test_ordnance_penetrating_hits_roll_on_the_harsher_ordnance_table():
    # digest §36.6 ≈ (4e p.61): ordnance penetrating hits use a harsher table; glancing
    # ordnance hits keep the glancing table; open-topped still adds 1
    ordnance = [tables.vehicle_damage("penetrating", r, ordnance=True) for r in range(1, 7)]
    plain = [tables.vehicle_damage("penetrating", r) for r in range(1, 7)]
    assert ordnance == [
        "stunned",
        "weapon_destroyed",
        "immobilised",
        "destroyed",
        "explodes",
        "explodes",
    ]
    assert plain[4] == "destroyed"  # the ordinary table: a 5 leaves a wreck
    assert tables.vehicle_damage("penetrating", 4, open_topped=True, ordnance=True) == "explodes"
    assert tables.vehicle_damage("glancing", 5, ordnance=True) == "immobilised"


def _ordnance_shot(make_battle, script, ordnance=True):
    battle = make_battle(
        [(tank(), (30, 10))], [(unit_data("foe"), (30, 50))], dice=ScriptedDice(script)
    )
    hull = battle.units[0]
    shot = Attack(dice=1, hit_on=None, strength=8, ap=3, ordnance=ordnance)
    return battle, hull, shot


def test_an_ordnance_hit_that_penetrates_explodes_the_vehicle_on_a_five(make_battle):
    # penetration max(1, 6) + S8 = 14 > rear AV10: penetrating; damage D6 5 → ordnance
    # table "explodes" (the ordinary table would leave a wreck); explosion reach D6 1
    battle, hull, shot = _ordnance_shot(make_battle, [1, 6, 5, 1])
    terrain_before = len(battle.table.terrain)
    out = resolve_attack(battle, shot, hull, None, None)
    assert out.vehicle_results == ["penetrating explodes"]
    assert hull.count == 0
    assert len(battle.table.terrain) == terrain_before  # no wreck


def test_a_plain_penetrating_hit_and_the_setting_off_keep_the_ordinary_table(make_battle):
    # the same dice without ordnance (D6 6 + 8 = 14, damage 5) leave a wreck
    battle, hull, shot = _ordnance_shot(make_battle, [6, 5], ordnance=False)
    out = resolve_attack(battle, shot, hull, None, None)
    assert out.vehicle_results == ["penetrating destroyed"]
    battle, hull, shot = _ordnance_shot(make_battle, [1, 6, 5])
    battle.settings = replace(battle.settings, ordnance_damage_table=False)
    out = resolve_attack(battle, shot, hull, None, None)
    assert out.vehicle_results == ["penetrating destroyed"]


def test_a_glancing_ordnance_hit_rolls_on_the_glancing_table(make_battle):
    # max(2, 2) + S8 = 10 = rear AV10: glancing; damage D6 5 → glancing "immobilised"
    battle, hull, shot = _ordnance_shot(make_battle, [2, 2, 5])
    out = resolve_attack(battle, shot, hull, None, None)
    assert out.vehicle_results == ["glancing immobilised"]
    assert hull.immobilised


def _tank_behind_ruins(make_battle, **settings):
    """A 11/11/10 tank with a ruin between it and a lascannon team (digest §36.6)."""
    from rules.engine.geometry import CLEAR, Rect, TerrainArea
    from rules.engine.systems.grimdark.settings import GrimdarkSettings

    ruin = TerrainArea("Ruin", Rect(25, 20, 10, 4), CLEAR, 4, 3)
    battle = make_battle(
        [(tank(), (30, 35))],
        [(unit_data("foe", weapons=[LASCANNON]), (30, 5))],
        dice=ScriptedDice([6, 6]),
        terrain=[ruin],
    )
    battle.settings = GrimdarkSettings(**settings)
    return battle


def test_a_hull_down_vehicle_takes_penetrating_hits_as_glancing(make_battle):
    # digest §36.6 ≈ "Obscured (hull-down) vehicles … count penetrating hits as glancing"
    battle = _tank_behind_ruins(make_battle)
    hull, foe = battle.units
    cover = battle.cover_save(hull, foe)
    assert cover == 4  # the line of fire crosses the ruin
    shot = Attack(dice=1, hit_on=None, strength=9, ap=2)
    out = resolve_attack(battle, shot, hull, cover, foe)  # 6 + 9 = 15 > 11: penetrating
    assert out.vehicle_results[0].startswith("glancing")


def test_hull_down_is_a_setting_and_never_hinders_close_combat(make_battle):
    battle = _tank_behind_ruins(make_battle, hull_down_vehicles=False)
    hull, foe = battle.units
    shot = Attack(dice=1, hit_on=None, strength=9, ap=2)
    out = resolve_attack(battle, shot, hull, battle.cover_save(hull, foe), foe)
    assert out.vehicle_results[0].startswith("penetrating")
    battle = _tank_behind_ruins(make_battle)
    hull, foe = battle.units
    blow = Attack(dice=1, hit_on=None, strength=9, ap=None, close_combat=True)
    out = resolve_attack(battle, blow, hull, 4, foe)
    assert out.vehicle_results[0].startswith("penetrating")


def test_a_template_that_ignores_cover_saves_still_finds_a_hull_down_vehicle_obscured(
    make_battle,
):
    # templates ignore cover saves (seed 000 [31]), but obscured is the vehicle's own rule
    # (digest §36.6 ≈, 4e p.62): a S9 template's penetrating hit (D6 6 + 9 = 15 > AV11) on a
    # tank behind ruins glances, and only under the setting
    from rules.engine.systems.grimdark.templates import teardrop_aim, template_shot

    for hull_down, expected in ((True, "glancing"), (False, "penetrating")):
        battle = _tank_behind_ruins(make_battle, hull_down_vehicles=hull_down)
        hull, foe = battle.units
        flame = Attack(dice=1, hit_on=None, strength=9, ap=2, ignore_cover=True)
        out = template_shot(battle, foe, None, flame, hull, teardrop_aim(battle, foe, hull))
        assert out.vehicle_results[0].startswith(expected)


AUTOCANNON = {"name": "Autocannon", "range": 48, "S": 7, "AP": 4, "type": "heavy", "shots": 2}
MAIN = {"Autocannon", "Lascannon"}


@pytest.mark.parametrize(
    ("moved", "fast", "mains", "defensive"),
    [
        (0.0, False, 2, True),  # stationary: every weapon
        (6.0, False, 1, True),  # up to 6": one main weapon and all defensive weapons
        (6.0, True, 2, True),  # a fast vehicle up to 6": every weapon
        (12.0, True, 1, True),  # a fast vehicle up to 12": one main and the defensive
        (12.0, False, 0, False),  # more than 6" (not fast): nothing
        (13.0, True, 0, False),  # more than 12": nothing, fast or not
    ],
)
def test_vehicles_fire_by_speed_in_the_shooting_phase(make_battle, moved, fast, mains, defensive):
    # volleys.vehicle_weapon_allowance (NOT IN SEED ≈: published 4e p.59): which of two main
    # weapons (S7+) and a defensive hull bolter (S4) a vehicle that moved fires; every die
    # misses so the target stands for each volley
    hull = tank(weapons=[LASCANNON, AUTOCANNON, BOLTER_HULL])
    if fast:
        hull["extra"]["vehicle_types"] = ["tank", "fast"]
    battle = make_battle(
        [(hull, (30, 10))],
        [(unit_data("foe", size=10, profile=GAUNT), (30, 30))],
        dice=ScriptedDice([1] * 20),
    )
    me, _ = battle.units
    me.moved = moved  # as the Movement phase leaves it
    shooting_phase(battle)
    fired = [e.data["weapon"] for e in battle.events.events if " fires " in e.text]
    assert sum(1 for w in fired if w in MAIN) == mains
    assert ("Hull bolter" in fired) == defensive
    assert len(fired) == len(set(fired))  # each weapon once
