"""What a hit does: damage through DR, injury and shock, major wounds and knockdown, the 0-HP
consciousness roll, and taking a combatant out of the fight (dead, unconscious or fled).

The rolls and thresholds are the pure functions of ``damage.py``, ``injury.py`` and
``criticals.py``; NOT IN SEED: GURPS 4e Basic Set rule (not in seed 004: GURPS Basic Set, Critical
hits, Damage, Damage resistance, Wounding modifiers and injury, Shock, Major wounds, knockdown and
stun, Low and negative HP).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.engine.systems.hextactical import temper
from rules.engine.systems.hextactical.combatant import Combatant
from rules.engine.systems.hextactical.criticals import CRITICAL_HIT, damage_multiplier
from rules.engine.systems.hextactical.damage import WOUNDING, DamageDice, roll_basic_damage
from rules.engine.systems.hextactical.damage import injury as injury_amount
from rules.engine.systems.hextactical.gmlog import breakdown, roll_text
from rules.engine.systems.hextactical.injury import (
    SHOCK_CAP,
    consciousness_check,
    consciousness_modifier,
    resolve_injury,
)
from rules.engine.systems.hextactical.locations import (
    LOCATIONS,
    TORSO,
    cripple,
    location_dr,
    struck_location,
    wounding_multiplier,
)

if TYPE_CHECKING:
    from rules.engine.systems.hextactical.battle import Battle


def stays_conscious(b: Battle, c: Combatant) -> bool:
    """At 0 HP or less, an HT roll (−1 per full multiple of HP below zero) at the start of
    each turn in which the combatant does anything but Do Nothing; failure = unconscious
    (GURPS 4e Basic Set p.B419 "Lost Hit Points"; not in seed 004)."""
    if c.hp > 0 or c.conscious_checked or c.berserk:
        return c.active  # a berserker needs no roll to stay conscious (p.B124)
    c.conscious_checked = True
    awake, roll = consciousness_check(b.dice, c.hp, c.hp_max, c.ht, c.level("hard-to-subdue"))
    if b.log_enabled:
        mods = [("below zero HP", consciousness_modifier(c.hp, c.hp_max))]
        mods.append(("Hard to Subdue", c.level("hard-to-subdue")))
        said = roll_text(breakdown("HT", c.ht, mods), roll, "awake" if awake else "faints")
        b.log("status", c, f"{c.name} rolls to stay conscious: {said}", "", [roll], awake=awake)
    if not awake:
        take_out(b, c, "unconscious", None)
    return awake


def wounding_text(
    b: Battle, dr: int, kind: str, divisor: float = 1.0, multiplier: float | None = None
) -> str:
    """ "DR 3 ÷2, ×1.5 cut" for the GM log: the DR, armour divisor and wounding multiplier the
    injury went through (GURPS 4e Basic Set p.B379); "" when the log does not record."""
    if not b.log_enabled:
        return ""
    factor = WOUNDING[kind] if multiplier is None else multiplier
    text = f"DR {dr}" + (f" ÷{divisor:g}" if divisor != 1 else "")
    return f"{text}, ×{factor:g} {kind}"


def hit(
    b: Battle,
    att: Combatant,
    target: Combatant,
    damage: DamageDice,
    bonus: int,
    critical: bool,
    aimed: str = "",
) -> None:
    """Roll damage, subtract the location's DR, apply its wounding modifier and the
    consequences: a limb or extremity loses injury beyond its crippling threshold and a
    crippling is a major wound (GURPS 4e Basic Set pp.B398–400 hit locations, B420; NOT IN
    SEED: GURPS 4e Basic Set rule, not in seed 004: GURPS Basic Set, Critical hits, Damage,
    Damage resistance, Wounding modifiers and injury, Shock, Major wounds, knockdown and stun,
    Low and negative HP). ``aimed``: the location the attack aimed at ("" = none)."""
    location, rolls = struck_location(b.dice, aimed, b.settings.hit_locations)
    if rolls and b.log_enabled:
        b.log("damage", att, f"{target.name} is hit in the {location}", target.id, rolls)
    effect = "normal"
    if critical:
        effect = CRITICAL_HIT[b.dice.three_d6()]
    if effect == "max":
        basic = damage.dice * 6 + damage.adds + bonus
    else:
        basic = roll_basic_damage(b.dice, damage, bonus)
    basic *= damage_multiplier(effect)
    dr = location_dr(location, target.dr)
    if effect == "half_dr":
        dr //= 2
    multiplier = WOUNDING[damage.kind]
    if location == TORSO:
        amount = injury_amount(basic, dr, damage.kind, damage.divisor)
    else:
        multiplier = wounding_multiplier(location, damage.kind)
        amount = injury_amount(basic, dr, damage.kind, damage.divisor, multiplier)
    wounding = wounding_text(b, dr, damage.kind, damage.divisor, multiplier)
    amount, crippled = cripple(location, amount, target.hp_max)
    if effect == "drop":
        target.weapon_ready = target.weapon.name == "Fist"
    apply_injury(
        b,
        att,
        target,
        amount,
        basic,
        force_major=(effect == "major" and amount > 0) or crippled,
        shock_multiplier=2 if effect == "double_shock" else 1,
        effect=effect,
        location=location,
        wounding=wounding,
    )
    if crippled and target.active:
        cripple_limb(b, target, location)


def cripple_limb(b: Battle, c: Combatant, location: str) -> None:
    """A crippled leg or foot drops him to the ground, unable to stand; a crippled weapon arm
    or hand puts every weapon out of the fight but the other fist, the other arm or hand its
    shield and two-handed weapons (GURPS 4e Basic Set p.B420 "Crippling Injury", p.B387)."""
    c.crippled.add(location)
    side, part = location.split()
    if part in ("leg", "foot"):
        c.posture = "prone"
    else:
        weapon_arm = side == c.side_hand
        for weapon in c.weapons:
            if weapon.name != "Fist" and (weapon_arm or weapon.hands >= 2):
                c.broken.add(weapon.name)
        if not weapon_arm:
            c.shield = None
    if b.log_enabled:
        b.log("status", c, f"{c.name}'s {location} is crippled", "", crippled=location)


def apply_injury(
    b: Battle,
    att: Combatant | None,
    target: Combatant,
    amount: int,
    basic: int = 0,
    force_major: bool = False,
    shock_multiplier: int = 1,
    effect: str = "normal",
    location: str = TORSO,
    wounding: str = "",
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
        knockdown_modifier=LOCATIONS[location].knockdown,
        hard_to_kill=target.level("hard-to-kill"),
        knockdown=not target.berserk,  # a berserker is never knocked down (p.B124)
        log=b.log_enabled,
    )
    target.hp -= amount
    target.hp_lost += amount
    # Shock: at most −4, −8 only with Low Pain Threshold or a critical's double shock
    # (NOT IN SEED: GURPS 4e Basic Set rule, not in seed 004: GURPS Basic Set, Shock, Critical
    # hits).
    cap = SHOCK_CAP
    if "low-pain-threshold" in target.traits or shock_multiplier > 1:
        cap = 2 * SHOCK_CAP
    shock = 0 if target.berserk else outcome.shock  # a berserker ignores shock (p.B124)
    target.shock_pending = max(target.shock_pending, min(cap, target.shock_pending + shock))
    if b.log_enabled:
        b.log(
            "damage",
            att or target,
            f"{target.name} takes {amount} injury ({basic} basic)"
            + (f" through {wounding}" if wounding else "")
            + ("" if location == TORSO else f" to the {location}")
            + "".join(f"; {check}" for check in outcome.checks),
            target.id,
            outcome.rolls,
            injury=amount,
            hp=target.hp,
            effect=effect,
            major=outcome.major,
            location=location,
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
        if b.log_enabled:
            b.log("status", target, f"{target.name} is knocked down, stunned", "", posture="prone")
    temper.hurt(b, target, amount)


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
    if by is not None and by is not c and status != "fled":
        temper.took_down(b, by, c)
