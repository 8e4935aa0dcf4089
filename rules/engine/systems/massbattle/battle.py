"""One whole battle: setup, twelve turns of movement, shooting and melee, scoring
(seed 003 §4 turn sequence, §12 scenario)."""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Mapping

from rules.engine.kernel.events import EventHook, EventLog
from rules.engine.kernel.loop import BattleLoop
from rules.engine.kernel.policy import side_policies
from rules.engine.kernel.reporting import Result
from rules.engine.kernel.sides import other
from rules.engine.report import BattleMap, BattleReport, MapFeature, UnitOutcome, UnitPosition
from rules.engine.systems.base import EngineError
from rules.engine.systems.massbattle import constants as C
from rules.engine.systems.massbattle.ai import MassBattlePolicy
from rules.engine.systems.massbattle.charge import ChargePlan
from rules.engine.systems.massbattle.footprint import angle_to
from rules.engine.systems.massbattle.melee import resolve_melee, take_nerve_test
from rules.engine.systems.massbattle.movement import forced_move, pivot, recoil
from rules.engine.systems.massbattle.nerve import ROUTED
from rules.engine.systems.massbattle.scenario import (
    CONDITIONS,
    deploy,
    place_objectives,
    result_summary,
    roll_condition,
    score,
)
from rules.engine.systems.massbattle.settings import DEFAULT_SETTINGS, MassBattleSettings
from rules.engine.systems.massbattle.shooting import may_shoot, resolve_shot
from rules.engine.systems.massbattle.state import BattleState
from rules.engine.systems.massbattle.surge import RULE as SURGE_RULE
from rules.engine.systems.massbattle.surge import dark_surge
from rules.engine.systems.massbattle.terrain import generate_terrain
from rules.engine.systems.massbattle.timing import turn_timed_out
from rules.engine.systems.massbattle.units import Army, Unit

ENGINE_VERSION = "massbattle-4"
"""Massbattle's engine version: changes whenever the same inputs and seed give another battle."""


def _copy_army(army: Army, side: str) -> list[Unit]:
    """Fresh battle copies of the army's units (the Army itself is never changed). A battle
    reads a unit's ``extra`` (rank width, horde) and never writes into it, at any depth, so
    its top level is copied, not the whole tree (a deep copy was 3% of a compiled battle)."""
    units = []
    for src in army.units:
        fp = src.fp
        unit = dataclasses.replace(
            src,
            id=f"{side}:{src.id}",
            side=side,
            rules=dict(src.rules),
            weapons=list(src.weapons),
            extra=dict(src.extra),
            fp=fp.at(fp.x, fp.y),
        )
        units.append(unit)
    return units


def movement_phase(state: BattleState, side: str, ai: MassBattlePolicy) -> list[list[ChargePlan]]:
    """Each unit receives one order; charges are declared together first (seed 003 §4)."""
    state.phase = "movement"
    state.planned_shots = {}
    state.ai_memo = {}
    for unit in state.alive(side):
        unit.order = "halt"
    holders = ai.assign_objectives(state, side)
    melees = ai.plan_charges(state, side, holders)
    charged = {p.charger.id for group in melees for p in group}
    state.engaged = charged | {p.target.id for group in melees for p in group}
    for group in melees:
        for plan in group:
            state.event(
                side,
                plan.charger.id,
                f"{plan.charger.name} charges {plan.target.name} in the {plan.facing}",
                plan.target.id,
                facing=plan.facing,
            )
    front = ai.line_front(state, side)
    for unit in state.alive(side):
        if unit.id not in charged:
            ai.move_unit(state, unit, holders, front)
    return melees


def shooting_phase(state: BattleState, side: str, ai: MassBattlePolicy) -> list[ChargePlan]:
    """Each unit makes one ranged attack; damaged enemies test nerve at the end (seed 003 §6).
    Dark Surge casters act last: a surged unit reaching an enemy has charged it (returned to
    join this turn's melees) and that enemy takes no nerve test for this phase's damage
    (seed 003 §9-§10)."""
    state.phase = "shooting"
    damaged: list[Unit] = []
    surge_charges: list[ChargePlan] = []
    casters = []
    for unit in state.alive(side):
        if unit.has(SURGE_RULE):
            casters.append(unit)
            continue
        _shoot(state, unit, damaged, ai)
    for unit in casters:
        target = ai.choose_surge(state, unit) if may_shoot(state, unit) else None
        if target is None:
            _shoot(state, unit, damaged, ai)
            continue
        result = dark_surge(state, unit, target)
        if result.charge is not None:
            surge_charges.append(result.charge)
    spared = {plan.target.id for plan in surge_charges}
    for target in damaged:
        if target.alive and target.id not in spared:
            take_nerve_test(state, target, musician=False)
    return surge_charges


def _shoot(state: BattleState, unit: Unit, damaged: list[Unit], ai: MassBattlePolicy) -> None:
    shot = ai.shot_for_phase(state, unit)
    if shot is None or not shot.target.alive:
        return
    if resolve_shot(state, unit, shot) > 0 and shot.target not in damaged:
        damaged.append(shot.target)


def join_melees(melees: list[list[ChargePlan]], charges: list[ChargePlan]) -> None:
    """Surge charges join the turn's melees: with the other chargers of the same target when
    there are some, on any facing, else as a melee of their own (seed 003 §5 multiple
    charges, §9-§10)."""
    for plan in charges:
        group = next((g for g in melees if g and g[0].target is plan.target), None)
        if group is not None:
            group.append(plan)
        else:
            melees.append([plan])


def melee_phase(
    state: BattleState, side: str, melees: list[list[ChargePlan]], ai: MassBattlePolicy
) -> None:
    """Chargers fight their targets one melee at a time; after the test the victor pivots or
    moves, otherwise the attackers recoil 1" (seed 003 §7); one boxed in (its recoil and the
    target's nudge both blocked) tries again once the other chargers have stepped back."""
    state.phase = "melee"
    for group in melees:
        group = [p for p in group if p.charger.alive]
        if not group or not group[0].target.alive:
            continue
        result = resolve_melee(state, group)
        target = group[0].target
        stuck = []
        for plan in group:
            unit = plan.charger
            if result == ROUTED and not target.alive:
                unit.routed_enemies += 1
                choice = ai.after_victory(state, unit)
                if choice == "forward":
                    moved = forced_move(state, unit, state.dice.d6())
                elif choice == "back":
                    moved = -forced_move(state, unit, -state.dice.d3())
                else:
                    enemy = ai.nearest_enemy(state, unit)
                    moved = 0.0
                    if enemy is not None:
                        pivot(
                            state, unit, unit.fp.facing + angle_to(unit.fp, enemy.fp.x, enemy.fp.y)
                        )
                state.event(side, unit.id, f"{unit.name} victorious: {choice}", moved=moved)
            elif recoil(state, unit, target) <= 0.0:
                stuck.append(unit)
        for unit in stuck:  # boxed in until the other chargers stepped back
            recoil(state, unit, target)
    state.engaged = set()


def snapshot(
    state: BattleState, kept: dict[str, tuple[tuple, UnitPosition]] | None = None
) -> list[UnitPosition]:
    """Positions of every unit for the replay (turn 0 = deployment). ``kept`` holds each
    unit's last position with what it was made from (its footprint, which is never changed
    in place, and its status): a unit that has not moved or changed since gives the same
    position again."""
    out = []
    for u in state.units:
        key = (u.fp, u.alive, u.status, u.size)
        known = kept.get(u.id) if kept is not None else None
        if known is not None and known[0] == key:
            out.append(known[1])
            continue
        position = UnitPosition(
            id=u.id,
            side=u.side,
            x=round(u.fp.x, 3),
            y=round(u.fp.y, 3),
            alive=u.alive,
            models=u.size if u.alive else 0,
            facing=round(u.fp.facing % 360.0, 2),
            width=round(u.fp.width, 3),
            depth=round(u.fp.depth, 3),
            status=u.status if u.alive else ROUTED,
        )
        if kept is not None:
            kept[u.id] = (key, position)
        out.append(position)
    return out


def flag_fall(state: BattleState, side: str) -> None:
    """Time out on the chess clock: the whole army routs and the game ends; victory is
    scored normally (seed 003 §11 timed games)."""
    for unit in state.alive(side):
        unit.alive = False
        unit.status = ROUTED
        unit.routed_turn = state.turn
    state.event(side, side, f"Side {side} ran out of time: the army routs")


class MassBattle(BattleLoop):
    """A massbattle on the kernel's loop: each turn is one player's turn, the roll-off winner
    first (twelve in all: seed 003 §12), of movement, shooting and melee; it ends early when
    a side has no unit left or its chess clock ran out (``flagged``)."""

    system = "massbattle"
    engine_version = ENGINE_VERSION

    def __init__(
        self,
        army_a: Army,
        army_b: Army,
        mission: str,
        seed: int,
        log: EventLog,
        settings: MassBattleSettings,
        policies: Mapping[str, MassBattlePolicy],
        flagged: tuple[str, int] | None,
        timed_out: Collection[int] = (),
    ) -> None:
        super().__init__(
            mission=mission,
            seed=seed,
            max_turns=C.MAX_TURNS,
            armies={"a": army_a.name, "b": army_b.name},
            log=log,
            settings=settings,
            policies=policies,
        )
        self.army_a, self.army_b = army_a, army_b
        self.flagged = flagged
        self.timed_out = frozenset(timed_out)
        self.flag_fell = False
        self.condition_roll = 0
        self.kept_positions: dict[str, tuple[tuple, UnitPosition]] = {}

    def setup(self) -> None:
        """Battle copies of the armies, the victory condition, terrain and objectives."""
        a, b = self.army_a, self.army_b
        state = self.state = BattleState(
            units=_copy_army(a, "a") + _copy_army(b, "b"),
            terrain=[],
            dice=self.dice,
            log=self.log,
            settings=self.settings,
            points_limit=int(a.points_limit or max(a.points, b.points) or 2000),
        )
        if self.mission == "battle":
            state.condition, self.condition_roll = roll_condition(self.dice)
        else:
            state.condition = self.mission
        state.terrain = generate_terrain(self.dice)
        if state.condition != "kill":
            state.objectives = place_objectives(self.dice, self.dice.roll_off().winner)

    def deploy(self) -> None:
        """A roll-off decides who deploys first, another who takes the first turn (§12)."""
        state = self.state
        deploy(state, self.dice.roll_off().winner)
        first = self.dice.roll_off()
        state.first = first.winner
        state.event(
            first.winner,
            first.winner,
            f"Side {first.winner} takes the first turn",
            dice=first.rolls,
        )

    def play_turn(self, turn: int) -> None:
        state = self.state
        side = state.first if turn % 2 == 1 else other(state.first)
        state.turn = turn
        if self.flagged is not None and self.flagged[0] == side and self.flagged[1] <= turn:
            flag_fall(state, side)
            self.flag_fell = True
            return
        ai = self.policies[side]
        melees = movement_phase(state, side, ai)
        join_melees(melees, shooting_phase(state, side, ai))
        if turn in self.timed_out:
            turn_timed_out(state, side, melees)
        else:
            melee_phase(state, side, melees, ai)
        for unit in state.alive(side):
            if unit.wavering:
                unit.wavering = False
                unit.status = "steady"

    def snapshot(self) -> list[UnitPosition]:
        return snapshot(self.state, self.kept_positions)

    def is_over(self) -> bool:
        return self.flag_fell or not self.state.alive("a") or not self.state.alive("b")

    def score(self) -> Result:
        """The victory condition's winner and scores (seed 003 §12)."""
        state = self.state
        winner, scores, held = score(state)
        summary = result_summary(
            state.condition,
            winner,
            scores,
            state.points_limit,
            self.turn,
            state.settings.kill_margin_inclusive,
        )
        extra = {
            "condition": state.condition,
            "condition_roll": self.condition_roll,
            "objectives_held": held,
            "first_turn": state.first,
            "kill_points": {
                s: sum(u.points for u in state.units if not u.alive and u.side != s) for s in "ab"
            },
            "objectives": [list(o) for o in state.objectives],
        }
        if self.timed_out:
            extra["timed_out_turns"] = sorted(t for t in self.timed_out if t <= self.turn)
        return Result(winner, scores, summary, extra)

    def outcomes(self) -> list[UnitOutcome]:
        return [
            UnitOutcome(
                id=u.id,
                name=u.name,
                side=u.side,
                status=u.status if u.alive else ROUTED,
                models_start=u.size,
                models_lost=0 if u.alive else u.size,
                kills=u.routed_enemies,
                points=u.points,
                points_lost=0 if u.alive else u.points,
                extra={
                    "damage": u.damage,
                    "damage_dealt": u.damage_dealt,
                    "routed_turn": u.routed_turn,
                    "unit_type": u.unit_type,
                },
            )
            for u in self.state.units
        ]

    def battle_map(self) -> BattleMap:
        state = self.state
        features = [
            MapFeature(
                "terrain",
                round(p.fp.x, 3),
                round(p.fp.y, 3),
                p.fp.width,
                p.fp.depth,
                p.name,
                {"type": p.kind, "facing": p.fp.facing, "id": p.id},
            )
            for p in state.terrain
        ]
        features += [
            MapFeature(
                "objective",
                x,
                y,
                C.OBJECTIVE_RADIUS * 2,
                C.OBJECTIVE_RADIUS * 2,
                f"Objective {i + 1}",
                {},
            )
            for i, (x, y) in enumerate(state.objectives)
        ]
        zone = C.CENTRE_LINE_Y - C.DEPLOY_GAP
        features += [
            MapFeature("deployment", 0.0, 0.0, C.TABLE_WIDTH, zone, "Side a zone", {"side": "a"}),
            MapFeature(
                "deployment",
                0.0,
                C.TABLE_DEPTH - zone,
                C.TABLE_WIDTH,
                zone,
                "Side b zone",
                {"side": "b"},
            ),
        ]
        return BattleMap(C.TABLE_WIDTH, C.TABLE_DEPTH, "inches", features)


def resolve(
    army_a: Army,
    army_b: Army,
    mission: str,
    seed: int,
    on_event: EventHook | None = None,
    log: bool = True,
    flagged: tuple[str, int] | None = None,
    settings: MassBattleSettings | None = None,
    policies: Mapping[str, MassBattlePolicy] | None = None,
    timed_out: Collection[int] = (),
) -> BattleReport:
    """Play the scenario of seed 003 §12; ``flagged`` = (side, turn) whose clock ran out;
    ``timed_out`` = the turns that ran out of time on a per-turn clock (``timing``);
    ``policies`` maps a side to its AI (default :class:`MassBattlePolicy`)."""
    if mission != "battle" and mission not in CONDITIONS:
        raise EngineError("mission.unknown", f"Unknown massbattle mission '{mission}'.")
    return MassBattle(
        army_a,
        army_b,
        mission,
        seed,
        EventLog(log, on_event),
        settings or DEFAULT_SETTINGS,
        side_policies(policies, MassBattlePolicy),
        flagged,
        timed_out,
    ).run()
