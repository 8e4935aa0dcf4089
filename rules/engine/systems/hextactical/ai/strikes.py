"""When the AI strikes twice with one Attack: Rapid Strike (GURPS 4e Basic Set p.B370), worth
it once its penalty — −6, halved by Weapon Master or Trained by a Master (p.B99, p.B93) —
still leaves a good chance to hit (engine choice: effective skill 12 or more)."""

from __future__ import annotations

from rules.engine.systems.hextactical.combatant import Combatant
from rules.engine.systems.hextactical.defence import weapon_skill
from rules.engine.systems.hextactical.plan import RAPID_STRIKE, Plan
from rules.engine.systems.hextactical.trait_effects import rapid_strike_penalty

#: Lowest skill per blow at which the AI takes a Rapid Strike (engine choice).
RAPID_STRIKE_SKILL = 12


def with_rapid_strike(c: Combatant, plan: Plan) -> Plan:
    """``plan`` as a Rapid Strike when it is a plain melee Attack with a weapon that stays
    ready and the skill per blow is at least :data:`RAPID_STRIKE_SKILL`."""
    if plan.kind != "attack" or plan.option or plan.mode == "ranged":
        return plan
    weapon = c.weapons[plan.weapon] if plan.weapon >= 0 else c.weapon
    if not weapon.melee or weapon.unready_after_attack:
        return plan
    if weapon_skill(c, weapon) + rapid_strike_penalty(c, weapon) < RAPID_STRIKE_SKILL:
        return plan
    plan.option = RAPID_STRIKE
    return plan
