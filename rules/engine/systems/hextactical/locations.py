"""Hit locations of a humanoid: the 3d6 table, the penalty to aim at each, and what a hit
there does (GURPS 4e Basic Set pp.B398–400 "Hit Location"; NOT IN SEED: GURPS 4e Basic Set
rule, seed 004 plays every hit on the torso).

An attack strikes the torso unless it is aimed elsewhere (B398); the setting
``hit_locations`` (``settings.py``) also offers the random 3d6 location for unaimed attacks
and "torso only".
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.engine.dice import Dice
from rules.engine.systems.hextactical.damage import WOUNDING

TORSO = "torso"
VITALS = "vitals"
SKULL = "skull"
FACE = "face"
NECK = "neck"
EYES = "eyes"
GROIN = "groin"

#: Damage types that pierce or impale (B399 vitals ×3, limbs ×1, eyes only).
PIERCING = frozenset({"imp", "pi-", "pi", "pi+", "pi++"})


@dataclass(frozen=True, slots=True)
class Location:
    """One hit location: ``penalty`` to aim at it, ``extra_dr`` (the skull's own DR 2),
    ``armoured`` when torso armour covers it, ``cripple_divisor`` (HP/2 a limb, HP/3 a hand or
    foot; 0 = cannot be crippled), ``knockdown`` modifier to the knockdown roll (B399–400)."""

    name: str
    penalty: int
    extra_dr: int = 0
    armoured: bool = False
    cripple_divisor: int = 0
    knockdown: int = 0


LOCATIONS: dict[str, Location] = {
    loc.name: loc
    for loc in (
        Location(TORSO, 0, armoured=True),
        Location(VITALS, -3, armoured=True, knockdown=-5),
        Location(GROIN, -3, armoured=True, knockdown=-5),
        Location(SKULL, -7, extra_dr=2, knockdown=-10),
        Location(FACE, -5, knockdown=-5),
        Location(NECK, -5),
        Location(EYES, -9, knockdown=-10),
        Location("right arm", -2, cripple_divisor=2),
        Location("left arm", -2, cripple_divisor=2),
        Location("right leg", -2, cripple_divisor=2),
        Location("left leg", -2, cripple_divisor=2),
        Location("right hand", -4, cripple_divisor=3),
        Location("left hand", -4, cripple_divisor=3),
        Location("right foot", -4, cripple_divisor=3),
        Location("left foot", -4, cripple_divisor=3),
    )
}

#: 3d6 → location (B398 table); "hand" and "foot" take a side from a further 1d (1–3 right).
RANDOM_TABLE: dict[int, str] = {
    3: SKULL,
    4: SKULL,
    5: FACE,
    6: "right leg",
    7: "right leg",
    8: "right arm",
    9: TORSO,
    10: TORSO,
    11: GROIN,
    12: "left arm",
    13: "left leg",
    14: "left leg",
    15: "hand",
    16: "foot",
    17: NECK,
    18: NECK,
}


def random_location(dice: Dice) -> tuple[str, list[int]]:
    """Roll the B398 table: the location and the dice rolled (a hand or foot's side by 1d)."""
    roll = dice.three_d6()
    name = RANDOM_TABLE[roll]
    if name in ("hand", "foot"):
        side = dice.d6()
        return f"{'right' if side <= 3 else 'left'} {name}", [roll, side]
    return name, [roll]


def wounding_multiplier(location: str, kind: str) -> float:
    """The wounding multiplier of ``kind`` damage at ``location`` (B399–400): vitals ×3 for
    impaling and piercing; skull and eyes ×4 (not toxic); neck ×1.5 crushing and corrosion,
    ×2 cutting; face ×1.5 corrosion; limbs, hands and feet ×1 for impaling, pi+ and pi++."""
    base = WOUNDING[kind]
    if location == VITALS and kind in PIERCING:
        return 3.0
    if location in (SKULL, EYES) and kind != "tox":
        return 4.0
    if location == NECK:
        return {"cr": 1.5, "cor": 1.5, "cut": 2.0}.get(kind, base)
    if location == FACE and kind == "cor":
        return 1.5
    if LOCATIONS[location].cripple_divisor and kind in ("imp", "pi+", "pi++"):
        return 1.0
    return base


def location_dr(location: str, torso_dr: int) -> int:
    """DR at ``location``: the torso armour where it covers, plus the skull's own DR 2
    (B399; the sample armours are vests, coats and cuirasses, B283)."""
    loc = LOCATIONS[location]
    return (torso_dr if loc.armoured else 0) + loc.extra_dr


def cripple(location: str, injury: int, hp_max: int) -> tuple[int, bool]:
    """Injury a limb or extremity takes from one hit and whether it is crippled: more than
    HP/2 (a limb) or HP/3 (a hand or foot) cripples it, and injury beyond that is lost
    (B399–400 "Limbs", "Extremities"; B420 "Crippling Injury")."""
    divisor = LOCATIONS[location].cripple_divisor
    if not divisor:
        return injury, False
    threshold = hp_max // divisor
    if injury > threshold:
        return threshold + 1, True
    return injury, False


def aim_penalty(location: str) -> int:
    """The penalty to hit an aimed ``location`` ("" = the torso, no penalty; B398)."""
    return LOCATIONS[location].penalty if location else 0


def struck_location(dice: Dice, aimed: str, mode: str) -> tuple[str, list[int]]:
    """Where a hit lands: the aimed location, else the torso, or with ``mode`` "random" the
    3d6 table for an unaimed attack; "torso" = every hit on the torso (setting
    ``hit_locations``)."""
    if mode == "torso":
        return TORSO, []
    if aimed:
        return aimed, []
    if mode == "random":
        return random_location(dice)
    return TORSO, []


def may_aim_at(location: str, kind: str) -> bool:
    """Eyes can be hit only by impaling and piercing attacks (B399 "Eyes")."""
    return location != EYES or kind in PIERCING
