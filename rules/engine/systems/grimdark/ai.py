"""The default AI policy for both sides (swappable): advance on objectives or the nearest
enemy, keep heavy weapons still when they have targets, pick targets by expected damage,
charge when the expected exchange favours it. Every choice is legal; the rules modules
enforce the rules, the policy only chooses among legal options."""

from __future__ import annotations

import math

from rules.engine.geometry import IMPASSABLE, Point, Rect
from rules.engine.systems.grimdark import tables
from rules.engine.systems.grimdark.army import CAVALRY, MONSTROUS, Model, Unit
from rules.engine.systems.grimdark.battle import Battle
from rules.engine.systems.grimdark.missions import is_scoring
from rules.engine.systems.grimdark.movement import max_move
from rules.engine.systems.grimdark.tankshock import (
    can_tank_shock,
    death_or_glory_attack,
    shockable,
    stop_chance,
)
from rules.engine.systems.grimdark.transports import can_carry
from rules.engine.systems.grimdark.volleys import vehicle_weapon_allowance
from rules.engine.systems.grimdark.walkers import fights, is_walker
from rules.engine.systems.grimdark.weapons import Weapon, close_combat_strength

DEEP_STRIKE_MARGIN = 10.0  # inches kept from the table edges when aiming a deep strike
ROLE_MELEE = "melee"
ROLE_SHOOTER = "shooter"
SCORING_WEIGHT = 2.0  # target value of an enemy scoring unit in objective missions
SMOKE_THREAT = 36.0  # inches: enemies this close may shoot a vehicle that pops its smoke
WALKER_KILL_SHARE = 0.4  # damage results that wreck a walker (destroyed, immobilised: ≈ tables)


def p_roll(need: int | None) -> float:
    """Chance of rolling ``need``+ on a D6 (a 1 always fails)."""
    if need is None or need > 6:
        return 0.0
    return (7 - max(2, need)) / 6.0


def p_unsaved(target: Unit, ap: int | None, cover: int | None, ignore_armour: bool) -> float:
    """Chance a wound is not saved by the target's typical model."""
    model = next((m for m in target.models if m.wounds > 0), None)
    if model is None:
        return 0.0
    save = tables.best_save(model.sv, ap, cover, model.invulnerable, ignore_armour)
    return 1.0 - p_roll(save)


def value_per_wound(target: Unit) -> float:
    """Points a wound on ``target`` is worth (for target choice)."""
    wounds = sum(m.max_wounds for m in target.models) or 1
    return max(1.0, target.points / wounds)


class GrimdarkPolicy:
    """Default policy object; subclass or replace to change behaviour."""

    def __init__(self) -> None:
        self._roles: dict[str, str] = {}

    # ----- evaluation ---------------------------------------------------------------
    def expected_shot(
        self, unit: Unit, model: Model, weapon: Weapon, shots: int, target: Unit
    ) -> float:
        """Expected points of damage from one model's weapon at ``target`` (cached on the
        target until its models change)."""
        if shots <= 0:
            return 0.0
        key = (id(weapon), model.bs, shots)
        cached = target.ev_cache.get(key)
        if cached is None:
            cached = target.ev_cache[key] = self._expected_shot(model, weapon, shots, target)
        return cached

    def _expected_shot(self, model: Model, weapon: Weapon, shots: int, target: Unit) -> float:
        hit = (
            1.0
            if weapon.template or weapon.kind == "ordnance"
            else (5 / 6 if weapon.sniper else p_roll(tables.to_hit_shooting(model.bs)))
        )
        if weapon.twin_linked:
            hit = hit + (1 - hit) * hit
        many = 1.0
        if weapon.uses_template or weapon.kind == "ordnance":
            many = 1.0 if target.is_vehicle else min(float(target.count), 3.0)
        if target.is_vehicle:
            armour = min(target.armour[0], 12) if weapon.lance else target.armour[1]
            need = armour - (weapon.strength or 0)
            pen = max(0.0, min(1.0, (7 - max(1, need)) / 6.0)) if need <= 6 else 0.0
            if weapon.melta:
                pen = max(pen, 0.5)
            return shots * hit * many * pen * target.points / 3.0
        wound = p_roll(
            4
            if weapon.sniper
            else weapon.poisoned or tables.to_wound(weapon.strength or 0, target.majority("t"))
        )
        unsaved = p_unsaved(target, weapon.ap, None, False)
        return shots * hit * many * wound * unsaved * value_per_wound(target)

    def melee_value(self, unit: Unit, target: Unit) -> float:
        """Expected unsaved wounds ``unit`` deals ``target`` in one round (charging)."""
        total = 0.0
        if is_walker(target):
            return self.walker_melee_value(unit, target)
        if target.is_vehicle:
            return (
                sum(m.a for m in unit.alive)
                * 0.3
                * (1 if max((m.s for m in unit.alive), default=0) >= 6 else 0.2)
            )
        ws, t = target.majority("ws"), target.majority("t")
        for m in unit.alive:
            attacks = m.a + 1 + (1 if m.extra_attack else 0)
            s = close_combat_strength(m.s, m.melee)
            ignore = unit.unit_type == MONSTROUS or (
                m.melee is not None and m.melee.cc_special not in ("ccw", "heavy_ccw")
            )
            hit = p_roll(tables.to_hit_close_combat(m.ws, ws))
            wound = p_roll(tables.to_wound(s, t))
            total += attacks * hit * wound * p_unsaved(target, None, None, ignore)
        return total

    def walker_melee_value(self, unit: Unit, walker: Unit) -> float:
        """Expected kills of ``walker`` in one round: blows hit on WS against its WS, then
        D6 + S must reach its front armour (4e pp.58-73); a share of the damage results
        wrecks it (``WALKER_KILL_SHARE``)."""
        front, ws = walker.armour[0], walker.models[0].ws
        total = 0.0
        for m in unit.alive:
            attacks = m.a + 1 + (1 if m.extra_attack else 0)
            strength = close_combat_strength(m.s, m.melee)
            hit = p_roll(tables.to_hit_close_combat(m.ws, ws))
            total += attacks * hit * min(1.0, max(0.0, (7 - (front - strength)) / 6.0))
        return total * WALKER_KILL_SHARE

    def role(self, unit: Unit) -> str:
        """Melee or shooter, fixed once per unit from its profile and weapons."""
        cached = self._roles.get(unit.id)
        if cached is not None:
            return cached
        melee = sum(m.a + (1 if m.extra_attack else 0) + (2 if m.melee else 0) for m in unit.models)
        guns = sum(
            max((w.shots * (2 if w.kind == "rapid_fire" else 1) for w in m.ranged), default=0)
            for m in unit.models
            if m.bs > 0
        )
        if unit.is_vehicle and "walker" not in unit.vehicle_kinds:
            role = ROLE_SHOOTER
        elif unit.unit_type in (MONSTROUS, CAVALRY) or melee > guns * 1.5:
            role = ROLE_MELEE
        else:
            role = ROLE_SHOOTER
        self._roles[unit.id] = role
        return role

    # ----- deployment ---------------------------------------------------------------
    def join_host(self, ic: Unit, hosts: list[Unit]) -> Unit | None:
        """An independent character joins the biggest friendly unit of its own type."""
        deployment = ("deep_strike", "infiltrate", "scouts")
        same = [
            h
            for h in hosts
            if h.unit_type == ic.unit_type
            and not h.members
            and not h.has("independent_character")
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
        is stunned or immobilised and cannot carry them on."""
        if not after_move and (transport.immobilised or transport.stunned_turn == battle.ptc):
            return True
        enemy = self.nearest_enemy(battle, transport)
        if enemy is not None and battle.gap(transport, enemy) <= 12.0:
            return True
        objective = self.objective_point(battle, battle.by_id[transport.passengers])
        return objective is not None and transport.position.distance(objective) <= 6.0

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
        enemies = battle.enemies(unit.side)
        if not enemies:
            return None
        return min(enemies, key=lambda e: (battle.gap(unit, e), e.id))

    def movement_goal(self, battle: Battle, unit: Unit) -> Point | None:
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
        longest = max((w.range for m in unit.alive for w in m.ranged), default=0.0)
        heavy = any(w.kind in ("heavy", "ordnance") for m in unit.alive for w in m.ranged)
        objective = self.objective_point(battle, unit)
        if (
            heavy
            and unit.unit_type != MONSTROUS
            and not self.objective_due(battle, unit, objective)
            and any(
                battle.gap(unit, e) <= longest and battle.visible(unit, e)
                for e in battle.enemies(unit.side)
            )
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
        preferred = (
            11.0
            if any(w.kind == "rapid_fire" for m in unit.alive for w in m.ranged)
            else max(12.0, longest * 0.7)
        )
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
            and not e.has("fearless")
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
        """Vehicles creep 6" so they can still fire a main weapon; loaded transports drive
        at full speed."""
        return 6.0 if unit.is_vehicle and not unit.passengers else None

    # ----- shooting -----------------------------------------------------------------
    def plans_charge(self, battle: Battle, unit: Unit, candidates: list[Unit]) -> bool:
        """A melee unit that could charge this turn only fires weapons allowing it."""
        if self.role(unit) != ROLE_MELEE or not fights(unit):
            return False
        from rules.engine.systems.grimdark.assault import charge_range

        reach = charge_range(unit)
        return any(battle.gap(unit, e) <= reach for e in candidates)

    def choose_target(
        self, battle: Battle, unit: Unit, candidates: list[Unit], keep_charge: bool
    ) -> Unit | None:
        """The candidate with the highest expected damage."""
        best: Unit | None = None
        best_value = 0.0
        for target in candidates:
            distance = battle.gap(unit, target)
            if keep_charge:
                from rules.engine.systems.grimdark.assault import charge_range

                if distance > charge_range(unit):
                    continue
            value = 0.0
            moved = unit.moved > 0
            for model, count in unit.loadouts:
                options = [
                    self.expected_shot(unit, model, w, w.shots_at(distance, moved), target)
                    for w in model.ranged
                ]
                value += count * max(options, default=0.0)
            value *= self.objective_weight(battle, target)
            if value > best_value:
                best, best_value = target, value
        if best is None and keep_charge:
            in_reach = [c for c in candidates if battle.gap(unit, c) <= 6.0]
            return in_reach[0] if in_reach else None
        return best

    def objective_weight(self, battle: Battle, target: Unit) -> float:
        """In a mission won on scoring units, hurting an enemy scoring unit counts double:
        its points are not the whole of its worth (4e pp.80-83)."""
        if battle.mission.slug == "annihilation" or not is_scoring(target):
            return 1.0
        return SCORING_WEIGHT

    def uses_smoke(self, battle: Battle, unit: Unit) -> bool:
        """A vehicle pops its smoke when it can fire nothing this turn (it moved too fast,
        or no enemy is in reach of its guns) and an enemy is within 36" to shoot at it."""
        main, defensive = vehicle_weapon_allowance(unit)
        longest = max((w.range for m in unit.alive for w in m.ranged), default=0.0)
        gaps = [battle.gap(unit, e) for e in battle.enemies(unit.side) if not e.locked]
        silent = (main == 0 and not defensive) or all(g > longest for g in gaps)
        return silent and any(g <= SMOKE_THREAT for g in gaps)

    def wants_fleet(self, battle: Battle, unit: Unit) -> bool:
        """Fleet melee units run toward an enemy just out of charge range."""
        if not unit.has("fleet") or self.role(unit) != ROLE_MELEE or unit.locked:
            return False
        enemy = self.nearest_enemy(battle, unit)
        return enemy is not None and 6.0 < battle.gap(unit, enemy) <= 10.0

    # ----- assault ------------------------------------------------------------------
    def charge_target(self, battle: Battle, unit: Unit, targets: list[Unit]) -> Unit | None:
        """Charge the target giving the best exchange, if it favours us."""
        best: Unit | None = None
        best_score = -1e9
        for target in targets:
            if target.count == 0:
                continue
            dealt = self.melee_value(unit, target) * value_per_wound(target)
            taken = (
                self.melee_value(target, unit) * value_per_wound(unit) if fights(target) else 0.0
            )
            score = dealt - taken * (0.5 if self.role(unit) == ROLE_MELEE else 1.2)
            if score > best_score:
                best, best_score = target, score
        if best is None or best_score <= 0.0:
            return None
        return best

    def hits_and_runs(self, battle: Battle, unit: Unit) -> bool:
        """A shooting unit always breaks away; a melee unit when its foes hurt it more than
        it hurts them (4e pp.74-76)."""
        if self.role(unit) == ROLE_SHOOTER:
            return True
        foes = [battle.by_id[f] for f in unit.foes if battle.by_id[f].count > 0]
        dealt = sum(self.melee_value(unit, f) * value_per_wound(f) for f in foes)
        taken = sum(self.melee_value(f, unit) * value_per_wound(unit) for f in foes)
        return taken > dealt

    def assault_move_goal(self, battle: Battle, unit: Unit) -> Point | None:
        """After shooting, a unit with an assault move jinks 6" straight away from an enemy
        close enough to charge it next turn (12": a move and a charge)."""
        enemy = self.nearest_enemy(battle, unit)
        if enemy is None or battle.gap(unit, enemy) >= 12.0:
            return None
        away = unit.position.offset(enemy.position.angle_to(unit.position), 6.0)
        return battle.table.clamp(away, unit.radius)

    def melee_target(self, battle: Battle, unit: Unit) -> Unit | None:
        """Attack the unit charged, else the foe we hurt most."""
        foes = [battle.by_id[f] for f in unit.foes if battle.by_id[f].count > 0]
        if not foes:
            return None
        for foe in foes:
            if foe.id == unit.charge_target:
                return foe
        return max(foes, key=lambda f: (self.melee_value(unit, f), f.id))
