"""What the grimdark AI expects of an attack, computed from profiles alone: the chance of a
D6 roll, of an unsaved wound, the points a shot or a round of close combat is worth, and
whether a unit is played as a melee unit or a shooter. The policy (:mod:`.ai`) compares
these numbers to choose among legal options; nothing here rolls dice."""

from __future__ import annotations

from rules.engine.systems.grimdark import tables
from rules.engine.systems.grimdark.army import CAVALRY, MONSTROUS, Model, Unit
from rules.engine.systems.grimdark.walkers import is_walker
from rules.engine.systems.grimdark.weapons import Weapon, close_combat_strength

ROLE_MELEE = "melee"
ROLE_SHOOTER = "shooter"
WALKER_KILL_SHARE = 0.4  # damage results that wreck a walker (destroyed, immobilised: ≈ tables)


def p_roll(need: int | None) -> float:
    """Chance of rolling ``need``+ on a D6 (a 1 always fails)."""
    if need is None or need > 6:
        return 0.0
    return (7 - need) / 6.0 if need > 2 else 5 / 6.0  # (7 - max(2, need)) / 6, without max()


def p_unsaved(target: Unit, ap: int | None, cover: int | None, ignore_armour: bool) -> float:
    """Chance a wound is not saved by the target's typical model."""
    for model in target.models:  # the first living model; a loop, not next() over a generator
        if model.wounds > 0:
            save = tables.best_save(model.sv, ap, cover, model.invulnerable, ignore_armour)
            return 1.0 - p_roll(save)
    return 0.0


def value_per_wound(target: Unit) -> float:
    """Points a wound on ``target`` is worth (for target choice)."""
    wounds = target.wound_pool
    if not wounds:  # its models' wounds change only when a character joins: then refresh()
        wounds = target.wound_pool = sum(m.max_wounds for m in target.models) or 1
    value = target.points / wounds
    return value if value > 1.0 else 1.0


def shot_value(model: Model, weapon: Weapon, shots: int, target: Unit) -> float:
    """Expected points of damage from ``shots`` shots of one model's ``weapon`` at ``target``."""
    hit = (
        1.0
        if weapon.template or weapon.kind == "ordnance"
        else (5 / 6 if weapon.sniper else p_roll(tables.to_hit_shooting(model.bs)))
    )
    if weapon.twin_linked:
        hit = hit + (1 - hit) * hit
    many = 1.0
    if weapon.uses_template or weapon.kind == "ordnance":
        many = 1.0 if target.is_vehicle else min(float(target.count), 3.0)
    if target.is_vehicle:
        armour = min(target.armour[0], 12) if weapon.lance else target.armour[1]
        need = armour - (weapon.strength or 0)
        pen = max(0.0, min(1.0, (7 - max(1, need)) / 6.0)) if need <= 6 else 0.0
        if weapon.melta:
            pen = max(pen, 0.5)
        return shots * hit * many * pen * target.points / 3.0
    wound = p_roll(
        4
        if weapon.sniper
        else weapon.poisoned or tables.to_wound(weapon.strength or 0, target.majority("t"))
    )
    unsaved = p_unsaved(target, weapon.ap, None, False)
    return shots * hit * many * wound * unsaved * value_per_wound(target)


def melee_value(unit: Unit, target: Unit) -> float:
    """Expected unsaved wounds ``unit`` deals ``target`` in one round (charging)."""
    total = 0.0
    if is_walker(target):
        return walker_melee_value(unit, target)
    if target.is_vehicle:
        return (
            sum(m.a for m in unit.alive)
            * 0.3
            * (1 if max((m.s for m in unit.alive), default=0) >= 6 else 0.2)
        )
    ws, t = target.majority("ws"), target.majority("t")
    unsaved: dict[bool, float] = {}  # by whether armour is ignored: the same for every blow
    for m in unit.alive:
        attacks = m.a + 1 + (1 if m.extra_attack else 0)
        s = close_combat_strength(m.s, m.melee)
        ignore = unit.unit_type == MONSTROUS or (
            m.melee is not None and m.melee.cc_special not in ("ccw", "heavy_ccw")
        )
        hit = p_roll(tables.to_hit_close_combat(m.ws, ws))
        wound = p_roll(tables.to_wound(s, t))
        if ignore not in unsaved:
            unsaved[ignore] = p_unsaved(target, None, None, ignore)
        total += attacks * hit * wound * unsaved[ignore]
    return total


def walker_melee_value(unit: Unit, walker: Unit) -> float:
    """Expected kills of ``walker`` in one round: blows hit on WS against its WS, then
    D6 + S must reach its front armour (4e pp.58-73); a share of the damage results
    wrecks it (``WALKER_KILL_SHARE``)."""
    front, ws = walker.armour[0], walker.models[0].ws
    total = 0.0
    for m in unit.alive:
        attacks = m.a + 1 + (1 if m.extra_attack else 0)
        strength = close_combat_strength(m.s, m.melee)
        hit = p_roll(tables.to_hit_close_combat(m.ws, ws))
        total += attacks * hit * min(1.0, max(0.0, (7 - (front - strength)) / 6.0))
    return total * WALKER_KILL_SHARE


def profile_role(unit: Unit) -> str:
    """Melee or shooter, from the unit's profile and weapons: vehicles other than walkers
    shoot; monstrous creatures, cavalry and units with half again as many attacks as shots
    fight."""
    melee = sum(m.a + (1 if m.extra_attack else 0) + (2 if m.melee else 0) for m in unit.models)
    guns = sum(
        max((w.shots * (2 if w.kind == "rapid_fire" else 1) for w in m.ranged), default=0)
        for m in unit.models
        if m.bs > 0
    )
    if unit.is_vehicle and "walker" not in unit.vehicle_kinds:
        return ROLE_SHOOTER
    if unit.unit_type in (MONSTROUS, CAVALRY) or melee > guns * 1.5:
        return ROLE_MELEE
    return ROLE_SHOOTER
