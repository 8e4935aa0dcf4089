"""Issue 21, round 2: the Basic Set rules an audit found missing or wrong (retreat, unready and
unbalanced weapons, posture, parry hands, consciousness, movement costs), and the AI crash with
a thrown weapon. Each test cites the Basic Set page (seed 004 has none of these rules)."""

from pathlib import Path

import pytest
import yaml

from armybuilder.rosterdata import sample_roster_data
from rules.engine.systems import get_system
from rules.engine.systems.hextactical import active_defence, injury, melee, movement, turn, weapons
from rules.engine.systems.hextactical.ai import Policy
from rules.engine.systems.hextactical.ai.estimates import weapon_mode
from rules.engine.systems.hextactical.combatant import AttackMode, Weapon, build_combatant
from rules.engine.systems.hextactical.criticals import CRITICAL_MISS
from rules.engine.systems.hextactical.damage import DamageDice
from rules.engine.systems.hextactical.plan import POP_UP, Plan
from rules.engine.systems.hextactical.pointbuy.equipment import ITEMS, engine_entry
from rules.engine.systems.hextactical.settings import DEFAULT_SETTINGS
from tests.unit.engine.hextactical.basic_set_weapons import mismatches
from tests.unit.engine.hextactical.test_gurps_battle_rules import (
    ScriptedDice,
    _battle,
    _melee_defences,
    _unit,
)
from tests.unit.engine.hextactical.test_gurps_review_fixes import A, _near, _sword_and_axe


# ----------------------------------------------------------------- the AI crash
def test_a_thrown_only_weapon_has_the_ranged_mode():
    # B365 Move and Attack: a thrown weapon may be thrown on the move; its only mode is ranged
    axe = Weapon("Throwing axe", "Thrown Weapon (Axe/Mace)", 12, ranged=True, thrown=True)
    axe.modes.append(AttackMode("ranged", DamageDice(1, 2, "cut")))
    assert weapon_mode(axe) == "ranged"


def sample_armies():
    """The hextactical system and its two sample squads, built."""
    system = get_system("hextactical")
    a, b = (
        system.build_army(sample_roster_data("hextactical", n))
        for n in ("thornwall-patrol", "saltmarsh-raid")
    )
    return system, a, b


def test_sample_skirmish_seed_487_resolves():
    # the seed where an axe thrower closing on an archer crashed the policy
    system, a, b = sample_armies()
    report = system.resolve_battle(a, b, "skirmish", 487, log=False)
    assert report.winner in ("a", "b", None)


# ----------------------------------------------------------------- 2: retreat is melee only
def test_no_retreat_against_a_missile():
    # GURPS 4e Basic Set p.B377 "Retreating": a retreat is a defence against melee attacks only
    battle, sword, axe = _sword_and_axe(_near(0))
    assert active_defence.can_retreat(battle, axe, sword) is not None
    assert active_defence.can_retreat(battle, axe, sword, ranged=True) is None


@pytest.mark.parametrize(("posture", "stunned"), [("kneeling", False), ("standing", True)])
def test_no_retreat_while_stunned_or_kneeling(posture, stunned):
    # GURPS 4e Basic Set p.B377 "Retreating", p.B551 postures: no retreat from kneeling (or
    # sitting, lying) nor while stunned
    battle, sword, axe = _sword_and_axe(_near(0))
    axe.posture, axe.stunned = posture, stunned
    assert active_defence.can_retreat(battle, axe, sword) is None


# ----------------------------------------------------------------- 3: ‡ weapons go unready
def _halberd_and_axe(totals=()):
    battle, c = _battle(
        [("thornwall-company", "halberdier")],
        [("saltmarsh-reavers", "marsh-axeman")],
        {"halberdier": (A, 0), "marsh-axeman": (_near(0, 3), 3)},
        totals=totals,
    )
    return battle, c["halberdier"], c["marsh-axeman"]


def test_a_double_dagger_weapon_is_unready_after_an_attack():
    # GURPS 4e Basic Set p.B269 "‡": after an attack the weapon needs a Ready unless one has
    # 1.5 × its ST (halberd ST 13‡, the halberdier has ST 13)
    battle, hal, axe = _halberd_and_axe(totals=[16])
    assert hal.weapon.unready_after_attack
    turn.execute(battle, hal, Plan("attack", target=axe.id, weapon=0, mode="swing"))
    assert not hal.weapon_ready
    assert Policy().choose(battle, hal).kind == "ready"


def test_a_strong_wielder_keeps_a_double_dagger_weapon_ready():
    # GURPS 4e Basic Set p.B269 "‡": ST 20 ≥ 1.5 × 13 keeps the halberd ready
    battle, hal, axe = _halberd_and_axe(totals=[16])
    hal.st = 20
    turn.execute(battle, hal, Plan("attack", target=axe.id, weapon=0, mode="swing"))
    assert hal.weapon_ready


# ----------------------------------------------------------------- 4: unbalanced weapons
def test_an_unbalanced_weapon_cannot_parry_after_attacking():
    # GURPS 4e Basic Set p.B269 "U": an axe that attacked this turn cannot parry until its
    # wielder's next turn
    battle, sword, axe = _sword_and_axe(_near(0), totals=[16])
    assert axe.weapon.unbalanced
    assert any(d.kind == "parry" and d.weapon == "Axe" for d in _melee_defences(axe, False))
    turn.execute(battle, axe, Plan("attack", target=sword.id, weapon=0, mode="swing"))
    assert not any(d.weapon == "Axe" for d in _melee_defences(axe, False))
    turn.start_turn(battle, axe)
    assert any(d.kind == "parry" and d.weapon == "Axe" for d in _melee_defences(axe, False))


# ----------------------------------------------------------------- 5: standing up
def test_standing_up_from_lying_down_takes_two_maneuvers():
    # GURPS 4e Basic Set p.B364 "Change Posture": from lying down to kneeling (or sitting,
    # crawling), then to standing
    battle, sword, _axe = _sword_and_axe(_near(0, 3))
    sword.posture = "prone"
    turn.execute(battle, sword, Plan("change_posture", option="standing"))
    assert sword.posture == "kneeling"
    turn.execute(battle, sword, Plan("change_posture", option="standing"))
    assert sword.posture == "standing"


# ----------------------------------------------------------------- 8: parry needs a hand
def test_no_bare_hand_parry_with_both_hands_full():
    # GURPS 4e Basic Set p.B376 "Parrying": a ready weapon or an empty hand; the axeman holds an
    # axe and a shield, the halberdier a two-handed halberd
    _, sword, axe = _sword_and_axe(_near(0))
    assert not any(d.weapon == "Fist" for d in _melee_defences(axe, False))
    _, hal, _ = _halberd_and_axe()
    assert not any(d.weapon == "Fist" for d in _melee_defences(hal, False))
    sword.shield = None  # a broadsword in one hand leaves the other free
    assert any(d.weapon == "Fist" for d in _melee_defences(sword, False))


# ----------------------------------------------------------------- 9: consciousness roll
def test_no_consciousness_roll_when_defending_below_zero_hp():
    # GURPS 4e Basic Set p.B419: below 0 HP the HT roll to stay conscious is made at the start
    # of one's own turn, not when attacked
    battle, sword, axe = _sword_and_axe(_near(0), totals=[8, 3])  # hit, defence succeeds
    axe.hp = -1
    melee.melee_attack(battle, sword, axe, sword.weapon, "swing", "attack", "")
    assert axe.active
    assert not any("conscious" in e.text for e in battle.events.events)
    assert [e.phase for e in battle.events.events][-1] == "defend"


# ----------------------------------------------------------------- 10: front-side hexes
@pytest.mark.parametrize("direction", [1, 5])
def test_a_front_side_hex_costs_one_movement_point(direction):
    # GURPS 4e Basic Set pp.B386–387: moving into the front-left or front-right hex is forward
    # movement at 1 MP (the line swordsman at A faces direction 0)
    battle, sword, _axe = _sword_and_axe(_near(3, 5))
    tree = movement.reachable(battle, sword, 1)
    assert tree[_near(direction)][0] == 1
    assert tree[_near(2)][0] == 2  # a sidestep


# ----------------------------------------------------------------- 14: reach per attack mode
def test_a_large_knife_thrusts_only_at_reach_c():
    # GURPS 4e Basic Set p.B272 Large Knife: swing reach C,1, thrust reach C
    knife = build_combatant(_unit("saltmarsh-reavers", "glaive-raider"), "b").weapons[1]
    assert knife.name == "Large knife"
    assert knife.mode_at("thrust", 0).mode == "thrust"
    assert knife.mode_at("thrust", 1).mode == "swing"
    assert weapon_mode(knife, 1) == "swing"


def test_a_halberd_thrusts_at_reach_one():
    # GURPS 4e Basic Set p.B272 Halberd: swing reach 2,3*, thrust reach 1-3*
    battle, hal, axe = _halberd_and_axe()
    battle.board.place(axe, _near(0))
    hal.reach_setting = 1
    assert melee.in_melee_reach(battle, hal, axe, hal.weapon, mode="thrust")
    assert hal.weapon.mode_at("swing", 1).mode == "thrust"


# ----------------------------------------------------------------- 15: catalogue data
def _weapon(faction, slug, name):
    c = build_combatant(_unit(faction, slug), "a")
    return c, next(w for w in [*c.weapons, c.shield] if w is not None and w.name == name)


def test_catalogue_weapons_follow_the_basic_set_tables():
    # GURPS 4e Basic Set pp.B271-276 melee, muscle-powered ranged weapon and shield tables
    _, broadsword = _weapon("thornwall-company", "line-swordsman", "Broadsword")
    assert broadsword.mode_at("thrust", 1).damage.kind == "cr"  # thr+1 cr
    _, greatsword = _weapon("thornwall-company", "greatsword-champion", "Greatsword")
    thrust = greatsword.mode_at("thrust", 2)
    assert (thrust.mode, thrust.reaches, thrust.damage.kind) == ("thrust", (2,), "cr")
    assert greatsword.mode_at("thrust", 1).mode == "swing"
    for faction, slug, name in (
        ("thornwall-company", "halberdier", "Halberd"),
        ("saltmarsh-reavers", "glaive-raider", "Glaive"),
    ):
        _, polearm = _weapon(faction, slug, name)
        assert polearm.mode_at("thrust", 1).reaches == (1, 2, 3)
    for faction, slug, name in (
        ("thornwall-company", "longbowman", "Longbow"),
        ("saltmarsh-reavers", "fen-archer", "Short bow"),
    ):
        assert _weapon(faction, slug, name)[1].reload == 2  # Shots 1(2)
    crossbowman, crossbow = _weapon("thornwall-company", "crossbowman", "Crossbow")
    assert crossbowman.st == crossbow.st_req == 10
    bolt = crossbow.modes[0].damage
    assert (bolt.dice, bolt.adds) == (1, 2)  # thr+4 at ST 10 = 1d-2+4
    assert _weapon("thornwall-company", "javelineer", "Javelin")[1].max_range == 16  # ST 11 x1.5
    axe = _weapon("saltmarsh-reavers", "axe-thrower", "Throwing axe")[1]
    assert (axe.half_range, axe.max_range) == (12, 18)  # ST 12 x1 / x1.5
    bow = _weapon("saltmarsh-reavers", "fen-archer", "Short bow")[1]
    assert (bow.half_range, bow.max_range) == (100, 150)  # bow ST 10 x10 / x15
    for faction, slug in (
        ("thornwall-company", "javelineer"),
        ("saltmarsh-reavers", "axe-thrower"),
    ):
        assert _weapon(faction, slug, "Buckler")[1].skill_name == "Shield (Buckler)"
    entries = [
        weapon
        for faction in ("thornwall-company", "saltmarsh-reavers")
        for unit in _catalogue_units(faction)
        for weapon in unit.get("weapons") or []
        if not weapon.get("shield")
    ]
    assert len(entries) > 20
    assert [p for entry in entries for p in mismatches(entry)] == []


def _catalogue_units(faction):
    path = Path(__file__).parents[4] / "armybuilder/catalogues/hextactical" / f"{faction}.yaml"
    return yaml.safe_load(path.read_text())["units"]


def test_point_buy_equipment_follows_the_basic_set_tables():
    # GURPS 4e Basic Set pp.B271-276: the list the sheet editor and GCS import offer, checked
    # against the same table as the catalogue; the halberd is ‡ and thrusts at reach 1-3
    # (p.B272), the greatsword thrusts at reach 2 only, thr+2 cr (p.B274)
    weapons = [engine_entry(i) for i in ITEMS.values() if i["kind"] == "weapon"]
    assert {w["name"] for w in weapons} >= {"Halberd", "Greatsword", "Crossbow"}
    assert [p for entry in weapons for p in mismatches(entry)] == []


def _shooter(st, item):
    unit = {"id": "s", "profile": {"ST": st, "DX": 12, "IQ": 10, "HT": 10}}
    unit["weapons"] = [engine_entry(ITEMS[item]) if isinstance(item, str) else item]
    return build_combatant(unit, "a").weapons[0].modes[0].damage


def test_crossbow_damage_is_at_the_crossbow_st():
    # GURPS 4e Basic Set p.B276 Crossbow thr+4 imp, ST 7†, p.B270: a bow or crossbow does
    # damage by its own ST: thr at ST 7 is 1d-3, +4 = 1d+1, whatever the wielder's ST
    for st in (7, 10, 14):
        bolt = _shooter(st, "crossbow")
        assert (bolt.dice, bolt.adds, bolt.kind) == (1, 1, "imp")


def test_bow_damage_is_at_the_bow_st_up_to_the_wielder_st():
    # GURPS 4e Basic Set p.B270: a bow's damage is by its ST (longbow thr+2, p.B275); it cannot
    # be drawn past its wielder's ST (ST 11 bow: thr 1d-1 +2 = 1d+1; by ST 9: 1d-2 +2 = 1d)
    longbow = {"name": "Longbow", "skill": "Bow", "ranged": "thr+2 imp", "st": 11, "hands": 2}
    assert (_shooter(14, longbow).dice, _shooter(14, longbow).adds) == (1, 1)
    assert (_shooter(9, longbow).dice, _shooter(9, longbow).adds) == (1, 0)
    javelin = {"name": "Javelin", "skill": "Thrown Weapon (Spear)", "ranged": "thr+1 imp"}
    assert _shooter(14, {**javelin, "st": 6, "thrown": True}).adds == 1  # ST 14: 1d +1


# ----------------------------------------------------------------- 6: critical misses
def test_lost_balance_does_not_cost_the_next_turn():
    # GURPS 4e Basic Set p.B556 (7, 13): no further action this turn, −2 to defend until one's
    # next turn, which one plays normally
    battle, sword, _axe = _sword_and_axe(_near(0, 3))
    sword.balance_lost = True
    assert turn.start_turn(battle, sword)
    assert not sword.balance_lost


def test_critical_miss_table_entries_of_the_basic_set():
    # GURPS 4e Basic Set p.B556: 6 hits yourself for half damage, 15 strains the shoulder
    assert CRITICAL_MISS[6] == "hit_self_half"
    assert CRITICAL_MISS[15] == "strained"


def test_an_impaling_hit_yourself_is_rolled_again():
    # GURPS 4e Basic Set p.B556 (5): with an impaling attack roll again; a dropped weapon then
    battle, c = _battle(
        [("thornwall-company", "hedge-spear")],
        [("saltmarsh-reavers", "marsh-axeman")],
        {"hedge-spear": (A, 0), "marsh-axeman": (_near(0, 5), 3)},
        totals=[5, 10],
    )
    spear = c["hedge-spear"]
    weapons.critical_miss(battle, spear, spear.weapon, spear.weapon.modes[0])
    assert spear.hp == spear.hp_max
    assert not spear.weapon_ready


# ----------------------------------------------------------------- 7: All-Out Attack (Double)
def test_a_retreat_does_not_take_the_foe_out_of_reach_of_the_second_blow():
    # GURPS 4e Basic Set p.B377: the retreat bonus holds against all that foe's attacks until
    # one's next turn, without a second step; p.B365 All-Out Attack (Double)
    battle, sword, axe = _sword_and_axe(_near(0), totals=[8, 5, 8, 5])  # hit, dodge, hit, dodge
    axe.shield = None  # he dodges and retreats
    double = Plan("all_out_attack", target=axe.id, mode="swing", option="double", facing=0)
    turn.execute(battle, sword, double)
    attacks = [e for e in battle.events.events if e.phase == "attack"]
    defences = [e for e in battle.events.events if e.phase == "defend"]
    assert len(attacks) == 2
    assert "cannot reach" not in attacks[1].text
    assert [d.data["value"] for d in defences] == [axe.dodge + 3] * 2
    assert axe.pos == _near(0, 2)


def test_no_second_blow_after_a_critical_miss_drops_the_weapon():
    # GURPS 4e Basic Set p.B556 (9–11 drop) and p.B365: the second attack needs a ready weapon
    battle, sword, axe = _sword_and_axe(_near(0), totals=[18, 10, 8])
    double = Plan("all_out_attack", target=axe.id, mode="swing", option="double", facing=0)
    turn.execute(battle, sword, double)
    assert len([e for e in battle.events.events if e.phase == "attack"]) == 1


def test_all_out_attack_moves_forward_only():
    # GURPS 4e Basic Set p.B365 All-Out Attack: movement forward only
    battle, sword, axe = _sword_and_axe(_near(0, 2), totals=[16])
    side = _near(2)
    plan = Plan(
        "all_out_attack", target=axe.id, mode="swing", option="determined", step_before=side
    )
    turn.execute(battle, sword, plan)
    assert sword.pos == A


def test_all_out_attack_moves_up_to_half_move_forward_and_strikes():
    # GURPS 4e Basic Set p.B365 (and the p.B324 maneuver table): All-Out Attack moves up to
    # half Move, forward only; the swordsman (Move 5, half 2) walks two hexes and strikes
    battle, sword, axe = _sword_and_axe(_near(0, 3), totals=[8, 18])
    plan = Plan(
        "all_out_attack",
        target=axe.id,
        mode="swing",
        option="determined",
        path=[_near(0), _near(0, 2)],
        facing=0,
    )
    turn.execute(battle, sword, plan)
    assert sword.pos == _near(0, 2)
    assert axe.hp < axe.hp_max


@pytest.mark.parametrize(
    ("path", "end"),
    [
        # a third hex is more than half Move 5
        ([_near(0), _near(0, 2), _near(0, 3)], _near(0, 2)),
        # front-right then the new facing's front: both forward (B386–387)
        ([_near(5), _near(5, 2)], _near(5, 2)),
        # a sidestep after a forward hex ends the move there
        ([_near(0), _near(2, 1, _near(0))], _near(0)),
        # backwards at once: no move at all
        ([_near(3)], A),
    ],
)
def test_all_out_attack_move_stops_at_half_move_or_the_first_hex_not_forward(path, end):
    # GURPS 4e Basic Set p.B365: "½ Move, forward" (the axeman stands far off)
    battle, sword, axe = _sword_and_axe(_near(1, 6))
    plan = Plan("all_out_attack", target=axe.id, mode="swing", option="determined", path=path)
    turn.execute(battle, sword, plan)
    assert sword.pos == end


def test_the_ai_all_out_attacks_a_helpless_foe_two_hexes_off_instead_of_move_and_attack():
    # GURPS 4e Basic Set p.B365: half Move forward and an All-Out Attack beats Move and Attack
    # (−4, skill at most 9: p.B365) against a stunned foe nobody else protects
    battle, sword, axe = _sword_and_axe(_near(0, 3))
    axe.stunned = True
    plan = Policy().choose(battle, sword)
    assert plan.kind == "all_out_attack"
    assert plan.path == [_near(0), _near(0, 2)]


# ----------------------------------------------------------------- 13: death check margin
@pytest.mark.parametrize(("critical_kills", "dead"), [(False, False), (True, True)])
def test_a_death_check_failed_by_two_on_a_17_is_a_mortal_wound(critical_kills, dead):
    # GURPS 4e Basic Set p.B423 "Mortal Wounds": failing the death check by 1 or 2 is a mortal
    # wound; HT 15 rolling 17 fails by 2 and is a critical failure: the setting
    # death_check_critical_kills decides (default: the margin alone)
    outcome = injury.resolve_injury(
        ScriptedDice([17]),
        injury=11,
        old_hp=0,
        hp_max=10,
        ht=15,
        traits=(),
        critical_kills=critical_kills,
    )
    assert outcome.dead is dead
    assert outcome.mortal is not dead
    assert not DEFAULT_SETTINGS.death_check_critical_kills


# ----------------------------------------------------------------- 16: pop-up and bad shots
def _crossbow_and_axe(axe_at, totals=()):
    battle, c = _battle(
        [("thornwall-company", "crossbowman"), ("thornwall-company", "line-swordsman")],
        [("saltmarsh-reavers", "marsh-axeman")],
        {"crossbowman": (A, 0), "line-swordsman": ((0, 0), 0), "marsh-axeman": (axe_at, 3)},
        totals=totals,
    )
    return battle, c["crossbowman"], c["line-swordsman"], c["marsh-axeman"]


def test_no_pop_up_attack_from_a_hex_with_a_line_of_fire():
    # seed 004 "Pop-up attacks": a pop-up attack is made from behind cover; with a line of
    # fire from where he stands the shooter has no cover to pop up from
    battle, xbow, _sword, axe = _crossbow_and_axe(_near(0, 5))
    assert battle.board.line_clear(xbow.pos, axe.pos)
    pop_up = Plan("attack", target=axe.id, weapon=0, mode="ranged", step_before=_near(1))
    pop_up.option = POP_UP
    turn.execute(battle, xbow, pop_up)
    assert not [e for e in battle.events.events if e.phase == "shoot"]


def test_the_ai_shoots_neither_through_a_friend_nor_at_skill_five():
    # seed 004 "Firing through occupied hexes" (−4 per person, and he may be hit instead):
    # the policy does not shoot through its own side, nor at effective skill 5 or less
    battle, xbow, sword, _axe = _crossbow_and_axe(_near(0, 5))
    battle.board.place(sword, _near(0, 2))
    assert Policy().choose(battle, xbow).mode != "ranged"
    battle.board.place(sword, (0, 0))
    xbow.weapons[0].skill = 4
    assert Policy().choose(battle, xbow).kind != "attack"


# ----------------------------------------------------------------- 11: Evaluate
def test_evaluate_counts_against_the_foe_evaluated_on_the_next_turn():
    # GURPS 4e Basic Set p.B364 "Evaluate": +1 per turn (at most +3) to an attack on that foe
    # next turn; another maneuver first loses it
    battle, sword, axe = _sword_and_axe(_near(0))
    plain, _ = melee.attack_skill_melee(battle, sword, axe, sword.weapon, "attack", "")
    turn.execute(battle, sword, Plan("evaluate", target=axe.id))
    turn.execute(battle, sword, Plan("evaluate", target=axe.id))
    skill, _ = melee.attack_skill_melee(battle, sword, axe, sword.weapon, "attack", "")
    assert skill == plain + 2
    sword.evaluate_target = "someone-else"
    skill, _ = melee.attack_skill_melee(battle, sword, axe, sword.weapon, "attack", "")
    assert skill == plain
    sword.evaluate_target = axe.id
    turn.execute(battle, sword, Plan("move", path=[], facing=0))
    skill, _ = melee.attack_skill_melee(battle, sword, axe, sword.weapon, "attack", "")
    assert skill == plain


def test_the_ai_evaluates_a_shorter_reach_foe_who_must_come_in():
    # engine choice on GURPS 4e Basic Set p.B364 "Evaluate": a spear (reach 2) facing an axe
    # (reach 1) four yards off, out of a step and a thrust, evaluates him rather than walking
    # into his reach (a second foe nearby rules out an All-Out Attack (Long))
    battle, c = _battle(
        [("thornwall-company", "hedge-spear")],
        [("saltmarsh-reavers", "marsh-axeman"), ("saltmarsh-reavers", "mace-brute")],
        {
            "hedge-spear": (A, 0),
            "marsh-axeman": (_near(0, 4), 3),
            "mace-brute": (_near(1, 6), 3),
        },
    )
    plan = Policy().choose(battle, c["hedge-spear"])
    assert plan.kind == "evaluate"
    assert plan.target == "marsh-axeman"
