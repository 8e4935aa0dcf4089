"""Grappling plans in a shared hex: break free, grapple, take down, pin, and strike a foe
pinned (engine choices; rules GURPS 4e Basic Set pp.B370–371 "Grappling", "Actions After Being
Grappled")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.engine.systems.hextactical import grapple
from rules.engine.systems.hextactical.ai.estimates import best_defence, weapon_mode
from rules.engine.systems.hextactical.combatant import Combatant
from rules.engine.systems.hextactical.plan import BREAK_FREE, GRAPPLE, PIN, TAKEDOWN, Plan
from rules.engine.systems.hextactical.rolls import quick_contest_win_probability

if TYPE_CHECKING:
    from rules.engine.systems.hextactical.battle import Battle

#: Try a takedown only when the Quick Contest is won at least this often.
TAKEDOWN_MIN_CHANCE = 0.4
#: Grapple rather than strike a foe whose best defence is at least this (a pin leaves him none).
STRONG_DEFENCE = 12


def strikes_in_close_combat(c: Combatant) -> bool:
    """The weapon in hand strikes at reach C (close combat, seed 004 §15)."""
    return c.weapon.melee and 0 in c.weapon.reaches


def fist_plan(c: Combatant, enemy: Combatant) -> Plan:
    """Drop to bare hands and punch the foe in one's hex (reach C)."""
    fist = next(i for i, w in enumerate(c.weapons) if w.name == "Fist")
    c.weapon_index = fist
    c.weapon_ready = True
    return Plan("attack", target=enemy.id, weapon=fist, mode="thrust")


def grappling_plan(b: Battle, c: Combatant, enemy: Combatant) -> Plan | None:
    """In a shared hex: held without a reach-C weapon, break free (he cannot step out); holding
    a foe, pin him when he is down, take him down when the contest is fair, strike him once
    pinned (he has no defence); else grapple when one has no reach-C weapon in hand and knows
    Judo, Sumo Wrestling or Wrestling, or the foe defends well. None: fight on as usual."""
    holder = grapple.held_by(b, c)
    if holder is not None:
        if strikes_in_close_combat(c):
            return None
        return Plan("attack", target=holder.id, option=BREAK_FREE)
    if grapple.holds(c, enemy):
        if grapple.pinned(b, enemy):
            if strikes_in_close_combat(c):
                mode = weapon_mode(c.weapon, 0)
                return Plan("attack", target=enemy.id, weapon=c.weapon_index, mode=mode)
            return fist_plan(c, enemy)
        if enemy.posture == "prone":
            return Plan("attack", target=enemy.id, option=PIN)
        mine, theirs = grapple.takedown_score(c), grapple.takedown_score(enemy)
        if quick_contest_win_probability(mine, theirs) >= TAKEDOWN_MIN_CHANCE:
            return Plan("attack", target=enemy.id, option=TAKEDOWN)
        return None
    if strikes_in_close_combat(c):
        return None
    if grapple.best_grappling_skill(c) is not None or best_defence(enemy) >= STRONG_DEFENCE:
        return Plan("attack", target=enemy.id, option=GRAPPLE)
    return None
