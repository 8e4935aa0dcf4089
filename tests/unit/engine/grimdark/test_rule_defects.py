"""Verified rule defects of issue 18, each pinned by a test that failed before its fix
(seed 000 page markers [n]; "4e pp.N" for the rest)."""

import pytest

from rules.engine.geometry import DIFFICULT, Rect, TerrainArea
from rules.engine.systems.base import EngineError
from rules.engine.systems.grimdark import aftermath, assault
from rules.engine.systems.grimdark.damage import explode, feel_no_pain
from rules.engine.systems.grimdark.morale import fall_back_distance, regroup_test
from rules.engine.systems.grimdark.movement import movement_phase
from rules.engine.systems.grimdark.odds import attack_odds
from rules.engine.systems.grimdark.reserves import arrive_from_reserve
from rules.engine.systems.grimdark.resolve import join_unit
from rules.engine.systems.grimdark.rosters import make_unit
from rules.engine.systems.grimdark.settings import GrimdarkSettings
from rules.engine.systems.grimdark.shooting import shoot_unit
from rules.engine.systems.grimdark.volleys import counts_as_moved

from .conftest import GAUNT, MARINE, ScriptedDice, unit_data
from .test_odds import request

ATSKNF = ["and_they_shall_know_no_fear"]
FIST = {"name": "Power fist", "type": "close_combat", "special": ["power_fist"], "count": 1}
SWORD = {"name": "Chainsword", "type": "close_combat", "special": ["ccw"], "count": 9}
VENOM = {"name": "Venom cannon", "range": 36, "S": 6, "AP": 4, "type": "heavy", "shots": 2}
ROTOR = {"name": "Rotor cannon", "range": 24, "S": 6, "AP": 4, "type": "heavy", "shots": 4}
TWIN = {"name": "Twin bolters", "range": 24, "S": 4, "AP": 5, "type": "rapid_fire"}
BEAST = {"WS": 5, "BS": 3, "S": 6, "T": 6, "W": 4, "I": 4, "A": 3, "Ld": 10, "Sv": 3}


def texts(battle):
    return [e.text for e in battle.events.events]


def locked_pair(battle):
    """Lock the first two units of ``battle`` together."""
    me, foe = battle.units[:2]
    me.foes, foe.foes = [foe.id], [me.id]
    me.locked = foe.locked = True
    return me, foe


def test_deep_strikers_count_as_moved_and_may_not_assault_on_arrival(make_battle):
    # 4e pp.74-76 (Deep Strike, published 4e p.75): arriving units count as having moved
    # and may not assault that turn
    battle = make_battle(
        [(unit_data("drop", rules=["deep_strike"]), (10, 10))],
        [(unit_data("foe"), (36, 30))],
        dice=ScriptedDice([6, 5]),
    )
    drop, _ = battle.units
    drop.reserve = True
    battle.turn = 2
    arrive_from_reserve(battle)
    landed = drop.position
    movement_phase(battle)
    assert drop.position == landed
    assert counts_as_moved(drop)
    assert not assault.can_charge(battle, drop)


def test_knows_no_fear_unit_caught_by_a_sweep_fights_on_with_no_retreat_wounds(make_battle):
    # 4e pp.74-76 (ATSKNF, published 4e p.74): caught → not destroyed, No Retreat! wounds
    battle = make_battle(
        [(unit_data("win"), (10, 10))],
        [(unit_data("wardens", rules=ATSKNF), (10, 11))],
        dice=ScriptedDice([6, 6, 6, 1, 1, 1, 1]),  # morale 12, sweep 4+6 vs 4+1, 3 saves of 1
    )
    win, wardens = locked_pair(battle)
    assault.resolve_combat(battle, [win, wardens], {"a": 3, "b": 0})
    assert wardens.count == 7
    assert wardens.locked
    assert win.id in wardens.foes
    assert not wardens.falling_back
    assert any("caught" in t and "fights on" in t for t in texts(battle))
    assert any("No Retreat" in t for t in texts(battle))


def test_knows_no_fear_unit_moves_normally_after_regrouping(make_battle):
    # 4e pp.74-76 (ATSKNF): no movement limits after regrouping
    battle = make_battle(
        [(unit_data("wardens", rules=ATSKNF), (36, 10))], [(unit_data("foe"), (36, 40))]
    )
    wardens = battle.units[0]
    wardens.falling_back = True
    start = wardens.position
    movement_phase(battle)
    assert not wardens.falling_back
    assert wardens.position != start
    assert any("regroups" in t for t in texts(battle))


def test_knows_no_fear_unit_charged_while_falling_back_regroups(make_battle):
    # 4e pp.47-49: the test is a regroup test; 36.7: ATSKNF passes it
    battle = make_battle(
        [(unit_data("me"), (10, 10))],
        [(unit_data("wardens", rules=ATSKNF), (10, 18))],
        dice=ScriptedDice([6, 6]),
    )
    me, wardens = battle.units
    wardens.falling_back = True
    assert assault.charge(battle, me, wardens)
    assert wardens.count == 10
    assert not wardens.falling_back
    assert wardens.locked


def test_monstrous_creature_may_charge_after_firing_a_heavy_weapon(make_battle):
    # seed 000 [36]: units that may move and fire heavy weapons may assault after firing
    beast = unit_data("beast", unit_type="monstrous_creature", size=1, profile=BEAST)
    beast["weapons"] = [dict(VENOM, count=1)]
    battle = make_battle([(beast, (10, 10))], [(unit_data("foe", profile=GAUNT), (10, 16))])
    me, foe = battle.units
    me.moved = 6.0
    shoot_unit(battle, me)
    assert me.shot_at == foe.id
    assert me.may_charge
    assert assault.can_charge(battle, me)


def test_jump_infantry_charges_are_slowed_by_difficult_terrain(make_battle):
    # 4e pp.53-57: jump infantry charge 6", slowed like infantry
    wood = TerrainArea("Wood", Rect(5, 12, 10, 3), DIFFICULT, 5, 2)
    battle = make_battle(
        [(unit_data("jumpers", unit_type="jump_infantry", size=5), (10, 10))],
        [(unit_data("foe"), (10, 20))],
        dice=ScriptedDice([2, 1]),
        terrain=[wood],
    )
    jumpers, foe = battle.units
    assert assault.charge_allowance(battle, jumpers, foe) == 2.0


def test_joined_character_does_not_use_the_host_units_furious_charge(make_battle):
    # 4e pp.50-51: special rules are not shared unless stated
    herald = unit_data("herald", size=1, rules=["independent_character"], category="HQ")
    battle = make_battle(
        [(unit_data("host", rules=["furious_charge"]), (10, 10)), (herald, (11, 10))],
        [(unit_data("foe"), (10, 20))],
    )
    host, ic, _ = battle.units
    join_unit(ic, host)
    host.charged = True
    hero = host.models[-1]
    assert assault.initiative(battle, host, host.models[0]) == MARINE["I"] + 1
    assert assault.initiative(battle, host, hero) == MARINE["I"]


def test_unit_consolidating_into_contact_is_not_engaged_until_the_next_assault(make_battle):
    # seed 000 [43][44]: with several combats close together, a consolidating unit does not
    # count as engaged until the next Assault phase
    battle = make_battle([(unit_data("me"), (10, 10))], [(unit_data("next"), (10, 17.5))])
    me, nxt = battle.units
    aftermath.consolidate(battle, me, 3.0)
    assert me.locked
    assert nxt.locked
    assert me.id not in nxt.foes
    assert [[u.id for u in g] for g in assault.combats(battle)] == []
    assault.engage_consolidated(battle)
    assert [[u.id for u in g] for g in assault.combats(battle)] == [[me.id, nxt.id]]


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"mode": "close_combat", "ap": 2}, "odds.ap"),
        ({"mode": "close_combat", "rules": ["twin_linked"]}, "odds.rules"),
        ({"mode": "close_combat", "rules": ["sniper"], "strength": None}, "odds.rules"),
        ({"rules": ["witchblade"], "strength": None}, "odds.rules"),
        ({"rules": ["power_fist"]}, "odds.rules"),
        ({"rules": ["poisoned(1)"]}, "odds.rules"),
        ({"rules": ["poisoned(7)"]}, "odds.rules"),
        ({"rules": ["poisoned(0)"]}, "odds.rules"),
        ({"rules": ["rending(3)"]}, "odds.rules"),
    ],
)
def test_odds_reject_rules_that_do_not_apply(changes, field):
    # seed 000 [30] twin-linked is a shooting rule, [41] close combat uses no weapon AP,
    # [32] sniper is a ranged rule, [46] witchblade a close-combat weapon; poisoned(N) wounds
    # on N+ from 2 to 6 and other rules take no number
    with pytest.raises(EngineError) as caught:
        attack_odds(request(**changes))
    assert caught.value.code == field


def test_odds_template_rending_has_no_to_hit_six_to_rend():
    # seed 000 [31][32]: a template rolls no to-hit dice, and rending works on to-hit 6s
    plain = attack_odds(request(rules=["template"]))
    rending = attack_odds(request(rules=["template", "rending"]))
    assert rending["expected"] == plain["expected"]


def test_odds_give_exact_expectations_as_fractions():
    out = attack_odds(request())
    assert out["expected_exact"]["hits"] == "20/3"
    assert out["expected_exact"]["unsaved_wounds"] == "10/9"


def test_log_counts_guns_and_shots_and_plurals(make_battle):
    # seed 000 [28]: "Heavy 4" is four shots from one gun
    dev = unit_data("dev", size=5, weapons=[dict(ROTOR, count=1), dict(TWIN, count=4)])
    battle = make_battle([(dev, (10, 10))], [(unit_data("foe", profile=GAUNT), (10, 25))])
    shoot_unit(battle, battle.units[0])
    lines = texts(battle)
    assert any("fires 1 Rotor cannon (4 shots)" in t for t in lines)
    assert any("fires 4 Twin bolters (8 shots)" in t for t in lines)
    assert not any("bolterss" in t for t in lines)


def test_log_shows_no_retreat_wounds_and_consolidation(make_battle):
    battle = make_battle(
        [(unit_data("win"), (10, 10))],
        [
            (unit_data("bugs", profile=GAUNT, rules=["fearless"]), (10, 11)),
            (unit_data("far"), (40, 40)),
        ],
        dice=ScriptedDice([1, 1]),
    )
    win, bugs = locked_pair(battle)
    assault.resolve_combat(battle, [win, bugs], {"a": 2, "b": 0})
    assert any("No Retreat" in t and "2 slain" in t for t in texts(battle))
    bugs.wipe()
    assault.resolve_combat(battle, [win, bugs], {"a": 1, "b": 0})
    assert any("consolidates" in t for t in texts(battle))


def test_knows_no_fear_regroup_is_logged(make_battle):
    battle = make_battle([(unit_data("wardens", rules=ATSKNF, size=3), (36, 10))], [])
    wardens = battle.units[0]
    wardens.falling_back = True
    assert regroup_test(battle, wardens)
    assert any("regroups" in t for t in texts(battle))


def test_sergeants_power_fist_stays_with_the_sergeant_when_listed_last():
    # the roster lists the squad's chainswords first; the single fist is the leader's
    squad = make_unit(unit_data("squad", weapons=[SWORD, FIST], rules=["sergeant"]), "a")
    assert squad.models[0].name == "Sergeant"
    assert squad.models[0].melee.name == "Power fist"
    assert [m.melee.name for m in squad.models[1:]] == ["Chainsword"] * 9


def test_fall_back_is_halved_by_difficult_terrain_on_its_path(make_battle):
    # settings.fall_back_halved_by_terrain_crossed (4e pp.47-49, seed 000 [16])
    wood = TerrainArea("Wood", Rect(30, 10, 12, 4), DIFFICULT, 5, 2)
    for crossed, expected in ((True, 6), (False, 12)):
        battle = make_battle(
            [(unit_data("me"), (36, 20))], [], dice=ScriptedDice([6, 6]), terrain=[wood]
        )
        battle.settings = GrimdarkSettings(fall_back_halved_by_terrain_crossed=crossed)
        me = battle.units[0]
        assert fall_back_distance(battle, me, battle.edge_point(me)) == expected


def test_feel_no_pain_is_denied_by_ap1_and_ap2_weapons(make_battle):
    # settings.feel_no_pain_denied_by_ap (published 4e p.75; 4e pp.74-76)
    battle = make_battle([(unit_data("me", rules=["feel_no_pain"]), (10, 10))], [])
    model = battle.units[0].models[0]
    assert not feel_no_pain(battle, model, instant=False, denied=False, ap=2)
    assert feel_no_pain(battle, model, instant=False, denied=False, ap=3)
    assert not feel_no_pain(battle, model, instant=True, denied=False, ap=None)
    assert not feel_no_pain(battle, model, instant=False, denied=True, ap=None)
    battle.settings = GrimdarkSettings(feel_no_pain_denied_by_ap=0)
    assert feel_no_pain(battle, model, instant=False, denied=False, ap=1)


def test_exploding_vehicle_hits_each_model_in_reach(make_battle):
    # settings.explosion_hits (4e pp.58-73: "models within D6\" hit")
    tank = unit_data(
        "tank", unit_type="vehicle", size=1, profile={"BS": 3, "front": 14, "side": 12, "rear": 10}
    )
    battle = make_battle(
        [(tank, (10, 10))],
        [(unit_data("near", profile=GAUNT), (10, 16))],
        dice=ScriptedDice([6] + [6] * 10 + [1] * 10),  # reach 6", wounds, failed saves
    )
    vehicle, near = battle.units
    explode(battle, vehicle)
    assert near.count == 0  # one hit per model in reach, not D6 hits on the unit
    assert GrimdarkSettings().explosion_hits == "per_model"


def test_ai_deploys_shooters_at_the_front_of_the_zone_away_from_its_edge(make_battle):
    # 4e pp.47-49: a falling-back unit reaching its own edge leaves the table (2D6")
    heavy = unit_data("dev", size=5, weapons=[dict(ROTOR, count=5)], category="Heavy Support")
    battle = make_battle([(heavy, (10, 10))], [(unit_data("foe"), (36, 40))])
    dev = battle.units[0]
    zone = Rect(0, 0, 72, 12)
    point = battle.policies["a"].deploy_point(battle, dev, zone, 0, 1)
    assert point.y + dev.radius >= 12 - 1.0  # its front at the front of the zone


AUTOCANNON = {"name": "Autocannon", "range": 48, "S": 7, "AP": 4, "type": "heavy", "shots": 1}
AV12 = {"BS": 3, "front": 12, "side": 12, "rear": 12}


def _tank_hunters_volleys(make_battle, host_rules, ic_rules):
    """A character (``ic_rules``) joined to a squad (``host_rules``), each with one
    autocannon, shoots at AV12 in the Shooting phase; every shot hits (6) and rolls 5 to
    penetrate (5 + S7 = 12: a glancing hit, 13 with Tank Hunters penetrates), damage die 1.
    Returns the logged effect of each volley."""
    squad = unit_data("squad", size=1, weapons=[AUTOCANNON], rules=host_rules)
    hero = unit_data(
        "hero", size=1, weapons=[AUTOCANNON], rules=["independent_character", *ic_rules]
    )
    battle = make_battle(
        [(squad, (10, 10)), (hero, (11, 10))],
        [(unit_data("tank", unit_type="vehicle", size=1, profile=AV12), (10, 30))],
        dice=ScriptedDice([6, 5, 1] * 2),
    )
    host, ic, _ = battle.units
    join_unit(ic, host)
    shoot_unit(battle, host)
    return [t.split(" — 1 hits, ")[1].split()[0] for t in texts(battle) if " fires " in t]


def test_joined_character_does_not_use_the_host_units_tank_hunters(make_battle):
    # digest §36.7 and 4e p.74 (independent characters): special rules are not shared unless
    # stated; the squad's Tank Hunters gives the squad's shot +1 penetration, not the
    # character's. Failed before: shooting.base_attack read the host unit's rules for both.
    assert sorted(_tank_hunters_volleys(make_battle, ["tank_hunters"], [])) == [
        "glancing",
        "penetrating",
    ]


def test_joined_tank_hunters_character_does_not_lend_it_to_the_squad(make_battle):
    # digest §36.7 and 4e p.74: a Tank Hunters character in a squad without it keeps its +1
    # penetration for its own shot. Failed before: neither shot had it (the host's rules).
    assert sorted(_tank_hunters_volleys(make_battle, [], ["tank_hunters"])) == [
        "glancing",
        "penetrating",
    ]


CLOSE_COMBAT_OWN_RULES = {
    "furious_charge": lambda battle, host, model, foe: (
        assault.melee_attack(battle, host, model, foe, 1).strength > MARINE["S"]
    ),
    "preferred_enemy": lambda battle, host, model, foe: (
        assault.melee_attack(battle, host, model, foe, 1).reroll_hits
    ),
    "krak_grenades": lambda battle, host, model, tank: (
        assault.melee_attack(battle, host, model, tank, 1).strength == 6
    ),
    "feel_no_pain": lambda battle, host, model, foe: feel_no_pain(
        battle, model, instant=False, denied=False, ap=None
    ),
}


@pytest.mark.parametrize("rule", sorted(CLOSE_COMBAT_OWN_RULES))
@pytest.mark.parametrize("on_host", [True, False])
def test_close_combat_rules_stay_with_the_model_of_a_joined_character(make_battle, rule, on_host):
    # digest §36.7 and 4e p.74 (independent characters): furious charge, preferred enemy,
    # grenades and feel no pain are each model's own; the squad's do not pass to a joined
    # character, nor the character's to the squad (these paths read Model.rules already)
    hero = unit_data("hero", size=1, rules=["independent_character"] + ([] if on_host else [rule]))
    target = (
        unit_data("tank", unit_type="vehicle", size=1, profile=AV12)
        if rule == "krak_grenades"
        else unit_data("foe")
    )
    battle = make_battle(
        [(unit_data("squad", size=2, rules=[rule] if on_host else []), (10, 10)), (hero, (11, 10))],
        [(target, (10, 20))],
    )
    host, ic, foe = battle.units
    join_unit(ic, host)
    host.charged = True
    has = CLOSE_COMBAT_OWN_RULES[rule]
    assert has(battle, host, host.models[0], foe) is on_host
    assert has(battle, host, host.models[-1], foe) is not on_host
