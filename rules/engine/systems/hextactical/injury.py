"""Injury: HP loss, shock, major wounds, knockdown and stun, consciousness and death checks.

NOT IN SEED: GURPS 4e Basic Set rule — the seed (004) leaves injury to the basic combat
chapter; the digest's §19.14–19.16 gives it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rules.engine.dice import Dice
from rules.engine.systems.hextactical.gmlog import breakdown, roll_text
from rules.engine.systems.hextactical.rolls import success_roll

SHOCK_CAP = 4
KNOCKDOWN_HPT_BONUS = 3
DEATH_MULTIPLES = (1, 2, 3, 4)
AUTO_DEATH_MULTIPLE = 5


def shock_penalty(injury: int, hp_max: int, traits: tuple[str, ...] = ()) -> int:
    """Shock from one injury (positive number, applied as a minus next turn): 1 per HP, at most
    4; per full HP/10 when HP ≥ 20; none with High Pain Threshold, doubled with Low.
    NOT IN SEED: GURPS 4e Basic Set rule (not in seed 004: GURPS Basic Set, Shock)."""
    if injury <= 0 or "high-pain-threshold" in traits:
        return 0
    per = injury if hp_max < 20 else injury // max(1, hp_max // 10)
    if "low-pain-threshold" in traits:
        return min(2 * SHOCK_CAP, 2 * per)
    return min(SHOCK_CAP, per)


def is_major_wound(injury: int, hp_max: int) -> bool:
    """A single injury of more than HP/2. NOT IN SEED: GURPS 4e Basic Set rule (§19.15.1)."""
    return injury > hp_max / 2


def consciousness_modifier(hp: int, hp_max: int) -> int:
    """HT modifier for the roll at 0 HP or below: −1 per full multiple of HP below zero.
    NOT IN SEED: GURPS 4e Basic Set rule (not in seed 004: GURPS Basic Set, Low and negative HP)."""
    if hp > 0:
        return 0
    return -((-hp) // hp_max)


def death_thresholds_crossed(old_hp: int, new_hp: int, hp_max: int) -> list[int]:
    """Multiples of −HP (1–4) crossed by going from ``old_hp`` to ``new_hp``: one death check
    each. NOT IN SEED: GURPS 4e Basic Set rule (not in seed 004: GURPS Basic Set, Low and negative
    HP)."""
    return [m for m in DEATH_MULTIPLES if new_hp <= -m * hp_max < old_hp]


def automatically_dead(hp: int, hp_max: int) -> bool:
    """−5×HP or below: dead. NOT IN SEED: GURPS 4e Basic Set rule (not in seed 004: GURPS Basic Set,
    Low and negative HP)."""
    return hp <= -AUTO_DEATH_MULTIPLE * hp_max


@dataclass(slots=True)
class InjuryOutcome:
    """What one injury did: shock, major wound, knockdown/stun, unconscious, dead."""

    injury: int
    shock: int = 0
    major: bool = False
    knocked_down: bool = False
    stunned: bool = False
    unconscious: bool = False
    dead: bool = False
    mortal: bool = False
    rolls: list[int] = field(default_factory=list)
    #: each roll as a GM reads it (target, modifiers, outcome), kept only with ``log``
    checks: list[str] = field(default_factory=list)


def knockdown_check(
    dice: Dice,
    ht: int,
    traits: tuple[str, ...],
    outcome: InjuryOutcome,
    modifier: int = 0,
    log: bool = False,
) -> None:
    """After a major wound: HT roll (+3 High Pain Threshold, ``modifier`` for the location:
    −5 face, vitals, groin, −10 skull or eye, GURPS 4e Basic Set p.B420); failure = stunned
    and knocked down; failure by 5+ or a critical failure = unconscious.
    NOT IN SEED: GURPS 4e Basic Set rule (not in seed 004: GURPS Basic Set, Major wounds, knockdown
    and stun)."""
    bonus = KNOCKDOWN_HPT_BONUS if "high-pain-threshold" in traits else 0
    result = success_roll(dice, ht + bonus + modifier)
    outcome.rolls.append(result.roll)
    if log:
        mods = [("High Pain Threshold", bonus), ("hit location", modifier)]
        said = "stays up" if result.success else "knocked down, stunned"
        if not result.success and (result.margin <= -5 or result.critical):
            said = "knocked out"
        outcome.checks.append(
            "knockdown " + roll_text(breakdown("HT", ht, mods), result.roll, said)
        )
    if result.success:
        return
    outcome.knocked_down = True
    outcome.stunned = True
    if result.margin <= -5 or result.critical:
        outcome.unconscious = True


def resolve_injury(
    dice: Dice,
    *,
    injury: int,
    old_hp: int,
    hp_max: int,
    ht: int,
    traits: tuple[str, ...],
    force_major: bool = False,
    shock_multiplier: int = 1,
    critical_kills: bool = False,
    knockdown_modifier: int = 0,
    hard_to_kill: int = 0,
    knockdown: bool = True,
    log: bool = False,
) -> InjuryOutcome:
    """Consequences of ``injury`` to someone who had ``old_hp``: shock, knockdown after a
    major wound, a death check at each multiple of −HP crossed, automatic death at −5×HP. A
    death check failed by 1 or 2 leaves him mortally wounded (GURPS 4e Basic Set p.B423), also
    on a critical failure unless ``critical_kills`` (the setting
    ``death_check_critical_kills``); Hard to Kill adds its level to each death check (p.B58);
    no knockdown roll when ``knockdown`` is False (a berserker, p.B124); with ``log`` each roll's
    target and outcome goes to ``checks`` for the GM log.
    NOT IN SEED: GURPS 4e Basic Set rule (not in seed 004: GURPS Basic Set, Shock, Major wounds,
    knockdown and stun, Low and negative HP)."""
    outcome = InjuryOutcome(injury)
    if injury <= 0:
        return outcome
    new_hp = old_hp - injury
    outcome.shock = min(2 * SHOCK_CAP, shock_penalty(injury, hp_max, traits) * shock_multiplier)
    outcome.major = force_major or is_major_wound(injury, hp_max)
    if automatically_dead(new_hp, hp_max):
        outcome.dead = True
        return outcome
    for _ in death_thresholds_crossed(old_hp, new_hp, hp_max):
        result = success_roll(dice, ht + hard_to_kill)
        outcome.rolls.append(result.roll)
        mortal = result.margin >= -2 and not (critical_kills and result.critical)
        if log:
            said = "lives" if result.success else "mortally wounded" if mortal else "dies"
            parts = breakdown("HT", ht, [("Hard to Kill", hard_to_kill)])
            outcome.checks.append("death check " + roll_text(parts, result.roll, said))
        if not result.success:
            if mortal:
                outcome.mortal = True
                outcome.unconscious = True
            else:
                outcome.dead = True
                return outcome
    if outcome.major and knockdown:
        knockdown_check(dice, ht, traits, outcome, knockdown_modifier, log)
    return outcome


def consciousness_check(
    dice: Dice, hp: int, hp_max: int, ht: int, hard_to_subdue: int = 0
) -> tuple[bool, int]:
    """At 0 HP or below, an HT roll at the start of each turn (−1 per full multiple of HP below
    zero, + Hard to Subdue's level, p.B59); failure = unconscious. Returns (stays conscious,
    roll).
    NOT IN SEED: GURPS 4e Basic Set rule (not in seed 004: GURPS Basic Set, Low and negative HP)."""
    result = success_roll(dice, ht + consciousness_modifier(hp, hp_max) + hard_to_subdue)
    return result.success, result.roll


def stun_recovery(dice: Dice, ht: int) -> tuple[bool, int]:
    """A stunned combatant rolls HT at the end of each turn; success = acts normally next turn.
    NOT IN SEED: GURPS 4e Basic Set rule (not in seed 004: GURPS Basic Set, Major wounds, knockdown
    and stun)."""
    result = success_roll(dice, ht)
    return result.success, result.roll
