"""Recovery and movement phases (NOT IN SEED: published Mordheim rules, not in seed 001: published
Mordheim rules, Turn sequence, Movement,
§15.5): rally, stunned → knocked down → stand up; charges up to 2×M, fleeing, moves, running
×2 when no enemy is within 8", hiding, knocked-down fighters crawling 2"; leaving a combat
whose enemies are all down (seed 001 §11.3)."""

from __future__ import annotations

import math
from typing import Any

from rules.engine.kernel.sides import other
from rules.engine.systems.skirmish.bases import clear_end, contact_point
from rules.engine.systems.skirmish.climbing import (
    climb,
    climb_allowance,
    floor_height,
    initiative_test,
    jump_down,
    ruin_at,
)
from rules.engine.systems.skirmish.fighters import Fighter
from rules.engine.systems.skirmish.psychology import (
    fear_test,
    flee_move,
    rally,
    stupidity_tests,
)
from rules.engine.systems.skirmish.scenarios import pick_up
from rules.engine.systems.skirmish.shooting import line_of_sight, visible
from rules.engine.systems.skirmish.skills import SPRINT_MULTIPLIER
from rules.engine.systems.skirmish.state import (
    BASE_CONTACT,
    BattleState,
    disengage,
    distance,
    engage,
    in_ruin,
    move_to,
)
from rules.engine.systems.skirmish.tables import KNOCKED_DOWN, STANDING, STUNNED

RUN_BLOCK_RANGE = 8.0
INTERCEPT_RANGE = 2.0
"""An enemy not in combat within 2" of a charge's route may intercept it (NOT IN SEED:
published Mordheim Charge, "Intercepting")."""
CRAWL_DISTANCE = 2.0
"""A knocked-down fighter may crawl 2" in its movement phase (not in seed 001: published Mordheim
rules, Injuries)."""


def recovery_phase(state: BattleState, side: str) -> None:
    """Fleeing fighters test to rally; stunned become knocked down; knocked-down fighters
    stand up (and strike last this turn, seed 001 §2.3); then stupid fighters test
    (``psychology.stupidity_tests``)."""
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
    stupidity_tests(state, side)


def may_run(state: BattleState, fighter: Fighter) -> bool:
    """No standing, visible, non-fleeing enemy within 8" (not in seed 001: published Mordheim rules,
    Movement), and no smashed leg
    ("may no longer run", not in seed 001: published Mordheim rules, Serious injuries)."""
    if fighter.may_not_run:
        return False
    for enemy in state.fighters(other(fighter.side)):
        if enemy.out or enemy.state != STANDING or enemy.fleeing or not visible(fighter, enemy):
            continue
        if distance(fighter, enemy) <= RUN_BLOCK_RANGE:
            return False
    return True


def _route_gap(
    sx: float, sy: float, ex: float, ey: float, px: float, py: float
) -> tuple[float, float]:
    """Distance from point ``p`` to the segment s→e, and where along it (0..1) it is closest."""
    dx, dy = ex - sx, ey - sy
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 < 1e-9 else min(1.0, max(0.0, ((px - sx) * dx + (py - sy) * dy) / length2))
    return math.hypot(sx + dx * t - px, sy + dy * t - py), t


def interception(
    state: BattleState, charger: Fighter, target: Fighter, spot: tuple[float, float]
) -> tuple[Fighter, tuple[float, float], tuple[float, float]] | None:
    """The enemy that intercepts this charge, where it stands and the charger's spot in base
    contact with it, or None: an enemy of the charger other than the target, standing, not
    fleeing, not in combat, seeing the charger, whose base lies within 2" of the route from the
    charger to its spot; it steps onto the route (stopping short of every base) and the
    charger, still charging, engages it instead (NOT IN SEED: published Mordheim Charge,
    "Intercepting": only one model intercepts each charger). The defending AI always
    intercepts, with the candidate nearest the charger first."""
    sx, sy = charger.x, charger.y
    candidates = []
    for enemy in state.fighters(target.side):
        if enemy is target or not enemy.can_act or enemy.engaged or enemy.stupefied:
            continue
        if enemy.z != charger.z:
            continue  # on another level: not in the charge's way
        gap, t = _route_gap(sx, sy, spot[0], spot[1], enemy.x, enemy.y)
        if gap - BASE_CONTACT / 2 <= INTERCEPT_RANGE and line_of_sight(state, enemy, charger):
            candidates.append((t, enemy.id, enemy))
    for t, _, enemy in sorted(candidates, key=lambda c: (c[0], c[1])):
        home = enemy.x, enemy.y
        onto = sx + (spot[0] - sx) * t, sy + (spot[1] - sy) * t
        move_to(enemy, *clear_end(state, enemy, *onto))
        contact = contact_point(state, charger, enemy)
        if contact is not None and math.hypot(contact[0] - sx, contact[1] - sy) <= 2 * charger.M:
            return enemy, (enemy.x, enemy.y), contact
        move_to(enemy, *home)
    return None


def _charge_levels(state: BattleState, charger: Fighter, target: Fighter) -> bool:
    """A charge between levels (``climbing``; published Charge: "a single Initiative test"
    to climb, else the charge fails): a charger up on a floor charging out of it jumps down
    first (a fall ends it); one charging a fighter up on a floor climbs with one Initiative
    test. False: the charge failed where the charger stands."""
    leaves = ruin_at(state, target.x, target.y) is not ruin_at(state, charger.x, charger.y)
    if charger.z > 0.0 and leaves and not jump_down(state, charger):
        return False
    if target.z > charger.z:
        return initiative_test(state, charger, "climbing to charge")
    return True


def charge_reach(state: BattleState, charger: Fighter, spot: tuple[float, float] | None) -> float:
    """2×M; a charger with Leap whose spot lies beyond it leaps D6" more (published rulebook
    p.123, Leap: "D6" … in addition to his normal movement", once a turn)."""
    reach = 2.0 * charger.M
    if spot is None or "leap" not in charger.skills:
        return reach
    if math.hypot(spot[0] - charger.x, spot[1] - charger.y) <= reach:
        return reach
    leap = state.dice.d6()
    state.event(charger.side, charger.id, f'leaps {leap}"', dice=[leap])
    return reach + leap


def charge(state: BattleState, charger: Fighter, target: Fighter) -> bool:
    """Move up to 2×M (``charge_reach``) to a free spot in base contact; when none is in
    reach (too far, or every spot taken), a failed charge: a normal move toward the target
    that stops short of any base, and no shooting (not in seed 001: published Mordheim rules,
    Movement, ``bases``); a fear test before charging a fear-causing enemy; an enemy near the
    route may intercept (``interception``); a target with Lightning Reflexes will strike
    first (``combat.strikes_first``)."""
    if not fear_test(state, charger, target):
        charger.no_shoot = True
        return False
    gap = distance(charger, target) - BASE_CONTACT
    spot = contact_point(state, charger, target) if gap <= max_charge(charger) else None
    reach = charge_reach(state, charger, spot)
    if spot is None or math.hypot(spot[0] - charger.x, spot[1] - charger.y) > reach:
        step = min(charger.M, gap)
        f = step / max(distance(charger, target), 1e-9)
        move_to(
            charger,
            *clear_end(
                state,
                charger,
                charger.x + (target.x - charger.x) * f,
                charger.y + (target.y - charger.y) * f,
            ),
        )
        charger.moved = True
        charger.no_shoot = True
        state.event(charger.side, charger.id, "failed charge", target.id)
        return False
    if not _charge_levels(state, charger, target):
        charger.no_shoot = True
        state.event(charger.side, charger.id, "failed charge", target.id)
        return False
    intercepted = interception(state, charger, target, spot)
    if intercepted is not None:
        interceptor, at, spot = intercepted
        state.event(
            interceptor.side,
            interceptor.id,
            "intercepts",
            charger.id,
            data={"to": [round(at[0], 2), round(at[1], 2)], "instead_of": target.id},
        )
        target = interceptor
        gap = distance(charger, target) - BASE_CONTACT
    move_to(charger, *spot)
    charger.z = target.z
    charger.moved = True
    charger.charged = True
    charger.hidden = False
    engage(charger, target)
    target.reflexes = "lightning-reflexes" in target.skills
    state.event(charger.side, charger.id, "charges", target.id, data={"distance": round(gap, 1)})
    if target.state == STANDING and not target.fleeing and not fear_test(state, target, charger):
        target.fear_struck = True
    return True


LEAP_MAX = 6.0


def max_charge(fighter: Fighter) -> float:
    """The longest charge ``fighter`` could make: 2×M, and a Leap's 6" at best."""
    return 2.0 * fighter.M + (LEAP_MAX if "leap" in fighter.skills else 0.0)


def frenzied_charge(state: BattleState, fighter: Fighter) -> Fighter | None:
    """A frenzied fighter must charge the nearest visible enemy in line of sight it can reach
    with a free spot in base contact (NOT IN SEED: published frenzy, "must always charge")."""
    reachable = [
        e
        for e in state.fighters(other(fighter.side))
        if not e.out
        and visible(fighter, e)
        and distance(fighter, e) - BASE_CONTACT <= 2 * fighter.M
        and line_of_sight(state, fighter, e)
        and contact_point(state, fighter, e) is not None
    ]
    return min(reachable, key=lambda e: (distance(fighter, e), e.id)) if reachable else None


def may_leave_combat(state: BattleState, fighter: Fighter) -> bool:
    """An engaged fighter may leave combat, even to charge another enemy, when every enemy in
    base contact is knocked down or stunned (seed 001 §11.3; §11.1 forbids it otherwise)."""
    if not fighter.engaged:
        return False
    return all(state.by_id[k].state in (KNOCKED_DOWN, STUNNED) for k in fighter.engaged)


def may_crawl(state: BattleState, fighter: Fighter) -> bool:
    """A knocked-down fighter may crawl 2"; touching an enemy, only when every enemy in contact
    is also engaged with another opponent (not in seed 001: published Mordheim rules, Injuries)."""
    if fighter.state != KNOCKED_DOWN or fighter.out:
        return False
    return all(len(state.by_id[k].engaged) > 1 for k in fighter.engaged)


def crawl(state: BattleState, fighter: Fighter, x: float, y: float) -> None:
    """Crawl up to 2" toward ``x``/``y``, leaving any combat; never a run or a charge (digest
    §15.5), nor off a floor (``climbing``)."""
    dx, dy = x - fighter.x, y - fighter.y
    length = math.hypot(dx, dy)
    if length < 0.01:
        return
    f = min(1.0, CRAWL_DISTANCE / length)
    nx = min(max(fighter.x + dx * f, 0.5), state.table.width - 0.5)
    ny = min(max(fighter.y + dy * f, 0.5), state.table.height - 0.5)
    nx, ny = clear_end(state, fighter, nx, ny)
    if fighter.z > 0.0 and ruin_at(state, nx, ny) is not ruin_at(state, fighter.x, fighter.y):
        return  # no crawling off a floor
    disengage(state, fighter)
    move_to(fighter, nx, ny)
    fighter.moved = True
    state.event(fighter.side, fighter.id, "crawls", data={"to": [round(nx, 2), round(ny, 2)]})


def _leaves(state: BattleState, fighter: Fighter, policy: Any) -> bool:
    """Engaged but free to go (§11.3; not on the turn it stood up, not in seed 001: published
    Mordheim rules, Injuries) and the
    policy wants to."""
    return (
        not fighter.stood_up
        and may_leave_combat(state, fighter)
        and policy.leaves_combat(state, fighter)
    )


def movement_phase(state: BattleState, side: str, policy: Any) -> None:
    """Charges first, then compulsory (fleeing) moves, then the remaining moves, then hiding
    (not in seed 001: published Mordheim rules, Turn sequence, Movement); knocked-down fighters
    crawl (not in seed 001: published Mordheim rules, Injuries); engaged fighters move
    only when every enemy in contact is down (seed 001 §11.3)."""
    state.phase = "movement"
    fighters = [f for f in state.fighters(side) if not f.out]
    for fighter in fighters:
        if not fighter.can_act or fighter.stood_up or fighter.stupefied:
            continue
        if fighter.engaged and not _leaves(state, fighter, policy):
            continue
        target = policy.charge_target(state, fighter)
        if target is None and fighter.frenzy and not fighter.engaged:
            target = frenzied_charge(state, fighter)
        if target is not None:
            if fighter.engaged:
                state.event(side, fighter.id, "leaves combat (every enemy in contact is down)")
                disengage(state, fighter)
            charge(state, fighter, target)
    for fighter in fighters:
        if fighter.fleeing and fighter.state == STANDING and not fighter.moved:
            flee_move(state, fighter, sum(state.dice.d6s(2)))
    for fighter in fighters:
        if may_crawl(state, fighter):
            goal = policy.crawl_destination(state, fighter, CRAWL_DISTANCE)
            if goal is not None:
                crawl(state, fighter, *goal)
    for fighter in fighters:
        if not fighter.can_act or fighter.charged or fighter.no_shoot or fighter.stupefied:
            continue
        if fighter.engaged:
            if not _leaves(state, fighter, policy):
                continue
            state.event(side, fighter.id, "leaves combat (every enemy in contact is down)")
            disengage(state, fighter)
        if policy.holds_position(state, fighter):
            hide(state, fighter)
            continue
        step = fighter.M / 2 if fighter.stood_up else float(fighter.M)
        if not fighter.stood_up and may_run(state, fighter) and policy.should_run(state, fighter):
            # Sprint: runs at triple his Move (published rulebook p.123)
            step = (SPRINT_MULTIPLIER if "sprint" in fighter.skills else 2.0) * fighter.M
            fighter.ran = True
        x, y = clear_end(state, fighter, *policy.destination(state, fighter, step))
        if not change_level(state, fighter, x, y, policy):
            continue
        if (x, y) != (fighter.x, fighter.y):
            fighter.moved = math.hypot(x - fighter.x, y - fighter.y) > 0.01
            move_to(fighter, x, y)
        else:
            fighter.ran = False
        if state.objectives:
            pick_up(state, fighter)
        hide(state, fighter)
    if state.recording:
        state.event(
            side, "", "moves", data={f.id: [round(f.x, 2), round(f.y, 2)] for f in fighters}
        )


def change_level(state: BattleState, fighter: Fighter, x: float, y: float, policy: Any) -> bool:
    """Before a move to ``x``/``y`` (``climbing``): up on a floor and leaving its ruin, jump
    down (a fall ends the move); on the ground and ending in a ruin whose floor the policy
    wants, climb when the move and the height fit in M (never on a run): a failed climb up
    means no move. False when the fighter does not move."""
    here = ruin_at(state, fighter.x, fighter.y)
    if fighter.z > 0.0:
        return ruin_at(state, x, y) is here or jump_down(state, fighter)
    area = ruin_at(state, x, y)
    if area is None or fighter.ran or not policy.climbs(state, fighter):
        return True
    if math.hypot(x - fighter.x, y - fighter.y) + floor_height(area) > climb_allowance(fighter):
        return True  # no time to climb: stays on the ground
    return climb(state, fighter, area)


def hide(state: BattleState, fighter: Fighter) -> None:
    """A fighter ending its move in a ruin hides unless it ran, charged or fled, or an enemy
    within its own Initiative in inches sees it; carrying a missile weapon does not stop it,
    shooting reveals it (``shooting.fire``) (not in seed 001: published Mordheim rules, Movement,
    uncertain)."""
    fighter.hidden = False
    if fighter.ran or fighter.charged or fighter.fleeing or fighter.state != STANDING:
        return
    if not in_ruin(state.table, fighter.x, fighter.y):
        return
    for enemy in state.fighters(other(fighter.side)):
        if not enemy.out and distance(enemy, fighter) <= enemy.I:
            return
    fighter.hidden = True
