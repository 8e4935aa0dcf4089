"""Grappling in close combat: the attack to grapple, takedown, pin, break free, the −4 of
being held and the AI's grappling (GURPS 4e Basic Set pp.B370–371 "Grappling", "Actions After
Being Grappled", digest §19.17)."""

from rules.engine.systems.hextactical import active_defence, melee, movement, turn
from rules.engine.systems.hextactical.ai.melee import close_combat_plan
from rules.engine.systems.hextactical.grapple import (
    escape_score,
    grappled_penalty,
    grappling_skill,
    holds,
    pinned,
    takedown_score,
)
from rules.engine.systems.hextactical.plan import BREAK_FREE, GRAPPLE, PIN, TAKEDOWN, Plan
from tests.unit.engine.hextactical.test_gurps_review_fixes import A, _near, _sword_and_axe


def _attack(battle, att, target, option):
    turn.execute(battle, att, Plan("attack", target=target.id, option=option))


def _held(totals=()):
    """The swordsman has grappled the axeman in their shared hex (roll 5, defence 16 fails)."""
    battle, sword, axe = _sword_and_axe(A, totals=[5, 16, *totals])
    sword.close_with, axe.close_with = axe.id, sword.id
    _attack(battle, sword, axe, GRAPPLE)
    return battle, sword, axe


def test_a_grapple_that_hits_and_is_not_defended_holds_the_foe():
    # B370: an attack roll against DX (or a grappling skill), then any active defence
    battle, sword, axe = _held()
    assert holds(sword, axe)
    line = next(e for e in battle.events.events if e.data.get("option") == GRAPPLE)
    assert line.text.startswith(f"{sword.name} grapples {axe.name}: DX {sword.dx}")
    assert line.text.endswith("rolled 5: hit")


def test_a_missed_grapple_holds_nobody():
    battle, sword, axe = _sword_and_axe(A, totals=[17])
    _attack(battle, sword, axe, GRAPPLE)
    assert not holds(sword, axe)


def test_a_grapple_reaches_only_a_foe_in_ones_hex():
    # B370: grappling is close combat
    battle, sword, axe = _sword_and_axe(_near(0), totals=[3])
    _attack(battle, sword, axe, GRAPPLE)
    assert not holds(sword, axe)
    assert battle.dice.totals == [3]


def test_a_takedown_needs_a_hold_and_wins_a_quick_contest():
    # B370: Quick Contest of the higher of ST, DX and grappling skill; the winner throws him down
    battle, sword, axe = _sword_and_axe(A, totals=[5, 14])
    _attack(battle, sword, axe, TAKEDOWN)
    assert axe.posture == "standing"  # not held: no contest
    assert battle.dice.totals == [5, 14]
    battle, sword, axe = _held(totals=[5, 14])
    _attack(battle, sword, axe, TAKEDOWN)
    assert axe.posture == "prone"
    assert takedown_score(sword) == max(sword.st, sword.dx)


def test_a_lost_takedown_leaves_him_standing():
    battle, sword, axe = _held(totals=[14, 5])
    _attack(battle, sword, axe, TAKEDOWN)
    assert axe.posture == "standing"


def test_a_pinned_foe_has_no_active_defence():
    # B370: a foe held on the ground is pinned by a Quick Contest of ST; pinned, he cannot defend
    battle, sword, axe = _held(totals=[5, 14, 5, 14])
    _attack(battle, sword, axe, TAKEDOWN)
    _attack(battle, sword, axe, PIN)
    assert pinned(battle, axe)
    battle.dice.totals = [3]
    assert not active_defence.defend(battle, axe, sword, ranged=False, thrown=False)
    assert battle.dice.totals == [3]


def test_a_pin_needs_the_foe_on_the_ground():
    battle, sword, axe = _held(totals=[5, 14])
    _attack(battle, sword, axe, PIN)
    assert not pinned(battle, axe)


def test_grappling_skill_is_read_by_its_sheet_name():
    # B370: Judo, Sumo Wrestling or Wrestling may replace DX (the sheet names the skill
    # "Wrestling"; the engine looked for "wrestling" and never found it)
    _battle, sword, _axe = _sword_and_axe(A)
    sword.skills["Wrestling"] = sword.dx + 3
    assert grappling_skill(sword) == sword.dx + 3
    assert escape_score(sword) == max(sword.st, sword.dx + 3)


def test_a_held_fighter_strikes_at_minus_4():
    # B370 (digest §19.6 "attacker grappled −4"): one held fights at −4 DX
    battle, sword, axe = _held()
    parts = []
    held_skill, _ = melee.attack_skill_melee(battle, axe, sword, axe.weapon, "attack", "", parts)
    assert ("grappled", -4) in parts
    assert held_skill == sum(v for _, v in parts)
    assert grappled_penalty(battle, axe) == -4
    assert grappled_penalty(battle, sword) == 0


def test_a_held_fighter_cannot_step_or_move_out_of_the_hex():
    # B370: one grappled cannot move away; the holder may leave, which ends the hold
    battle, sword, axe = _held()
    out = _near(3)
    movement.step_to(battle, axe, out)
    movement.move_along(battle, axe, [out], None, axe.move)
    assert axe.pos == A
    movement.step_to(battle, sword, _near(0))
    assert not holds(sword, axe)


def test_breaking_free_is_a_quick_contest_of_st_or_grappling_skill():
    # B371 "Break Free": the held fighter's ST (or grappling skill) against the holder's
    battle, sword, axe = _held(totals=[14, 5])
    _attack(battle, axe, sword, BREAK_FREE)
    assert holds(sword, axe)
    battle.dice.totals = [5, 14]
    _attack(battle, axe, sword, BREAK_FREE)
    assert not holds(sword, axe)
    line = next(e for e in battle.events.events if "break free" in e.text)
    assert f"break free {escape_score(axe)} rolled 14" in line.text


def test_breaking_free_ends_a_pin():
    # B371: free of the hold, he is no longer pinned either
    battle, sword, axe = _held(totals=[5, 14, 5, 14, 5, 14])
    _attack(battle, sword, axe, TAKEDOWN)
    _attack(battle, sword, axe, PIN)
    assert pinned(battle, axe)
    _attack(battle, axe, sword, BREAK_FREE)
    assert not pinned(battle, axe)
    assert (axe.grappled_by, axe.pinned_by) == ("", "")


def test_the_ai_held_without_a_close_weapon_breaks_free():
    # engine choice on B371: an axe strikes at reach 1 only; held, he cannot step out, so he
    # tries to break free
    battle, sword, axe = _held()
    plan = close_combat_plan(battle, axe)
    assert (plan.kind, plan.option, plan.target) == ("attack", BREAK_FREE, sword.id)


def test_the_ai_takes_down_pins_then_strikes_a_foe_it_holds():
    # engine choice on B370: a takedown when the contest is fair, a pin once he is down, then
    # blows he cannot defend
    battle, sword, axe = _held()
    assert close_combat_plan(battle, sword).option == TAKEDOWN
    axe.posture = "prone"
    assert close_combat_plan(battle, sword).option == PIN
    axe.pinned_by = sword.id
    plan = close_combat_plan(battle, sword)
    assert (plan.kind, plan.option, plan.target) == ("attack", "", axe.id)
    assert 0 in sword.weapons[plan.weapon].reaches


def test_the_ai_grapples_in_close_combat_with_a_wrestling_skill():
    # engine choice on B370: a wrestler without a reach-C weapon grapples the foe in his hex
    battle, sword, axe = _sword_and_axe(A)
    sword.close_with, axe.close_with = axe.id, sword.id
    sword.skills["Wrestling"] = 14
    plan = close_combat_plan(battle, sword)
    assert (plan.kind, plan.option, plan.target) == ("attack", GRAPPLE, axe.id)


def test_a_pinned_fighter_stays_down_and_tries_to_break_free():
    # B370: pinned, he cannot get up; the AI tries to break free instead of standing
    battle, sword, axe = _held(totals=[5, 14, 5, 14])
    _attack(battle, sword, axe, TAKEDOWN)
    _attack(battle, sword, axe, PIN)
    turn.execute(battle, axe, Plan("change_posture", option="standing"))
    assert axe.posture == "prone"
    plan = battle.policies[axe.side].choose(battle, axe)
    assert (plan.kind, plan.option) == ("attack", BREAK_FREE)
