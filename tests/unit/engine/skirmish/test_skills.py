"""Hero skills in battle, one test per skill (issue 19). NOT IN SEED: seed 001 is the
close-combat chapter (it names skills as a source of "strikes first", §2.4); the skills are
the published Mordheim rulebook pp.122-123 ("Skills", as listed at
mordheimer.net/docs/campaigns/skills)."""

from __future__ import annotations

from rules.engine.geometry import CLEAR, Rect, TerrainArea
from rules.engine.systems.skirmish.attacks import Exchange, exchange_distribution, roll_exchange
from rules.engine.systems.skirmish.climbing import climb, climb_allowance, jump_down
from rules.engine.systems.skirmish.combat import (
    melee_exchange,
    melee_weapons,
    skill_boost,
    strike,
    strike_order_key,
    strikes_first,
    weapon_strength,
)
from rules.engine.systems.skirmish.equipment import EQUIPMENT
from rules.engine.systems.skirmish.fighters import build_fighters
from rules.engine.systems.skirmish.movement import charge, charge_reach, movement_phase
from rules.engine.systems.skirmish.psychology import effective_leadership, is_all_alone
from rules.engine.systems.skirmish.shooting import (
    fire,
    may_shoot,
    shooting_modifier,
    shot,
    shots,
    weapon_range,
)
from rules.engine.systems.skirmish.skills import BY_LIST, SKILL_LISTS, SKILLS, allowed_skills
from rules.engine.systems.skirmish.state import engage
from rules.engine.systems.skirmish.tables import OUT_OF_ACTION, STANDING, critical_result
from tests.unit.engine.skirmish.helpers import ScriptedDice, battle_state, fighter


def skilled(*skills, side="a", uid="u1", items=("sword",), **stats):
    f = fighter(side, uid, items=items, **stats)
    f.skills = frozenset(skills)
    return f


def at(f, x, y):
    f.x, f.y = float(x), float(y)
    return f


def one_blow(attacker, target):
    return melee_exchange(attacker, target, first_parry=False)


def test_five_lists_of_six_or_more_skills_each_with_a_one_line_description():
    assert set(BY_LIST) == set(SKILL_LISTS)
    assert all(len(BY_LIST[name]) >= 6 for name in SKILL_LISTS)
    assert all(s.text and "\n" not in s.text for s in SKILLS.values())
    assert {s.slug for s in SKILLS.values() if not s.battle} == {
        "weapons-training",
        "weapons-expert",
        "knife-fighter",
        "streetwise",
        "haggle",
        "arcane-lore",
        "wyrdstone-hunter",
        "warrior-wizard",
    }
    assert allowed_skills(["speed"], ["Sprint"]) == [s for s in BY_LIST["speed"] if s != "sprint"]


def test_strike_to_injure_adds_one_to_the_injury_roll():
    attacker, target = skilled("strike-to-injure"), fighter("b", "t")
    # hit 4, wound 4, injury 4 (+1 = 5: out of action instead of stunned)
    result = roll_exchange(one_blow(attacker, target), ScriptedDice([4, 4, 4]))
    assert result.state == OUT_OF_ACTION


def test_web_of_steel_adds_one_to_the_critical_roll():
    attacker, target = skilled("web-of-steel"), fighter("b", "t", W=3)
    result = roll_exchange(one_blow(attacker, target), ScriptedDice([4, 6, 4, 1, 1]))
    assert result.critical == critical_result(5)[0] != critical_result(4)[0]


def test_combat_master_gains_an_attack_against_two_foes_and_is_never_all_alone():
    master = at(skilled("combat-master"), 10, 10)
    foes = [at(fighter("b", "t1"), 11, 10), at(fighter("b", "t2"), 9, 10)]
    state = battle_state([master], foes)
    for foe in foes:
        engage(master, foe)
    assert skill_boost(state, master) == (0, 1)
    assert len(melee_weapons(master, True, 1)) == 2
    assert not is_all_alone(state, master)


def test_expert_swordsman_rerolls_missed_sword_blows_on_the_charge():
    swordsman, target = skilled("expert-swordsman"), fighter("b", "t")
    assert not strike(swordsman, target, EQUIPMENT["sword"], True).reroll_miss
    swordsman.charged = True
    assert strike(swordsman, target, EQUIPMENT["sword"], True).reroll_miss
    assert not strike(swordsman, target, EQUIPMENT["axe"], True).reroll_miss


def test_step_aside_saves_a_wound_on_five_whatever_the_strength():
    attacker, target = fighter("a", "u1", S=6), skilled("step-aside", side="b", uid="t")
    exchange = one_blow(attacker, target)
    assert exchange.strikes[0].ward == 5
    assert roll_exchange(exchange, ScriptedDice([4, 2, 5])).outcome == "unharmed"
    plain = exchange_distribution(one_blow(attacker, fighter("b", "t")))
    dodging = exchange_distribution(exchange)
    assert abs(sum(dodging.values()) - 1.0) < 1e-9
    assert abs(dodging["unharmed"] - (plain["unharmed"] + (1 - plain["unharmed"]) / 3)) < 1e-9


def test_resilient_makes_blows_wound_at_one_less_strength():
    attacker = fighter("a", "u1")
    assert strike(attacker, fighter("b", "t"), EQUIPMENT["sword"], True).wound_need == 4
    tough = skilled("resilient", side="b", uid="t")
    blow = strike(attacker, tough, EQUIPMENT["sword"], True)
    assert blow.wound_need == 5


def test_mighty_blow_adds_one_strength_in_close_combat_but_not_to_a_pistol():
    brute = skilled("mighty-blow")
    assert weapon_strength(brute, EQUIPMENT["sword"], True) == 4
    assert weapon_strength(brute, EQUIPMENT["pistol"], True) == 4  # the pistol's own S


def test_pit_fighter_gains_weapon_skill_and_an_attack_inside_a_ruin():
    brawler = at(skilled("pit-fighter"), 21, 21)
    state = battle_state([brawler], [at(fighter("b", "t"), 22, 21)])
    assert skill_boost(state, brawler) == (0, 0)
    state.table.terrain.append(TerrainArea("ruin", Rect(20, 20, 4, 4), CLEAR, None, 1))
    assert skill_boost(state, brawler) == (1, 1)


def test_unstoppable_charge_adds_weapon_skill_on_the_charge():
    charger = skilled("unstoppable-charge", WS=3)
    state = battle_state([charger], [fighter("b", "t")])
    charger.charged = True
    assert skill_boost(state, charger) == (1, 0)
    target = fighter("b", "t", WS=6)  # WS 3 v 6: 5+; WS 4 v 6: 4+
    assert strike(charger, target, EQUIPMENT["sword"], True, ws_bonus=1).hit_need == 4


def test_strongman_does_not_strike_last_with_a_double_handed_weapon():
    plain = fighter("a", "u1", items=("double-handed",))
    strong = skilled("strongman", items=("double-handed",))
    assert strike_order_key(plain, 0)[1] == 1
    assert strike_order_key(strong, 0)[1] == 0


def test_lightning_reflexes_strikes_first_against_a_charger():
    quick = at(skilled("lightning-reflexes", side="b", uid="t"), 14, 10)
    charger = at(fighter("a", "u1"), 10, 10)
    state = battle_state([charger], [quick], ScriptedDice([]))
    assert charge(state, charger, quick)
    assert strikes_first(quick)
    assert strikes_first(charger)


def test_jump_up_ignores_a_knocked_down_injury():
    attacker, target = fighter("a", "u1"), skilled("jump-up", side="b", uid="t")
    result = roll_exchange(one_blow(attacker, target), ScriptedDice([4, 4, 1]))
    assert result.state == STANDING
    assert result.outcome == "wounded"


def test_fearsome_causes_fear():
    unit = {
        "id": "u1",
        "size": 1,
        "category": "Hero",
        "profile": {"M": 4, "WS": 3, "BS": 3, "S": 3, "T": 3, "W": 1, "I": 3, "A": 1, "Ld": 7},
        "weapons": [],
        "extra": {"skills": ["Fearsome", "Steady hand"]},
    }
    hero = build_fighters(unit, "a", "units[0]")[0]
    assert hero.causes_fear
    assert hero.skills == frozenset({"fearsome"})


def test_quick_shot_fires_a_bow_twice():
    assert shots(fighter("a", "u1", items=("bow",))) == 1
    assert shots(skilled("quick-shot", items=("bow",))) == 2
    assert shots(skilled("quick-shot", items=("handgun",))) == 1


def test_pistolier_fires_a_brace_of_pistols_twice():
    assert shots(skilled("pistolier", items=("pistol",))) == 1
    assert shots(skilled("pistolier", items=("pistol", "pistol"))) == 2


def test_eagle_eyes_add_six_inches_of_range():
    bow = EQUIPMENT["bow"]
    assert weapon_range(skilled("eagle-eyes", items=("bow",)), bow) == 30.0
    assert weapon_range(fighter("a", "u1", items=("bow",)), bow) == 24.0


def test_trick_shooter_ignores_cover():
    bow, target = EQUIPMENT["bow"], fighter("b", "t")
    assert shooting_modifier(fighter("a", "u1", items=("bow",)), target, bow, 5.0, True) == -1
    assert shooting_modifier(skilled("trick-shooter", items=("bow",)), target, bow, 5.0, True) == 0


def test_nimble_moves_and_fires_a_crossbow():
    plain, nimble = fighter("a", "u1", items=("crossbow",)), skilled("nimble", items=("crossbow",))
    plain.moved = nimble.moved = True
    assert not may_shoot(plain)
    assert may_shoot(nimble)


def test_hunter_needs_no_turn_to_reload_a_handgun():
    hunter = at(skilled("hunter", items=("handgun",)), 10, 10)
    target = at(fighter("b", "t"), 14, 10)
    state = battle_state([hunter], [target], ScriptedDice([1]))
    fire(state, hunter, target)
    assert not hunter.reloading


def test_dodge_avoids_a_missile_hit_on_five():
    assert shot(3, EQUIPMENT["bow"], 3, None, 0, dodge=True).dodge == 5
    exchange = Exchange((shot(3, EQUIPMENT["bow"], 3, None, 0, dodge=True),), target_wounds=1)
    assert roll_exchange(exchange, ScriptedDice([6, 5])).outcome == "unharmed"
    odds = exchange_distribution(exchange)
    assert abs(odds["unharmed"] - (1 - 0.5 * (2 / 3) * 0.5)) < 1e-9


class RunEast:
    """A policy stub: no charge, run east as far as allowed."""

    def charge_target(self, state, fighter):
        return None

    def holds_position(self, state, fighter):
        return False

    def should_run(self, state, fighter):
        return True

    def destination(self, state, fighter, step):
        return fighter.x + step, fighter.y

    def climbs(self, state, fighter):
        return False

    def crawl_destination(self, state, fighter, inches):
        return None

    def leaves_combat(self, state, fighter):
        return False


def test_sprint_runs_at_three_times_the_move():
    runner = at(skilled("sprint", M=4), 5, 5)
    state = battle_state([runner], [at(fighter("b", "t"), 40, 40)])
    movement_phase(state, "a", RunEast())
    assert runner.x == 17.0


def test_leap_lengthens_a_charge_by_a_d6():
    leaper = at(skilled("leap", M=4), 0, 0)
    state = battle_state([leaper], [fighter("b", "t")], ScriptedDice([4]))
    assert charge_reach(state, leaper, (7.0, 0.0)) == 8.0  # within 2×M: no leap rolled
    assert charge_reach(state, leaper, (11.0, 0.0)) == 12.0


def test_acrobat_jumps_down_eight_inches_with_one_test():
    acrobat = skilled("acrobat", I=4)
    acrobat.z = 8.0
    state = battle_state([acrobat], [fighter("b", "t")], ScriptedDice([3]))
    assert jump_down(state, acrobat)
    assert acrobat.z == 0.0


def test_scale_sheer_surfaces_climbs_without_a_test_up_to_twice_the_move():
    climber = skilled("scale-sheer-surfaces", M=4)
    area = TerrainArea("tower", Rect(20, 20, 4, 4), CLEAR, None, 3)
    state = battle_state([climber], [fighter("b", "t")], ScriptedDice([]))
    assert climb_allowance(climber) == 8.0
    assert climb(state, climber, area)
    assert climber.z == 6.0


def test_battle_tongue_lends_the_leaders_leadership_within_twelve_inches():
    leader = at(fighter("a", "u1", Ld=9), 0, 0)
    friend = at(fighter("a", "u2", Ld=6), 10, 0)
    state = battle_state([leader, friend], [at(fighter("b", "t"), 40, 40)])
    assert effective_leadership(state, friend) == 6
    leader.skills = frozenset({"battle-tongue"})
    assert effective_leadership(state, friend) == 9
