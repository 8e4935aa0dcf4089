"""The self-control disadvantages that decide what a fighter does (GURPS 4e Basic Set p.B120
"Self-Control Rolls"): Berserk (p.B124), Bloodlust (p.B125) and Overconfidence (p.B148).

A self-control roll is 3d6 against the number bought (6, 9, 12 or 15; 12 when the sheet gives
none); success means he resists the urge. Cowardice is the flee check in ``turn.start_turn``
(−2 to its Will roll).

- **Berserk**: one injury of more than a quarter of his HP (setting ``self_control_when_hurt``)
  calls for a roll; failed, he goes berserk: every melee Attack becomes All-Out Attack
  (Determined), he makes no active defence at all, ignores shock, is never knocked down or
  stunned, needs no roll to stay conscious below 0 HP (death checks still apply), and does not
  flee or fall back to All-Out Defense. After taking down a foe he may roll to snap out of it.
- **Bloodlust**: when he knocks a foe out, a failed roll makes him spend his next turn finishing
  the fallen foe off (engine choice: one turn beside the body kills him; no quarter).
- **Overconfidence**: the AI's wish to fall back (All-Out Defense when badly hurt) or the
  failed Will roll to flee needs a roll first; failed, he fights on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.engine import hexgrid
from rules.engine.systems.hextactical.combatant import Combatant
from rules.engine.systems.hextactical.plan import GRAPPLING, POP_UP, Plan
from rules.engine.systems.hextactical.rolls import success_roll
from rules.engine.systems.hextactical.trait_effects import DEFAULT_SELF_CONTROL

if TYPE_CHECKING:
    from rules.engine.systems.hextactical.battle import Battle

TRAIT_NAMES = {"berserk": "Berserk", "bloodlust": "Bloodlust", "overconfidence": "Overconfidence"}


def resists(b: Battle, c: Combatant, trait: str) -> bool:
    """``c``'s self-control roll for ``trait`` (a slug): True when he resists the urge, and
    always True without the trait (p.B120)."""
    if not c.has(trait):
        return True
    number = c.self_control.get(trait, DEFAULT_SELF_CONTROL)
    result = success_roll(b.dice, number)
    if b.log_enabled:
        outcome = "resists" if result.success else "gives in"
        b.log(
            "status",
            c,
            f"{c.name} rolls self-control for {TRAIT_NAMES.get(trait, trait)}: "
            f"{number}, rolled {result.roll}: {outcome}",
            "",
            [result.roll],
            trait=trait,
            resisted=result.success,
        )
    return result.success


def hurt(b: Battle, c: Combatant, injury: int) -> None:
    """An injury of more than the setting's fraction of HP may send a Berserk fighter berserk
    (p.B124)."""
    if c.berserk or not c.active or not c.has("berserk"):
        return
    if injury <= c.hp_max * b.settings.self_control_when_hurt:
        return
    if not resists(b, c, "berserk"):
        c.berserk = True
        c.no_defence = True
        if b.log_enabled:
            b.log("status", c, f"{c.name} goes berserk", "", berserk=True)


def took_down(b: Battle, by: Combatant, foe: Combatant) -> None:
    """``by`` took ``foe`` out: a berserker may snap out of it (p.B124); a Bloodlust fighter
    who knocked him out must roll or finish him next turn (p.B125)."""
    if by.berserk and resists(b, by, "berserk"):
        by.berserk = False
        if b.log_enabled:
            b.log("status", by, f"{by.name} snaps out of the rage", "", berserk=False)
    if foe.status == "unconscious" and by.active and not resists(b, by, "bloodlust"):
        by.finish_off = foe.id


def compelled(b: Battle, c: Combatant, plan: Plan) -> Plan:
    """The plan ``c``'s disadvantages leave him: a finishing blow for Bloodlust, All-Out
    Attack (Determined) instead of a melee Attack while berserk."""
    if c.finish_off:
        foe = b.by_id.get(c.finish_off)
        c.finish_off = ""
        if (
            foe is not None
            and foe.status == "unconscious"
            and hexgrid.distance(c.pos, foe.pos) <= 1
        ):
            return Plan("finish_off", target=foe.id)
    striking = plan.kind == "attack" and plan.mode != "ranged"
    if c.berserk and striking and plan.option not in GRAPPLING and plan.option != POP_UP:
        return Plan(
            "all_out_attack",
            target=plan.target,
            weapon=plan.weapon,
            mode=plan.mode,
            step_before=plan.step_before,
            facing=plan.facing,
            option="determined",
            location=plan.location,
        )
    return plan


def finish_off(b: Battle, c: Combatant, plan: Plan) -> None:
    """Bloodlust's finishing blow: the fallen foe beside him dies (p.B125; engine choice: no
    roll against a helpless, unconscious body)."""
    foe = b.by_id[plan.target]
    if foe.status != "unconscious":
        return
    foe.status = "dead"
    if b.log_enabled:
        b.log("status", c, f"{c.name} finishes off {foe.name} (Bloodlust)", foe.id)


def holds_back(b: Battle, c: Combatant) -> bool:
    """Whether ``c`` may fall back or flee: not while berserk, and with Overconfidence only on
    a successful self-control roll (p.B124, p.B148)."""
    return not c.berserk and resists(b, c, "overconfidence")
