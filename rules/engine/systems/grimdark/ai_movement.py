"""Where the grimdark AI puts and moves its units (the base of :class:`.ai.GrimdarkPolicy`):
deployment and deep-strike aims, reserve entry, transport loading and disembarking, mission
objectives, movement goals, tank shock and Death or Glory, turbo-boosts. Each method only
chooses among options the rules modules allow."""

from __future__ import annotations

import math

from rules.engine.geometry import IMPASSABLE, Point, Rect
from rules.engine.systems.grimdark.ai_estimates import (
    ROLE_MELEE,
    ROLE_SHOOTER,
    profile_role,
    value_per_wound,
)
from rules.engine.systems.grimdark.army import MONSTROUS, Model, Unit
from rules.engine.systems.grimdark.battle import Battle
from rules.engine.systems.grimdark.movement import max_move
from rules.engine.systems.grimdark.skimmers import (
    CRUISING,
    cruises_for_free,
    jink_point,
    moves_fast_for_free,
)
from rules.engine.systems.grimdark.tankshock import (
    can_tank_shock,
    death_or_glory_attack,
    shockable,
    stop_chance,
)
from rules.engine.systems.grimdark.transports import boarding_distance, can_carry, may_board

DEEP_STRIKE_MARGIN = 10.0  # inches kept from the table edges when aiming a deep strike
RIDE_DISTANCE = 18.0  # inches: infantry whose goal and nearest enemy are farther rides


class MovementChoices:
    """Deployment, transport and movement choices; the roles are fixed once per unit."""

    def __init__(self) -> None:
        self._roles: dict[str, str] = {}

    def role(self, unit: Unit) -> str:
        """Melee or shooter, fixed once per unit from its profile and weapons."""
        cached = self._roles.get(unit.id)
        if cached is None:
            cached = self._roles[unit.id] = profile_role(unit)
        return cached

    # ----- deployment ---------------------------------------------------------------
    def join_host(self, ic: Unit, hosts: list[Unit]) -> Unit | None:
        """An independent character joins the biggest friendly unit of its own type."""
        deployment = ("deep_strike", "infiltrate", "scouts")
        same = [
            h
            for h in hosts
            if h.unit_type == ic.unit_type
            and not h.members
            and "independent_character" not in h.rules
            and h.start_models > 1
            and all(ic.has(rule) or not h.has(rule) for rule in deployment)
        ]
        if not same:
            return None
        return max(same, key=lambda h: (h.points, h.id))

    def deep_strikes(self, battle: Battle, unit: Unit) -> bool:
        """A unit that may deep strike does so unless it is a shooter with heavy weapons:
        those could not fire the turn it lands (it counts as moved, 4e pp.74-76), so it
        deploys and shoots from the first turn."""
        heavy = any(w.kind in ("heavy", "ordnance") for m in unit.models for w in m.ranged)
        return not (heavy and self.role(unit) == ROLE_SHOOTER)

    def reserve_entry_x(self, battle: Battle, unit: Unit, low: float, high: float) -> float:
        """Where along its table edge a reserve comes on: level with its objective, else
        with the nearest enemy (``low``..``high``: the deployment zone's edge)."""
        objective = self.objective_point(battle, unit)
        if objective is None:
            enemies = battle.enemies(unit.side)
            objective = (
                min(enemies, key=lambda e: (abs(e.position.y - unit.position.y), e.id)).position
                if enemies
                else battle.table.centre
            )
        return min(high, max(low, objective.x))

    def deep_strike_point(self, battle: Battle, unit: Unit) -> Point:
        """Aim 12" in front of the cheapest enemy unit, far enough from the table edges
        that a 2D6" scatter rarely carries the unit off the table."""
        enemies = battle.enemies(unit.side)
        if not enemies:
            return battle.table.centre
        target = min(enemies, key=lambda e: (e.points, e.id))
        home = Point(target.position.x, 0.0 if unit.side == "a" else battle.table.height)
        aim = target.position.toward(home, target.radius + unit.radius + 12.0)
        return battle.table.clamp(aim, DEEP_STRIKE_MARGIN)

    def deploy_point(self, battle: Battle, unit: Unit, zone: Rect, index: int, total: int) -> Point:
        """Spread units across the zone, each as far from its own table edge as the zone
        allows: a unit falls back 2D6" toward that edge and leaves the table when it reaches
        it (4e pp.47-49), so a shooter deployed at the back of a 12" zone would flee on its
        first failed test; with 24" to 36" guns the front of the zone costs it no targets."""
        x = zone.x + (index + 0.5) * zone.width / max(1, total)
        margin = unit.radius + 0.5
        y = zone.y + zone.height - margin if zone.y == 0 else zone.y + margin
        p = zone.clamp(Point(x, y), 1.0)
        for _ in range(8):
            if not any(
                a.kind == IMPASSABLE and a.rect.distance_to(p) < unit.radius
                for a in battle.table.terrain
            ):
                break
            p = zone.clamp(Point(p.x + 6.0, p.y), 1.0)
        return p

    # ----- transports ---------------------------------------------------------------
    def passenger_for(self, battle: Battle, transport: Unit, candidates: list[Unit]) -> Unit | None:
        """At deployment a transport carries the friendly unit it fits that gains most from
        the ride: melee units first (they must cross the table), then Troops, then points;
        units that infiltrate, scout or deep strike keep their own deployment."""
        own = ("infiltrate", "scouts", "deep_strike")
        fits = [
            u
            for u in candidates
            if can_carry(transport, u) and not any(u.has(r) for r in own) and not u.members
        ]
        fits += [u for u in candidates if u.members and can_carry(transport, u)]
        if not fits:
            return None
        return max(
            fits, key=lambda u: (self.role(u) == ROLE_MELEE, u.category == "Troops", u.points, u.id)
        )

    def rides(self, battle: Battle, units: list[Unit]) -> dict[str, Unit]:
        """Mid-battle embarking (4e pp.66-67 ≈): a unit whose goal and nearest enemy are
        both over ``RIDE_DISTANCE`` away boards the nearest empty friendly transport it may
        board and reach this move (every model within 2" of the hull), one unit to a
        transport, if the transport can drive on this turn; never in the last game turn,
        when an embarked unit could not get out to score. Returns unit id → transport."""
        if battle.turn >= battle.mission.max_turns:
            return {}
        empty = [
            t
            for t in units
            if t.capacity
            and not t.passengers
            and not t.immobilised
            and t.stunned_turn != battle.ptc
        ]
        out: dict[str, Unit] = {}
        for unit in units if empty else ():
            reach = max_move(unit)
            options = [
                t
                for t in empty
                if may_board(battle, unit, t) and boarding_distance(unit, t) < reach
            ]
            if not options:
                continue
            enemy = self.nearest_enemy(battle, unit)
            if enemy is not None and battle.gap(unit, enemy) <= RIDE_DISTANCE:
                continue
            goal = self.movement_goal(battle, unit)
            if goal is None or unit.position.distance(goal) <= RIDE_DISTANCE:
                continue
            ride = min(options, key=lambda t: (boarding_distance(unit, t), t.id))
            out[unit.id] = ride
            empty.remove(ride)
            if not empty:
                break
        return out

    def passenger_goal(self, battle: Battle, transport: Unit) -> Point:
        """Where the passengers want to go: their objective, else the nearest enemy."""
        objective = self.objective_point(battle, battle.by_id[transport.passengers])
        if objective is not None:
            return objective
        enemy = self.nearest_enemy(battle, transport)
        return enemy.position if enemy is not None else battle.table.centre

    def disembarks(self, battle: Battle, transport: Unit, after_move: bool) -> bool:
        """Passengers get out when an enemy is within 12" of the hull (they can shoot or
        charge), when the transport reached their objective, or (before it moves) when it
        is stunned or immobilised and cannot carry them on; scoring passengers also get out
        after the move of the last game turn (embarked units do not score, 4e pp.80-83)."""
        if not after_move and (transport.immobilised or transport.stunned_turn == battle.ptc):
            return True
        enemy = self.nearest_enemy(battle, transport)
        if enemy is not None and battle.gap(transport, enemy) <= 12.0:
            return True
        objective = self.objective_point(battle, battle.by_id[transport.passengers])
        if objective is None:
            return False
        last = after_move and battle.turn >= battle.mission.max_turns
        return last or transport.position.distance(objective) <= 6.0

    # ----- movement -----------------------------------------------------------------
    def objective_point(self, battle: Battle, unit: Unit) -> Point | None:
        """Where a scoring unit should go for the mission, if anywhere."""
        slug = battle.mission.slug
        if unit.category != "Troops" or unit.is_vehicle:
            return None
        if slug == "take-and-hold":
            return battle.table.centre
        if slug == "recon":
            y = battle.table.height * (0.65 if unit.side == "a" else 0.35)
            return Point(unit.position.x, y)
        if slug == "secure-and-control" and battle.objectives:
            return min(battle.objectives, key=lambda p: (p.distance(unit.position), p.x))
        if slug == "cleanse":
            w, h = battle.table.width, battle.table.height
            quarters = [
                Point(w * 0.25, h * 0.25),
                Point(w * 0.75, h * 0.25),
                Point(w * 0.25, h * 0.75),
                Point(w * 0.75, h * 0.75),
            ]
            return self.cleanse_quarter(battle, unit, quarters)
        return None

    def cleanse_quarter(self, battle: Battle, unit: Unit, quarters: list[Point]) -> Point:
        """Cleanse: the side's Troops spread over the quarters, nearest first: the k-th
        living Troops unit takes the k-th quarter by distance from the side's army, so one
        enemy scoring unit cannot contest them all (4e pp.80-83)."""
        troops = [
            u for u in battle.side_units(unit.side) if u.category == "Troops" and not u.is_vehicle
        ]
        if unit not in troops:
            return min(quarters, key=lambda p: (p.distance(unit.position), p.x, p.y))
        cx = sum(u.position.x for u in troops) / len(troops)
        cy = sum(u.position.y for u in troops) / len(troops)
        centre = Point(cx, cy)
        ranked = sorted(quarters, key=lambda p: (p.distance(centre), p.x, p.y))
        return ranked[troops.index(unit) % len(ranked)]

    def objective_due(self, battle: Battle, unit: Unit, objective: Point | None) -> bool:
        """Whether a scoring unit must leave now to stand on its objective by the last turn:
        until then its heavy weapons shoot, from then on the mission matters more."""
        if objective is None:
            return False
        distance = unit.position.distance(objective)
        if distance <= 3.0:
            return False
        turns_needed = math.ceil(distance / max_move(unit))
        return battle.turn >= battle.mission.max_turns - turns_needed

    def nearest_enemy(self, battle: Battle, unit: Unit) -> Unit | None:
        """The enemy at the smallest gap, the lower id on a tie."""
        best: Unit | None = None
        best_gap = 0.0
        here, reach = unit.position, unit.radius
        for enemy in battle.enemies(unit.side):
            there = enemy.position  # Battle.gap, inlined: this runs for every unit and enemy
            gap = math.hypot(here.x - there.x, here.y - there.y) - reach - enemy.radius
            gap = gap if gap > 0.0 else 0.0
            if best is None or gap < best_gap or (gap == best_gap and enemy.id < best.id):
                best, best_gap = enemy, gap
        return best

    def sees_any(self, battle: Battle, unit: Unit, reach: float) -> bool:
        """Whether an enemy within ``reach`` is in the unit's line of sight."""
        for enemy in battle.within(unit, battle.enemies(unit.side), reach):
            if battle.visible(unit, enemy):
                return True
        return False

    def movement_goal(self, battle: Battle, unit: Unit) -> Point | None:
        """``advance_goal``; but a fast skimmer that would hold still swerves more than 6"
        instead when that costs it no gun (``skimmers.moves_fast_for_free``, ``jink_point``:
        moving fast makes penetrating hits glancing, 4e pp.58-73 ≈)."""
        goal = self.advance_goal(battle, unit)
        if goal is None and not unit.passengers and moves_fast_for_free(unit):
            return jink_point(battle, unit)
        return goal

    def advance_goal(self, battle: Battle, unit: Unit) -> Point | None:
        """Carry passengers toward their goal; stay if heavy weapons have targets; else go
        for objectives or the enemy."""
        if unit.passengers:
            return self.passenger_goal(battle, unit)
        if unit.capacity and can_tank_shock(battle, unit):
            # an empty transport has done its errand: its hull is now a weapon (4e pp.58-73)
            shocked = self.tank_shock_target(battle, unit, None)
            if shocked is not None:
                return shocked.position
        enemy = self.nearest_enemy(battle, unit)
        if enemy is None:
            return None
        gap = battle.gap(unit, enemy)
        # one model of each living loadout carries every gun the living models carry
        longest, heavy, rapid = 0.0, False, False
        for m, _ in unit.loadouts:  # max() and two any()s over its guns, in one loop
            for w in m.ranged:
                if w.range > longest:
                    longest = w.range
                if w.kind in ("heavy", "ordnance"):
                    heavy = True
                elif w.kind == "rapid_fire":
                    rapid = True
        objective = self.objective_point(battle, unit)
        if (
            heavy
            and unit.unit_type != MONSTROUS
            and not self.objective_due(battle, unit, objective)
            and self.sees_any(battle, unit, longest)
        ):
            return None
        if objective is not None and self.role(unit) == ROLE_SHOOTER:
            if unit.position.distance(objective) <= 3.0:
                return None
            if gap > 18.0 or self.objective_due(battle, unit, objective):
                return objective
            return None  # hold and shoot until it must leave for the objective
        if self.role(unit) == ROLE_MELEE:
            return enemy.position
        preferred = 11.0 if rapid else max(12.0, longest * 0.7)
        if gap <= preferred:
            return objective
        return enemy.position

    def tank_shock_target(self, battle: Battle, unit: Unit, goal: Point | None) -> Unit | None:
        """A moving tank drives into the enemy unit on its way to ``goal`` (no farther from
        it than the tank; any unit when ``goal`` is None) that it reaches this move and that
        is likeliest to break: lowest Ld, then nearest. Fearless units pass the test, so
        they are left alone (4e pp.58-73)."""
        reach = self.move_limit(battle, unit) or max_move(unit)
        here = math.inf if goal is None else unit.position.distance(goal)
        options = [
            e
            for e in battle.enemies(unit.side)
            if shockable(e)
            and "fearless" not in e.rules
            and battle.gap(unit, e) < reach
            and (goal is None or e.position.distance(goal) <= here)
        ]
        if not options:
            return None
        return min(options, key=lambda e: (e.leadership, battle.gap(unit, e), e.id))

    def death_or_glory_model(self, battle: Battle, unit: Unit, tank: Unit) -> Model | None:
        """The model likeliest to stop the tank stands for Death or Glory when the points
        it may save are worth the model it risks: chance × tank ≥ (1 − chance) × model, in
        points."""
        best, chance = None, 0.0
        for model in unit.alive:
            p = stop_chance(death_or_glory_attack(battle, unit, model, tank), tank.armour[0])
            if p > chance:
                best, chance = model, p
        risked = value_per_wound(unit) * best.max_wounds if best is not None else 0.0
        if best is None or chance * tank.points < (1.0 - chance) * risked:
            return None
        return best

    def turbo_boosts(self, battle: Battle, unit: Unit, goal: Point) -> bool:
        """Bikes turbo-boost while a normal move would leave every enemy beyond their guns
        and charge: 24" toward ``goal`` under a cover save beats 12" with nothing to do
        (4e pp.53-57)."""
        enemy = self.nearest_enemy(battle, unit)
        if enemy is None or unit.position.distance(goal) <= max_move(unit):
            return False
        longest = max((w.range for m in unit.alive for w in m.ranged), default=0.0)
        return battle.gap(unit, enemy) > max_move(unit) + max(longest, 6.0)

    def move_limit(self, battle: Battle, unit: Unit) -> float | None:
        """Vehicles creep 6" so they can still fire a main weapon, fast ones that lose no
        gun by it 12" (``skimmers.cruises_for_free``, 4e p.59); loaded transports drive at
        full speed."""
        if not unit.is_vehicle or unit.passengers:
            return None
        return CRUISING if cruises_for_free(unit) else 6.0
