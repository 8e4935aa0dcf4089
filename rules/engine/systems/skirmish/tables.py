"""The dice tables of the skirmish (Mordheim) system as functions and module-level data.

Close-combat tables come from seed 001 (seed 001 "Hitting the enemy", "Rolling to wound", "Armour");
shooting, injury and critical
tables are the published Mordheim rules (not in seed 001: published Mordheim rules, Shooting,
Critical hits, Injuries) and say so.
"""

from __future__ import annotations

LEFTOVER_ROLLED = "rolled"
"""Leftover attacks are rolled with the rest (``SkirmishSettings.leftover_attacks``)."""
LEFTOVER_LOST = "lost"
"""Leftover attacks are lost once the target is down (``SkirmishSettings.leftover_attacks``)."""
SEVEN_PLUS_SIX_THEN = "six_then"
"""A shot needing 7-9 hits on a 6 then 4+/5+/6 (``SkirmishSettings.seven_plus_to_hit``)."""
SEVEN_PLUS_IMPOSSIBLE = "impossible"
"""A shot needing more than 6 cannot hit (``SkirmishSettings.seven_plus_to_hit``)."""

CRITICAL_RESULTS: tuple[tuple[str, int, bool, int], ...] = (
    # (name, wounds, ignores_armour, injury_bonus) for critical D6 1-2, 3-4, 5-6
    ("vital_part", 2, False, 0),
    ("exposed_spot", 2, True, 0),
    ("master_strike", 2, True, 2),
)
"""NOT IN SEED: published Mordheim critical table (not in seed 001: published Mordheim rules,
Critical hits). Alternative reading of
some rulebook printings: exposed spot and master strike cause 1 wound; change the wounds
column to switch."""

KNOCKED_DOWN = "knocked_down"
STUNNED = "stunned"
OUT_OF_ACTION = "out_of_action"
STANDING = "standing"
SEVERITY: dict[str, int] = {STANDING: 0, KNOCKED_DOWN: 1, STUNNED: 2, OUT_OF_ACTION: 3}


def melee_to_hit(attacker_ws: int, target_ws: int) -> int:
    """Lowest D6 that hits in close combat: WS above target 3+, up to double 4+, else 5+
    (seed 001 §4 to-hit table)."""
    if attacker_ws > target_ws:
        return 3
    if target_ws <= 2 * attacker_ws:
        return 4
    return 5


def to_wound(strength: int, toughness: int) -> int | None:
    """Lowest D6 that wounds; None for '-' (seed 001 §7 to-wound table)."""
    d = strength - toughness
    if d >= 2:
        return 2
    if d == 1:
        return 3
    if d == 0:
        return 4
    if d == -1:
        return 5
    if d >= -3:
        return 6
    return None


def strength_save_modifier(strength: int) -> int:
    """How many points a save worsens by the attacker's Strength: S1-3 none, S4 -1 … S9 -6
    (seed 001 §8 save modifier table; above S9 continues the pattern)."""
    return max(0, strength - 3)


def save_needed(base_save: int | None, strength: int, extra_modifier: int = 0) -> int | None:
    """D6 needed to save a wound, or None when no save is possible (seed 001 §8; a modified
    save worse than 6+ is no save, seed 001 "Armour")."""
    if base_save is None:
        return None
    needed = base_save + strength_save_modifier(strength) + extra_modifier
    return needed if needed <= 6 else None


def shooting_to_hit(bs: int, modifier: int) -> int:
    """Score needed to hit with a missile (7+ means a 6 then a further roll): 7 − BS, with
    modifiers subtracted (NOT IN SEED: published Mordheim rule, not in seed 001: published Mordheim
    rules, Shooting)."""
    return 7 - bs - modifier


def shooting_hit_probability_parts(
    needed: int, natural_one_misses: bool = True, seven_plus: str = SEVEN_PLUS_SIX_THEN
) -> tuple[int, int | None]:
    """(first die needed, follow-up die needed or None): 7 → 6 then 4+, 8 → 6 then 5+,
    9 → 6 then 6, 10+ → impossible marked (7, None) (NOT IN SEED: not in seed 001: published
    Mordheim rules, Shooting, uncertain;
    ``seven_plus`` "impossible" makes every score above 6 impossible). ``natural_one_misses``
    and ``seven_plus`` are ``SkirmishSettings.natural_one_always_misses_shooting`` and
    ``SkirmishSettings.seven_plus_to_hit``."""
    if needed <= 6:
        floor = 2 if natural_one_misses else 1
        return max(needed, floor), None
    if needed <= 9 and seven_plus == SEVEN_PLUS_SIX_THEN:
        return 6, needed - 3
    return 7, None


def injury_result(roll: int, concussion: bool = False) -> str:
    """Injury D6: 1-2 knocked down, 3-4 stunned, 5-6 out of action; a concussion weapon
    (mace, hammer) makes 2-4 stunned (NOT IN SEED: published Mordheim rule, not in seed 001:
    published Mordheim rules, Injuries)."""
    if roll >= 5:
        return OUT_OF_ACTION
    if roll >= 3 or (concussion and roll == 2):
        return STUNNED
    return KNOCKED_DOWN


def critical_result(roll: int) -> tuple[str, int, bool, int]:
    """Critical hit D6 → (name, wounds, ignores armour, injury bonus) (NOT IN SEED: published
    Mordheim rule, not in seed 001: published Mordheim rules, Critical hits)."""
    return CRITICAL_RESULTS[(roll - 1) // 2]


def leadership_passed(roll_2d6: int, leadership: int) -> bool:
    """A Leadership test passes on 2D6 ≤ Ld (NOT IN SEED: published Mordheim rule, §15.6)."""
    return roll_2d6 <= leadership


def rout_test_required(out_of_action: int, warband_size: int) -> bool:
    """A rout test is due when 25% or more of the warband is out of action (NOT IN SEED:
    published Mordheim rule, not in seed 001: published Mordheim rules, Leadership & psychology)."""
    return warband_size > 0 and out_of_action * 4 >= warband_size
