"""Reach legality, pop-up attacks, shock cap, All-Out Defense, criticals, stun, consciousness
and Aim inside a battle with scripted dice (seed 004; seed 004 "Reach", "Long-weapon tactics",
"Pop-up attacks"; not in seed 004: GURPS Basic Set)."""

from dataclasses import replace

from rules.engine import hexgrid
from rules.engine.systems.hextactical import active_defence, melee, movement, ranged, turn, wounds
from rules.engine.systems.hextactical.ai import Policy
from rules.engine.systems.hextactical.ai.defence import all_out_defense_plan
from rules.engine.systems.hextactical.ai.melee import all_out_option
from rules.engine.systems.hextactical.damage import injury as injury_amount
from rules.engine.systems.hextactical.plan import AOD_DOUBLE, POP_UP, Plan
from tests.unit.engine.hextactical.test_gurps_battle_rules import _battle, _melee_defences

A = (4, 4)


def _near(direction, distance=1, start=A):
    h = start
    for _ in range(distance):
        h = hexgrid.neighbour(h, direction)
    return h


def _sword_and_axe(axe_at, totals=()):
    """A battle of a line swordsman at A (facing 0) and a marsh axeman at ``axe_at``
    (facing 3), with scripted dice ``totals``; returns (battle, swordsman, axeman)."""
    battle, c = _battle(
        [("thornwall-company", "line-swordsman")],
        [("saltmarsh-reavers", "marsh-axeman")],
        {"line-swordsman": (A, 0), "marsh-axeman": (axe_at, 3)},
        totals=totals,
    )
    return battle, c["line-swordsman"], c["marsh-axeman"]


def _events(battle, phase):
    return [e for e in battle.events.events if e.phase == phase]


def test_melee_attack_out_of_reach_is_refused():
    # seed 004 "Reach" (seed 004 "Reach"): a reach-1 weapon strikes only the adjacent front hexes
    battle, sword, axe = _sword_and_axe(_near(0, 3), totals=[3])
    melee.melee_attack(battle, sword, axe, sword.weapon, "swing", "attack", "")
    assert axe.hp == axe.hp_max
    assert battle.dice.totals == [3]
    assert "cannot reach" in _events(battle, "attack")[-1].text


def test_changing_reach_of_a_long_weapon_takes_a_ready():
    # seed 004 "Reach" (seed 004 "Long-weapon tactics"): a halberd gripped for reach 3 needs a Ready
    # to strike at 2
    battle, c = _battle(
        [("thornwall-company", "halberdier")],
        [("saltmarsh-reavers", "marsh-axeman")],
        {"halberdier": (A, 0), "marsh-axeman": (_near(0, 2), 3)},
        totals=[16, 16],
    )
    hal, axe = c["halberdier"], c["marsh-axeman"]
    assert hal.weapon.reach_change_ready
    assert hal.reach_setting == 3
    turn.execute(battle, hal, Plan("attack", target=axe.id, weapon=0, mode="swing", reach=2))
    assert hal.reach_setting == 3
    assert battle.dice.totals == [16, 16]
    turn.execute(battle, hal, Plan("ready", option="reach", reach=2))
    assert hal.reach_setting == 2
    turn.execute(battle, hal, Plan("attack", target=axe.id, weapon=0, mode="swing"))
    assert battle.dice.totals == [16]


def test_side_hex_attack_in_reach_is_a_wild_swing():
    # seed 004 "Wild swings" (seed 004 "Wild swings"): a side-hex target is attacked as a wild swing
    battle, sword, axe = _sword_and_axe(_near(2))
    assert melee.in_melee_reach(battle, sword, axe, sword.weapon)
    _, wild = melee.attack_skill_melee(battle, sword, axe, sword.weapon, "attack", "")
    assert wild


def _pop_up_battle(totals=()):
    battle, c = _battle(
        [("thornwall-company", "crossbowman")],
        [("saltmarsh-reavers", "marsh-axeman")],
        {"crossbowman": (A, 0), "marsh-axeman": (_near(0, 5), 3)},
        totals=totals,
    )
    battle.board.block(_near(0))
    return battle, c["crossbowman"], c["marsh-axeman"]


def test_ai_pops_up_from_cover_with_a_crossbow():
    # seed 004 "Pop-up attacks" (seed 004 "Pop-up attacks"): crossbows may pop up, moving ≤ 1 hex
    battle, xbow, axe = _pop_up_battle()
    assert not battle.board.line_clear(xbow.pos, axe.pos)
    plan = Policy().choose(battle, xbow)
    assert plan.option == POP_UP
    assert hexgrid.distance(plan.step_before, A) == 1


def test_pop_up_attack_is_at_minus_two_without_aim_and_returns_to_cover():
    # seed 004 "Pop-up attacks" (seed 004 "Pop-up attacks"): −2, no Aim, back in cover the same turn
    battle, xbow, axe = _pop_up_battle(totals=[18])
    plan = Policy().choose(battle, xbow)
    xbow.aim_target, xbow.aim_turns = axe.id, 3
    turn.execute(battle, xbow, plan)
    shot = _events(battle, "shoot")[-1]
    from rules.engine.systems.hextactical import tactics

    dist = hexgrid.distance(plan.step_before, axe.pos)
    assert shot.data["skill"] == xbow.weapon.skill + tactics.range_modifier(dist) - 2
    assert xbow.pos == A


def test_bows_may_not_pop_up():
    # seed 004 "Pop-up attacks" (seed 004 "Pop-up attacks"): not bows or slings
    battle, c = _battle(
        [("thornwall-company", "longbowman")],
        [("saltmarsh-reavers", "marsh-axeman")],
        {"longbowman": (A, 0), "marsh-axeman": (_near(0, 5), 3)},
    )
    battle.board.block(_near(0))
    assert Policy().choose(battle, c["longbowman"]).option != POP_UP


def test_two_hits_in_one_second_give_at_most_minus_four_shock():
    # NOT IN SEED: GURPS 4e Basic Set rule (not in seed 004: GURPS Basic Set, Shock): shock maximum
    # −4
    battle, sword, axe = _sword_and_axe(_near(0))
    wounds.apply_injury(battle, sword, axe, 3)
    wounds.apply_injury(battle, sword, axe, 3)
    assert axe.shock_pending == 4
    # not in seed 004: GURPS Basic Set, Critical hits roll 8: a critical's double shock reaches −8
    wounds.apply_injury(battle, sword, axe, 4, shock_multiplier=2)
    assert axe.shock_pending == 8


def _crit(roll, extra=()):
    battle, sword, axe = _sword_and_axe(_near(0), totals=[roll, *extra])
    damage = sword.weapon.modes[0].damage
    wounds.hit(battle, sword, axe, damage, 0, critical=True)
    return battle, sword, axe, damage


def _expected(damage, basic, dr):
    return injury_amount(basic, dr, damage.kind, damage.divisor)


def test_critical_hit_table_damage_effects():
    # NOT IN SEED: GURPS 4e Basic Set rule (not in seed 004: GURPS Basic Set, Critical hits): 3
    # triple, 4 half DR, 5 double, 6 max
    rolled = None
    for roll, factor, max_damage, half_dr in (
        (3, 3, False, False),
        (4, 1, False, True),
        (5, 2, False, False),
        (6, 1, True, False),
    ):
        _, _, axe, damage = _crit(roll)
        rolled = damage.dice * 3 + damage.adds
        basic = (damage.dice * 6 + damage.adds) if max_damage else rolled * factor
        dr = axe.dr // 2 if half_dr else axe.dr
        assert axe.hp_lost == _expected(damage, basic, dr), roll
    _, _, plain, damage = _crit(10)
    assert plain.hp_lost == _expected(damage, rolled, plain.dr)


def test_critical_hit_major_wound_double_shock_and_drop():
    # NOT IN SEED: GURPS 4e Basic Set rule (not in seed 004: GURPS Basic Set, Critical hits): 7
    # major wound (knockdown roll),
    # 8 double shock, 12 drop weapon
    _, _, axe, _ = _crit(7, extra=[13])
    assert axe.stunned
    assert axe.posture == "prone"
    _, _, axe, _ = _crit(8)
    assert axe.shock_pending == min(8, 2 * axe.hp_lost)
    _, _, axe, _ = _crit(12)
    assert not axe.weapon_ready


def test_stunned_combatant_rolls_ht_each_turn_to_recover():
    # NOT IN SEED: GURPS 4e Basic Set rule (not in seed 004: GURPS Basic Set, Major wounds,
    # knockdown and stun): HT roll each turn while stunned
    battle, sword, _ = _sword_and_axe(_near(0, 5), totals=[16, 9])
    sword.stunned = True
    turn.take_turn(battle, sword)
    assert sword.stunned
    assert sword.maneuver == "do_nothing"
    turn.take_turn(battle, sword)
    assert not sword.stunned


class _Idle:
    def choose(self, battle, c):
        return Plan("do_nothing")


def test_consciousness_roll_only_when_acting():
    # NOT IN SEED: GURPS 4e Basic Set rule (not in seed 004: GURPS Basic Set, Low and negative HP):
    # at 0 HP roll HT to act; Do
    # Nothing (and no defence) needs no roll; a stunned combatant Does Nothing
    battle, sword, _ = _sword_and_axe(_near(0, 5), totals=[17])
    sword.hp = -1
    battle.settings = replace(battle.settings, flee_hp_fraction=-10.0)
    battle.policies = {"a": _Idle(), "b": _Idle()}
    turn.take_turn(battle, sword)
    assert sword.status == "fighting"
    assert battle.dice.totals == [17]
    battle.policies = {"a": Policy(), "b": Policy()}
    turn.take_turn(battle, sword)
    assert sword.status == "unconscious"


def test_aim_adds_acc_then_one_per_extra_second_up_to_two():
    # NOT IN SEED: GURPS 4e Basic Set rule (not in seed 004: GURPS Basic Set, Maneuvers Aim): +Acc,
    # +Acc+1, +Acc+2 max
    skills = []
    for turns in (1, 2, 3, 5):
        battle, c = _battle(
            [("thornwall-company", "longbowman")],
            [("saltmarsh-reavers", "marsh-axeman")],
            {"longbowman": (A, 0), "marsh-axeman": (_near(0, 5), 3)},
            totals=[18],
        )
        bow, axe = c["longbowman"], c["marsh-axeman"]
        bow.aim_target, bow.aim_turns = axe.id, turns
        ranged.ranged_attack(battle, bow, axe, bow.weapon)
        skills.append(_events(battle, "shoot")[-1].data["skill"])
    acc = 3
    assert [s - skills[0] for s in skills] == [0, 1, 2, 2]
    assert acc == c["longbowman"].weapon.acc


def test_all_out_defense_double_defense_tries_a_second_kind():
    # NOT IN SEED: GURPS 4e Basic Set rule (not in seed 004: GURPS Basic Set, Maneuvers): Double
    # Defense
    battle, sword, axe = _sword_and_axe(_near(0), totals=[16, 4])
    axe.aod_defence = AOD_DOUBLE
    assert active_defence.defend(battle, axe, sword, ranged=False, thrown=False)
    kinds = [e.text.split()[2] for e in _events(battle, "defend")]
    assert len(kinds) == 2
    assert kinds[0] != kinds[1]
    axe.aod_defence = ""
    battle.dice.totals = [16, 4]
    assert not active_defence.defend(battle, axe, sword, ranged=False, thrown=False)


def test_increased_dodge_gives_plus_two_and_half_move():
    # NOT IN SEED: GURPS 4e Basic Set rule (not in seed 004: GURPS Basic Set, Maneuvers): Increased
    # Dodge +2, half Move
    battle, c = _battle(
        [("thornwall-company", "line-swordsman")],
        [("saltmarsh-reavers", "tide-cutthroat")],
        {"line-swordsman": (A, 0), "tide-cutthroat": (_near(0, 2), 3)},
    )
    sword, cut = c["line-swordsman"], c["tide-cutthroat"]
    cut.hp = 1
    plan = all_out_defense_plan(battle, cut, sword)
    if plan.option == "dodge":
        tree = movement.reachable(battle, cut, cut.move // 2)
        assert plan.path
        assert tree[plan.path[-1]][0] <= cut.move // 2
    plain = _melee_defences(cut, can_retreat=False)
    cut.aod_defence = "dodge"
    boosted = _melee_defences(cut, can_retreat=False)
    dodge = {d.kind: d.value for d in plain}["dodge"]
    assert {d.kind: d.value for d in boosted}["dodge"] == dodge + 2


def test_retreat_gives_plus_three_parry_with_fencing_weapons():
    # NOT IN SEED: GURPS 4e Basic Set rule (not in seed 004: GURPS Basic Set, Active defences):
    # retreat +3 fencing parry, +1 other
    _, sword, _ = _sword_and_axe(_near(0))

    def parry_bonus():
        choices = _melee_defences(sword, can_retreat=True)
        parries = [d for d in choices if d.kind == "parry" and d.weapon == sword.weapon.name]
        by_retreat = {d.retreat: d.value for d in parries}
        return by_retreat[True] - by_retreat[False]

    assert parry_bonus() == 1
    sword.weapons[0].skill_name = "Saber"
    assert parry_bonus() == 3


def test_ai_all_out_attack_option_uses_double_at_good_skill():
    # NOT IN SEED: GURPS 4e Basic Set rule (not in seed 004: GURPS Basic Set, Maneuvers):
    # Determined, Double, Strong
    _, _, axe = _sword_and_axe(_near(0))
    axe.dr = 2
    assert all_out_option(10, axe) == "determined"
    assert all_out_option(14, axe) == "double"
    axe.dr = 5
    assert all_out_option(14, axe) == "strong"
