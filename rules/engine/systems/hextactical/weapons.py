"""Weapons in hand: the Ready maneuver (reload, draw, pick up, change reach), shots spent,
the fallback to the best melee weapon, and what a critical miss does to the attacker.

NOT IN SEED: GURPS 4e Basic Set rule (not in seed 004: GURPS Basic Set, Maneuvers Ready, §19.9
critical misses) and the
Basic Set weapon tables for reloads; readying in close combat is seed 004 §15.14.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.engine.systems.hextactical import wounds
from rules.engine.systems.hextactical.combatant import AttackMode, Combatant, Weapon
from rules.engine.systems.hextactical.criticals import CRITICAL_MISS, HIT_SELF
from rules.engine.systems.hextactical.damage import injury as injury_amount
from rules.engine.systems.hextactical.damage import roll_basic_damage
from rules.engine.systems.hextactical.gmlog import breakdown, roll_text
from rules.engine.systems.hextactical.grapple import grappled_penalty
from rules.engine.systems.hextactical.plan import Plan
from rules.engine.systems.hextactical.rolls import success_roll

if TYPE_CHECKING:
    from rules.engine.systems.hextactical.battle import Battle


def spend_shot(b: Battle, att: Combatant, weapon: Weapon) -> None:
    """After a shot the weapon needs ``ready`` Ready maneuvers to reload; a thrown weapon is
    gone once its copies are used (NOT IN SEED: Basic Set weapon tables)."""
    if weapon.thrown:
        left = att.ammo.get(weapon.name, 1) - 1
        att.ammo[weapon.name] = left
        if left <= 0:
            att.broken.add(weapon.name)
            switch_to_best_melee(b, att, free=False)
        return
    att.ammo[weapon.name] = att.ammo.get(weapon.name, 1) - 1
    if weapon.reload > 0:
        att.loaded = False
        att.reload_left = weapon.reload


def switch_to_best_melee(b: Battle, c: Combatant, free: bool) -> None:
    """Take the policy's best melee weapon in hand: ready at once when ``free`` or a Fist,
    else it needs a Ready first; reach-changing weapons start at their longest reach."""
    best = b.policies[c.side].best_melee_index(c)
    if best is not None and best != c.weapon_index:
        c.weapon_index = best
        c.weapon_ready = free or c.weapon.name == "Fist"
        c.reach_setting = c.weapon.max_reach if c.weapon.reach_change_ready else -1


def critical_miss(b: Battle, att: Combatant, weapon: Weapon, mode: AttackMode) -> None:
    """Roll on the critical miss table (GURPS 4e Basic Set p.B556); a "hit yourself" result of
    an impaling or piercing melee attack or any ranged attack is rolled again and stands only
    if it comes up again."""
    rolls = [b.dice.three_d6()]
    effect = CRITICAL_MISS[rolls[0]]
    if effect in HIT_SELF and (mode.mode == "ranged" or mode.damage.kind in REROLL_HIT_SELF):
        rolls.append(b.dice.three_d6())
        effect = CRITICAL_MISS[rolls[-1]]
    if b.log_enabled:  # the table roll (and its re-roll) with its result (the GM log)
        said = ", rolled again ".join(str(r) for r in rolls)
        text = f"{att.name} critical miss: table roll {said}: {effect}"
        b.log("critical", att, text, "", rolls, data_effect=effect)
    if weapon.name == "Fist":
        effect = "lose_balance" if effect in ("breaks", "drop", "turns", "strained") else effect
    if effect in ("breaks", "strained"):
        att.broken.add(weapon.name)
        switch_to_best_melee(b, att, free=False)
    elif effect in ("drop", "turns"):
        att.weapon_ready = False
    elif effect == "lose_balance":
        att.balance_lost = True
    elif effect == "fall":
        att.posture = "prone"
    elif effect in HIT_SELF:
        basic = roll_basic_damage(b.dice, mode.damage)
        if effect == "hit_self_half":
            basic //= 2
        amount = injury_amount(basic, att.dr, mode.damage.kind)
        wounding = wounds.wounding_text(b, att.dr, mode.damage.kind)
        wounds.apply_injury(b, None, att, amount, basic, effect="hit_self", wounding=wounding)


#: Damage types whose "hit yourself" critical miss is rolled again (p.B556).
REROLL_HIT_SELF = frozenset({"imp", "pi-", "pi", "pi+", "pi++"})


def ready(b: Battle, c: Combatant, plan: Plan) -> None:
    """Ready: reload, draw another weapon, pick one up or change reach (seed 004 "Reach",
    seed 004 "Long-weapon tactics"); in close combat readying needs a DX roll (seed 004 §15.14),
    at −4 while grappled (p.B370)."""
    if c.close_with and plan.option in ("switch", "pickup"):
        # −4 DX while a foe holds him (GURPS 4e Basic Set p.B370)
        grappled = grappled_penalty(b, c)
        result = success_roll(b.dice, c.dx + grappled)
        if b.log_enabled:  # the roll with its target (issue 21, the GM log)
            parts = breakdown("DX", c.dx, [("grappled", grappled)])
            said = roll_text(parts, result.roll, "succeeds" if result.success else "fails")
            b.log("ready", c, f"{c.name} readies in close combat: {said}", "", [result.roll])
        if not result.success:
            return
    if plan.option == "reload":
        c.reload_left = max(0, c.reload_left - 1)
        if c.reload_left == 0:
            c.loaded = True
    elif plan.option == "switch":
        c.weapon_index = plan.weapon
        c.weapon_ready = True
        c.reach_setting = c.weapon.max_reach if c.weapon.reach_change_ready else -1
        c.loaded = not c.weapon.ranged or c.weapon.thrown or c.reload_left == 0
    elif plan.option == "pickup":
        c.weapon_ready = True
    elif plan.option == "reach":
        c.reach_setting = plan.reach
    if b.log_enabled:
        b.log("ready", c, _ready_text(c, plan.option), "", option=plan.option)


def _ready_text(c: Combatant, option: str) -> str:
    """What a Ready did, for the GM."""
    if option == "reload":
        done = "loaded" if c.loaded else f"{c.reload_left} Ready to go"
        return f"{c.name} reloads the {c.weapon.name} ({done})"
    if option == "reach":
        return f"{c.name} shifts the {c.weapon.name} to reach {c.reach_setting}"
    if option == "switch":
        return f"{c.name} readies the {c.weapon.name}"
    return f"{c.name} picks up the {c.weapon.name}"
