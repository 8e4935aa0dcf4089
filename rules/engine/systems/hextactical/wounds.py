"""What a hit does: damage through DR, injury and shock, major wounds and knockdown, the 0-HP
consciousness roll, and taking a combatant out of the fight (dead, unconscious or fled).

The rolls and thresholds are the pure functions of ``damage.py``, ``injury.py`` and
``criticals.py``; NOT IN SEED: GURPS 4e Basic Set rule (not in seed 004: GURPS Basic Set, Critical
hits, Damage, Damage resistance, Wounding modifiers and injury, Shock, Major wounds, knockdown and
stun, Low and negative HP).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.engine.systems.hextactical.combatant import Combatant
from rules.engine.systems.hextactical.criticals import CRITICAL_HIT, damage_multiplier
from rules.engine.systems.hextactical.damage import DamageDice, roll_basic_damage
from rules.engine.systems.hextactical.damage import injury as injury_amount
from rules.engine.systems.hextactical.injury import (
    SHOCK_CAP,
    consciousness_check,
    resolve_injury,
)

if TYPE_CHECKING:
    from rules.engine.systems.hextactical.battle import Battle


def stays_conscious(b: Battle, c: Combatant) -> bool:
    """At 0 HP or less, an HT roll (−1 per full multiple of HP below zero) at the start of
    each turn in which the combatant does anything but Do Nothing; failure = unconscious
    (GURPS 4e Basic Set p.B419 "Lost Hit Points"; not in seed 004)."""
    if c.hp > 0 or c.conscious_checked:
        return c.active
    c.conscious_checked = True
    awake, roll = consciousness_check(b.dice, c.hp, c.hp_max, c.ht)
    if b.log_enabled:
        b.log("status", c, f"{c.name} rolls to stay conscious", "", [roll], awake=awake)
    if not awake:
        take_out(b, c, "unconscious", None)
    return awake


def hit(
    b: Battle, att: Combatant, target: Combatant, damage: DamageDice, bonus: int, critical: bool
) -> None:
    """Roll damage, subtract DR, apply the wounding modifier and the consequences
    (NOT IN SEED: GURPS 4e Basic Set rule, not in seed 004: GURPS Basic Set, Critical hits, Damage,
    Damage resistance, Wounding modifiers and injury, Shock, Major wounds, knockdown and stun, Low
    and negative HP)."""
    effect = "normal"
    if critical:
        effect = CRITICAL_HIT[b.dice.three_d6()]
    if effect == "max":
        basic = damage.dice * 6 + damage.adds + bonus
    else:
        basic = roll_basic_damage(b.dice, damage, bonus)
    basic *= damage_multiplier(effect)
    dr = target.dr // 2 if effect == "half_dr" else target.dr
    amount = injury_amount(basic, dr, damage.kind, damage.divisor)
    if effect == "drop":
        target.weapon_ready = target.weapon.name == "Fist"
    apply_injury(
        b,
        att,
        target,
        amount,
        basic,
        force_major=effect == "major" and amount > 0,
        shock_multiplier=2 if effect == "double_shock" else 1,
        effect=effect,
    )


def apply_injury(
    b: Battle,
    att: Combatant | None,
    target: Combatant,
    amount: int,
    basic: int = 0,
    force_major: bool = False,
    shock_multiplier: int = 1,
    effect: str = "normal",
) -> None:
    """Take ``amount`` injury: HP and shock (at most −4, −8 with Low Pain Threshold or a
    critical's double shock), then death, unconsciousness or knockdown by the injury rolls
    (NOT IN SEED: GURPS 4e Basic Set rule, not in seed 004: GURPS Basic Set, Shock, Major wounds,
    knockdown and stun, Low and negative HP)."""
    old_hp = target.hp
    if att is not None and att is not target and amount > 0:
        target.last_hit_by = att.id
    outcome = resolve_injury(
        b.dice,
        injury=amount,
        old_hp=old_hp,
        hp_max=target.hp_max,
        ht=target.ht,
        traits=target.traits,
        force_major=force_major,
        shock_multiplier=shock_multiplier,
        critical_kills=b.settings.death_check_critical_kills,
    )
    target.hp -= amount
    target.hp_lost += amount
    # Shock: at most −4, −8 only with Low Pain Threshold or a critical's double shock
    # (NOT IN SEED: GURPS 4e Basic Set rule, not in seed 004: GURPS Basic Set, Shock, Critical
    # hits).
    cap = SHOCK_CAP
    if "low-pain-threshold" in target.traits or shock_multiplier > 1:
        cap = 2 * SHOCK_CAP
    target.shock_pending = max(target.shock_pending, min(cap, target.shock_pending + outcome.shock))
    if b.log_enabled:
        b.log(
            "damage",
            att or target,
            f"{target.name} takes {amount} injury ({basic} basic)",
            target.id,
            outcome.rolls,
            injury=amount,
            hp=target.hp,
            effect=effect,
            major=outcome.major,
        )
    if outcome.dead:
        take_out(b, target, "dead", att)
    elif outcome.unconscious:
        target.mortal = target.mortal or outcome.mortal
        take_out(b, target, "unconscious", att)
    elif outcome.knocked_down:
        target.stunned = True
        target.posture = "prone"
        target.weapon_ready = target.weapon.name == "Fist"


def take_out(b: Battle, c: Combatant, status: str, by: Combatant | None) -> None:
    """``c`` leaves the fight (dead, unconscious or fled), credited to ``by`` or to whoever hit
    him last; an unconscious combatant may still die, nothing else changes a fallen one."""
    if c.status != "fighting":
        if status == "dead" and c.status == "unconscious":
            c.status = "dead"
        return
    c.status = status
    c.wait_hexes = frozenset()
    if by is None and c.last_hit_by:
        by = b.by_id[c.last_hit_by]
    if by is not None and by is not c:
        c.taken_out_by = by.id
        by.takedowns.append(c.id)
    b.board.remove(c)
    if b.log_enabled:
        b.log("status", c, f"{c.name} is {status}", by.id if by else "")
