"""The default AI policy for both sides (swappable): advance on objectives or the nearest
enemy, keep heavy weapons still when they have targets, pick targets by expected damage,
charge when the expected exchange favours it. Every choice is legal; the rules modules
enforce the rules, the policy only chooses among legal options. Deployment and movement
choices live in :mod:`.ai_movement`, the expected-damage arithmetic in :mod:`.ai_estimates`."""

from __future__ import annotations

from rules.engine.geometry import Point
from rules.engine.systems.grimdark.ai_estimates import (
    ROLE_MELEE,
    ROLE_SHOOTER,
    melee_value,
    shot_value,
    value_per_wound,
)
from rules.engine.systems.grimdark.ai_movement import MovementChoices
from rules.engine.systems.grimdark.army import Model, Unit
from rules.engine.systems.grimdark.battle import Battle
from rules.engine.systems.grimdark.missions import is_scoring
from rules.engine.systems.grimdark.volleys import vehicle_weapon_allowance
from rules.engine.systems.grimdark.walkers import fights, held_in_place
from rules.engine.systems.grimdark.weapons import Weapon

SCORING_WEIGHT = 2.0  # target value of an enemy scoring unit in objective missions
SMOKE_THREAT = 36.0  # inches: enemies this close may shoot a vehicle that pops its smoke
DANGER_CLOSE = 2.0  # inches beyond a scattering template's edge the AI keeps its own units


class GrimdarkPolicy(MovementChoices):
    """Default policy object; subclass or replace to change behaviour."""

    def expected_shot(
        self, unit: Unit, model: Model, weapon: Weapon, shots: int, target: Unit
    ) -> float:
        """Expected points of damage from one model's weapon at ``target``, cached on the
        target by what ``shot_value`` reads of it: models under a template (up to 3), the
        majority toughness and the first living model's saves."""
        if shots <= 0:
            return 0.0
        profile = target.ev_profile
        if profile is None:
            first = next((m for m in target.models if m.wounds > 0), None)
            saves = (first.sv, first.invulnerable) if first is not None else None
            profile = target.ev_profile = (min(target.count, 3), target.majority("t"), saves)
        key = (id(weapon), model.bs, shots, profile)
        cached = target.ev_cache.get(key)
        if cached is None:
            cached = target.ev_cache[key] = shot_value(model, weapon, shots, target)
        return cached

    # ----- shooting -----------------------------------------------------------------
    def plans_charge(self, battle: Battle, unit: Unit, candidates: list[Unit]) -> bool:
        """A melee unit that could charge this turn only fires weapons allowing it (not a
        walker held in place: it cannot charge, ``walkers.held_in_place``)."""
        if self.role(unit) != ROLE_MELEE or not fights(unit) or held_in_place(battle.ptc, unit):
            return False
        from rules.engine.systems.grimdark.assault import charge_range

        reach = charge_range(unit)
        return any(battle.gap(unit, e) <= reach for e in candidates)

    def choose_target(
        self, battle: Battle, unit: Unit, candidates: list[Unit], keep_charge: bool
    ) -> Unit | None:
        """The candidate with the highest expected damage."""
        from rules.engine.systems.grimdark.assault import charge_range

        best: Unit | None = None
        best_value = 0.0
        reach = charge_range(unit) if keep_charge else None
        moved = unit.moved > 0
        loadouts, expected = unit.loadouts, self.expected_shot
        for target in candidates:
            distance = battle.gap(unit, target)
            if reach is not None and distance > reach:
                continue
            value = 0.0
            for model, count in loadouts:
                top = 0.0  # expected values are never negative
                for w in model.ranged:
                    v = expected(unit, model, w, w.shots_at(distance, moved), target)
                    if v > top:  # max() without the call
                        top = v
                value += count * top
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

    def fears_scatter(self, battle: Battle, unit: Unit, aim: Point, radius: float) -> bool:
        """An ordnance or barrage shell aimed at ``aim`` is held when an own unit's footprint
        (the firer's too) is within ``DANGER_CLOSE`` of the template's edge: a D6" scatter
        would land on it too often (the rules only forbid covering it, ``templates``)."""
        for own in battle.side_units(unit.side):
            reach = radius + DANGER_CLOSE + own.radius
            dx, dy = own.position.x - aim.x, own.position.y - aim.y
            if dx * dx + dy * dy < reach * reach:
                return True
        return False

    def wants_fleet(self, battle: Battle, unit: Unit) -> bool:
        """Fleet melee units run toward an enemy just out of charge range."""
        if "fleet" not in unit.rules or self.role(unit) != ROLE_MELEE or unit.locked:
            return False
        enemy = self.nearest_enemy(battle, unit)
        return enemy is not None and 6.0 < battle.gap(unit, enemy) <= 10.0

    # ----- assault ------------------------------------------------------------------
    def charge_score(self, unit: Unit, target: Unit) -> float:
        """The expected exchange of a charge: points we deal less the points we take back
        (weighed lighter by a melee unit, heavier by a shooting one)."""
        dealt = melee_value(unit, target) * value_per_wound(target)
        taken = melee_value(target, unit) * value_per_wound(unit) if fights(target) else 0.0
        return dealt - taken * (0.5 if self.role(unit) == ROLE_MELEE else 1.2)

    def charge_target(self, battle: Battle, unit: Unit, targets: list[Unit]) -> Unit | None:
        """Charge the target giving the best exchange, if it favours us."""
        best: Unit | None = None
        best_score = -1e9
        for target in targets:
            if target.count == 0:
                continue
            score = self.charge_score(unit, target)
            if score > best_score:
                best, best_score = target, score
        if best is None or best_score <= 0.0:
            return None
        return best

    def adds_secondary(self, battle: Battle, unit: Unit, primary: Unit, enemy: Unit) -> bool:
        """Whether to name an optional secondary target (seed 000 [36]: "a unit may charge
        several enemy units"); the models it takes are taken off the primary, so only when
        the exchange against it beats the primary's and favours us. Targets the rules force
        on the charge (spare models, within 1") are not asked (``multiple_charges``)."""
        score = self.charge_score(unit, enemy)
        return score > 0.0 and score > self.charge_score(unit, primary)

    def hits_and_runs(self, battle: Battle, unit: Unit) -> bool:
        """A shooting unit always breaks away; a melee unit when its foes hurt it more than
        it hurts them (4e pp.74-76)."""
        if self.role(unit) == ROLE_SHOOTER:
            return True
        foes = [battle.by_id[f] for f in unit.foes if battle.by_id[f].count > 0]
        dealt = sum(melee_value(unit, f) * value_per_wound(f) for f in foes)
        taken = sum(melee_value(f, unit) * value_per_wound(unit) for f in foes)
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
        return max(foes, key=lambda f: (melee_value(unit, f), f.id))
