"""Shared guesses of the policy: expected damage, best weapon and mode, reach, best defence
and who could strike next turn (engine estimates, not rules)."""

from __future__ import annotations

from rules.engine.systems.hextactical.combatant import Combatant, Weapon
from rules.engine.systems.hextactical.damage import WOUNDING
from rules.engine.systems.hextactical.defence import block_value, dodge_value, parry_value


def expected_damage(weapon: Weapon) -> float:
    """Mean injury of the weapon's best mode before DR (3.5 per die, wounding modifier)."""
    best = 0.0
    for mode in weapon.modes:
        value = (mode.damage.dice * 3.5 + mode.damage.adds) * WOUNDING[mode.damage.kind]
        best = max(best, value)
    return best


def best_defence(c: Combatant) -> int:
    """The best of Dodge, Parry with the ready weapon and Block (shield DB included)."""
    values = [dodge_value(c)]
    db = c.shield.db if c.shield is not None else 0
    if c.weapon.melee and c.weapon.parry_mod is not None and c.weapon_ready:
        values.append(parry_value(c, c.weapon))
    if c.shield is not None:
        values.append(block_value(c, c.shield))
    return max(values) + db


def threats_near(
    c: Combatant, enemies: list[Combatant], target: Combatant | None
) -> list[Combatant]:
    """Enemies other than ``target`` that could reach ``c`` next turn."""
    q, r = c.pos
    near = []
    for e in enemies:  # a plain loop with hexgrid.distance inlined: asked of every melee plan
        if e is target:
            continue
        dq, dr = e.pos[0] - q, e.pos[1] - r
        if (abs(dq) + abs(dr) + abs(dq + dr)) // 2 <= e.move + max_enemy_reach(e):
            near.append(e)
    return near


def max_enemy_reach(c: Combatant) -> int:
    """The longest reach of ``c``'s usable melee weapons (0 with none)."""
    longest = 0  # a plain loop: the AI asks this of every foe near every fighter, every turn
    broken = c.broken
    for w in c.weapons:
        reaches = w.reaches
        if reaches and not w.shield and w.name not in broken:  # Weapon.melee, inlined
            reach = max(reaches)  # Weapon.max_reach
            if reach > longest:
                longest = reach
    return longest


def best_melee_index(c: Combatant) -> int | None:
    """Index of the usable melee weapon with the best expected damage, any before the Fist."""
    best: tuple[float, int] | None = None
    for index, weapon in enumerate(c.weapons):
        if not weapon.melee or weapon.name in c.broken:
            continue
        score = expected_damage(weapon) + (0 if weapon.name == "Fist" else 100)
        if best is None or score > best[0]:
            best = (score, index)
    return None if best is None else best[1]


def weapon_mode(weapon: Weapon, reach: int | None = None) -> str:
    """The weapon's melee mode (swing or thrust) with the best expected injury, among those
    that strike at ``reach`` when one is given; "ranged" for a weapon with no melee mode (a
    throwing axe used in Move and Attack)."""
    melee_modes = [m for m in weapon.modes if m.mode != "ranged"]
    if reach is not None:
        melee_modes = [m for m in melee_modes if reach in m.reaches] or melee_modes
    if not melee_modes:
        return "ranged"
    best = max(
        melee_modes,
        key=lambda m: (m.damage.dice * 3.5 + m.damage.adds) * WOUNDING[m.damage.kind],
    )
    return best.mode


def usable_reaches(c: Combatant, weapon: Weapon) -> tuple[int, ...]:
    """The reaches ``c`` can strike at now: the set one for a reach-changing weapon."""
    if weapon.reach_change_ready and c.reach_setting >= 0:
        return (c.reach_setting,)
    return weapon.reaches
