"""The policy both sides follow: keep the line, charge flanks when possible, shoot what it
can hurt most, hold objectives in Pillage. Swappable: battle.py calls these functions only."""

from __future__ import annotations

import math

from rules.engine.systems.massbattle import constants as C
from rules.engine.systems.massbattle.ai_shots import best_shot, shot_for_phase, shot_value
from rules.engine.systems.massbattle.charge import (
    ChargePlan,
    charge_sight,
    charged_facing,
    place_charges,
    plan_in_reach,
    sight_confirmed,
)
from rules.engine.systems.massbattle.footprint import (
    Footprint,
    angle_to,
    arc_of,
    distance,
    overlaps,
    point_distance,
    within_point,
)
from rules.engine.systems.massbattle.movement import (
    allowed_orders,
    order_advance,
    order_back,
    order_change_facing,
    order_halt,
    order_march,
)
from rules.engine.systems.massbattle.shooting import (
    ShotTarget,
    shot_options,
)
from rules.engine.systems.massbattle.state import BattleState
from rules.engine.systems.massbattle.surge import SURGE_STEP, surge_targets
from rules.engine.systems.massbattle.tactics import (
    RESERVE_DEPTH,
    charge_damage,
    charge_value,
    concentrate,
    late_objective,
    objective_sides,
    reserve_id,
)
from rules.engine.systems.massbattle.units import Unit

# Added to a charge's value when its target stands on an objective (Pillage missions).
CONTEST_BONUS = 1.0
# Holding an objective costs this many turns of travel per attack die of the holder, so
# heroes and small units hold while the strong units fight for the objectives.
HOLDER_STRENGTH_WEIGHT = 0.1
# A unit whose charge would deal this many times the damage the enemy's charge would deal
# back has the better matchup and closes in without waiting for the line.
MATCHUP_EDGE = 1.2


def shoots_instead(state: BattleState, unit: Unit, plan: ChargePlan) -> bool:
    """A unit with a ranged weapon stays to shoot when its best shot after a Halt is worth at
    least the charge's expected damage (so archers do not charge a hero they barely hurt)."""
    if not unit.weapons or unit.ra is None:
        return False
    shot = best_shot(state, unit, assume_halt=True)
    return shot is not None and shot_value(unit, shot) >= charge_damage(plan)


def assign_objectives(state: BattleState, side: str) -> dict[str, tuple[float, float]]:
    """Each objective gets the nearest free non-engine unit of the side that can still reach
    it; objectives the enemy is nearer to are contested too (seed 003 §12 hold: a unit
    within 3" and no enemy within 3"). Called first in the movement phase, it also notes
    who holds each objective as the phase begins (``tactics.objective_sides``), which every
    later order of the phase reads (massbattle-4: before, the holders were noted when the
    first unit asked, after the charges and the units before it had moved)."""
    if state.condition == "kill" or not state.objectives:
        return {}
    objective_sides(state)
    free = [u for u in state.alive(side) if u.unit_type != "war_engine" and not u.wavering]
    out: dict[str, tuple[float, float]] = {}
    turns_left = C.MAX_TURNS - state.turn + 2
    for obj in state.objectives:
        if not free:
            break
        reachable = [u for u in free if point_distance(u.fp, *obj) / max(u.sp, 1.0) <= turns_left]
        if not reachable:
            continue
        best = min(
            reachable,
            key=lambda u: (
                point_distance(u.fp, *obj) / max(u.sp, 1.0) + HOLDER_STRENGTH_WEIGHT * u.at,
                u.id,
            ),
        )
        out[best.id] = obj
        free.remove(best)
    return out


def near_objective(state: BattleState, unit: Unit) -> bool:
    """The unit stands within twice the holding radius of an objective."""
    return any(within_point(unit.fp, *obj, 2 * C.OBJECTIVE_RADIUS) for obj in state.objectives)


def plan_charges(
    state: BattleState, side: str, holders: dict[str, tuple[float, float]]
) -> list[list[ChargePlan]]:
    """Every unit lists the charges in its reach; ``tactics.concentrate`` assigns them so
    several units break one enemy, looking at sight only for a charge it takes; plans on one
    target facing are declared together and placed with equal frontage (seed 003 §4-§5).
    All the chargers of one target, on every facing, make one melee (seed 003 §5 multiple
    charges), so ``multi_charge_test`` decides its nerve tests."""
    options: dict[str, list[tuple[ChargePlan, float, float]]] = {}
    enemies = state.alive("b" if side == "a" else "a")
    objective_game = state.condition != "kill" and bool(state.objectives)
    contested: dict[str, bool] = {}  # enemy id -> it stands near an objective, as asked
    placed_enemies = [(enemy, enemy.fp) for enemy in enemies]  # nothing moves while listing
    for unit in state.alive(side):
        if "charge" not in allowed_orders(unit, state.settings):
            continue
        lx, ly = unit.fp.leader()
        double_sp = 2 * unit.sp
        choices = []
        for enemy, efp in placed_enemies:
            reach = double_sp + efp.r
            dx, dy = efp.x - lx, efp.y - ly
            if dx * dx + dy * dy > reach * reach:
                continue
            dist = point_distance(efp, lx, ly)
            if dist > double_sp:
                continue
            plan = plan_in_reach(state, unit, enemy, dist)
            if plan is None:
                continue
            obj = holders.get(unit.id)
            if obj and point_distance(enemy.fp, *obj) > 2 * C.OBJECTIVE_RADIUS:
                continue
            damage = charge_damage(plan)
            value = charge_value(plan, damage)
            if objective_game:
                if enemy.id not in contested:
                    contested[enemy.id] = near_objective(state, enemy)
                if contested[enemy.id]:
                    value += CONTEST_BONUS
            choices.append((plan, value, damage))
        if choices:
            options[unit.id] = choices

    def veto(plan: ChargePlan) -> bool:
        return shoots_instead(state, plan.charger, plan) or not sight_confirmed(state, plan)

    def seen(plan: ChargePlan) -> bool:
        return charge_sight(state, plan) > 0

    chosen = concentrate(options, veto, seen)
    groups: dict[str, dict[str, list[ChargePlan]]] = {}
    for plan in chosen:
        groups.setdefault(plan.target.id, {}).setdefault(plan.facing, []).append(plan)
    placed: list[list[ChargePlan]] = []
    for target_id in sorted(groups):
        by_facing = groups[target_id]
        melee = [p for facing in sorted(by_facing) for p in place_charges(state, by_facing[facing])]
        if melee:
            placed.append(melee)
    return placed


def nearest_enemy(state: BattleState, unit: Unit) -> Unit | None:
    """The living enemy with the nearest centre, the lower id on a tie."""
    x, y = unit.fp.x, unit.fp.y
    best, best_d = None, math.inf
    for enemy in state.units:
        if not enemy.alive or enemy.side == unit.side:
            continue
        d = math.hypot(enemy.fp.x - x, enemy.fp.y - y)
        if d < best_d or (d == best_d and best is not None and enemy.id < best.id):
            best, best_d = enemy, d
    return best


def _progress(unit: Unit) -> float:
    front = unit.fp.leader()[1]
    return front if unit.side == "a" else C.TABLE_DEPTH - front


def matchup(unit: Unit, enemy: Unit) -> float:
    """Expected damage of the unit charging the enemy's front over the reverse (> 1: the
    unit has the better matchup)."""
    mine = charge_value(ChargePlan(unit, enemy, "front", 0.0)) - 0.5 * enemy.damage
    theirs = charge_value(ChargePlan(enemy, unit, "front", 0.0)) - 0.5 * unit.damage
    mine -= enemy.points / 100.0
    theirs -= unit.points / 100.0
    return (mine + 0.1 * max(0, unit.ne - enemy.damage)) / (
        theirs + 0.1 * max(0, enemy.ne - unit.damage) + 0.1
    )


def contested_objective(state: BattleState, unit: Unit) -> tuple[float, float] | None:
    """The nearest objective in reach this game that the side does not hold: in Pillage any
    such objective, in Kill and Pillage one the enemy holds (seed 003 §12)."""
    best, best_d = None, float("inf")
    for obj, holders in zip(state.objectives, objective_sides(state), strict=True):
        if holders == {unit.side} or (state.condition != "pillage" and not holders):
            continue
        d = point_distance(unit.fp, *obj)
        if d / max(unit.sp, 1.0) <= C.MAX_TURNS - state.turn + 1 and d < best_d:
            best, best_d = obj, d
    return best


def surge_escort_goal(state: BattleState, unit: Unit) -> tuple[float, float] | None:
    """A Dark Surge caster keeps 3" behind the foremost friendly Shambling unit."""
    herd = [f for f in state.friends(unit) if f.has("shambling")]
    if not herd:
        return None
    lead = max(herd, key=lambda f: (_progress(f), f.id))
    return lead.fp.world(-(lead.fp.depth / 2 + 3.0 + unit.fp.depth / 2), 0.0)


def _delta(unit: Unit, point: tuple[float, float]) -> tuple[float, float]:
    return point[0] - unit.fp.x, point[1] - unit.fp.y


def move_unit(
    state: BattleState, unit: Unit, holders: dict[str, tuple[float, float]], line_front: float
) -> None:
    """Orders for a unit that did not charge."""
    orders = allowed_orders(unit, state.settings)
    enemy = nearest_enemy(state, unit)
    if enemy is None:
        order_halt(state, unit)
        return
    if unit.wavering:
        if point_distance(enemy.fp, *unit.fp.leader()) < 2 * enemy.sp and "back" in orders:
            order_back(state, unit)
        else:
            order_halt(state, unit)
        return
    shooter = (
        unit.unit_type == "war_engine"
        or bool(unit.weapons and unit.ra is not None)
        or (unit.unit_type == "hero" and (unit.has("lightning-bolt") or unit.has("heal")))
    )
    goal = holders.get(unit.id)
    if goal is None and unit.unit_type != "war_engine":
        goal = late_objective(state, unit)
        if goal is not None and point_distance(unit.fp, *goal) > C.OBJECTIVE_RADIUS - 0.5:
            _go_to(state, unit, goal, orders)
            return
    if goal is not None and math.hypot(goal[0] - unit.fp.x, goal[1] - unit.fp.y) > 1.5:
        # An objective to take comes before shooting from afar.
        order_advance(state, unit, angle_to(unit.fp, *goal), math.hypot(*_delta(unit, goal)) - 1)
        return
    halt_shot = best_shot(state, unit, assume_halt=True) if shooter else None
    if unit.unit_type == "war_engine" or (
        halt_shot is not None
        and (halt_shot.option.halt_only or unit.unit_type != "cavalry")
        and halt_shot.option.kind != "heal"
    ):
        if halt_shot is None and arc_of(unit.fp, enemy.fp.x, enemy.fp.y) != "front":
            order_change_facing(
                state, unit, unit.fp.facing + angle_to(unit.fp, enemy.fp.x, enemy.fp.y)
            )
        else:
            order_halt(state, unit)
            if halt_shot is not None:
                state.planned_shots[unit.id] = halt_shot
        return
    if goal is None and unit.has("dark-surge") and not shot_options(unit):
        goal = surge_escort_goal(state, unit)
    if goal is None and state.condition != "kill" and unit.unit_type != "hero":
        goal = contested_objective(state, unit)
    if goal is not None:
        dist = math.hypot(goal[0] - unit.fp.x, goal[1] - unit.fp.y)
        if dist <= 1.5:
            order_halt(state, unit)
            return
        turn = angle_to(unit.fp, *goal)
        order_advance(state, unit, turn, dist - 1.0)
        return
    gx, gy = enemy.fp.x, enemy.fp.y
    if unit.unit_type == "cavalry" and not enemy.individual:
        # Ride for the enemy's nearer flank rather than its front.
        for flank in ("left", "right"):
            _u, v = enemy.fp.local(unit.fp.x, unit.fp.y)
            if (v > 0) == (flank == "left"):
                gx, gy = enemy.fp.world(0.0, (enemy.fp.width / 2 + 4.0) * (1 if v > 0 else -1))
    dist = point_distance(enemy.fp, *unit.fp.leader())
    turn = angle_to(unit.fp, gx, gy)
    if unit.has("inspiring") and unit.unit_type == "hero":
        dist = max(0.0, dist - 6.0)
    # Better matchup: close in at once instead of keeping the line.
    eager = unit.unit_type != "hero" and matchup(unit, enemy) >= MATCHUP_EDGE
    reserve = unit.id == _reserve(state, unit.side)
    if (
        not reserve
        and "march" in orders
        and dist > 2 * unit.sp + 2 * enemy.sp + 2
        and abs(turn) < 20
        and (eager or not (unit.unit_type == "infantry" and _progress(unit) > line_front + 4))
    ):
        order_march(state, unit, min(2 * unit.sp, dist - 2 * enemy.sp - 1))
        return
    allowance = min(unit.sp, max(0.0, dist - 1.0))
    if unit.unit_type == "infantry" and not eager:
        allowance = min(allowance, max(0.0, line_front + 3 - _progress(unit)))
    if reserve:
        allowance = min(allowance, max(0.0, line_front - RESERVE_DEPTH - _progress(unit)))
    if abs(turn) < 12:
        turn = 0.0
    order_advance(state, unit, turn, allowance)


def _reserve(state: BattleState, side: str) -> str | None:
    """The side's reserve this phase (``tactics.reserve_id``, kept in ``state.ai_memo``)."""
    key = f"reserve_{side}"
    if key not in state.ai_memo:
        state.ai_memo[key] = reserve_id(state, side)
    return state.ai_memo[key]


def _go_to(state: BattleState, unit: Unit, point: tuple[float, float], orders: tuple) -> None:
    """March straight at a far point when facing it, else advance towards it (seed 003 §4)."""
    dist = math.hypot(*_delta(unit, point))
    turn = angle_to(unit.fp, *point)
    if "march" in orders and abs(turn) < 20 and dist > unit.sp + 1:
        order_march(state, unit, dist - 1)
    else:
        order_advance(state, unit, turn, dist - 1)


def choose_surge(state: BattleState, caster: Unit) -> Unit | None:
    """The friendly Shambling unit to drive forward with Dark Surge (n): the likeliest
    valuable charge (P(hits >= gap) x charge value), else a unit with an enemy ahead; None
    when a plain shot is worth more (seed 003 §9-§10)."""
    dice = caster.value("dark-surge")
    best, best_value = None, 0.05
    for target in surge_targets(state, caster):
        value = surge_value(state, target, dice)
        if value > best_value:
            best, best_value = target, value
    if best is not None and best_value < 1.0 and best_shot(state, caster) is not None:
        return None
    return best


def surge_value(state: BattleState, target: Unit, dice: int) -> float:
    """Worth of surging ``target``: the first enemy straight ahead within ``dice`` inches
    makes a charge with probability P(Binomial(dice, 1/2) >= gap)."""
    fp = target.fp
    cx, cy = fp.world(dice / 2, 0.0)
    swept = Footprint(cx, cy, fp.facing, fp.width, fp.depth + dice)
    ahead = [e for e in state.enemies(target) if overlaps(swept, e.fp)]
    if not ahead:
        enemy = nearest_enemy(state, target)
        if enemy is not None and arc_of(fp, enemy.fp.x, enemy.fp.y) == "front":
            return 0.1
        return 0.0
    enemy = min(ahead, key=lambda e: (distance(fp, e.fp), e.id))
    gap = distance(fp, enemy.fp)
    need = max(1, math.ceil(gap - SURGE_STEP))
    plan = ChargePlan(target, enemy, charged_facing(target, enemy), gap)
    return _at_least(dice, need) * charge_value(plan)


def _at_least(dice: int, hits: int) -> float:
    """P(at least ``hits`` successes of ``dice`` dice at 1/2 each)."""
    if hits > dice:
        return 0.0
    return sum(math.comb(dice, k) for k in range(hits, dice + 1)) / 2**dice


def line_front(state: BattleState, side: str) -> float:
    """How far the side's infantry line has come: the line keeps formation around it."""
    line = [u for u in state.alive(side) if u.unit_type == "infantry"]
    if not line:
        return C.TABLE_DEPTH
    return sum(_progress(u) for u in line) / len(line)


def after_victory(state: BattleState, unit: Unit) -> str:
    """Victor's move after a rout: pivot to face an enemy outside its front arc, move D6
    forward when no enemy is within 12", otherwise stay (seed 003 §7)."""
    enemy = nearest_enemy(state, unit)
    if enemy is None:
        return "pivot"
    if arc_of(unit.fp, enemy.fp.x, enemy.fp.y) != "front":
        return "pivot"
    if point_distance(enemy.fp, *unit.fp.leader()) > 12:
        return "forward"
    if unit.damage > unit.ne + 4:
        return "back"
    return "pivot"


class MassBattlePolicy:
    """The default massbattle AI as a policy object (the functions above); subclass it and
    override a method to change one decision, then pass it in ``policies``."""

    def assign_objectives(self, state: BattleState, side: str) -> dict[str, tuple[float, float]]:
        return assign_objectives(state, side)

    def plan_charges(
        self, state: BattleState, side: str, holders: dict[str, tuple[float, float]]
    ) -> list[list[ChargePlan]]:
        return plan_charges(state, side, holders)

    def line_front(self, state: BattleState, side: str) -> float:
        return line_front(state, side)

    def move_unit(
        self,
        state: BattleState,
        unit: Unit,
        holders: dict[str, tuple[float, float]],
        front: float,
    ) -> None:
        move_unit(state, unit, holders, front)

    def choose_surge(self, state: BattleState, caster: Unit) -> Unit | None:
        return choose_surge(state, caster)

    def shot_for_phase(self, state: BattleState, unit: Unit) -> ShotTarget | None:
        return shot_for_phase(state, unit)

    def after_victory(self, state: BattleState, unit: Unit) -> str:
        return after_victory(state, unit)

    def nearest_enemy(self, state: BattleState, unit: Unit) -> Unit | None:
        return nearest_enemy(state, unit)
