"""Rolling attacks: to hit, damage, shooting and melee modifiers (seed 003 §6-§7, §9-§10)."""

from __future__ import annotations

from rules.engine.dice import Dice
from rules.engine.systems.massbattle import constants as C
from rules.engine.systems.massbattle.units import Unit

FACING_MULTIPLIER = {"front": 1, "left": 2, "right": 2, "rear": 3}


def dice_and_target(dice: int, needed: int) -> tuple[int, int]:
    """Needed above 6: roll half the dice rounded up, each 6 hits; a natural 1 always misses
    (seed 003 §6, §7)."""
    if needed > 6:
        return (dice + 1) // 2, 6
    return dice, max(2, needed)


def damage_target(defence: int, bonus: int) -> int | None:
    """Score to damage: De minus Piercing / Crushing Strength; above 6 cannot damage, a
    natural 1 always fails (seed 003 §6)."""
    needed = defence - bonus
    if needed > 6:
        return None
    return max(2, needed)


def shooting_modifiers(
    long_range: bool, cover: bool, moved: bool, individual: bool, indirect: bool = False
) -> int:
    """Each −1 to hit: long range, cover, moved, Individual target; Indirect Fire ignores
    range and cover (seed 003 §6, §10)."""
    penalty = int(moved) + int(individual)
    if not indirect:
        penalty += int(long_range) + int(cover)
    return penalty


def melee_modifiers(defended: bool, hindered: bool, phalanx_front: bool, fly: bool) -> int:
    """Each −1 to hit: Defended, Hindered charge, cavalry/Fly against a Phalanx front; Fly
    never suffers Defended or Hindered (seed 003 §5, §7, §9-§10)."""
    penalty = int(phalanx_front)
    if not fly:
        penalty += int(defended) + int(hindered)
    return penalty


def melee_dice(attacker: Unit, target: Unit, facing: str) -> int:
    """At, ×2 flank, ×3 rear, ×3 always against a war engine, no multiplier against an
    Individual; Phalanx adds +5 (+10 horde) after multiplying (seed 003 §7, §10)."""
    if target.individual:
        multiplier = 1
    elif target.unit_type == "war_engine":
        multiplier = 3
    else:
        multiplier = FACING_MULTIPLIER[facing]
    dice = attacker.at * multiplier
    if attacker.has("phalanx"):
        dice += 10 if attacker.is_horde else 5
    return dice


def roll_stage(dice: Dice, count: int, target: int, reroll_one: bool) -> int:
    """Successes among ``count`` D6 needing ``target``+; Elite may re-roll one failure, the
    second result stands (seed 003 §3 re-rolls, §9 Elite)."""
    if count <= 0:
        return 0
    rolls = dice.d6s(count)
    successes = sum(1 for r in rolls if r >= target)
    if reroll_one and successes < count and dice.d6() >= target:
        successes += 1
    return successes


def attack(
    dice: Dice,
    count: int,
    needed: int,
    defence: int,
    bonus: int,
    elite: bool,
    elite_one_total: bool = False,
) -> tuple[int, int]:
    """(hits, damage) of one attack: roll to hit, re-roll the hits to damage (seed 003 §6);
    ``elite_one_total`` is ``MassBattleSettings.elite_reroll_mode == "one_total"``."""
    count, hit_on = dice_and_target(count, needed)
    elite_hit = elite
    hits = roll_stage(dice, count, hit_on, elite_hit)
    dmg_on = damage_target(defence, bonus)
    if dmg_on is None or hits == 0:
        return hits, 0
    elite_dmg = elite and (not elite_one_total or hits == count)
    return hits, roll_stage(dice, hits, dmg_on, elite_dmg)


def fixed_attack(dice: Dice, count: int, defence: int, piercing: int) -> tuple[int, int]:
    """Spells and breath: n dice hitting on 4+ ignoring every modifier (seed 003 §9-§10)."""
    hits = sum(1 for r in dice.d6s(count) if r >= C.SPELL_HIT_ON)
    dmg_on = damage_target(defence, piercing)
    if dmg_on is None or hits == 0:
        return hits, 0
    return hits, sum(1 for r in dice.d6s(hits) if r >= dmg_on)


def animal_attack(
    dice: Dice, defence: int, piercing: int, reroll_failed_damage: bool, cap: int = 200
) -> int:
    """Throwing animals: five dice hit on 4+, then for each damage roll to hit and damage
    again, until any damage roll fails (seed 003 §9 mastiffs, sabre-toothed cat)."""
    dmg_on = damage_target(defence, piercing)
    if dmg_on is None:
        return 0
    total = 0
    attacks = C.ANIMAL_DICE
    while attacks > 0 and total < cap:
        hits = sum(1 for r in dice.d6s(attacks) if r >= C.SPELL_HIT_ON)
        if hits == 0:
            break
        rolls = dice.d6s(hits)
        if reroll_failed_damage:
            rolls = [r if r >= dmg_on else dice.d6() for r in rolls]
        dealt = sum(1 for r in rolls if r >= dmg_on)
        total += dealt
        if dealt < hits:
            break
        attacks = dealt
    return min(total, cap)
