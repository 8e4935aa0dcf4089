"""Grimdark dice tables: to hit, to wound, saves, instant death, vehicle damage.

Each function states one rule and cites the seed page marker (seed 000 [n]) or says
"NOT IN SEED" with the published 4th-edition rule it follows.
"""

from __future__ import annotations

from functools import lru_cache

# Doubtful digest points become named settings (PREAMBLE): the chosen reading and its
# alternative are documented here and in docs/rules/grimdark.md.

RENDING_ON_TO_HIT = True
"""Seed 000 [32][46]: rending triggers on a to-hit roll of 6. Alternative (issue wording,
later editions): a to-wound roll of 6. Set False to use the to-wound 6."""

GETS_HOT_ON_SHOTS_FIRED = True
"""Seed 000 [30]: a weapon firing N shots overheats on to-hit rolls ≤ N (the seed's "2 shots
overheat on 1 or 2"); each such die is a separate test. Alternative: only natural 1s."""

GETS_HOT_ON_REROLLS = False
"""Seed 000 [30] is silent on twin-linked weapons that get hot: we check the to-hit dice as
first rolled, before the twin-linked re-roll of misses. Alternative (True): a re-rolled die
that comes up in the overheat range overheats as well."""

DANGEROUS_TERRAIN_ARMOUR_SAVE = True
"""Seed 000 [17] is silent on saves against the dangerous terrain wound; we allow the armour
save (as for Gets Hot). Alternative: no save."""

LOSER_BELOW_HALF_LD_PENALTY = 1
"""NOT IN SEED ≈ (4e pp.47-49): the losing unit tests at Ld −1 when below half strength.
Set 0 for an unmodified test."""

NO_RETREAT_WOUNDS = True
"""NOT IN SEED ≈ (4e pp.74-76): a Fearless loser suffers extra saveable wounds equal to the
wound difference instead of testing. Set False to simply ignore the loss."""

SNIPER_PENETRATION_BASE = 0
"""Seed 000 [32]: a sniper rolls 2D6 for armour penetration but the seed gives no strength
to add; we add 0. Alternative: add the weapon's S if it has one."""


def to_hit_shooting(bs: int) -> int | None:
    """Shooting to hit needs max(2, 7 − BS); a natural 1 always misses (seed 000 [22])."""
    if bs <= 0:
        return None
    return 7 - bs if bs < 5 else 2  # max(2, 7 - bs), without the call


def to_hit_close_combat(attacker_ws: int, defender_ws: int) -> int:
    """WS vs WS: 3+ if higher, 4+ up to double, 5+ beyond (seed 000 [40], chart NOT IN SEED
    but the published 4e table)."""
    if attacker_ws > defender_ws:
        return 3
    if defender_ws <= 2 * attacker_ws:
        return 4
    return 5


def to_wound(strength: int, toughness: int) -> int | None:
    """S vs T to-wound roll; None when it cannot wound (seed 000 [23]; chart NOT IN SEED,
    the published 4e table)."""
    diff = strength - toughness
    if diff >= 2:
        return 2
    if diff == 1:
        return 3
    if diff == 0:
        return 4
    if diff == -1:
        return 5
    if diff >= -3:
        return 6
    return None


def armour_save_allowed(ap: int | None, save: int | None) -> bool:
    """AP ≤ the save's number denies it; AP "–" (None) never does (seed 000 [24])."""
    if save is None or save > 6:
        return False
    return ap is None or ap > save


@lru_cache(maxsize=1024)  # pure and asked the same few questions all battle long
def best_save(
    save: int | None,
    ap: int | None,
    cover: int | None = None,
    invulnerable: int | None = None,
    ignore_armour: bool = False,
    armour_cap: int | None = None,
) -> int | None:
    """The one save a model takes: best of armour (if AP allows), cover (AP never affects
    it) and invulnerable (always allowed) (seed 000 [24][25]); a cover save is never better
    than 2+ (seed 000 [25]). ``armour_cap`` is the heavy-CCW 4+ limit (seed 000 [46])."""
    options: list[int] = []
    if save is not None and not ignore_armour and armour_save_allowed(ap, save):
        options.append(max(save, armour_cap) if armour_cap else save)
    if cover is not None:
        options.append(max(2, cover))
    if invulnerable is not None:
        options.append(invulnerable)
    valid = [s for s in options if s <= 6]
    return min(valid) if valid else None


def instant_death(strength: int, toughness: int) -> bool:
    """An unsaved wound with S ≥ 2 × T kills the model outright (seed 000 [27])."""
    return strength >= 2 * toughness


def passes_leadership(roll: int, leadership: int) -> bool:
    """Leadership test: 2D6 ≤ Ld passes (seed 000 [13])."""
    return roll <= leadership


def passes_morale(roll: int, leadership: int) -> bool:
    """Morale check: 2D6 ≤ modified Ld; a roll of 2 always passes (NOT IN SEED: published 4e
    p.47)."""
    return roll == 2 or roll <= leadership


def penetration_result(roll_total: int, armour: int, lance: bool = False) -> str | None:
    """Armour penetration: total = AV is glancing, above is penetrating; a lance treats AV
    above 12 as 12 (NOT IN SEED: published 4e p.60; lance seed 000 [32])."""
    if lance:
        armour = min(armour, 12)
    if roll_total > armour:
        return "penetrating"
    if roll_total == armour:
        return "glancing"
    return None


GLANCING_TABLE: dict[int, str] = {
    1: "shaken",
    2: "stunned",
    3: "weapon_destroyed",
    4: "immobilised",
    5: "immobilised",
    6: "destroyed",
}
"""NOT IN SEED ≈ (4e pp.58-73): glancing hit damage by D6 (5 read as immobilised)."""

PENETRATING_TABLE: dict[int, str] = {
    1: "stunned",
    2: "weapon_destroyed",
    3: "immobilised",
    4: "destroyed",
    5: "destroyed",
    6: "explodes",
}
"""NOT IN SEED ≈ (4e pp.58-73): penetrating hit damage by D6."""


ORDNANCE_PENETRATING_TABLE: dict[int, str] = {
    1: "stunned",
    2: "weapon_destroyed",
    3: "immobilised",
    4: "destroyed",
    5: "explodes",
    6: "explodes",
}
"""NOT IN SEED ≈ (4e pp.58-73, published p.61 "Ordnance Penetrating Hit" table): an ordnance
hit that penetrates rolls its D6 on this harsher table instead of the penetrating one; a
glancing ordnance hit uses the glancing table. The digest (§36.6) says only "ordnance
penetrating hits use a harsher table"; the published rows were not found with the
``search`` tool (queries "40k 4th edition ordnance penetrating hit table" and the like, in
"pages" and "docs"), so the rows are a veteran's reading of the 4e table: 1 crew stunned,
2 weapon destroyed, 3 immobilised, 4 destroyed (wreck), 5 explodes, 6 annihilated, which
is played as explodes (the vehicle leaves no wreck and hits the models within D6").
``Settings.ordnance_damage_table`` False plays the penetrating table for ordnance too."""


def vehicle_damage(kind: str, roll: int, open_topped: bool = False, ordnance: bool = False) -> str:
    """Vehicle damage result for a glancing or penetrating hit; open-topped +1 (NOT IN
    SEED ≈: published 4e p.61); a penetrating ``ordnance`` hit reads
    :data:`ORDNANCE_PENETRATING_TABLE`."""
    value = min(6, roll + (1 if open_topped else 0))
    if kind == "glancing":
        return GLANCING_TABLE[value]
    return (ORDNANCE_PENETRATING_TABLE if ordnance else PENETRATING_TABLE)[value]


def close_combat_hit_on_vehicle(moved: float) -> int:
    """Assaulting a vehicle: auto-hit if it did not move, 4+ if it moved ≤ 6", 6 beyond
    (NOT IN SEED ≈: published 4e p.63). Returns the D6 needed (1 = automatic)."""
    if moved <= 0.0:
        return 1
    if moved <= 6.0:
        return 4
    return 6
