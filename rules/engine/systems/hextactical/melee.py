"""Melee attacks: effective skill (posture, shock, wild swings, striking past people), reach,
All-Out Attack (Determined, Strong, Feint, Long) and Move and Attack, the attack roll, then the
defence and the damage.

The hex rules are seed 004 ("Reach", "Wild swings", "Weapons in close combat"); the rest is
NOT IN SEED: GURPS 4e Basic Set rule (not in seed 004: GURPS Basic Set, Maneuvers, Melee attack
roll, Critical hits).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.engine import hexgrid
from rules.engine.hexgrid import Hex
from rules.engine.systems.hextactical import (
    active_defence,
    manoeuvres,
    tactics,
    trait_effects,
    weapons,
    wounds,
)
from rules.engine.systems.hextactical import grapple as grapple_rules
from rules.engine.systems.hextactical.combatant import Combatant, Weapon
from rules.engine.systems.hextactical.damage import strong_bonus
from rules.engine.systems.hextactical.defence import melee_skills, weapon_skill
from rules.engine.systems.hextactical.gmlog import Modifier, breakdown, contest_text, roll_text
from rules.engine.systems.hextactical.locations import aim_penalty
from rules.engine.systems.hextactical.plan import (
    AOA_FEINT,
    AOA_LONG,
    BREAK_FREE,
    GRAPPLE,
    RAPID_STRIKE,
    TAKEDOWN,
)
from rules.engine.systems.hextactical.rolls import quick_contest, success_roll

if TYPE_CHECKING:
    from rules.engine.systems.hextactical.battle import Battle

AOA_DETERMINED_MELEE = 4
MOVE_ATTACK_MELEE = -4
POSTURE_ATTACK: dict[str, int] = {
    "standing": 0,
    "crouching": -2,
    "kneeling": -2,
    "sitting": -2,
    "prone": -4,
}


def attack_skill_melee(
    b: Battle,
    att: Combatant,
    target: Combatant,
    weapon: Weapon,
    plan_kind: str,
    option: str,
    parts: list[Modifier] | None = None,
) -> tuple[int, bool]:
    """Effective melee skill and whether it is a wild swing (seed 004 and not in seed 004: GURPS
    Basic Set, Melee attack roll). ``parts``, given only while the log records, receives the
    base skill and each named modifier (they sum to the skill)."""
    base = weapon_skill(att, weapon)
    shock = -min(att.shock_now, 8)
    posture = POSTURE_ATTACK.get(att.posture, 0)
    # Evaluate counts against the foe evaluated only (p.B364)
    evaluate = att.evaluate if att.evaluate_target == target.id else 0
    arc = hexgrid.arc_of(att.pos, att.facing, target.pos, b.settings.arcs)
    lr = hexgrid.side_of(att.pos, att.facing, target.pos) if arc == "side" else ""
    wild, awkward = tactics.is_wild_swing(arc, lr, att.traits, weapon.hands, att.side_hand)
    through = 0
    if hexgrid.distance(att.pos, target.pos) >= 2:
        steps = hexgrid.line_steps(att.pos, target.pos)
        through = tactics.melee_through_penalty(steps, b.board.side_at, att.side, b.settings)
    into_close = 0
    if target.close_with and target.close_with != att.id:
        # Striking into a close combat (GURPS 4e Basic Set p.B548 melee modifiers table)
        into_close = b.settings.close_combat_strike_penalty
    determined = 0
    if plan_kind == "all_out_attack" and option == "determined" and not wild:
        determined = AOA_DETERMINED_MELEE  # Determined may not offset a wild swing (§6.6)
    grappled = grapple_rules.grappled_penalty(b, att)
    sight = trait_effects.sight_melee(att, att.pos == target.pos)
    lame = trait_effects.lame_penalty(att, b.settings)
    off_hand = trait_effects.off_hand_penalty(att, weapon)
    rapid = trait_effects.rapid_strike_penalty(att, weapon) if option == RAPID_STRIKE else 0
    skill = base + shock + posture + evaluate + awkward + through + into_close + determined
    skill += grappled + sight + lame + off_hand + rapid
    summed = skill
    if wild:
        modifier = tactics.wild_swing_modifier()
        # With Move and Attack only the worse of the two penalties applies (§6.7).
        skill = tactics.wild_swing_skill(skill, modifier, b.settings)
    elif plan_kind == "move_attack":
        skill = tactics.cap_skill(skill + MOVE_ATTACK_MELEE)
    if parts is not None:
        parts.extend(
            breakdown(
                weapon.name,
                base,
                (
                    ("shock", shock),
                    (att.posture, posture),
                    ("Evaluate", evaluate),
                    ("awkward side", awkward),
                    ("striking past people", through),
                    ("into close combat", into_close),
                    ("All-Out Attack (Determined)", determined),
                    ("grappled", grappled),
                    ("One Eye/Bad Sight", sight),
                    ("Lame", lame),
                    ("off hand", off_hand),
                    ("Rapid Strike", rapid),
                    ("wild swing" if wild else "Move and Attack", skill - summed),
                ),
            )
        )
    return skill, wild


def in_melee_reach(
    b: Battle,
    att: Combatant,
    target: Combatant,
    weapon: Weapon,
    long: bool = False,
    mode: str = "swing",
) -> bool:
    """The target is at a reach of one of the weapon's melee modes (``mode`` first) that its
    current grip allows, and in the
    front hexes for that reach — or in a side/rear hex at that distance, a wild swing; in a
    shared hex only reach-C weapons strike (seed 004 "Reach", "Wild swings", "Weapons in
    close combat"; seed 004 "Reach", "Long-weapon tactics", "Wild swings", "Close combat"). With
    All-Out Attack (Long) every reach is
    one yard longer but not past a standing or crouching person (not in seed 004: GURPS Basic Set,
    Maneuvers)."""
    if not weapon.melee:
        return False
    if att.pos == target.pos:
        return not long and tactics.close_combat_weapon_ok(weapon.reaches)
    dist = hexgrid.distance(att.pos, target.pos)
    base = dist - manoeuvres.LONG_REACH_BONUS if long else dist
    if weapon.mode_at(mode, base) is None or (long and long_blocked(b, att, target)):
        return False
    if base > 0 and not tactics.can_use_reach(att.reach_setting, base, weapon.reach_change_ready):
        return False
    if tactics.in_melee_reach(att.pos, att.facing, dist, target.pos, b.settings):
        return True
    arc = hexgrid.arc_of(att.pos, att.facing, target.pos, b.settings.arcs)
    return arc in ("side", "rear")


def long_blocked(b: Battle, att: Combatant, target: Combatant, origin: Hex | None = None) -> bool:
    """A standing or crouching person between attacker (at ``origin`` if given) and target
    blocks the extra reach of All-Out Attack (Long) (NOT IN SEED: published GURPS 4e option,
    not in seed 004: GURPS Basic Set, Maneuvers)."""
    start = att.pos if origin is None else origin
    postures = [
        o.posture
        for step in hexgrid.line_steps(start, target.pos)
        for h in step
        if h not in (start, target.pos)
        for o in b.board.occ.get(h, ())
        if o is not att
    ]
    return manoeuvres.long_blocked(postures)


def feint(b: Battle, att: Combatant, target: Combatant, weapon: Weapon) -> int:
    """All-Out Attack (Feint): a Quick Contest of the attacker's weapon skill against the
    foe's best melee weapon or Shield skill (DX without one); the margin won is taken off
    the foe's next active defence against this attacker (NOT IN SEED: GURPS 4e Basic Set
    rule "Feint", not in seed 004: GURPS Basic Set, Maneuvers, Success rolls)."""
    mine = weapon_skill(att, weapon) - min(att.shock_now, 8)
    mine += POSTURE_ATTACK.get(att.posture, 0) + grapple_rules.grappled_penalty(b, att)
    shield = target.shield.skill if target.shield is not None else None
    theirs = manoeuvres.feint_resistance(melee_skills(target), shield, target.dx)
    theirs += grapple_rules.grappled_penalty(b, target)  # −4 DX while held (p.B370)
    contest = quick_contest(b.dice, mine, theirs)
    penalty = manoeuvres.feint_penalty(contest)
    if penalty > 0:
        target.feint_by = att.id
        target.feint_penalty = penalty
    if b.log_enabled:
        b.log(
            "attack",
            att,
            f"{att.name} feints at {target.name}: "
            + contest_text(weapon.name, mine, contest.mine.roll, theirs, contest.theirs.roll)
            + f" (−{penalty} to defend)",
            target.id,
            [contest.mine.roll, contest.theirs.roll],
            feint=penalty,
            skill=mine,
            resist=theirs,
        )
    return penalty


def melee_attack(
    b: Battle,
    att: Combatant,
    target: Combatant,
    weapon: Weapon,
    mode: str,
    plan_kind: str,
    option: str,
    followed_reach: int | None = None,
) -> None:
    """One melee attack: roll, defence, damage (not in seed 004: GURPS Basic Set, Melee attack roll,
    Critical hits, Active defences); refused when
    the target is out of the weapon's current reach (seed 004 "Reach"). ``followed_reach``:
    the reach before the target retreated from an earlier blow of this attack, which does
    not take him out of reach of the next (GURPS 4e Basic Set p.B377)."""
    if option == AOA_LONG and not b.settings.martial_arts_long:
        option = ""  # Long is a Martial Arts option (setting martial_arts_long)
    long = plan_kind == "all_out_attack" and option == AOA_LONG
    if followed_reach is None and not in_melee_reach(b, att, target, weapon, long, mode):
        if b.log_enabled:
            b.log("attack", att, f"{att.name} cannot reach {target.name}", target.id)
        return
    if plan_kind == "all_out_attack" and option == AOA_FEINT:
        feint(b, att, target, weapon)
    try:
        _resolve_melee(b, att, target, weapon, mode, plan_kind, option, followed_reach)
    finally:
        # A feint counts against the next attack only (not in seed 004: GURPS Basic Set, Maneuvers).
        if target.feint_by == att.id:
            target.feint_by = ""
            target.feint_penalty = 0


def _resolve_melee(
    b: Battle,
    att: Combatant,
    target: Combatant,
    weapon: Weapon,
    mode: str,
    plan_kind: str,
    option: str,
    followed_reach: int | None,
) -> None:
    """The attack roll, defence and damage of one melee attack already known to reach."""
    parts: list[Modifier] | None = [] if b.log_enabled else None
    skill, wild = attack_skill_melee(b, att, target, weapon, plan_kind, option, parts)
    # A wild swing cannot aim at a location (it strikes where it lands: B388, B398)
    aimed = "" if wild else att.hit_location
    location = aim_penalty(aimed)
    skill += location
    if parts is not None and location:
        parts.append((f"aimed at the {aimed}", location))
    att.evaluate = 0
    dist = hexgrid.distance(att.pos, target.pos)
    long = plan_kind == "all_out_attack" and option == AOA_LONG
    reach = dist - manoeuvres.LONG_REACH_BONUS if long else dist
    if followed_reach is not None:
        reach = followed_reach
    attack_mode = weapon.mode_at(mode, reach)
    if attack_mode is None:
        return
    if wild and not tactics.wild_thrust_allowed(attack_mode.mode, dist):
        attack_mode = weapon.mode_at("swing", reach) or attack_mode
    result = success_roll(b.dice, skill)
    att.attacked_with = weapon.name
    if weapon.unready_after_attack and 2 * att.st < 3 * weapon.st_req:
        # ‡: unready after an attack below 1.5 × the weapon's ST (GURPS 4e Basic Set p.B269)
        att.weapon_ready = False
    if b.log_enabled:
        b.log(
            "attack",
            att,
            f"{att.name} attacks {target.name} with {weapon.name}"
            f"{f' at the {aimed}' if aimed else ''}: "
            + roll_text(parts or [], result.roll, "hit" if result.success else "miss"),
            target.id,
            [result.roll],
            skill=skill,
            wild=wild,
            maneuver=plan_kind,
            **({"option": option} if plan_kind == "all_out_attack" and option else {}),
            **({"location": aimed} if aimed else {}),
        )
    if not result.success:
        if result.critical:
            weapons.critical_miss(b, att, weapon, attack_mode)
        return
    bonus = 0
    if plan_kind == "all_out_attack" and option == "strong":
        bonus = strong_bonus(attack_mode.damage)
    elif plan_kind == "all_out_attack" and option == AOA_LONG:
        bonus = manoeuvres.long_damage_penalty(attack_mode.damage, attack_mode.mode, b.settings)
    bonus += trait_effects.master_damage(att, weapon, attack_mode.damage.dice)
    if result.critical:
        wounds.hit(b, att, target, attack_mode.damage, bonus, critical=True, aimed=aimed)
        return
    if active_defence.defend(b, target, att, ranged=False, thrown=False):
        return
    wounds.hit(b, att, target, attack_mode.damage, bonus, critical=False, aimed=aimed)


def grapple(b: Battle, att: Combatant, target: Combatant) -> bool:
    """The attack to grapple a foe in one's hex: the roll, his defence; True when held
    (p.B370)."""
    if att.pos != target.pos or not target.active:
        return False
    shock = -min(att.shock_now, 8)
    grappled = grapple_rules.grappled_penalty(b, att)
    lame = trait_effects.lame_penalty(att, b.settings)
    base = grapple_rules.grappling_skill(att)
    result = success_roll(b.dice, base + shock + grappled + lame)
    if b.log_enabled:
        parts = breakdown(
            "DX" if base == att.dx else "grappling",
            base,
            (("shock", shock), ("grappled", grappled), ("Lame", lame)),
        )
        b.log(
            "attack",
            att,
            f"{att.name} grapples {target.name}: "
            + roll_text(parts, result.roll, "hit" if result.success else "miss"),
            target.id,
            [result.roll],
            skill=base + shock + grappled + lame,
            option=GRAPPLE,
        )
    if not result.success:
        return False
    if not result.critical and active_defence.defend(b, target, att, ranged=False, thrown=False):
        return False
    target.grappled_by = att.id
    return True


def grappling_attack(b: Battle, att: Combatant, target: Combatant, option: str) -> bool:
    """An Attack in close combat to grapple, take down, pin (p.B370) or break free (p.B371);
    True on success."""
    if option == GRAPPLE:
        return grapple(b, att, target)
    if option == TAKEDOWN:
        return grapple_rules.takedown(b, att, target)
    if option == BREAK_FREE:
        return grapple_rules.break_free(b, att)
    return grapple_rules.pin(b, att, target)
