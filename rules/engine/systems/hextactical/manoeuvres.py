"""Evade (passing through a foe's hex), All-Out Attack's forward move and its options Feint
and Long.

Pure functions of plain values; ``movement.py`` and ``melee.py`` apply them and ``ai``
decides when to use them. The hex rules are seed 004 "Entering an enemy's hex" (digest
§15.4–15.7, §15.10); the contests and modifiers are NOT IN SEED: GURPS 4e Basic Set rule
(not in seed 004: GURPS Basic Set, Success rolls, Maneuvers, Evade and slam).
"""

from __future__ import annotations

from collections.abc import Iterable

from rules.engine import hexgrid
from rules.engine.hexgrid import Hex
from rules.engine.systems.hextactical.damage import DamageDice
from rules.engine.systems.hextactical.rolls import ContestResult
from rules.engine.systems.hextactical.settings import DEFAULT_SETTINGS, Settings

#: Evade: modifier to the mover's DX by the foe's posture. Basic Set "Evading" lists standing
#: −5, kneeling −2 and lying down +5; crouching counts as standing and sitting as kneeling
#: (engine reading, not in the book).
EVADE_POSTURE: dict[str, int] = {
    "standing": -5,
    "crouching": -5,
    "kneeling": -2,
    "sitting": -2,
    "prone": 5,
}
#: Evade: modifier by the foe's arc the mover comes from (side +2, behind +5).
EVADE_ARC: dict[str, int] = {"front": 0, "side": 2, "rear": 5}
# : Maneuvers during which a mover may Evade (not in seed 004: GURPS Basic Set, Evade and slam:
# Move, Move and Attack).
EVADE_MANEUVERS: tuple[str, ...] = ("move", "move_attack")
#: All-Out Attack (Long): reach added to the weapon's reach.
LONG_REACH_BONUS = 1
#: Postures whose body blocks a Long attack past them (published option: standing, crouching).
LONG_BLOCKING_POSTURES: tuple[str, ...] = ("standing", "crouching")


def evade_allowed(maneuver: str) -> bool:
    """Only Move and Move and Attack let a mover pass through a foe's hex by Evading; a step
    or All-Out Attack only enters it (seed 004 "Entering an enemy's hex" §15.4; digest
    §19.17, uncertain)."""
    return maneuver in EVADE_MANEUVERS


def evade_modifier(foe_posture: str, arc_from_foe: str) -> int:
    """Evade modifiers: −5 foe standing, −2 kneeling, +5 lying down; +2 coming from his side,
    +5 from behind (NOT IN SEED: GURPS 4e Basic Set rule "Evading", not in seed 004: GURPS Basic
    Set, Evade and slam lists the
    modifiers as uncertain)."""
    return EVADE_POSTURE.get(foe_posture, EVADE_POSTURE["standing"]) + EVADE_ARC.get(
        arc_from_foe, 0
    )


def evade_skill(dx: int, skills: dict[str, int]) -> int:
    """The mover rolls DX, or Acrobatics if better (NOT IN SEED: GURPS 4e Basic Set rule,
    not in seed 004: GURPS Basic Set, Evade and slam "DX (or Acrobatics)")."""
    return max(dx, skills.get("Acrobatics", dx))


def evade_resistance(
    dx: int, melee_skills: Iterable[int], settings: Settings = DEFAULT_SETTINGS
) -> int:
    """The foe resists with DX, or with the better of DX and his best melee weapon skill under
    ``settings.evade_resist_with_weapon_skill`` (NOT IN SEED: GURPS 4e Basic Set rule; digest
    §19.17 "DX or a weapon skill", uncertain)."""
    if not settings.evade_resist_with_weapon_skill:
        return dx
    return max([dx, *melee_skills])


def evade_succeeds(contest: ContestResult) -> bool:
    """Win the Quick Contest and you pass through his hex into the front hex beyond his half;
    lose or tie and he stops you (seed 004 "Entering an enemy's hex" §15.6; NOT IN SEED:
    GURPS 4e Basic Set rule "Evading", not in seed 004: GURPS Basic Set, Success rolls)."""
    return contest.won


def feint_resistance(melee_skills: Iterable[int], shield_skill: int | None, dx: int) -> int:
    """The foe resists a Feint with his best melee weapon skill or Shield skill, DX if he has
    neither (NOT IN SEED: GURPS 4e Basic Set rule "Feint", not in seed 004: GURPS Basic Set,
    Maneuvers details uncertain)."""
    best = [*melee_skills, *([shield_skill] if shield_skill is not None else [])]
    return max(best) if best else dx


def feint_penalty(contest: ContestResult) -> int:
    """Feint result: if you succeed and the foe fails, your whole margin of success; if both
    succeed and you win, the difference; otherwise 0. It is subtracted from his next active
    defence against you (NOT IN SEED: GURPS 4e Basic Set rule "Feint", not in seed 004: GURPS Basic
    Set, Maneuvers)."""
    mine, theirs = contest.mine, contest.theirs
    if not mine.success or not contest.won:
        return 0
    if not theirs.success:
        return max(0, mine.margin)
    return max(0, mine.margin - theirs.margin)


def all_out_attack_move(move: int) -> int:
    """All-Out Attack moves up to half Move (GURPS 4e Basic Set p.B365, p.B324 maneuver table
    "½ Move, forward"), rounded down as All-Out Defense's half Move; at least one step."""
    return max(1, move // 2)


def forward_path(start: Hex, facing: int, path: Iterable[Hex], hexes: int) -> list[Hex]:
    """The start of ``path`` that All-Out Attack may walk: at most ``hexes`` hexes, each into a
    front hex of the facing one has there (front-left and front-right are forward and turn one
    by a hex-side, GURPS 4e Basic Set pp.B386–387); it ends at the first hex that is not
    (All-Out Attack moves forward only, p.B365)."""
    walked: list[Hex] = []
    here = start
    for h in path:
        if len(walked) >= hexes or hexgrid.distance(here, h) != 1:
            break
        direction = hexgrid.direction_to(here, h)
        if hexgrid.facing_turns(facing, direction) > 1:
            break
        walked.append(h)
        here, facing = h, direction
    return walked


def long_reaches(reaches: Iterable[int]) -> tuple[int, ...]:
    """All-Out Attack (Long): every reach of the weapon +1 yard (reach C becomes 1)
    (NOT IN SEED: GURPS 4e Basic Set rule, not in seed 004: GURPS Basic Set, Maneuvers "Long +1
    reach", uncertain)."""
    return tuple(sorted({r + LONG_REACH_BONUS for r in reaches}))


def long_damage_penalty(
    damage: DamageDice, mode: str, settings: Settings = DEFAULT_SETTINGS
) -> int:
    """All-Out Attack (Long): −2 damage or −1 per die, whichever is worse; under
    ``settings.aoa_long_swing_only`` thrusts keep full damage (NOT IN SEED: published GURPS 4e
    All-Out Attack (Long) option; not in seed 004: GURPS Basic Set, Maneuvers, uncertain)."""
    if settings.aoa_long_swing_only and mode != "swing":
        return 0
    return -max(2, damage.dice)


def long_blocked(in_between: Iterable[str]) -> bool:
    """The extra reach of All-Out Attack (Long) cannot strike past a standing or crouching
    person's hex (NOT IN SEED: published GURPS 4e All-Out Attack (Long) option)."""
    return any(posture in LONG_BLOCKING_POSTURES for posture in in_between)
