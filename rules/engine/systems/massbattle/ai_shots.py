"""The AI's ranged choices (massbattle): what one shot is expected to do, the best shot
of a unit, and the shot it takes in the Shooting phase (the one picked when it halted, if
still legal). Seed 003 §6 shooting; the values are the AI's, not rules."""

from __future__ import annotations

from rules.engine.systems.massbattle.combat import damage_target
from rules.engine.systems.massbattle.footprint import Footprint
from rules.engine.systems.massbattle.shooting import (
    ShotTarget,
    hit_needed,
    may_shoot,
    option_allowed,
    shot_candidates,
    shot_options,
    sight_of,
    targets_for,
)
from rules.engine.systems.massbattle.state import BattleState
from rules.engine.systems.massbattle.tactics import expected_damage, p_roll
from rules.engine.systems.massbattle.units import Unit


def shot_value(unit: Unit, shot: ShotTarget) -> float:
    """What the AI expects of one shot: damage (heal: markers removed)."""
    option = shot.option
    if option.kind == "heal":
        return min(shot.target.damage, option.dice / 2) if shot.target.damage >= 2 else 0
    if option.kind == "animal":
        return 2.5 * p_roll(damage_target(shot.target.de, option.piercing)) * 2
    value = expected_damage(option.dice, hit_needed(unit, shot), shot.target.de, option.piercing)
    return value + 0.1 * shot.target.damage


def best_shot(state: BattleState, unit: Unit, assume_halt: bool = False) -> ShotTarget | None:
    """The ranged attack and target with the most expected damage (heal: the most damaged
    friend with at least 2 markers). Candidates are ranked by their value in the open
    first; sight is checked only while a candidate could still beat the best found (cover
    only lowers a value), so the choice equals checking them all."""
    options = shot_options(unit)
    if not options or not may_shoot(state, unit):
        return None
    saved = unit.order
    if assume_halt:
        unit.order = "halt"
    ranked: list[tuple[float, int, ShotTarget, float]] = []
    for option in options:
        if not option_allowed(unit, option):
            continue
        for target, dist in shot_candidates(state, unit, option):
            open_shot = ShotTarget(option, target, False, dist > option.range / 2)
            ranked.append((shot_value(unit, open_shot), len(ranked), open_shot, dist))
    ranked.sort(key=lambda r: (-r[0], r[1]))
    best, best_value, best_index = None, 0.05, len(ranked)
    cache: dict[str, tuple[bool, bool]] = {}
    others: list[Footprint] = []
    for upper, index, shot, _dist in ranked:
        if upper < best_value or (upper == best_value and index > best_index):
            break
        if shot.option.kind != "heal":
            sees, cover = sight_of(state, unit, shot.target, cache, others)
            if not sees:
                continue
            if cover:
                shot = ShotTarget(shot.option, shot.target, True, shot.long_range)
        value = shot_value(unit, shot) if shot.cover else upper
        if value > best_value or (value == best_value and best is not None and index < best_index):
            best, best_value, best_index = shot, value, index
    unit.order = saved
    return best


def shot_for_phase(state: BattleState, unit: Unit) -> ShotTarget | None:
    """The target picked when the unit halted, if still legal; else the best shot now."""
    planned = state.planned_shots.pop(unit.id, None)
    if planned is not None and unit.order == "halt" and may_shoot(state, unit):
        target = planned.target
        if target.alive and target.id not in state.engaged:
            if planned.option.kind == "heal":
                return planned
            shots = targets_for(state, unit, planned.option, only=target)
            if shots:
                return shots[0]
    return best_shot(state, unit)
