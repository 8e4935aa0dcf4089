"""Concentration of force for the massbattle AI: charges assigned together so several units
break one enemy (multiple charges, flanks and rears: seed 003 §5, §7), a reserve held back,
and objectives taken late in the game (seed 003 §12 Pillage).

The AI (``ai.py``) builds the legal charges; :func:`concentrate` picks who charges whom.
A charge is worth its own value plus the chance it adds that the target routs at its nerve
test (seed 003 §8: 2D6 + damage − Ne, 10 or more routs; a double one holds), weighted by
what the target is worth, so a second and third charger go where their damage tips a unit
over rather than where each alone hurts most.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

from rules.engine.systems.massbattle import constants as C
from rules.engine.systems.massbattle.charge import ChargePlan
from rules.engine.systems.massbattle.combat import (
    FACING_MULTIPLIER,
    damage_target,
    dice_and_target,
    melee_modifiers,
)
from rules.engine.systems.massbattle.footprint import point_distance, within_point
from rules.engine.systems.massbattle.melee import phalanx_front
from rules.engine.systems.massbattle.state import BattleState
from rules.engine.systems.massbattle.units import Unit

# Weight of the added rout chance, per 100 points of the target plus one.
ROUT_WEIGHT = 4.0
# A charge is made only when it is worth more than this (expected damage and rout chance).
MIN_CHARGE_VALUE = 0.3
# The reserve stays this far behind the line until the second half of the game.
RESERVE_DEPTH = 8.0
# From this turn of the game (of twelve) every free unit goes for objectives it lacks.
LATE_TURN = C.MAX_TURNS - 3

# P(2D6 >= n) for n = 0..13, a double one excluded (it always holds, seed 003 §8).
_AT_LEAST = [
    sum(1 for a in range(1, 7) for b in range(1, 7) if a + b >= n and (a, b) != (1, 1)) / 36
    for n in range(14)
]


def p_roll(target: int | None) -> float:
    if target is None or target > 6:
        return 0.0
    return (7 - max(2, target)) / 6


@lru_cache(maxsize=4096)
def expected_damage(dice: int, needed: int, defence: int, bonus: int) -> float:
    """Mean damage of ``dice`` attacks hitting on ``needed`` against ``defence`` less
    ``bonus`` (a pure function of four small numbers, so kept: the AI asks it for every
    shot and charge it ranks)."""
    count, hit_on = dice_and_target(dice, needed)
    return count * p_roll(hit_on) * p_roll(damage_target(defence, bonus))


def charge_damage(plan: ChargePlan) -> float:
    """Expected damage of a charge: dice by facing, Phalanx, to-hit modifiers (seed 003 §7)."""
    a, t = plan.charger, plan.target
    mult = (
        1
        if t.individual
        else (3 if t.unit_type == "war_engine" else FACING_MULTIPLIER[plan.facing])
    )
    dice = a.at * mult + ((10 if a.is_horde else 5) if a.has("phalanx") else 0)
    needed = a.me + melee_modifiers(
        plan.defended, plan.hindered, phalanx_front(a, t, plan.facing), a.has("fly")
    )
    return expected_damage(dice, needed, t.de, a.value("crushing-strength"))


def charge_value(plan: ChargePlan, damage: float | None = None) -> float:
    """Expected damage of a charge (``damage``, when the caller has it: ``charge_damage``),
    weighted towards flank and rear and damaged targets."""
    if damage is None:
        damage = charge_damage(plan)
    return damage + 0.5 * plan.target.damage + plan.target.points / 100.0


def rout_chance(target: Unit, damage: float) -> float:
    """Chance that a nerve test with ``damage`` markers routs the target (seed 003 §8)."""
    need = 10 + target.ne - round(damage)
    return _AT_LEAST[min(max(need, 0), 13)]


def _always(_plan: ChargePlan) -> bool:
    return True


def concentrate(
    options: dict[str, list[tuple[ChargePlan, float, float]]],
    veto: Callable[[ChargePlan], bool],
    legal: Callable[[ChargePlan], bool] = _always,
) -> list[ChargePlan]:
    """Assign charges greedily: each round the charge adding most (its value plus the rout
    chance it adds to the damage already assigned to that target) is taken, until none is
    worth ``MIN_CHARGE_VALUE``. ``options`` maps a unit id to its (plan, value, expected
    damage) choices; ``veto`` rejects a picked charge (the unit then does not charge).

    ``legal`` is the costly last test of a charge (sight), asked only of the charge about to
    be taken: an illegal one is dropped from the unit's choices and the round picks again,
    which takes the same charges as listing only legal ones (the other choices' worth does
    not depend on it)."""
    loaded: dict[str, float] = {}
    chosen: list[ChargePlan] = []
    # Each choice as [worth, plan, value, damage]; a worth changes only when a charge on its
    # target is taken, so only those are worked out again.
    open_units: dict[str, list[list[Any]]] = {
        uid: [
            [_worth(loaded, plan, value, damage), plan, value, damage]
            for plan, value, damage in choices
        ]
        for uid, choices in options.items()
    }
    while open_units:
        best: list[Any] | None = None
        best_uid = ""
        for uid in sorted(open_units):
            for choice in open_units[uid]:
                if best is None or choice[0] > best[0]:
                    best, best_uid = choice, uid
        if best is None or best[0] <= MIN_CHARGE_VALUE:
            break
        _worth_of_best, plan, _value, damage = best
        if not legal(plan):
            remaining = [c for c in open_units[best_uid] if c[1] is not plan]
            if remaining:
                open_units[best_uid] = remaining
            else:
                del open_units[best_uid]
            continue
        del open_units[best_uid]
        if veto(plan):
            continue
        target = plan.target
        loaded[target.id] = loaded.get(target.id, float(target.damage)) + damage
        chosen.append(plan)
        for choices in open_units.values():
            for choice in choices:
                if choice[1].target is target:
                    choice[0] = _worth(loaded, choice[1], choice[2], choice[3])
    return chosen


def _worth(loaded: dict[str, float], plan: ChargePlan, value: float, damage: float) -> float:
    """A charge's value plus the rout chance it adds to the damage already assigned to its
    target, weighted by what the target is worth (``concentrate``)."""
    target = plan.target
    before = loaded.get(target.id, float(target.damage))
    gain = rout_chance(target, before + damage) - rout_chance(target, before)
    return value + ROUT_WEIGHT * (target.points / 100.0 + 1.0) * gain


def objective_sides(state: BattleState) -> list[set[str]]:
    """Sides with a unit within 3" of each objective, as at the start of this phase's
    orders (kept in ``state.ai_memo``)."""
    sides = state.ai_memo.get("objective_sides")
    if sides is None:
        alive = state.alive()
        sides = [
            {u.side for u in alive if within_point(u.fp, *obj, C.OBJECTIVE_RADIUS)}
            for obj in state.objectives
        ]
        state.ai_memo["objective_sides"] = sides
    return sides


def late_objective(state: BattleState, unit: Unit) -> tuple[float, float] | None:
    """In the last turns of a game with objectives, the nearest objective the side does not
    hold alone that the unit can still reach: Pillage is won by two objectives more, Kill
    and Pillage adds 100 points for each (seed 003 §12)."""
    if state.condition == "kill" or state.turn < LATE_TURN:
        return None
    best, best_d = None, float("inf")
    for obj, holders in zip(state.objectives, objective_sides(state), strict=True):
        if holders == {unit.side}:
            continue
        d = point_distance(unit.fp, *obj)
        turns = (C.MAX_TURNS - state.turn) // 2 + 1
        if d <= unit.sp * 2 * turns and d < best_d:
            best, best_d = obj, d
    return best


def reserve_id(state: BattleState, side: str) -> str | None:
    """The side's reserve: its cheapest melee unit (infantry or cavalry without a ranged
    attack), held back until the second half of the game; None from then on."""
    if state.turn > C.MAX_TURNS // 2:
        return None
    melee = [
        u
        for u in state.alive(side)
        if u.unit_type in ("infantry", "cavalry") and not (u.weapons and u.ra is not None)
    ]
    if len(melee) < 3:
        return None
    return min(melee, key=lambda u: (u.points, u.id)).id
