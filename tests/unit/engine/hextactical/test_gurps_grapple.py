"""Grappling in close combat: the attack to grapple, takedown and pin (GURPS 4e Basic Set
p.B370 "Grappling", digest §19.17)."""

from rules.engine.systems.hextactical import active_defence, turn
from rules.engine.systems.hextactical.grapple import holds, pinned, takedown_score
from rules.engine.systems.hextactical.plan import GRAPPLE, PIN, TAKEDOWN, Plan
from tests.unit.engine.hextactical.test_gurps_review_fixes import A, _near, _sword_and_axe


def _attack(battle, att, target, option):
    turn.execute(battle, att, Plan("attack", target=target.id, option=option))


def _held(totals=()):
    """The swordsman has grappled the axeman in their shared hex (roll 5, defence 16 fails)."""
    battle, sword, axe = _sword_and_axe(A, totals=[5, 16, *totals])
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
