"""Leadership, rout, all alone, fear and rallying (NOT IN SEED: published Mordheim rules,
not in seed 001: published Mordheim rules, Leadership & psychology), and breaking from combat with
free hits (seed 001 §12)."""

from __future__ import annotations

import math

from rules.engine.kernel.sides import other
from rules.engine.systems.skirmish.attacks import Exchange, roll_exchange
from rules.engine.systems.skirmish.bases import clear_end
from rules.engine.systems.skirmish.climbing import jump_down
from rules.engine.systems.skirmish.combat import free_hit
from rules.engine.systems.skirmish.fighters import Fighter
from rules.engine.systems.skirmish.skills import BATTLE_TONGUE_RANGE
from rules.engine.systems.skirmish.state import (
    BattleState,
    apply_exchange,
    disengage,
    distance,
    leader_of,
    move_to,
)
from rules.engine.systems.skirmish.tables import (
    OUT_OF_ACTION,
    STANDING,
    STUNNED,
    leadership_passed,
    rout_test_required,
)

LEADER_RANGE = 6.0
"""≈ not in seed 001: published Mordheim rules, Leadership & psychology: friends within 6" of the
leader may use his Leadership (uncertain range)."""
ALL_ALONE_RANGE = 6.0
"""≈ not in seed 001: published Mordheim rules, Leadership & psychology: all alone when no standing
friend is within 6"."""


def effective_leadership(state: BattleState, fighter: Fighter) -> int:
    """A fighter's Ld, or the leader's when the leader stands within 6" (NOT IN SEED:
    published Mordheim rule, not in seed 001: published Mordheim rules, Leadership & psychology);
    12" for a leader with Battle Tongue (published rulebook p.123)."""
    leader = leader_of(state, fighter.side)
    reach = BATTLE_TONGUE_RANGE if "battle-tongue" in leader.skills else LEADER_RANGE
    if (
        leader is not fighter
        and leader.can_act
        and distance(leader, fighter) <= reach
        and leader.Ld > fighter.Ld
    ):
        return leader.Ld
    return fighter.Ld


def leadership_test(state: BattleState, fighter: Fighter, reason: str) -> bool:
    """2D6 ≤ Ld (NOT IN SEED: published Mordheim rule, not in seed 001: published Mordheim rules,
    Leadership & psychology)."""
    ld = effective_leadership(state, fighter)
    dice = state.dice.d6s(2)
    passed = leadership_passed(sum(dice), ld)
    state.event(
        fighter.side,
        fighter.id,
        f"{reason} test {'passed' if passed else 'failed'}",
        dice=dice,
        data={"Ld": ld},
    )
    return passed


def rout_leadership(state: BattleState, side: str) -> int:
    """The leader's Ld; if he is out of action or stunned, the best Ld of the fighters still
    able (NOT IN SEED: published Mordheim rule, not in seed 001: published Mordheim rules,
    Leadership & psychology)."""
    leader = leader_of(state, side)
    if leader.state not in (OUT_OF_ACTION, STUNNED) and not leader.broke_through:
        return leader.Ld
    able = [f.Ld for f in state.fighters(side) if f.state not in (OUT_OF_ACTION, STUNNED)]
    return max(able, default=0)


def out_of_action_count(state: BattleState, side: str) -> int:
    return sum(1 for f in state.fighters(side) if f.state == OUT_OF_ACTION)


def rout_test(state: BattleState, side: str, voluntary: bool) -> bool:
    """At the start of its turn a warband with 25%+ out of action tests on the leader's Ld;
    it may choose to fail (voluntary rout). True when it routs (NOT IN SEED: published
    Mordheim rule, not in seed 001: published Mordheim rules, Leadership & psychology)."""
    fighters = state.fighters(side)
    if not rout_test_required(out_of_action_count(state, side), len(fighters)):
        return False
    if voluntary:
        state.event(side, leader_of(state, side).id, "voluntary rout")
        return True
    ld = rout_leadership(state, side)
    dice = state.dice.d6s(2)
    routed = not leadership_passed(sum(dice), ld)
    state.event(
        side,
        leader_of(state, side).id,
        f"rout test {'failed' if routed else 'passed'}",
        dice=dice,
        data={"Ld": ld},
    )
    return routed


def is_all_alone(state: BattleState, fighter: Fighter) -> bool:
    """In combat with two or more standing enemies and no standing friend within 6"; the
    frenzied never test (NOT IN SEED: published Mordheim rule, not in seed 001: published Mordheim
    rules, Leadership & psychology, details
    uncertain; frenzy: immune to all other psychology)."""
    if fighter.state != STANDING or fighter.fleeing or fighter.frenzy:
        return False
    if "combat-master" in fighter.skills:
        return False  # immune to All Alone tests (published rulebook p.122)
    standing = [e for e in (state.by_id[i] for i in fighter.engaged) if e.state == STANDING]
    if len(standing) < 2:
        return False
    for friend in state.fighters(fighter.side):
        if friend is fighter or not friend.can_act:
            continue
        if distance(friend, fighter) <= ALL_ALONE_RANGE:
            return False
    return True


def break_and_flee(state: BattleState, fighter: Fighter) -> None:
    """A fighter who breaks takes one automatic hit from each enemy in contact, then flees
    2D6" away (seed 001 §12.2; flight NOT IN SEED: published Mordheim rule)."""
    for enemy_id in list(fighter.engaged):
        enemy = state.by_id[enemy_id]
        if fighter.state == OUT_OF_ACTION:
            break
        if enemy.state != STANDING:
            continue
        exchange = Exchange(
            (free_hit(enemy, fighter, state.settings),),
            fighter.wounds,
            fighter.state,
            helmet=fighter.helmet,
            critical_available=False,
        )
        result = roll_exchange(exchange, state.dice, state.settings)
        state.event(
            enemy.side,
            enemy.id,
            "free hit on a fleeing fighter",
            fighter.id,
            dice=result.dice,
            data={"outcome": result.outcome},
        )
        apply_exchange(state, enemy, fighter, result)
    if fighter.state == OUT_OF_ACTION:
        return
    disengage(state, fighter)
    fighter.fleeing = True
    flee_move(state, fighter, sum(state.dice.d6s(2)))


def flee_move(state: BattleState, fighter: Fighter, inches: float) -> None:
    """Move directly away from the nearest enemy, never off the table (seed 001 §12.3) nor
    onto another model's base (``bases``); one up on a floor jumps down first and stops if it
    falls (``climbing``)."""
    enemies = state.on_table(other(fighter.side))
    if not enemies or not jump_down(state, fighter):
        return
    nearest = min(enemies, key=lambda e: (distance(e, fighter), e.id))
    dx, dy = fighter.x - nearest.x, fighter.y - nearest.y
    length = math.hypot(dx, dy) or 1.0
    x = min(max(fighter.x + dx / length * inches, 0.5), state.table.width - 0.5)
    y = min(max(fighter.y + dy / length * inches, 0.5), state.table.height - 0.5)
    move_to(fighter, *clear_end(state, fighter, x, y))
    fighter.moved = True
    state.event(fighter.side, fighter.id, f'flees {inches}"')


def all_alone_tests(state: BattleState, side: str) -> None:
    """End of the close-combat phase: each all-alone fighter of ``side`` tests or breaks
    (NOT IN SEED: published Mordheim rule, not in seed 001: published Mordheim rules, Leadership &
    psychology)."""
    for fighter in state.fighters(side):
        if is_all_alone(state, fighter) and not leadership_test(state, fighter, "all alone"):
            break_and_flee(state, fighter)


def rally(state: BattleState, fighter: Fighter) -> None:
    """A fleeing fighter rallies on a Ld test unless the closest model is an enemy (NOT IN
    SEED: published Mordheim rule, not in seed 001: published Mordheim rules, Turn sequence)."""
    candidates = [f for f in state.by_id.values() if f is not fighter and not f.out]
    if not candidates:
        return
    closest = min(candidates, key=lambda f: (distance(f, fighter), f.id))
    if closest.side != fighter.side:
        return
    if leadership_test(state, fighter, "rally"):
        fighter.fleeing = False
        fighter.no_shoot = True


def fear_test(state: BattleState, fighter: Fighter, feared: Fighter) -> bool:
    """Testing against a fear-causing enemy; fighters who cause fear are immune, and so are
    the hardened and the frenzied (NOT IN SEED: published Mordheim psychology and serious
    injuries, not in seed 001: published Mordheim rules, Serious injuries)."""
    if not feared.causes_fear or fighter.causes_fear or fighter.immune_to_fear or fighter.frenzy:
        return True
    return leadership_test(state, fighter, "fear")


def stupidity_tests(state: BattleState, side: str) -> None:
    """At the start of its turn each standing stupid fighter of ``side`` tests Ld; on a
    failure it is stupefied until its next turn: it does not charge, move, shoot or strike
    (NOT IN SEED: published Mordheim stupidity; the published D6 stagger of a stupefied
    fighter out of combat is read as standing still, an honest simplification)."""
    for fighter in state.fighters(side):
        fighter.stupefied = False
        if fighter.stupidity and fighter.can_act:
            fighter.stupefied = not leadership_test(state, fighter, "stupidity")
