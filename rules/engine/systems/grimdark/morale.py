"""Morale checks, falling back, regrouping and pinning (seed 000 [26][31][43]; the full
rules NOT IN SEED: published 4e pp.47-49, 4e pp.47-49)."""

from __future__ import annotations

from rules.engine.geometry import Point
from rules.engine.systems.grimdark import tables
from rules.engine.systems.grimdark.army import BIKE, CAVALRY, JETBIKE, JUMP_INFANTRY, Unit
from rules.engine.systems.grimdark.battle import Battle
from rules.engine.systems.grimdark.special_rules import fall_back_way, trapped

REGROUP_ENEMY_DISTANCE = 6.0
FAST_FALL_BACK: tuple[str, ...] = (BIKE, JETBIKE, JUMP_INFANTRY, CAVALRY)


def never_falls_back(unit: Unit) -> bool:
    """Fearless units and vehicles never fall back (NOT IN SEED ≈: published 4e p.74)."""
    return "fearless" in unit.rules or unit.is_vehicle


def morale_check(battle: Battle, unit: Unit, modifier: int = 0) -> bool:
    """2D6 ≤ modified Ld passes, a 2 always passes (NOT IN SEED: published 4e p.47); the
    test is logged with its two dice."""
    if never_falls_back(unit):
        return True
    dice = battle.dice.d6s(2)
    passed = tables.passes_morale(sum(dice), unit.leadership + modifier)
    if battle.logging:
        result = "passes" if passed else "fails"
        battle.log(unit.side, unit.name, f"{unit.name} {result} its morale check", dice=dice)
    return passed


def shooting_casualty_check(battle: Battle, unit: Unit) -> None:
    """A unit losing 25% or more of its models in one Shooting phase tests morale at the
    end of the phase, Ld −1 below half strength; not if locked, pinned or falling back
    (seed 000 [26], NOT IN SEED details: published 4e p.47)."""
    lost = unit.casualties_this_phase
    if lost == 0 or unit.count == 0 or lost * 4 < unit.models_at_phase_start:
        return
    if unit.locked or unit.falling_back or unit.pinned_turn > battle.ptc:
        return
    modifier = -1 if unit.below_half else 0
    if morale_check(battle, unit, modifier):
        return
    start_falling_back(battle, unit)


def start_falling_back(battle: Battle, unit: Unit) -> None:
    """Failed morale: the unit falls back at once (NOT IN SEED: published 4e p.48)."""
    unit.falling_back = True
    if battle.logging:
        battle.log(unit.side, unit.name, f"{unit.name} breaks and falls back")
    fall_back_move(battle, unit)


def fall_back_distance(battle: Battle, unit: Unit, edge: Point) -> int:
    """2D6", or 3D6" for bikes, jetbikes, jump infantry and cavalry; halved by difficult
    terrain (NOT IN SEED: published 4e p.48): terrain the unit starts in, and with
    ``settings.fall_back_halved_by_terrain_crossed`` terrain on its path to ``edge``."""
    dice = 3 if unit.unit_type in FAST_FALL_BACK else 2
    distance = sum(battle.dice.d6s(dice))
    if unit.unit_type in (JUMP_INFANTRY, JETBIKE):
        return distance
    areas = battle.table.areas_at(unit.position)
    if battle.settings.fall_back_halved_by_terrain_crossed:
        areas = battle.table.areas_on_path(unit.position, unit.position.toward(edge, distance))
    if any(a.slows for a in areas):
        distance //= 2
    return distance


def fall_back_move(battle: Battle, unit: Unit) -> float:
    """Move toward the own table edge; a unit reaching the edge is removed as fled (NOT IN
    SEED: published 4e p.48). Falling-back units leave any combat."""
    edge = battle.edge_point(unit)
    distance = float(fall_back_distance(battle, unit, edge))
    release_from_combat(battle, unit)
    end = fall_back_way(battle, unit, edge, distance)
    if end is None:
        trapped(battle, unit)
        return distance
    if abs(end.y - edge.y) <= unit.radius:
        unit.fled = True
        if battle.logging:
            battle.log(unit.side, unit.name, f"{unit.name} flees the table")
        return distance
    unit.position = end
    return distance


def release_from_combat(battle: Battle, unit: Unit) -> None:
    """Remove ``unit`` from every combat it was locked in."""
    for foe_id in unit.foes:
        foe = battle.by_id[foe_id]
        foe.foes = [f for f in foe.foes if f != unit.id]
        if not foe.foes:
            foe.locked = False
    unit.foes = []
    unit.locked = False


def regroup_test(battle: Battle, unit: Unit) -> bool:
    """Regroup at the start of the own Movement phase: ≥ 50% of the models, no enemy within
    6", then an Ld test, +1 with no enemy in sight; And They Shall Know No Fear regroups
    automatically (NOT IN SEED: published 4e p.49)."""
    if "and_they_shall_know_no_fear" in unit.rules:
        unit.falling_back = False
        if battle.logging:
            battle.log(unit.side, unit.name, f"{unit.name} regroups (And They Shall Know No Fear)")
        return True
    enemies = battle.enemies(unit.side)
    near = any(battle.gap(unit, e) <= REGROUP_ENEMY_DISTANCE for e in enemies)
    if near or unit.below_half:
        return False
    seen = any(battle.visible(unit, e) for e in enemies)
    dice = battle.dice.d6s(2)
    passed = tables.passes_leadership(sum(dice), unit.leadership + (0 if seen else 1))
    if passed:
        unit.falling_back = False
    if battle.logging:
        result = "regroups" if passed else "fails to regroup"
        battle.log(unit.side, unit.name, f"{unit.name} {result}", dice=dice)
    return passed


def assaulted_while_falling_back(battle: Battle, unit: Unit) -> bool:
    """An assaulted falling-back unit takes an unmodified regroup test: pass fights
    normally, fail is destroyed (NOT IN SEED: published 4e p.48); And They Shall Know No
    Fear passes its regroup tests (4e pp.47-49, pp.74-76). Returns survival."""
    if "and_they_shall_know_no_fear" in unit.rules:
        return regroup_test(battle, unit)
    dice = battle.dice.d6s(2)
    if tables.passes_leadership(sum(dice), unit.leadership):
        unit.falling_back = False
        if battle.logging:
            battle.log(unit.side, unit.name, f"{unit.name} regroups as it is charged", dice=dice)
        return True
    unit.wipe()
    if battle.logging:
        text = f"{unit.name} is caught falling back and destroyed"
        battle.log(unit.side, unit.name, text, dice=dice)
    return False


def pinning_test(battle: Battle, unit: Unit, modifier: int = 0) -> None:
    """Casualties from a pinning weapon force an Ld test; on a fail the unit is pinned in
    its next turn (seed 000 [31][32]). Locked, fearless, falling-back units and vehicles
    ignore it."""
    if unit.count == 0 or unit.locked or unit.falling_back or unit.is_vehicle:
        return
    if "fearless" in unit.rules or unit.pinned_turn > battle.ptc:
        return
    dice = battle.dice.d6s(2)
    if not tables.passes_leadership(sum(dice), unit.leadership + modifier):
        unit.pinned_turn = battle.next_own_turn(unit)
        if battle.logging:
            battle.log(unit.side, unit.name, f"{unit.name} is pinned", dice=dice)
