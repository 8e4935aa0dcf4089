"""Active defences: Dodge, Parry, Block with their modifiers, retreat, All-Out Defense, and the
flank and rear limits of seed 004.

NOT IN SEED: GURPS 4e Basic Set rule for the formulas and modifiers (not in seed 004: GURPS Basic
Set, Active defences); the side
and rear rules are seed 004 "Defending against attacks from the side / behind" (seed 004 "Defending
against attacks from the side / behind").
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.engine.systems.hextactical import character
from rules.engine.systems.hextactical.combatant import Combatant, Weapon
from rules.engine.systems.hextactical.gmlog import Modifier
from rules.engine.systems.hextactical.settings import DEFAULT_SETTINGS, Settings
from rules.engine.systems.hextactical.tactics import DefenceAllowance, close_combat_weapon_ok
from rules.engine.systems.hextactical.trait_effects import parry_bonus, parry_penalty_divisor

RETREAT_DODGE = 3
RETREAT_FENCING_PARRY = 3
RETREAT_OTHER = 1
AOD_BONUS = 2
STUNNED_DEFENCE = -4
THROWN_PARRY = -1
UNARMED_PARRY = -3
POSTURE_DEFENCE: dict[str, int] = {
    "standing": 0,
    "crouching": 0,
    "kneeling": -2,
    "sitting": -2,
    "prone": -3,
}


@dataclass(slots=True, init=False)
class DefenceChoice:
    """One possible active defence: kind, final value (roll 3d6 ≤ value), retreat, weapon;
    never changed once made
    (``init=False`` and the ``__init__`` below: the compiled engine builds a class with its
    own ``__init__`` natively, a generated one through the interpreter, ~0.4 µs each)."""

    kind: str
    value: int
    retreat: bool
    weapon: str
    #: The named modifiers in ``value`` (its base is the rest), given only with ``explain``.
    parts: tuple[Modifier, ...]

    def __init__(
        self,
        kind: str,
        value: int,
        retreat: bool = False,
        weapon: str = "",
        parts: tuple[Modifier, ...] = (),
    ) -> None:
        self.kind = kind
        self.value = value
        self.retreat = retreat
        self.weapon = weapon
        self.parts = parts


def weapon_skill(c: Combatant, weapon: Weapon) -> int:
    """Weapon skill less 1 per point of ST below the weapon's minimum.
    NOT IN SEED: GURPS 4e Basic Set rule (not in seed 004: GURPS Basic Set, Melee attack roll)."""
    short = max(0, weapon.st_req - c.st)
    return weapon.skill - short


def melee_skills(c: Combatant) -> list[int]:
    """Skills of ``c``'s usable melee weapons (Fist included)."""
    return [weapon_skill(c, w) for w in c.weapons if w.melee and w.name not in c.broken]


def has_empty_hand(c: Combatant) -> bool:
    """A hand free to parry bare-handed: not both taken by the weapon in hand and a shield
    (GURPS 4e Basic Set p.B376 "Parrying": a parry needs a ready weapon or an empty hand)."""
    held = 0 if c.weapon.name == "Fist" else c.weapon.hands
    return held + (1 if c.shield is not None else 0) < 2


def dodge_value(c: Combatant) -> int:
    """Dodge + Combat Reflexes + Enhanced Dodge per level (p.B51) + shield DB (added by the
    caller) + posture + stun.
    NOT IN SEED: GURPS 4e Basic Set rule (not in seed 004: GURPS Basic Set, Active defences)."""
    value = c.dodge + (1 if c.has("combat-reflexes") else 0) + c.level("enhanced-dodge")
    value += POSTURE_DEFENCE.get(c.posture, 0)
    if c.stunned:
        value += STUNNED_DEFENCE
    return value


def parry_value(c: Combatant, weapon: Weapon) -> int:
    """3 + skill // 2 + parry modifier + Combat Reflexes + Enhanced Parry per level bought for
    this weapon's skill or for all (p.B51) + posture + stun.
    NOT IN SEED: GURPS 4e Basic Set rule (not in seed 004: GURPS Basic Set, Active defences)."""
    value = character.parry(weapon_skill(c, weapon), weapon.parry_mod or 0)
    value += (1 if c.has("combat-reflexes") else 0) + parry_bonus(c, weapon)
    value += POSTURE_DEFENCE.get(c.posture, 0)
    if c.stunned:
        value += STUNNED_DEFENCE
    return value


def block_value(c: Combatant, shield: Weapon) -> int:
    """3 + Shield skill // 2 + Combat Reflexes + Enhanced Block per level (p.B51) + posture
    + stun (DB added by the caller).
    NOT IN SEED: GURPS 4e Basic Set rule (not in seed 004: GURPS Basic Set, Active defences)."""
    value = character.block(shield.skill) + (1 if c.has("combat-reflexes") else 0)
    value += c.level("enhanced-block")
    value += POSTURE_DEFENCE.get(c.posture, 0)
    if c.stunned:
        value += STUNNED_DEFENCE
    return value


def defence_choices(
    c: Combatant,
    allowance: DefenceAllowance,
    *,
    ranged: bool,
    thrown: bool,
    can_retreat: bool,
    in_close_combat: bool,
    settings: Settings = DEFAULT_SETTINGS,
    retreated: bool = False,
    explain: bool = False,
) -> list[DefenceChoice]:
    """Every defence ``c`` may try against one attack, best first.

    No defence after All-Out Attack; after Move and Attack Dodge or Block only; All-Out
    Defense (Increased Defense) +2 to the chosen kind; retreat +3 Dodge, +3 Parry with a
    fencing weapon, +1 other Parry/Block; repeated parries with one weapon −4 each (half that
    with a fencing weapon); one block per turn; an unbalanced (U) weapon that attacked since
    one's last turn cannot parry (p.B269); a pop-up attacker may only Dodge (seed 004
    "Pop-up attacks"); ``retreated``: one already retreated from this attacker and keeps the
    bonus (p.B377); in close combat only
    reach-C weapons parry; a bare-hand parry needs an empty hand (p.B376); arrows and bolts
    cannot be parried, thrown weapons at −1. With ``explain`` (the log records) each choice
    names its modifiers.
    NOT IN SEED: GURPS 4e Basic Set rule (not in seed 004: GURPS Basic Set, Maneuvers, Active
    defences), side/rear limits seed 004.
    """
    if c.no_defence or c.status != "fighting":
        return []
    shield_db = c.shield.db if c.shield is not None and allowance.block is not None else 0
    retreat_ok = can_retreat and (retreated or c.retreats < settings.retreats_per_turn)
    if c.maneuver == "move_attack" and not settings.move_and_attack_allows_retreat:
        retreat_ok = False
    choices: list[DefenceChoice] = []

    def add(
        kind: str,
        base: int,
        modifier: int,
        weapon: str = "",
        fencing: bool = False,
        named: tuple[Modifier, ...] = (),
    ) -> None:
        aod = AOD_BONUS if c.aod_defence == kind else 0
        value = base + modifier + shield_db + aod
        parts = (*named, ("shield DB", shield_db), ("All-Out Defense", aod)) if explain else ()
        choices.append(DefenceChoice(kind, value, False, weapon, parts))
        if retreat_ok:
            bonus = RETREAT_DODGE if kind == "dodge" else RETREAT_OTHER
            if kind == "parry" and fencing:
                bonus = RETREAT_FENCING_PARRY
            retreat = (*parts, ("retreat", bonus)) if explain else ()
            choices.append(DefenceChoice(kind, value + bonus, True, weapon, retreat))

    if allowance.dodge is not None:
        add("dodge", dodge_value(c), allowance.dodge, named=(("flank", allowance.dodge),))
    parry_ok = allowance.parry is not None and c.maneuver != "move_attack" and not c.dodge_only
    if parry_ok and allowance.parry is not None and (not ranged or thrown):
        for weapon in c.weapons:
            if not weapon.melee or weapon.parry_mod is None or weapon.name in c.broken:
                continue
            if (weapon is not c.weapon or not c.weapon_ready) and weapon.name != "Fist":
                continue
            if weapon.name == "Fist" and not has_empty_hand(c):
                continue
            if in_close_combat and not close_combat_weapon_ok(weapon.reaches):
                continue
            if weapon.unbalanced and c.attacked_with == weapon.name:
                continue  # U: no parry after attacking with it this turn (Basic Set p.B269)
            per_parry = settings.repeated_parry_penalty // (2 if weapon.fencing else 1)
            # halved (towards 0) by Weapon Master (p.B99) or Trained by a Master (p.B93)
            per_parry = -(-per_parry // parry_penalty_divisor(c, weapon))
            repeated = c.parries.get(weapon.name, 0) * per_parry
            thrown_parry = THROWN_PARRY if ranged else 0
            bare = UNARMED_PARRY if weapon.name == "Fist" else 0
            named: tuple[Modifier, ...] = ()
            if explain:
                named = (
                    ("flank", allowance.parry),
                    ("repeated parry", repeated),
                    ("thrown weapon", thrown_parry),
                    ("bare hand", bare),
                )
            add(
                "parry",
                parry_value(c, weapon),
                allowance.parry + repeated + thrown_parry + bare,
                weapon.name,
                weapon.fencing,
                named,
            )
    if allowance.block is not None and c.shield is not None and not c.blocked and not c.dodge_only:
        add("block", block_value(c, c.shield), allowance.block, named=(("flank", allowance.block),))
    choices.sort(key=lambda d: (-d.value, d.retreat, d.kind))
    return choices
