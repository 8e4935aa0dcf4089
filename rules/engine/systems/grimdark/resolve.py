"""Playing a whole battle: set-up, deployment, the turn sequence and the report (seed 000
[14]; missions NOT IN SEED, 4e pp.77-80, pp.84-87)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.engine.geometry import Point
from rules.engine.kernel.events import EventHook, EventLog
from rules.engine.kernel.loop import BattleLoop
from rules.engine.kernel.policy import side_policies
from rules.engine.kernel.reporting import Result
from rules.engine.kernel.sides import SIDES, other
from rules.engine.report import BattleMap, BattleReport, MapFeature, UnitOutcome, UnitPosition
from rules.engine.systems.base import EngineError
from rules.engine.systems.grimdark.ai import GrimdarkPolicy
from rules.engine.systems.grimdark.army import Unit
from rules.engine.systems.grimdark.assault import assault_phase
from rules.engine.systems.grimdark.battle import Battle
from rules.engine.systems.grimdark.missions import (
    DEPLOYMENT_ORDER,
    LEVEL_RULES,
    MISSIONS,
    counter_controllers,
    deployment,
    deploys_by_own_rule,
    is_scoring,
    level_victory_points,
    make_table,
    objective_scores,
    place_objectives,
    quarter_controllers,
    quarter_of,
    victory_points,
    winner,
    within_objective,
)
from rules.engine.systems.grimdark.movement import move_unit, movement_phase
from rules.engine.systems.grimdark.reserves import arrive_from_reserve, starts_in_reserve
from rules.engine.systems.grimdark.rosters import Army
from rules.engine.systems.grimdark.settings import GrimdarkSettings
from rules.engine.systems.grimdark.shooting import shooting_phase
from rules.engine.systems.grimdark.special_rules import last_man_standing
from rules.engine.systems.grimdark.transports import embark

ENGINE_VERSION = "0.8.0"
"""Grimdark's engine version: changes whenever the same inputs and seed give another battle."""
RANDOM_GAME_ENDS: dict[int, dict[int, int]] = {6: {6: 3}, 5: {5: 2, 6: 3}}
"""Random game length (settings.random_game_length), by the turn its rolls start
(settings.random_game_length_from): at the end of game turn N the battle ends on a D6 of
this or less; it never goes beyond turn 7 (``RANDOM_LAST_TURN``)."""
RANDOM_LAST_TURN = 7


def random_game_length(settings: GrimdarkSettings) -> bool:
    """Random game length: the setting, or the Omega level's special rule (4e pp.80-83)."""
    return (
        settings.random_game_length or "random_game_length" in LEVEL_RULES[settings.mission_level]
    )


def join_unit(ic: Unit, host: Unit) -> None:
    """The independent character ``ic`` joins ``host``: its models fight in the host, each
    keeping its own special rules (``Model.rules``, 4e p.74)."""
    ic.joined_to = host.id
    host.members.append(ic.id)
    host.models.extend(ic.models)
    host.start_models += len(ic.models)
    ic.models = []
    host.refresh()
    ic.refresh()


def join_characters(battle: Battle, side: str) -> None:
    """Independent characters may join a unit; the unit uses the best Ld and the IC's
    model fights in it (NOT IN SEED: published 4e p.50)."""
    policy = battle.policies[side]
    units = [u for u in battle.units if u.side == side]
    for ic in units:
        if "independent_character" not in ic.rules or ic.start_models != 1:
            continue
        host = policy.join_host(ic, [u for u in units if u is not ic and not u.joined_to])
        if host is None:
            continue
        join_unit(ic, host)
        if battle.logging:
            battle.log(side, ic.name, f"{ic.name} joins {host.name}", target=host.name)


def deploy(battle: Battle, first: str) -> None:
    """Alternate one unit at a time in the order Heavy Support, Troops, Elites, HQ, Fast
    Attack (4e pp.80-83); deep strikers and, under Escalation, most units start in reserve
    (``reserves``); infiltrators go last and
    further forward; transports take their passengers aboard (4e pp.66-67); scouts get a
    free move (4e pp.74-76 ≈)."""
    plan = deployment(battle.mission.slug)
    queues: dict[str, list[Unit]] = {}
    rank = {c: k for k, c in enumerate(DEPLOYMENT_ORDER)}
    for side in ("a", "b"):
        units = [u for u in battle.units if u.side == side and not u.joined_to]
        for unit in units:
            unit.reserve = starts_in_reserve(battle, unit)
        placed = [u for u in units if not u.reserve]
        queues[side] = sorted(
            placed,
            key=lambda u: (deploys_by_own_rule(battle, u, "infiltrate"), rank.get(u.category, 9)),
        )
    counters = {"a": 0, "b": 0}
    totals = {s: len(queues[s]) for s in ("a", "b")}
    order = [first, other(first)]
    while queues["a"] or queues["b"]:
        for side in order:
            if not queues[side]:
                continue
            unit = queues[side].pop(0)
            zone = plan.zones[side]
            point = battle.policies[side].deploy_point(
                battle, unit, zone, counters[side], totals[side]
            )
            counters[side] += 1
            if deploys_by_own_rule(battle, unit, "infiltrate"):
                forward = 6.0 if side == "a" else -6.0
                candidate = Point(point.x, point.y + forward)
                if all(
                    candidate.distance(e.position) > 18.0 + e.radius + unit.radius
                    for e in battle.units
                    if e.side != side and not e.reserve and not e.joined_to
                ):
                    point = candidate
            unit.position = point
            unit.facing = 90.0 if side == "a" else 270.0
    for side in order:
        for transport in battle.side_units(side):
            if transport.capacity:
                candidates = battle.side_units(side)
                passengers = battle.policies[side].passenger_for(battle, transport, candidates)
                if passengers is not None:
                    embark(battle, passengers, transport)
    for side in order:
        for unit in battle.side_units(side):
            if "scouts" in unit.rules:
                enemy = battle.policies[side].nearest_enemy(battle, unit)
                if enemy is not None and battle.gap(unit, enemy) > 18.0:
                    move_unit(battle, unit, enemy.position, 6.0)


def snapshot(battle: Battle) -> list[UnitPosition]:
    """Where every roster unit stands now (map replay)."""
    out = []
    for unit in battle.units:
        where = battle.by_id[unit.joined_to] if unit.joined_to else unit
        if where.embarked_in:
            where = battle.by_id[where.embarked_in]
        # a unit nobody joined holds only its own models: no need to pick them out
        models = unit_models(battle, unit) if unit.joined_to or unit.members else unit.models
        alive = 0
        for m in models:
            if m.wounds > 0:
                alive += 1
        size = round(where.radius * 2, 2)  # a round footprint: as wide as deep
        out.append(
            UnitPosition(
                id=unit.roster_id,
                side=unit.side,
                x=round(where.position.x, 2),
                y=round(where.position.y, 2),
                alive=alive > 0 and where.on_table and not where.reserve,
                models=alive,
                facing=round(where.facing, 1),
                width=size,
                depth=size,
                status=status_of(battle, unit, models, alive),
            )
        )
    return out


def unit_models(battle: Battle, unit: Unit) -> list:
    """The models that came from roster unit ``unit`` (a joined IC's model is in its host)."""
    return battle.models_of(unit.id)


def status_of(
    battle: Battle, unit: Unit, models: list | None = None, alive: int | None = None
) -> str:
    """intact, damaged, below_half, pinned, falling_back, fled, destroyed, in_reserve,
    embarked (``alive``: how many of ``models`` live, when already counted)."""
    where = battle.by_id[unit.joined_to] if unit.joined_to else unit
    if models is None:
        models = unit_models(battle, unit)
    if alive is None:
        alive = sum(1 for m in models if m.wounds > 0)
    if alive == 0:
        return "destroyed"
    if where.fled:
        return "fled"
    if where.reserve:
        return "in_reserve"
    if where.embarked_in:
        return "embarked"
    if where.falling_back:
        return "falling_back"
    if where.pinned_turn > battle.ptc:
        return "pinned"
    if unit.is_vehicle and (unit.immobilised or unit.weapons_destroyed):
        return "damaged"
    if alive * 2 < len(models):
        return "below_half"
    return "intact"


def side_alive(battle: Battle, side: str) -> bool:
    for u in battle.units:  # a plain loop: quicker than any() over a generator
        if u.side == side and u.count > 0 and not u.fled and not u.joined_to:
            return True
    return False


class GrimdarkBattle(BattleLoop):
    """A grimdark battle on the kernel's loop: each turn is a game turn of one player turn
    per side (movement, shooting, assault; seed 000 [14]); it ends after the mission's turns
    or when one side has nothing left on the table."""

    system = "grimdark"
    engine_version = ENGINE_VERSION

    def __init__(
        self,
        army_a: Army,
        army_b: Army,
        mission: str,
        seed: int,
        log: EventLog,
        settings: GrimdarkSettings,
        policies: Mapping[str, Any],
    ) -> None:
        super().__init__(
            mission=mission,
            seed=seed,
            max_turns=RANDOM_LAST_TURN
            if random_game_length(settings)
            else MISSIONS[mission].max_turns,
            armies={"a": army_a.name, "b": army_b.name},
            log=log,
            settings=settings,
            policies=policies,
        )
        self.army_a, self.army_b = army_a, army_b
        self.called_off = False  # the random game length roll ended the battle

    def setup(self) -> None:
        """Terrain, battle copies of the units, objectives, independent characters joining."""
        table = make_table(self.dice.spawn("terrain"))
        units: list[Unit] = []
        for side, army in (("a", self.army_a), ("b", self.army_b)):
            for data in army.units:
                unit = army.unit_for(data, side)
                unit.roster_id = unit.id
                unit.id = f"{side}:{unit.id}"
                for model in unit.models:
                    model.origin = unit.id
                units.append(unit)
        self.battle = Battle(
            units,
            table,
            self.dice,
            MISSIONS[self.mission],
            dict(self.policies),
            self.log,
            dict(self.armies),
            self.settings,
        )
        self.battle.objectives = place_objectives(self.battle)
        for side in SIDES:
            join_characters(self.battle, side)

    def deploy(self) -> None:
        """The roll-off winner picks who deploys first; a second roll-off gives the first
        turn (seed 000 [14], 4e pp.80-83)."""
        battle = self.battle
        plan = deployment(self.mission)
        high = self.dice.roll_off().winner
        deploy(battle, high if plan.first == "high" else other(high))
        battle.first = self.dice.roll_off().winner
        if battle.logging:
            name = battle.names[battle.first]
            battle.log(battle.first, name, f"{name} ({battle.first}) takes the first turn")

    def play_turn(self, turn: int) -> None:
        battle = self.battle
        battle.turn = turn
        for side in (battle.first, other(battle.first)):
            battle.ptc += 1
            battle.active = side
            battle.phase = "movement"
            arrive_from_reserve(battle)
            movement_phase(battle)
            last_man_standing(battle)
            battle.phase = "shooting"
            shooting_phase(battle)
            last_man_standing(battle)
            battle.phase = "assault"
            assault_phase(battle)
            last_man_standing(battle)
            if self.is_over():
                return
        ends = RANDOM_GAME_ENDS[self.settings.random_game_length_from]
        if random_game_length(self.settings) and turn in ends:
            self.roll_for_game_end(turn, ends[turn])

    def roll_for_game_end(self, turn: int, ends_on: int) -> None:
        """Random game length: the D6 at the end of game turn ``turn`` ends the battle on
        ``ends_on`` or less (``RANDOM_GAME_ENDS``), logged with its die."""
        roll = self.dice.d6()
        self.called_off = roll <= ends_on
        if self.battle.logging:
            result = "the battle ends" if self.called_off else "the battle goes on"
            self.battle.log(self.battle.first, "game", f"Game length roll: {result}", dice=[roll])

    def snapshot(self) -> list[UnitPosition]:
        return snapshot(self.battle)

    def is_over(self) -> bool:
        battle = self.battle
        return self.called_off or not side_alive(battle, "a") or not side_alive(battle, "b")

    def score(self) -> Result:
        """Victory points, the mission's objectives and the winner (4e pp.80-83)."""
        battle = self.battle
        objectives = objective_scores(battle)
        vps = level_victory_points(
            battle, {s: victory_points(battle, s) for s in SIDES}, objectives
        )
        result = winner(battle, vps, objectives)
        if result is None:
            summary = f"Draw after {battle.turn} turns ({vps['a']}–{vps['b']} VP)"
        else:
            summary = (
                f"{battle.names[result]} ({result}) wins {battle.mission.name} after "
                f"{battle.turn} turns ({vps['a']}–{vps['b']} VP)"
            )
        extra = {
            "objectives": objectives,
            "first_turn": battle.first,
            "level": self.settings.mission_level,
        }
        return Result(result, vps, summary, extra)

    def outcomes(self) -> list[UnitOutcome]:
        battle = self.battle
        outcomes = []
        for unit in battle.units:
            models = unit_models(battle, unit)
            lost = sum(1 for m in models if m.wounds <= 0)
            status = status_of(battle, unit)
            where = battle.by_id[unit.joined_to] if unit.joined_to else unit
            if status in ("destroyed", "fled", "falling_back", "in_reserve"):
                points_lost = unit.points
            elif status == "below_half":
                points_lost = unit.points // 2
            else:
                points_lost = 0
            destroyed = sorted({battle.by_id[d].roster_id for d in unit.destroyed_units})
            outcomes.append(
                UnitOutcome(
                    id=unit.roster_id,
                    name=unit.name,
                    side=unit.side,
                    status=status,
                    models_start=len(models),
                    models_lost=lost,
                    kills=unit.kills,
                    points=unit.points,
                    points_lost=points_lost,
                    extra={
                        "units_destroyed": destroyed,
                        "scoring": is_scoring(where),
                        "objective_held": is_scoring(where) and holds_objective(battle, where),
                        "joined": battle.by_id[unit.joined_to].roster_id if unit.joined_to else "",
                        "unit_type": unit.unit_type,
                        "category": unit.category,
                    },
                )
            )
        return outcomes

    def battle_map(self) -> BattleMap:
        battle = self.battle
        features = [
            MapFeature(
                "terrain",
                round(t.rect.x, 2),
                round(t.rect.y, 2),
                round(t.rect.width, 2),
                round(t.rect.height, 2),
                t.name,
                {"class": t.kind, "cover_save": t.cover_save, "height": t.height},
            )
            for t in battle.table.terrain
        ]
        features += [
            MapFeature("objective", round(p.x, 2), round(p.y, 2), label=f"Objective {k + 1}")
            for k, p in enumerate(battle.objectives)
        ]
        plan = deployment(battle.mission.slug)
        features += [
            MapFeature(
                "deployment",
                float(z.x),
                float(z.y),
                float(z.width),
                float(z.height),
                f"Deployment {s}",
            )
            for s, z in sorted(plan.zones.items())
        ]
        return BattleMap(battle.table.width, battle.table.height, "inches", features)


def resolve_battle(
    army_a: Army,
    army_b: Army,
    mission: str,
    seed: int,
    on_event: EventHook | None = None,
    log: bool = True,
    settings: GrimdarkSettings | None = None,
    policies: Mapping[str, Any] | None = None,
) -> BattleReport:
    """Play a whole battle; same armies, mission, seed and settings give the same report.
    ``policies`` maps a side to its AI (default :class:`GrimdarkPolicy`)."""
    if mission not in MISSIONS:
        raise EngineError("mission.unknown", f"Unknown grimdark mission '{mission}'.")
    for army in (army_a, army_b):
        if not isinstance(army, Army):
            raise EngineError("army.invalid", "resolve_battle needs armies from build_army().")
    return GrimdarkBattle(
        army_a,
        army_b,
        mission,
        seed,
        EventLog(log, on_event),
        settings or GrimdarkSettings(),
        side_policies(policies, GrimdarkPolicy),
    ).run()


def holds_objective(battle: Battle, unit: Unit) -> bool:
    """Whether a scoring unit helps its side hold an objective at the end (4e pp.80-83 ✓):
    Cleanse — its table quarter has no enemy scoring unit; Secure and Control — a loot
    counter within 6" has no enemy scoring unit within 6"; Take and Hold — within 12" of the
    centre; Recon — in the enemy's half. Annihilation and Seek and Destroy have none."""
    slug = battle.mission.slug
    if slug == "cleanse":
        return quarter_controllers(battle)[quarter_of(battle, unit.position)] == unit.side
    if slug == "secure-and-control":
        held = counter_controllers(battle)
        return any(
            held[k] == unit.side and within_objective(battle, unit, k)
            for k in range(len(battle.objectives))
        )
    if slug == "take-and-hold":
        return unit.position.distance(battle.table.centre) - unit.radius <= 12.0
    if slug == "recon":
        half = battle.table.height / 2
        return unit.position.y > half if unit.side == "a" else unit.position.y < half
    return False
