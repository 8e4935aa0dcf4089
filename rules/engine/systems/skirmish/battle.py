"""A whole battle: deployment, alternating turns of rout test, recovery, movement, shooting
and close combat, until a warband routs or the scenario ends (NOT IN SEED: published
Mordheim turn sequence, not in seed 001: published Mordheim rules, Turn sequence; close combat seed
001)."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from rules.engine.kernel.events import EventLog
from rules.engine.kernel.loop import BattleLoop
from rules.engine.kernel.reporting import Result
from rules.engine.kernel.sides import other
from rules.engine.report import BattleMap, UnitOutcome, UnitPosition
from rules.engine.systems.skirmish.ai import SkirmishPolicy
from rules.engine.systems.skirmish.combat import close_combat_phase
from rules.engine.systems.skirmish.fighters import Warband
from rules.engine.systems.skirmish.magic import end_spells, try_to_cast
from rules.engine.systems.skirmish.movement import movement_phase, recovery_phase
from rules.engine.systems.skirmish.psychology import all_alone_tests, rout_test
from rules.engine.systems.skirmish.reporting import battle_map, result, unit_outcomes
from rules.engine.systems.skirmish.scenarios import (
    MISSIONS,
    breakthrough_check,
    deploy,
    ruined_town,
    winner_at_turn_limit,
)
from rules.engine.systems.skirmish.settings import SkirmishSettings
from rules.engine.systems.skirmish.shooting import shooting_phase
from rules.engine.systems.skirmish.state import BattleState

ENGINE_VERSION = "skirmish-5"
"""Skirmish's engine version: changes whenever the same inputs and seed give another battle
(2: §11.3 leaving combat, crawling, shooting downed enemies, fists, hiding shooters, facings;
3: bases never overlap, charges only into a free spot in base contact, the AI spreads its
charges on downed enemies too, lasting injuries and skills in battle, issue 19;
4: ruins block line of sight, intercepted charges, attacks split between enemies, upper
floors with climbing, jumping down and falling, issue 19;
5: hero skills in battle (``skills``), issue 19)."""


def fresh_copy(warband: Warband, side: str) -> Warband:
    """A copy whose fighters can be changed without touching the built army."""
    fighters = [
        dataclasses.replace(f, side=side, key=f"{side}:{f.id}", engaged=[], enemies_taken_out=[])
        for f in warband.fighters
    ]
    return dataclasses.replace(warband, fighters=fighters)


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
        f.charged = f.reflexes = False
        f.stood_up = False
        if not f.engaged:
            f.combat_rounds = 0
    for f in state.fighters(side):
        f.ran = f.moved = f.no_shoot = False
    end_spells(state, side)


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
    shooting_phase(state, side, try_to_cast)
    close_combat_phase(state)
    all_alone_tests(state, side)
    breakthrough_check(state, side)
    if not state.on_table(other(side)) and state.winner is None:
        state.winner = side
        state.end_reason = "wiped_out"


class SkirmishBattle(BattleLoop):
    """A skirmish on the kernel's loop: each turn both warbands play their player turn, the
    scenario's attacker or the roll-off winner first, until one routs or is wiped out or the
    scenario's turns run out."""

    system = "skirmish"
    engine_version = ENGINE_VERSION

    def __init__(
        self,
        warband_a: Warband,
        warband_b: Warband,
        mission: str,
        seed: int,
        log: EventLog,
        settings: SkirmishSettings,
        policies: Mapping[str, SkirmishPolicy],
    ) -> None:
        super().__init__(
            mission=mission,
            seed=seed,
            max_turns=MISSIONS[mission].max_turns,
            armies={"a": warband_a.name, "b": warband_b.name},
            log=log,
            settings=settings,
            policies=policies,
        )
        self.warbands = (warband_a, warband_b)
        self.first = "a"

    def setup(self) -> None:
        """The ruined town and battle copies of the warbands (the built army never changes)."""
        wa, wb = fresh_copy(self.warbands[0], "a"), fresh_copy(self.warbands[1], "b")
        self.state = BattleState(
            mission=self.mission,
            table=ruined_town(self.dice),
            warbands={"a": wa, "b": wb},
            dice=self.dice,
            log=self.log,
            settings=self.settings,
        )

    def deploy(self) -> None:
        """The roll-off winner is the attacker; in Breakthrough the attacker goes first, in
        every other scenario a second roll-off decides."""
        state = self.state
        state.attacker = self.dice.roll_off().winner
        deploy(state)
        state.event("", "", "deployment", data={"attacker": state.attacker})
        breakthrough = self.mission == "breakthrough"
        self.first = state.attacker if breakthrough else self.dice.roll_off().winner

    def play_turn(self, turn: int) -> None:
        state = self.state
        state.turn = turn
        for side in (self.first, other(self.first)):
            play_turn(state, side, self.policies[side])
            if state.winner is not None:
                break

    def snapshot(self) -> list[UnitPosition]:
        return snapshot(self.state)

    def is_over(self) -> bool:
        return self.state.winner is not None

    def at_turn_limit(self) -> None:
        self.state.winner = winner_at_turn_limit(self.state)
        self.state.end_reason = "turn_limit"

    def finish(self) -> None:
        state = self.state
        state.phase = "end"
        state.event(state.winner or "", "", f"battle ends: {state.end_reason}")

    def score(self) -> Result:
        return result(self.state)

    def outcomes(self) -> list[UnitOutcome]:
        return unit_outcomes(self.state, "a") + unit_outcomes(self.state, "b")

    def battle_map(self) -> BattleMap:
        return battle_map(self.state)
