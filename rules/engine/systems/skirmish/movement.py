"""Recovery and movement phases (NOT IN SEED: published Mordheim rules, digest §15.1, §15.2):
rally, stunned → knocked down → stand up; charges up to 2×M, fleeing, moves, running ×2
when no enemy is within 8", hiding."""

from __future__ import annotations

import math
from typing import Any

from rules.engine.systems.skirmish.fighters import Fighter
from rules.engine.systems.skirmish.psychology import fear_test, flee_move, rally
from rules.engine.systems.skirmish.scenarios import pick_up
from rules.engine.systems.skirmish.shooting import visible
from rules.engine.systems.skirmish.state import (
    BASE_CONTACT,
    BattleState,
    distance,
    engage,
    in_ruin,
    other,
)
from rules.engine.systems.skirmish.tables import KNOCKED_DOWN, STANDING, STUNNED

RUN_BLOCK_RANGE = 8.0
CONTACT_ANGLES: tuple[float, ...] = (0.0, 40.0, -40.0, 80.0, -80.0, 120.0, -120.0, 160.0, -160.0)


def recovery_phase(state: BattleState, side: str) -> None:
    """Fleeing fighters test to rally; stunned become knocked down; knocked-down fighters
    stand up (and strike last this turn, seed 001 §2.3)."""
    state.phase = "recovery"
    for fighter in state.fighters(side):
        if fighter.out:
            continue
        if fighter.fleeing and fighter.state == STANDING:
            rally(state, fighter)
        elif fighter.state == STUNNED:
            fighter.state = KNOCKED_DOWN
            state.event(side, fighter.id, "recovers to knocked down")
        elif fighter.state == KNOCKED_DOWN:
            fighter.state = STANDING
            fighter.stood_up = True
            state.event(side, fighter.id, "stands up")


def may_run(state: BattleState, fighter: Fighter) -> bool:
    """No standing, visible, non-fleeing enemy within 8" (digest §15.2)."""
    for enemy in state.fighters(other(fighter.side)):
        if enemy.out or enemy.state != STANDING or enemy.fleeing or not visible(fighter, enemy):
            continue
        if distance(fighter, enemy) <= RUN_BLOCK_RANGE:
            return False
    return True


def contact_point(state: BattleState, charger: Fighter, target: Fighter) -> tuple[float, float]:
    """A free spot in base contact with ``target`` on the charger's side of it."""
    base = math.atan2(charger.y - target.y, charger.x - target.x)
    others = [f for f in state.by_id.values() if not f.out and f is not charger and f is not target]
    first: tuple[float, float] | None = None
    for offset in CONTACT_ANGLES:
        angle = base + math.radians(offset)
        x = target.x + math.cos(angle) * BASE_CONTACT
        y = target.y + math.sin(angle) * BASE_CONTACT
        x = min(max(x, 0.5), state.table.width - 0.5)
        y = min(max(y, 0.5), state.table.height - 0.5)
        if first is None:
            first = (x, y)
        if all(math.hypot(o.x - x, o.y - y) >= 0.95 for o in others):
            return x, y
    assert first is not None  # noqa: S101 - CONTACT_ANGLES is not empty
    return first


def charge(state: BattleState, charger: Fighter, target: Fighter) -> bool:
    """Move up to 2×M into base contact; short of it, a normal move toward the target and no
    shooting (digest §15.2); a fear test before charging a fear-causing enemy."""
    if not fear_test(state, charger, target):
        charger.no_shoot = True
        return False
    gap = distance(charger, target) - BASE_CONTACT
    if gap > 2 * charger.M:
        step = min(charger.M, gap)
        f = step / max(distance(charger, target), 1e-9)
        charger.x += (target.x - charger.x) * f
        charger.y += (target.y - charger.y) * f
        charger.moved = True
        charger.no_shoot = True
        state.event(charger.side, charger.id, "failed charge", target.id)
        return False
    charger.x, charger.y = contact_point(state, charger, target)
    charger.moved = True
    charger.charged = True
    charger.hidden = False
    engage(charger, target)
    state.event(charger.side, charger.id, "charges", target.id, data={"distance": round(gap, 1)})
    if target.state == STANDING and not target.fleeing and not fear_test(state, target, charger):
        target.fear_struck = True
    return True


def movement_phase(state: BattleState, side: str, policy: Any) -> None:
    """Charges first, then compulsory (fleeing) moves, then the remaining moves, then hiding
    (digest §15.1, §15.2)."""
    state.phase = "movement"
    fighters = [f for f in state.fighters(side) if not f.out]
    for fighter in fighters:
        if fighter.can_act and not fighter.engaged and not fighter.stood_up:
            target = policy.charge_target(state, fighter)
            if target is not None:
                charge(state, fighter, target)
    for fighter in fighters:
        if fighter.fleeing and fighter.state == STANDING and not fighter.moved:
            flee_move(state, fighter, sum(state.dice.d6s(2)))
    for fighter in fighters:
        if not fighter.can_act or fighter.engaged or fighter.charged or fighter.no_shoot:
            continue
        if policy.holds_position(state, fighter):
            hide(state, fighter)
            continue
        step = fighter.M / 2 if fighter.stood_up else float(fighter.M)
        if not fighter.stood_up and may_run(state, fighter) and policy.should_run(state, fighter):
            step = 2.0 * fighter.M
            fighter.ran = True
        x, y = policy.destination(state, fighter, step)
        if (x, y) != (fighter.x, fighter.y):
            fighter.moved = math.hypot(x - fighter.x, y - fighter.y) > 0.01
            fighter.x, fighter.y = x, y
        else:
            fighter.ran = False
        if state.objectives:
            pick_up(state, fighter)
        hide(state, fighter)
    if state.recording:
        state.event(
            side, "", "moves", data={f.id: [round(f.x, 2), round(f.y, 2)] for f in fighters}
        )


def hide(state: BattleState, fighter: Fighter) -> None:
    """A fighter ending its move in a ruin hides unless it ran, charged, fled or will shoot,
    or an enemy within its own Initiative in inches sees it (digest §15.2, uncertain)."""
    fighter.hidden = False
    if fighter.ran or fighter.charged or fighter.fleeing or fighter.missile is not None:
        return
    if not in_ruin(state.table, fighter.x, fighter.y):
        return
    for enemy in state.fighters(other(fighter.side)):
        if not enemy.out and distance(enemy, fighter) <= enemy.I:
            return
    fighter.hidden = True
