"""A whole battle: deployment, alternating turns of rout test, recovery, movement, shooting
and close combat, until a warband routs or the scenario ends (NOT IN SEED: published
Mordheim turn sequence, digest §15.1; close combat seed 001)."""

from __future__ import annotations

import dataclasses
from typing import Any

from rules.engine.dice import Dice
from rules.engine.report import EventLog, UnitPosition
from rules.engine.systems.base import EventHook
from rules.engine.systems.skirmish.ai import SkirmishPolicy
from rules.engine.systems.skirmish.combat import close_combat_phase
from rules.engine.systems.skirmish.fighters import Warband
from rules.engine.systems.skirmish.movement import movement_phase, recovery_phase
from rules.engine.systems.skirmish.psychology import all_alone_tests, rout_test
from rules.engine.systems.skirmish.scenarios import (
    MISSIONS,
    breakthrough_check,
    deploy,
    ruined_town,
    winner_at_turn_limit,
)
from rules.engine.systems.skirmish.shooting import shooting_phase
from rules.engine.systems.skirmish.state import BattleState, other


def fresh_copy(warband: Warband, side: str) -> Warband:
    """A copy whose fighters can be changed without touching the built army."""
    fighters = [
        dataclasses.replace(f, side=side, key=f"{side}:{f.id}", engaged=[], enemies_taken_out=[])
        for f in warband.fighters
    ]
    return dataclasses.replace(warband, fighters=fighters)


def roll_off(dice: Dice) -> str:
    """Each side rolls a D6, re-rolling ties; the higher wins ("a" or "b")."""
    while True:
        a, b = dice.d6s(2)
        if a != b:
            return "a" if a > b else "b"


def snapshot(state: BattleState) -> list[UnitPosition]:
    """Every fighter's position and state (one list per turn for the map replay)."""
    out = []
    for side in ("a", "b"):
        for f in state.fighters(side):
            status = "broke_through" if f.broke_through else ("fleeing" if f.fleeing else f.state)
            if f.hidden:
                status = "hidden"
            out.append(
                UnitPosition(
                    id=f.id,
                    side=side,
                    x=round(f.x, 2),
                    y=round(f.y, 2),
                    alive=not f.out,
                    models=0 if f.out else 1,
                    facing=f.facing,
                    status=status,
                )
            )
    return out


def start_of_turn(state: BattleState, side: str) -> None:
    """Clear the flags that last one turn."""
    for f in state.by_id.values():
        f.charged = False
        f.stood_up = False
        if not f.engaged:
            f.combat_rounds = 0
    for f in state.fighters(side):
        f.ran = f.moved = f.no_shoot = False


def play_turn(state: BattleState, side: str, policy: Any) -> None:
    """One player's turn: rout test, recovery, movement, shooting, close combat."""
    state.active = side
    state.phase = "rout"
    start_of_turn(state, side)
    if rout_test(state, side, voluntary=policy.voluntary_rout(state, side)):
        state.routed = side
        state.winner = other(side)
        state.end_reason = "rout"
        return
    recovery_phase(state, side)
    movement_phase(state, side, policy)
    shooting_phase(state, side)
    close_combat_phase(state)
    all_alone_tests(state, side)
    breakthrough_check(state, side)
    if not state.on_table(other(side)) and state.winner is None:
        state.winner = side
        state.end_reason = "wiped_out"


def run_battle(
    warband_a: Warband,
    warband_b: Warband,
    mission: str,
    seed: int,
    on_event: EventHook | None = None,
    log: bool = True,
    policy: Any = None,
) -> tuple[BattleState, list[list[UnitPosition]]]:
    """Play the battle on copies of the warbands; returns the final state and positions."""
    policy = policy or SkirmishPolicy()
    dice = Dice(seed)
    wa, wb = fresh_copy(warband_a, "a"), fresh_copy(warband_b, "b")
    state = BattleState(
        mission=mission,
        table=ruined_town(dice),
        warbands={"a": wa, "b": wb},
        dice=dice,
        log=EventLog(enabled=log),
        on_event=on_event,
    )
    state.attacker = roll_off(dice)
    deploy(state)
    state.event("", "", "deployment", data={"attacker": state.attacker})
    positions = [snapshot(state)]
    first = state.attacker if mission == "breakthrough" else roll_off(dice)
    limit = MISSIONS[mission].max_turns
    for turn in range(1, limit + 1):
        state.turn = turn
        for side in (first, other(first)):
            play_turn(state, side, policy)
            if state.winner is not None:
                break
        positions.append(snapshot(state))
        if state.winner is not None:
            break
    else:
        state.winner = winner_at_turn_limit(state)
        state.end_reason = "turn_limit"
    state.phase = "end"
    state.event(state.winner or "", "", f"battle ends: {state.end_reason}")
    return state, positions
