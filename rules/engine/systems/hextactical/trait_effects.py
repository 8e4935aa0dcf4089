"""What the advantages and disadvantages a combatant bought do to his rolls in a fight (GURPS
4e Basic Set; each function cites its page). The self-control disadvantages that change what
he chooses to do (Berserk, Bloodlust, Overconfidence) are ``temper.py``.

A trait entry is one of the unit's ``extra.traits`` (``name``, ``level``, ``skill``,
``variant``, ``self_control``); a trait bought for one weapon skill may also be written as
the sheet shows it, "Enhanced Parry (Broadsword)" (p.B51) or "Weapon Master (Broadsword)"
(p.B99).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rules.engine.systems.hextactical.plan import RAPID_STRIKE
from rules.engine.systems.hextactical.pointbuy.derived import (
    ENCUMBRANCE,
    LAME_VARIANTS,
    basic_lift,
    encumbrance,
)
from rules.engine.systems.hextactical.pointbuy.traits import specialty

if TYPE_CHECKING:
    from rules.engine.systems.hextactical.combatant import Combatant, Weapon
    from rules.engine.systems.hextactical.settings import Settings

#: A trait's key for "every weapon" (Enhanced Parry (all), Weapon Master (all weapons)).
EVERY_WEAPON = "*"
#: Rapid Strike: two blows with one Attack, each at −6 (p.B370).
RAPID_STRIKE_PENALTY = -6
#: Attacking with the off hand (p.B39 Ambidexterity, p.B548 melee modifiers).
OFF_HAND = -4
#: One Eye: −1 DX in close and melee combat, −3 to ranged attacks without an Aim (p.B147).
ONE_EYE_MELEE = -1
ONE_EYE_RANGED = -3
#: Bad Sight (p.B123): nearsighted −2 to melee attacks, farsighted −3 DX up close.
NEARSIGHTED_MELEE = -2
FARSIGHTED_CLOSE = -3
#: Self-control number of a disadvantage bought without one (p.B120: 12, "quite often").
DEFAULT_SELF_CONTROL = 12


def _level(entry: dict[str, Any]) -> int:
    level = entry.get("level")
    return level if isinstance(level, int) and not isinstance(level, bool) and level > 0 else 1


def enhanced_parry(entries: list[dict[str, Any]], rules: list[str]) -> dict[str, int]:
    """Enhanced Parry levels by weapon skill, :data:`EVERY_WEAPON` for Enhanced Parry (all)
    (p.B51: bought for one skill, or for all at double cost); a template's bare rule
    "enhanced-parry" counts once for every weapon."""
    levels: dict[str, int] = {}
    for entry in entries:
        base, what = specialty(str(entry.get("name", "")))
        if base.lower() != "enhanced parry":
            continue
        what = str(entry.get("skill") or what)
        key = EVERY_WEAPON if what.lower() in ("", "all") else what
        levels[key] = levels.get(key, 0) + _level(entry)
    if not levels and "enhanced-parry" in rules:
        levels[EVERY_WEAPON] = 1
    return levels


def weapon_master(entries: list[dict[str, Any]]) -> frozenset[str]:
    """The weapon skills Weapon Master covers (p.B99): the skills it names (``skill``, comma
    separated, or "Weapon Master (Broadsword)"); every weapon for "all weapons", a class, or
    none named (engine choice: a class's members are not listed, so a class covers all)."""
    skills: set[str] = set()
    for entry in entries:
        base, what = specialty(str(entry.get("name", "")))
        if base.lower() != "weapon master":
            continue
        named = [s.strip() for s in str(entry.get("skill") or what).split(",") if s.strip()]
        variant = str(entry.get("variant", "")).lower()
        if not named or variant.endswith("class") or variant == "all weapons":
            return frozenset({EVERY_WEAPON})
        skills.update(named)
    return frozenset(skills)


def parry_bonus(c: Combatant, weapon: Weapon) -> int:
    """Enhanced Parry levels that count for ``weapon``: those bought for its skill and for
    every weapon (p.B51)."""
    return c.enhanced_parry.get(weapon.skill_name, 0) + c.enhanced_parry.get(EVERY_WEAPON, 0)


def masters(c: Combatant, weapon: Weapon) -> bool:
    """Weapon Master covers ``weapon`` (p.B99): a melee or thrown muscle-powered weapon of a
    skill it names, or any with "all weapons"."""
    if not c.weapon_master or (weapon.ranged and not weapon.thrown) or weapon.shield:
        return False
    if weapon.name == "Fist":
        return False  # bare hands are not a weapon it masters
    return EVERY_WEAPON in c.weapon_master or weapon.skill_name in c.weapon_master


def master_damage(c: Combatant, weapon: Weapon, dice: int) -> int:
    """Weapon Master's damage bonus (p.B99): +1 per die at skill DX+1, +2 per die at DX+2 or
    better, with a weapon it covers."""
    if not masters(c, weapon):
        return 0
    return dice * max(0, min(2, weapon.skill - c.dx))


def parry_penalty_divisor(c: Combatant, weapon: Weapon) -> int:
    """2 when repeated parries with ``weapon`` take half the penalty: Weapon Master with that
    weapon (p.B99) or Trained by a Master (p.B93), else 1 (p.B376 "Multiple Parries")."""
    return 2 if c.has("trained-by-a-master") or masters(c, weapon) else 1


def rapid_strike_penalty(c: Combatant, weapon: Weapon) -> int:
    """Each blow of a Rapid Strike: −6, halved to −3 by Trained by a Master (p.B93) or Weapon
    Master with that weapon (p.B99) (p.B370 "Rapid Strike")."""
    return RAPID_STRIKE_PENALTY // parry_penalty_divisor(c, weapon)


#: All-Out Attack options that hold for every blow of the maneuver (p.B365).
_EVERY_BLOW = frozenset({"determined", "strong", "long"})


def further_blows(
    c: Combatant, kind: str, option: str, settings: Settings
) -> list[tuple[str, bool]]:
    """The melee blows after the first of one maneuver, as (option, same foe only): Rapid
    Strike's second blow (p.B370), All-Out Attack (Double)'s second at the same foe (p.B365),
    then one per level of Extra Attack with Attack or All-Out Attack — at another foe in reach
    if the first is down — keeping Determined, Strong or Long (p.B53; with Move and Attack only
    under the setting ``extra_attack_move_and_attack``)."""
    blows: list[tuple[str, bool]] = []
    if kind == "attack" and option == RAPID_STRIKE:
        blows.append((RAPID_STRIKE, True))
    if kind == "all_out_attack" and option == "double":
        blows.append(("", True))
    extra = kind in ("attack", "all_out_attack") or (
        kind == "move_attack" and settings.extra_attack_move_and_attack
    )
    if extra and c.level("extra-attack"):
        keep = option if kind == "all_out_attack" and option in _EVERY_BLOW else ""
        blows.extend((keep, False) for _ in range(c.level("extra-attack")))
    return blows


def off_hand_penalty(c: Combatant, weapon: Weapon) -> int:
    """−4 for a one-handed attack with the off hand — the fist of the other hand once the
    weapon arm is crippled — unless Ambidextrous (p.B39; melee modifiers p.B548)."""
    if c.has("ambidexterity") or weapon.hands >= 2:
        return 0
    weapon_arm = (f"{c.side_hand} arm", f"{c.side_hand} hand")
    return OFF_HAND if any(part in c.crippled for part in weapon_arm) else 0


def sight_melee(c: Combatant, close: bool) -> int:
    """One Eye −1 (p.B147); Bad Sight, nearsighted −2 to every melee attack, farsighted −3 in
    close combat (p.B123; the trait's ``variant``, nearsighted by default)."""
    penalty = ONE_EYE_MELEE if c.has("one-eye") else 0
    if c.has("bad-sight"):
        if c.variants.get("bad-sight", "nearsighted") == "farsighted":
            penalty += FARSIGHTED_CLOSE if close else 0
        else:
            penalty += NEARSIGHTED_MELEE
    return penalty


def lame_penalty(c: Combatant, settings: Settings) -> int:
    """Lame (p.B141): the penalty of its variant (setting ``lame_skill_penalty``) to a melee
    weapon or unarmed attack, skills that need the legs; none to ranged attacks."""
    variant = c.variants.get("lame", "")
    if not c.has("lame") or variant not in LAME_VARIANTS:
        return 0
    return settings.lame_skill_penalty[LAME_VARIANTS.index(variant)]


def sight_ranged(c: Combatant, aimed: bool) -> int:
    """One Eye: −3 to a ranged attack without an Aim first (p.B147)."""
    return ONE_EYE_RANGED if c.has("one-eye") and not aimed else 0


def sight_distance(c: Combatant, distance: int, settings: Settings) -> int:
    """The distance a nearsighted shooter's range penalty is read at: twice the real one
    with the setting ``bad_sight_double_range`` (p.B123, doubtful), else the real one."""
    nearsighted = c.has("bad-sight") and c.variants.get("bad-sight") != "farsighted"
    return 2 * distance if nearsighted and settings.bad_sight_double_range else distance


def encumbrance_level(weight: float, lift_st: int) -> tuple[int, str, float]:
    """(level 0–4, name, Move multiplier) for ``weight`` lb carried at ST ``lift_st``: Basic
    Lift ST²/5, levels at 1/2/3/6/10 × Basic Lift (p.B15, B17; the sheet's own figures)."""
    return encumbrance(weight, basic_lift(lift_st))


def encumbrance_text(c: Combatant) -> str:
    """The GM's line for an encumbered combatant: weight, level, Move and Dodge (p.B17)."""
    name = ENCUMBRANCE[c.encumbrance][0]
    return (
        f"{c.name} carries {c.carried:g} lb: {name} encumbrance, Move {c.basic_move}, "
        f"Dodge −{c.encumbrance}"
    )
