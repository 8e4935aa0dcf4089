"""Combat traits of a point-built combatant played in battle, one test (or two) per trait, with
the GURPS 4e Basic Set page: Extra Attack B53, Weapon Master B99, Trained by a Master B93,
Rapid Strike B370, Ambidexterity B39, Lifting ST B65, Berserk B124, Bloodlust B125,
Overconfidence B148, One Eye B147, Bad Sight B123, Lame B141, encumbrance B17, Enhanced Parry
per skill B51; seed 004 adds nothing to these (its hex rules only)."""

from __future__ import annotations

import copy
from dataclasses import replace

import pytest

from rules.engine import hexgrid
from rules.engine.errors import EngineError
from rules.engine.kernel.events import EventLog
from rules.engine.kernel.policy import side_policies
from rules.engine.systems.hextactical import ranged, temper, turn, weapons, wounds
from rules.engine.systems.hextactical.ai import Policy
from rules.engine.systems.hextactical.ai.strikes import with_rapid_strike
from rules.engine.systems.hextactical.battle import Battle
from rules.engine.systems.hextactical.combatant import build_combatant
from rules.engine.systems.hextactical.defence import defence_choices, dodge_value, parry_value
from rules.engine.systems.hextactical.grapple import escape_score, grappled_penalty, takedown_score
from rules.engine.systems.hextactical.plan import RAPID_STRIKE, Plan
from rules.engine.systems.hextactical.pointbuy.derived import derive
from rules.engine.systems.hextactical.pointbuy.sheet import price, read_sheet
from rules.engine.systems.hextactical.pointbuy.traits import TRAITS, find_trait
from rules.engine.systems.hextactical.pointbuy.unit import sheet_unit
from rules.engine.systems.hextactical.scenario import Layout
from rules.engine.systems.hextactical.settings import DEFAULT_SETTINGS
from rules.engine.systems.hextactical.summary import _pointbuilt
from rules.engine.systems.hextactical.tactics import DefenceAllowance
from rules.engine.systems.hextactical.trait_effects import (
    further_blows,
    master_damage,
    off_hand_penalty,
    rapid_strike_penalty,
    sight_distance,
    sight_melee,
    sight_ranged,
)
from tests.unit.engine.hextactical.test_gurps_battle_rules import ScriptedDice

A = (4, 4)
FIGHTER = {
    "name": "Fighter",
    "attributes": {"ST": 11, "DX": 12, "IQ": 10, "HT": 11},
    "skills": [{"name": "Broadsword", "level": 2}, {"name": "Shield", "level": 1}],
    "equipment": ["broadsword", "medium-shield"],
}


def _sheet(*traits, **changes):
    sheet = copy.deepcopy(FIGHTER)
    sheet["traits"] = list(traits)
    sheet.update(changes)
    return sheet


def _unit(sheet, slug):
    return {**sheet_unit(sheet, slug=slug), "id": slug}


def _combatant(*traits, settings=DEFAULT_SETTINGS, **changes):
    return build_combatant(_unit(_sheet(*traits, **changes), "t"), "a", settings)


def _fight(a, b, totals=(), b_at=None, settings=DEFAULT_SETTINGS, extra_b=()):
    """Sheet ``a`` at A facing 0 against sheet ``b`` in front of him (facing 3), and any
    ``extra_b`` sheets further off; scripted 3d6 ``totals``."""
    sides = {
        "a": [build_combatant(_unit(a, "a"), "a", settings)],
        "b": [
            build_combatant(_unit(s, f"b{i}"), "b", settings) for i, s in enumerate((b, *extra_b))
        ],
    }
    layout = Layout(20, 12)
    layout.deploy["a"] = [(A, 0)]
    spots = [b_at or hexgrid.neighbour(A, 0), (4, 9), (5, 9), (6, 9)]
    layout.deploy["b"] = [(spots[i], 3) for i in range(len(sides["b"]))]
    battle = Battle(
        sides, layout, ScriptedDice(totals), settings, side_policies(None, Policy), EventLog(True)
    )
    battle.deploy()
    return battle, sides["a"][0], sides["b"][0]


def _attacks(battle):
    return [e for e in battle.events.events if e.phase == "attack" and " attacks " in e.text]


# ---------------------------------------------------------------- Extra Attack (B53)


def test_extra_attack_gives_one_more_blow_per_level_with_attack():
    # B53: one more attack per turn per level, with the Attack maneuver
    battle, att, foe = _fight(_sheet({"name": "Extra Attack", "level": 1}), _sheet(), [16, 16])
    turn.execute(battle, att, Plan("attack", target=foe.id, mode="swing"))
    assert len(_attacks(battle)) == 2
    battle, att, foe = _fight(_sheet(), _sheet(), [16, 16])
    turn.execute(battle, att, Plan("attack", target=foe.id, mode="swing"))
    assert len(_attacks(battle)) == 1


def test_extra_attack_with_all_out_attack_and_move_and_attack():
    # B53 with B365: Determined holds for every blow; Double adds its own second blow. Move and
    # Attack makes one attack unless the setting extra_attack_move_and_attack says otherwise.
    c = _combatant({"name": "Extra Attack", "level": 2})
    assert further_blows(c, "all_out_attack", "determined", DEFAULT_SETTINGS) == [
        ("determined", False),
        ("determined", False),
    ]
    assert further_blows(c, "all_out_attack", "double", DEFAULT_SETTINGS)[0] == ("", True)
    assert further_blows(c, "move_attack", "", DEFAULT_SETTINGS) == []
    generous = replace(DEFAULT_SETTINGS, extra_attack_move_and_attack=True)
    assert len(further_blows(c, "move_attack", "", generous)) == 2


def test_an_extra_attack_may_strike_another_foe_once_the_first_is_down():
    # B53: extra attacks need not go at the same foe
    battle, att, foe = _fight(
        _sheet({"name": "Extra Attack", "level": 1}),
        _sheet(),
        [16],
        extra_b=(_sheet(),),
    )
    other = battle.sides["b"][1]
    battle.board.place(other, hexgrid.neighbour(A, 1))
    foe.status = "dead"
    battle.board.remove(foe)
    turn.attack(battle, att, Plan("attack", target=other.id, mode="swing"))
    foe.status = "fighting"
    assert [e.target for e in _attacks(battle)] == [other.id, other.id]


# ---------------------------------------------------------------- Weapon Master (B99)


def test_weapon_master_adds_damage_per_die_by_skill_over_dx():
    # B99: +1 per die at DX+1, +2 per die at DX+2 or better, with the weapons it covers
    at_dx_plus_2 = _combatant(
        {"name": "Weapon Master", "variant": "one weapon", "skill": "Broadsword"}
    )
    sword = at_dx_plus_2.weapons[0]
    assert master_damage(at_dx_plus_2, sword, 2) == 4
    at_dx_plus_1 = _combatant(
        {"name": "Weapon Master (Broadsword)", "variant": "one weapon"},
        skills=[{"name": "Broadsword", "level": 1}, {"name": "Shield", "level": 1}],
    )
    assert master_damage(at_dx_plus_1, at_dx_plus_1.weapons[0], 2) == 2
    other = _combatant({"name": "Weapon Master", "variant": "one weapon", "skill": "Axe/Mace"})
    assert master_damage(other, other.weapons[0], 2) == 0
    every = _combatant({"name": "Weapon Master", "variant": "all weapons"})
    assert master_damage(every, every.weapons[0], 2) == 4
    assert master_damage(every, every.weapons[-1], 1) == 0  # bare hands are no weapon


def test_weapon_master_damage_reaches_the_wound():
    # B99: the bonus is added to the blow's basic damage (single dice roll 3 in the script)
    master = _sheet({"name": "Weapon Master", "variant": "all weapons"})
    battle, att, foe = _fight(master, _sheet(), [5, 17])
    turn.execute(battle, att, Plan("attack", target=foe.id, mode="swing"))
    line = next(e for e in battle.events.events if e.phase == "damage")
    # broadsword sw+1 at ST 11 = 1d+2: 3 + 2, and +2 for the one die at DX+2
    assert "(7 basic)" in line.text


def test_weapon_master_and_trained_by_a_master_halve_repeated_parries():
    # B99, B93: the penalty for each further parry in a turn is halved (−4 → −2)
    def second_parry(c):
        c.parries[c.weapons[0].name] = 1
        choices = defence_choices(
            c,
            DefenceAllowance(0, 0, 0),
            ranged=False,
            thrown=False,
            can_retreat=False,
            in_close_combat=False,
        )
        return next(d.value for d in choices if d.weapon == c.weapons[0].name)

    plain = _combatant()
    base = parry_value(plain, plain.weapons[0])
    assert second_parry(plain) == base + 2 - 4  # +2 the medium shield's DB
    master = _combatant({"name": "Weapon Master", "variant": "all weapons"})
    assert second_parry(master) == base + 2 - 2
    trained = _combatant({"name": "Trained by a Master"})
    assert second_parry(trained) == base + 2 - 2


# ---------------------------------------------------------------- Rapid Strike (B370, B93, B99)


def test_rapid_strike_is_two_blows_at_minus_six_halved_by_a_master():
    # B370: two attacks with one Attack maneuver at −6 each; −3 with Trained by a Master (B93)
    # or Weapon Master (B99)
    plain = _combatant()
    assert rapid_strike_penalty(plain, plain.weapons[0]) == -6
    trained = _combatant({"name": "Trained by a Master"})
    assert rapid_strike_penalty(trained, trained.weapons[0]) == -3
    battle, att, foe = _fight(_sheet({"name": "Trained by a Master"}), _sheet(), [16, 16])
    turn.execute(battle, att, Plan("attack", target=foe.id, mode="swing", option=RAPID_STRIKE))
    attacks = _attacks(battle)
    assert len(attacks) == 2
    assert all("−3 Rapid Strike = 11" in e.text for e in attacks)


def test_the_ai_rapid_strikes_when_each_blow_keeps_skill_twelve():
    skilled = [{"name": "Broadsword", "level": 4}, {"name": "Shield", "level": 1}]
    trained = _combatant({"name": "Trained by a Master"}, skills=skilled)
    plan = with_rapid_strike(trained, Plan("attack", target="x", mode="swing", weapon=0))
    assert plan.option == RAPID_STRIKE  # 16 − 3 = 13
    plain = _combatant(skills=skilled)
    assert with_rapid_strike(plain, Plan("attack", target="x", mode="swing", weapon=0)).option == ""


# ---------------------------------------------------------------- Ambidexterity (B39)


def test_ambidexterity_removes_the_off_hand_penalty():
    # B39, melee modifiers B548: −4 with the off hand (here: the weapon arm is crippled)
    c = _combatant()
    c.crippled.add("right arm")
    assert off_hand_penalty(c, c.weapons[-1]) == -4
    both = _combatant({"name": "Ambidexterity"})
    both.crippled.add("right arm")
    assert off_hand_penalty(both, both.weapons[-1]) == 0
    assert off_hand_penalty(_combatant(), _combatant().weapons[0]) == 0


# ---------------------------------------------------------------- Lifting ST (B65)


def test_lifting_st_counts_for_grappling_and_basic_lift():
    # B65: Lifting ST adds to ST for lifting and carrying (Basic Lift) and for grappling
    strong = _combatant({"name": "Lifting ST", "level": 3})
    assert strong.lift_st == strong.st + 3
    assert escape_score(strong) == strong.st + 3
    # ST 11 + 3 = Basic Lift 39 lb: 45 lb of mail, sword and shield is Light, not Medium
    plain = _combatant(equipment=["broadsword", "medium-shield", "mail"], wealth=2000)
    lifter = _combatant(
        {"name": "Lifting ST", "level": 3},
        equipment=["broadsword", "medium-shield", "mail"],
        wealth=2000,
    )
    assert (plain.encumbrance, lifter.encumbrance) == (2, 1)


# ---------------------------------------------------------------- encumbrance (B17)


def test_encumbrance_lowers_move_and_dodge_and_the_log_says_it():
    # B15, B17: 93 lb at Basic Lift 20 (ST 10) is Heavy: Move × 0.4, Dodge −3
    heavy = _sheet(
        attributes={"ST": 10, "DX": 10, "IQ": 10, "HT": 10},
        equipment=["broadsword", "medium-shield", "plate"],
        wealth=5000,
    )
    assert price(read_sheet(heavy)).equipment_weight == 93
    light = _sheet(attributes={"ST": 10, "DX": 10, "IQ": 10, "HT": 10}, equipment=["broadsword"])
    battle, loaded, _ = _fight(heavy, light)
    unloaded = build_combatant(_unit(light, "x"), "a")
    assert loaded.encumbrance == 3
    assert (loaded.basic_move, unloaded.basic_move) == (2, 5)
    assert dodge_value(loaded) == dodge_value(unloaded) - 3
    line = next(e for e in battle.events.events if "encumbrance" in e.text)
    assert line.text == "Fighter carries 93 lb: Heavy encumbrance, Move 2, Dodge −3"


# ---------------------------------------------------------------- Berserk (B124)


def test_berserk_comes_with_an_injury_over_a_quarter_of_hp_and_a_failed_roll():
    # B124: a self-control roll (12 unless bought otherwise) when hurt for more than HP/4
    battle, berserker, foe = _fight(_sheet({"name": "Berserk", "self_control": 9}), _sheet(), [10])
    wounds.apply_injury(battle, foe, berserker, 2)
    assert not berserker.berserk  # 2 is not over 11/4
    assert battle.dice.totals == [10]
    wounds.apply_injury(battle, foe, berserker, 3)
    assert berserker.berserk  # rolled 10 against 9
    line = next(e for e in battle.events.events if "self-control" in e.text)
    assert line.text.endswith("9, rolled 10: gives in")


def test_a_berserker_all_out_attacks_without_defence_shock_or_knockdown():
    # B124: All-Out Attack, no active defence, no shock, no knockdown or stun, no roll to stay
    # conscious below 0 HP
    battle, berserker, foe = _fight(_sheet({"name": "Berserk"}), _sheet(), [18, 18])
    berserker.berserk = True
    plan = temper.compelled(battle, berserker, Plan("attack", target=foe.id, mode="swing"))
    assert (plan.kind, plan.option) == ("all_out_attack", "determined")
    wounds.apply_injury(battle, foe, berserker, 8)  # a major wound: no knockdown roll
    assert (berserker.posture, berserker.stunned, berserker.shock_pending) == ("standing", False, 0)
    assert battle.dice.totals == [18, 18]
    berserker.hp = -5
    assert wounds.stays_conscious(battle, berserker)
    turn.execute(battle, berserker, Plan("aim", target=foe.id))
    assert berserker.no_defence


def test_a_berserker_may_snap_out_after_downing_a_foe():
    # B124: after he takes a foe down he may roll to come out of it
    battle, berserker, foe = _fight(_sheet({"name": "Berserk"}), _sheet(), [5])
    berserker.berserk = True
    wounds.take_out(battle, foe, "unconscious", berserker)
    assert not berserker.berserk


# ---------------------------------------------------------------- Bloodlust (B125)


def test_bloodlust_finishes_off_a_fallen_foe():
    # B125: he wants foes dead: a failed roll and he finishes off the one he knocked out
    battle, killer, foe = _fight(_sheet({"name": "Bloodlust"}), _sheet(), [13])
    wounds.take_out(battle, foe, "unconscious", killer)
    assert killer.finish_off == foe.id
    turn.take_turn(battle, killer)
    assert foe.status == "dead"
    assert any("finishes off" in e.text for e in battle.events.events)


def test_bloodlust_resisted_leaves_the_foe_alive():
    battle, killer, foe = _fight(_sheet({"name": "Bloodlust"}), _sheet(), [9])
    wounds.take_out(battle, foe, "unconscious", killer)
    assert killer.finish_off == ""
    assert foe.status == "unconscious"


# ---------------------------------------------------------------- Overconfidence (B148)


def test_overconfidence_fights_on_when_badly_hurt():
    # B148: he thinks he can win: falling back needs a self-control roll first
    for roll, kind_expected in ((13, False), (5, True)):
        battle, proud, _ = _fight(_sheet({"name": "Overconfidence"}), _sheet(), [roll])
        proud.hp = 2
        plan = Policy().choose(battle, proud)
        assert (plan.kind == "all_out_defense") is kind_expected


def test_overconfidence_does_not_flee_on_a_failed_roll():
    # B148 with the fleeing setting: a failed Will roll (14) then a failed self-control (13)
    battle, proud, _ = _fight(_sheet({"name": "Overconfidence"}), _sheet(), [14, 13])
    proud.hp = 2
    turn.start_turn(battle, proud)
    assert not proud.fleeing


# ---------------------------------------------------------------- One Eye (B147), Bad Sight (B123)


def test_one_eye_is_minus_one_in_melee_and_minus_three_at_range_without_aim():
    # B147: −1 DX in combat, −3 to ranged attacks unless he Aims first
    c = _combatant({"name": "One Eye"})
    assert sight_melee(c, close=False) == -1
    assert (sight_ranged(c, aimed=False), sight_ranged(c, aimed=True)) == (-3, 0)
    battle, att, foe = _fight(_sheet({"name": "One Eye"}), _sheet(), [16])
    turn.execute(battle, att, Plan("attack", target=foe.id, mode="swing"))
    assert "−1 One Eye/Bad Sight = 13" in _attacks(battle)[0].text


def test_bad_sight_nearsighted_and_farsighted():
    # B123: nearsighted −2 to melee attacks and (setting bad_sight_double_range) the range
    # penalty read at twice the distance; farsighted −3 in close combat
    near = _combatant({"name": "Bad Sight"})
    assert sight_melee(near, close=False) == -2
    assert sight_distance(near, 10, DEFAULT_SETTINGS) == 20
    off = replace(DEFAULT_SETTINGS, bad_sight_double_range=False)
    assert sight_distance(near, 10, off) == 10
    far = _combatant({"name": "Bad Sight", "variant": "farsighted"})
    assert (sight_melee(far, close=False), sight_melee(far, close=True)) == (0, -3)
    assert sight_distance(far, 10, DEFAULT_SETTINGS) == 10


# ---------------------------------------------------------------- Lame (B141)


def test_lame_lowers_basic_move_by_its_variant():
    # B141: crippled leg −3 Basic Move, missing leg −6, no legs crawl at 1 (setting lame_move)
    plain = _combatant()
    assert (
        _combatant({"name": "Lame", "variant": "crippled leg"}).basic_move == plain.basic_move - 3
    )
    assert _combatant({"name": "Lame", "variant": "no legs"}).basic_move == 1


# ---------------------------------------------------------------- Enhanced Parry (B51)


def test_enhanced_parry_counts_only_for_the_skill_it_was_bought_for():
    # B51: Enhanced Parry is bought for one weapon skill ("Enhanced Parry (Broadsword)") or
    # for all at double cost
    assert (
        read_sheet(_sheet({"name": "Enhanced Parry (Broadsword)", "level": 1})).traits[0].points
        == 5
    )
    plain = _combatant()
    sword = _combatant({"name": "Enhanced Parry (Broadsword)", "level": 1})
    assert parry_value(sword, sword.weapons[0]) == parry_value(plain, plain.weapons[0]) + 1
    assert parry_value(sword, sword.weapons[-1]) == parry_value(plain, plain.weapons[-1])
    every = _combatant({"name": "Enhanced Parry (all)", "level": 2})
    assert parry_value(every, every.weapons[-1]) == parry_value(plain, plain.weapons[-1]) + 2


# ---------------------------------------------------------------- held: −4 DX (issue 21; B370)

ARCHER = {
    "name": "Archer",
    "attributes": {"ST": 10, "DX": 12, "IQ": 10, "HT": 10},
    "skills": [{"name": "Crossbow", "level": 2}],
    "equipment": ["crossbow"],
}


def _held_archer(holder_st=10):
    """The archer at A is held by a wrestler in his hex; a foe stands 5 hexes off."""
    wrestler = _sheet(attributes={"ST": holder_st, "DX": 10, "IQ": 10, "HT": 10})
    battle, archer, holder = _fight(ARCHER, wrestler, [16], b_at=A, extra_b=(_sheet(),))
    archer.grappled_by, archer.close_with, holder.close_with = holder.id, holder.id, archer.id
    return battle, archer, battle.sides["b"][1]


def test_a_held_fighter_shoots_at_minus_four():
    # B370: the foe held is at −4 DX as long as the hold lasts: ranged attacks too
    battle, archer, far = _held_archer()
    ranged.ranged_attack(battle, archer, far, archer.weapon)
    line = next(e for e in battle.events.events if e.phase == "shoot")
    assert "−4 grappled" in line.text


def test_a_held_fighter_readies_in_close_combat_at_dx_minus_four(monkeypatch):
    # B370 with seed 004 §15.14: the DX roll to ready in close combat takes the −4
    battle, archer, _ = _held_archer()
    seen = []
    real = weapons.success_roll
    monkeypatch.setattr(weapons, "success_roll", lambda d, t: seen.append(t) or real(d, t))
    weapons.ready(battle, archer, Plan("ready", option="pickup"))
    assert seen == [archer.dx - 4]


def test_no_minus_four_against_a_holder_of_less_than_half_ones_st():
    # B370: a foe of more than twice the grappler's ST is not slowed by the hold
    battle, archer, _ = _held_archer(holder_st=4)
    assert grappled_penalty(battle, archer) == 0
    battle, archer, _ = _held_archer()
    assert grappled_penalty(battle, archer) == -4


def test_the_held_foes_dx_based_scores_take_minus_four_in_a_takedown_and_an_escape():
    # B370–371: ST is not DX-based; DX and a DX-based grappling skill are
    wrestler = _combatant(
        attributes={"ST": 10, "DX": 14, "IQ": 10, "HT": 10},
        skills=[{"name": "Wrestling", "level": 2}],
    )
    assert takedown_score(wrestler) == 16
    assert takedown_score(wrestler, -4) == 12
    assert escape_score(wrestler, -4) == 12
    assert escape_score(_combatant(), -4) == 11  # ST 11, no grappling skill


def test_every_trait_is_played_in_battle_or_says_why_not():
    # issue 17: the engine plays exactly what was bought; a trait without a battle effect is
    # carried as flavour and says why
    for trait in TRAITS:
        assert bool(trait.played) != bool(trait.no_effect), trait.name
        assert trait.combat == bool(trait.played), trait.name


def test_the_sheet_shows_the_move_the_engine_plays_with_lame():
    # B141: the derived Move of the sheet is the engine's Basic Move with Lame
    sheet = _sheet({"name": "Lame", "variant": "crippled leg"})
    assert derive(read_sheet(sheet))["Move"] == build_combatant(_unit(sheet, "x"), "a").basic_move


def test_a_bad_self_control_number_names_the_field():
    unit = {
        "name": "x",
        "weapons": [],
        "extra": {"traits": [{"name": "Berserk", "self_control": "x"}]},
    }
    with pytest.raises(EngineError) as raised:
        build_combatant(unit, "a")
    assert raised.value.code == "extra.traits.self_control"


def test_the_roster_summary_marks_flavour_traits_with_the_reason():
    # issue 17: a trait without a combat effect is carried as flavour and marked so
    derived = _pointbuilt(_sheet({"name": "Bad Temper"}, {"name": "Berserk"}))
    assert derived["not_played"] == []
    assert derived["flavour"] == {"Bad Temper": find_trait("Bad Temper").no_effect}
