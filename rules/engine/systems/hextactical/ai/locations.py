"""Where the policy aims a blow or a shot: the hit location with the best expected injury,
the chance to hit at its penalty times its wounding multiplier times the damage that gets
through its DR (engine estimate; the locations are GURPS 4e Basic Set pp.B398–400)."""

from __future__ import annotations

from functools import lru_cache

from rules.engine.systems.hextactical.damage import DamageDice
from rules.engine.systems.hextactical.locations import (
    EYES,
    FACE,
    LOCATIONS,
    NECK,
    SKULL,
    TORSO,
    VITALS,
    location_dr,
    may_aim_at,
    wounding_multiplier,
)
from rules.engine.systems.hextactical.rolls import success_probability

#: The locations the policy weighs, the torso first so that a tie keeps it.
AIM_CHOICES = (TORSO, VITALS, NECK, FACE, SKULL, EYES)


@lru_cache(maxsize=64)
def _hit_chance(skill: int) -> float:
    return float(success_probability(skill))


@lru_cache(maxsize=1024)
def aim_location(skill: int, damage: DamageDice, target_dr: int) -> str:
    """The location worth aiming at with ``skill`` and ``damage`` against torso armour
    ``target_dr`` ("" = the torso): vitals with an impaling or piercing weapon when skill
    allows, the unarmoured neck or face against a heavy cuirass, the skull or even the eyes
    with skill to spare."""
    mean = damage.dice * 3.5 + damage.adds
    best, best_value = TORSO, 0.0
    for location in AIM_CHOICES:
        if not may_aim_at(location, damage.kind):
            continue
        through = mean - location_dr(location, target_dr)
        if through <= 0:
            continue
        chance = _hit_chance(skill + LOCATIONS[location].penalty)
        value = chance * wounding_multiplier(location, damage.kind) * through
        if value > best_value:
            best, best_value = location, value
    return "" if best == TORSO else best
