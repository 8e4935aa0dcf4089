"""The hex-map rules of seed 004: reach, wild swings, arcs of vision, blind fire, attacking and
firing through occupied hexes, hitting the wrong target, pop-up attacks, opportunity fire,
flank and rear defence, close combat in a shared hex.

Pure functions of plain values; the battle modules apply them. Sections cited as "seed 004
<heading>" with the digest paragraph (e.g. seed 004 "Attacking through occupied hexes").
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from rules.engine import hexgrid
from rules.engine.hexgrid import Hex
from rules.engine.systems.hextactical.settings import DEFAULT_SETTINGS, SKILL_CAP, Settings

THROUGH_ENEMY_PENALTY = -4
IN_THE_WAY_PENALTY = -4
WILD_SWING_PENALTY = -5
BLIND_FIRE_PENALTY = -10
POP_UP_PENALTY = -2
OPPORTUNITY_LINE_PENALTY = -2
OPPORTUNITY_IDENTIFY_PENALTY = -2
SIDE_DEFENCE_PENALTY = -2
AWKWARD_360_PENALTY = -2
WRONG_TARGET_NUMBER = 9

#: Opportunity fire: (most hexes watched, penalty) (seed 004 "Opportunity fire" table).
OPPORTUNITY_FIRE_TABLE: tuple[tuple[int, int], ...] = (
    (1, 0),
    (2, -1),
    (4, -2),
    (6, -3),
    (10, -4),
)
OPPORTUNITY_FIRE_MANY = -5

#: Speed/range modifier brackets (yards, modifier). NOT IN SEED: GURPS 4e Basic Set rule
# : (not in seed 004: GURPS Basic Set, Ranged attack roll, "verify"); beyond 100 yd −1 per step of
# the 1/1.5/2/3/5/7 progression.
RANGE_TABLE: tuple[tuple[int, int], ...] = (
    (2, 0),
    (3, -1),
    (5, -2),
    (7, -3),
    (10, -4),
    (15, -5),
    (20, -6),
    (30, -7),
    (50, -8),
    (70, -9),
    (100, -10),
)


def in_melee_reach(
    pos: Hex, facing: int, reach: int, target: Hex, settings: Settings = DEFAULT_SETTINGS
) -> bool:
    """Whether a weapon of ``reach`` (0 = C) strikes ``target`` without a wild swing: C = own
    hex, 1 = the 3 front hexes, 2/3 = front-arc hexes at that distance (seed 004 "Reach";
    :func:`hexgrid.reach_hexes`). Asked by the offset from ``pos``: the front arc does not
    depend on where one stands (:func:`hexgrid.arc_hexes` translates the same offsets), so no
    hex list is built per question."""
    if reach == 0:
        return target == pos
    offset = (target[0] - pos[0], target[1] - pos[1])
    return offset in _reach_offsets(facing % 6, reach, settings.arcs)


@lru_cache(maxsize=256)
def _reach_offsets(facing: int, reach: int, arcs: hexgrid.ArcDefinition) -> frozenset[Hex]:
    return frozenset(hexgrid.reach_hexes((0, 0), facing, reach, arcs))


def can_use_reach(current: int, wanted: int, reach_change_ready: bool) -> bool:
    """A weapon that needs a Ready to change reach attacks only at its current setting; a
    balanced one at any of its reaches (seed 004 "Reach", seed 004 "Long-weapon tactics")."""
    return not reach_change_ready or current in (-1, wanted)


def is_wild_swing(
    arc: str, lr: str, traits: Sequence[str], hands: int, weapon_side: str, can_see: bool = True
) -> tuple[bool, int]:
    """Whether a melee attack into ``arc`` is a wild swing, and any awkward-angle penalty
    (seed 004 "Wild swings"; seed 004 "Wild swings").

    Side or rear hexes or an unseen foe → wild swing. Peripheral Vision: two-handed attacks
    into either side hex and one-handed ones into the weapon-hand side are not wild. 360°
    Vision: nothing is wild, but rear and opposite-side attacks are at −2.
    """
    if "360-vision" in traits:
        awkward = arc == "rear" or (arc == "side" and hands < 2 and lr != weapon_side)
        return False, AWKWARD_360_PENALTY if awkward else 0
    if not can_see:
        return True, 0
    if arc in ("front", "same"):
        return False, 0
    if arc == "side" and "peripheral-vision" in traits and (hands >= 2 or lr == weapon_side):
        return False, 0
    return True, 0


def wild_swing_modifier(visibility_penalty: int = 0) -> int:
    """The worse of −5 and the visibility penalty (seed 004 "Wild swings"; seed 004 "Wild
    swings")."""
    return min(WILD_SWING_PENALTY, visibility_penalty)


def wild_thrust_allowed(mode: str, distance: int) -> bool:
    """No wild thrust at a target more than 1 yard away (seed 004; seed 004 "Wild swings")."""
    return mode != "thrust" or distance <= 1


def cap_skill(skill: int, cap: int = SKILL_CAP) -> int:
    """Effective skill after all modifiers at most ``cap`` (9) for wild swings, blind fire and
    Move and Attack (seed 004; seed 004 "Wild swings", "Blind fire", "Wild swings")."""
    return min(skill, cap)


def wild_swing_skill(skill: int, modifier: int, settings: Settings = DEFAULT_SETTINGS) -> int:
    """Skill with a wild-swing modifier: skill capped at 9 (default), or the literal seed
    reading — the penalty itself at most −9 (``Settings.wild_swing_caps_skill``)."""
    if settings.wild_swing_caps_skill:
        return cap_skill(skill + modifier)
    return skill + max(modifier, -SKILL_CAP)


def blind_fire_skill(skill: int) -> int:
    """Blind fire: −10 and effective skill at most 9; no Aim (seed 004 "Blind fire"; §8)."""
    return cap_skill(skill + BLIND_FIRE_PENALTY)


def in_arc_of_vision(arc: str, traits: Sequence[str]) -> bool:
    """Ranged attacks go into the front arc; Peripheral Vision adds the sides; 360° Vision
    everything (seed 004 "Arc of vision"; seed 004 "Arc of vision")."""
    if arc in ("front", "same") or "360-vision" in traits:
        return True
    return arc == "side" and "peripheral-vision" in traits


def melee_through_penalty(
    steps: Sequence[tuple[Hex, ...]],
    side_at: Callable[[Hex], str | None],
    my_side: str,
    settings: Settings = DEFAULT_SETTINGS,
) -> int:
    """Penalty for a reach-2+ melee attack whose line passes occupied hexes: allies 0, an
    enemy −4; along a hex-side only when both hexes are occupied, then as one friendly hex
    unless both are enemies (seed 004 "Attacking through occupied hexes"; seed 004 "Attacking
    through occupied hexes"). Several
    enemy hexes: −4 each (``melee_enemy_hex_penalty_each``) or one −4."""
    enemy_hexes = 0
    for step in steps:
        sides = [side_at(h) for h in step]
        if len(step) == 1:
            if sides[0] is not None and sides[0] != my_side:
                enemy_hexes += 1
        elif all(s is not None for s in sides) and all(s != my_side for s in sides):
            enemy_hexes += 1
    if enemy_hexes == 0:
        return 0
    if settings.melee_enemy_hex_penalty_each:
        return THROUGH_ENEMY_PENALTY * enemy_hexes
    return THROUGH_ENEMY_PENALTY


_POSTURE_HEIGHT = {"standing": 3, "kneeling": 2, "sitting": 2, "crouching": 3, "prone": 1}


def in_the_way(
    occupant_posture: str, shooter_posture: str, settings: Settings = DEFAULT_SETTINGS
) -> bool:
    """Whether an occupant blocks a shot: prone people only block prone shooters; kneeling or
    sitting people only sitting or prone shooters (and kneeling ones, by default) (seed 004
    "Firing through occupied hexes"; seed 004 "Firing through occupied hexes")."""
    if occupant_posture == "prone":
        return shooter_posture == "prone"
    if occupant_posture in ("kneeling", "sitting"):
        low = (
            ("sitting", "prone", "kneeling")
            if settings.kneeling_blocks_kneeling
            else (
                "sitting",
                "prone",
            )
        )
        return shooter_posture in low
    return True


@dataclass(frozen=True, slots=True)
class InTheWay:
    """People in the way at one point of the line: one hex, or a hex-side pair (``pair``)."""

    ids: tuple[str, ...]
    pair: bool = False


def people_in_the_way(
    steps: Sequence[tuple[Hex, ...]],
    occupants_at: Callable[[Hex], Sequence[tuple[str, str]]],
    shooter_posture: str,
    settings: Settings = DEFAULT_SETTINGS,
) -> list[InTheWay]:
    """People in the way, nearest first: each single hex gives its occupants; a hex-side pair
    counts only when both hexes hold someone in the way, and then once (seed 004 "Firing
    through occupied hexes"; seed 004 "Firing through occupied hexes"). ``occupants_at`` returns
    (id, posture) pairs."""
    groups: list[InTheWay] = []
    for step in steps:
        per_hex = [
            [
                cid
                for cid, posture in occupants_at(h)
                if in_the_way(posture, shooter_posture, settings)
            ]
            for h in step
        ]
        if len(step) == 1:
            if per_hex[0]:
                groups.append(InTheWay(tuple(per_hex[0])))
        elif all(per_hex):
            groups.append(InTheWay(tuple(cid for ids in per_hex for cid in ids), pair=True))
    return groups


def in_the_way_penalty(groups: Sequence[InTheWay]) -> int:
    """−4 per person in the way, friend or foe; a hex-side pair of occupied hexes counts once
    (seed 004 "Firing through occupied hexes"; seed 004 "Firing through occupied hexes")."""
    return sum(IN_THE_WAY_PENALTY * (1 if g.pair else len(g.ids)) for g in groups)


def opportunity_fire_penalty(hexes_watched: int = 0, line: bool = False) -> int:
    """Opportunity-fire penalty: 1 hex 0, 2 −1, 3–4 −2, 5–6 −3, 7–10 −4, 11+ −5; a line −2
    (seed 004 "Opportunity fire" table; seed 004 "Opportunity fire")."""
    if line:
        return OPPORTUNITY_LINE_PENALTY
    if hexes_watched < 1:
        raise ValueError("Opportunity fire watches at least one hex.")
    for most, penalty in OPPORTUNITY_FIRE_TABLE:
        if hexes_watched <= most:
            return penalty
    return OPPORTUNITY_FIRE_MANY


def opportunity_fire_may_aim(hexes_watched: int, line: bool = False) -> bool:
    """Only a shooter watching exactly one hex may Aim while waiting (seed 004; §13.7)."""
    return not line and hexes_watched == 1


def pop_up_allowed(weapon_kind: str) -> bool:
    """Pop-up attacks: thrown weapons, firearms and crossbows, not bows or slings (seed 004
    "Pop-up attacks")."""
    return weapon_kind not in ("bow", "sling")


def wrong_target_number(effective_skill: int) -> int:
    """Roll vs 9, or the skill against the intended target if lower (seed 004 "Hitting the
    wrong target"; seed 004 "Hitting the wrong target")."""
    return min(WRONG_TARGET_NUMBER, effective_skill)


def range_modifier(distance: int) -> int:
    """Speed/range modifier for ``distance`` yards: use the next higher bracket.
    NOT IN SEED: GURPS 4e Basic Set rule (not in seed 004: GURPS Basic Set, Ranged attack roll)."""
    for most, modifier in RANGE_TABLE:
        if distance <= most:
            return modifier
    modifier = -10
    bracket = 100
    factors = (1.5, 2.0, 3.0, 5.0, 7.0, 10.0)
    index = 0
    while distance > bracket:
        base = 100 * 10 ** (index // 6)
        bracket = int(base * factors[index % 6])
        modifier -= 1
        index += 1
    return modifier


@dataclass(frozen=True, slots=True)
class DefenceAllowance:
    """Modifier to each active defence against one attack; None = that defence is impossible."""

    dodge: int | None
    parry: int | None
    block: int | None


def defence_allowance(
    arc: str,
    lr: str,
    traits: Sequence[str],
    weapon_side: str,
    parry_hands: int,
) -> DefenceAllowance:
    """Active defences against an attack from ``arc`` (seed 004 "Defending against attacks
    from the side / from behind"; seed 004 "Defending against attacks from the side / behind").

    Side: −2 to all (not with Peripheral or 360° Vision); no block from the weapon side; no
    one-handed parry from the other side. Rear: no defence, or −2 with Peripheral Vision / 0
    with 360° Vision, parry a further −2 and no block.
    """
    flexible = "double-jointed" in traits or "extra-flexibility" in traits
    if arc in ("front", "same"):
        return DefenceAllowance(0, 0, 0)
    aware = "peripheral-vision" in traits or "360-vision" in traits
    if arc == "side":
        base = 0 if aware else SIDE_DEFENCE_PENALTY
        block = None if lr == weapon_side else base
        parry = base if parry_hands >= 2 or lr == weapon_side or flexible else None
        return DefenceAllowance(base, parry, block)
    if "360-vision" in traits:
        base = 0
    elif "peripheral-vision" in traits:
        base = SIDE_DEFENCE_PENALTY
    else:
        return DefenceAllowance(None, None, None)
    if flexible:
        return DefenceAllowance(base, base, base)
    return DefenceAllowance(base, base - 2, None)


def close_combat_weapon_ok(reaches: Sequence[int]) -> bool:
    """In close combat only reach-C weapons attack or parry (seed 004 "Weapons in close
    combat"; seed 004 "Close combat")."""
    return 0 in reaches


def close_combat_ranged_modifier(bulk: int) -> int:
    """Ranged weapon in close combat: no range penalty, the weapon's Bulk instead (seed 004;
    seed 004 "Close combat")."""
    return bulk


def leave_hexes(hex_: Hex, half_direction: int) -> list[Hex]:
    """The 3 hexes adjacent to the half of a shared hex that faces ``half_direction`` — the
    only hexes one may leave into (seed 004 "Leaving an enemy's hex"; seed 004 "Entering an enemy's
    hex")."""
    return [hexgrid.neighbour(hex_, half_direction + d) for d in (-1, 0, 1)]
