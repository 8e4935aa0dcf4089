"""Universal special rules a unit names in its ``rules`` (counter-attack, hit and run, rage,
assault moves, melta bombs) and the core rules every unit obeys that the seed refers to but
does not print (turbo-boost, Last Man Standing, Trapped!, mixed armour). All NOT IN SEED:
4e pp.47-49, pp.53-57, pp.74-76 (digest §36.2, §36.5, §36.7); small targets and mixed armour
are named by seed 000 [6][7][24][25]. Small targets are a unit's size (``Unit.height``).

Each function is called at the one point of the turn where its rule acts; the choices a
player makes (whether to turbo-boost, to hit and run, where to jink) are the policy's.
"""

from __future__ import annotations

import math

from rules.engine.geometry import Point, point_segment_distance
from rules.engine.systems.grimdark.army import BIKE, JETBIKE, Model, Unit
from rules.engine.systems.grimdark.battle import Battle

TURBO_BOOST_MOVE = 24.0  # bikes and jetbikes (4e pp.53-57)
TURBO_TYPES: tuple[str, ...] = (BIKE, JETBIKE)
HIT_AND_RUN_DICE = 3  # breaks away 3D6" (4e pp.74-76 ≈)
ASSAULT_MOVE = 6.0  # a jetbike's move in the Assault phase (4e pp.53-57 ≈)
MELTA_BOMB_STRENGTH = 8  # one S8 blow, 2D6 + S penetration (4e pp.58-73 ≈)
ESCAPE_ANGLES: tuple[float, ...] = (30.0, -30.0, 60.0, -60.0)
"""A falling-back unit may step around what blocks its straight way home (4e p.48)."""


# ----- movement ---------------------------------------------------------------------------
def can_turbo_boost(unit: Unit) -> bool:
    """Bikes and jetbikes that move normally may turbo-boost (4e pp.53-57)."""
    return unit.unit_type in TURBO_TYPES and not unit.immobilised


def turbo_boost(battle: Battle, unit: Unit) -> float:
    """Turbo-boost: move up to 24"; the unit may not shoot or assault this turn and has
    ``settings.turbo_boost_save`` as a cover save until its next turn (4e pp.53-57).
    Returns the move's length (the caller moves the unit)."""
    unit.turbo_turn = battle.ptc
    unit.may_charge = False
    if battle.logging:
        battle.log(unit.side, unit.name, f"{unit.name} turbo-boosts")
    return TURBO_BOOST_MOVE


def rage_goal(battle: Battle, unit: Unit) -> Point | None:
    """Rage: the unit must move as fast as it can toward the closest enemy it can see
    (4e pp.74-76 ≈); with none in sight it moves as its policy wants."""
    seen = [e for e in battle.enemies(unit.side) if battle.visible(unit, e)]
    if not seen:
        return None
    return min(seen, key=lambda e: (battle.gap(unit, e), e.id)).position


# ----- assault ----------------------------------------------------------------------------
def rage_charge(battle: Battle, unit: Unit, targets: list[Unit]) -> Unit | None:
    """Rage: the unit must charge when it can, the nearest enemy in reach (4e pp.74-76 ≈)."""
    if not targets:
        return None
    return min(targets, key=lambda e: (battle.gap(unit, e), e.id))


def counter_attack(battle: Battle, target: Unit) -> None:
    """Counter-attack (4e p.74 ✓): the unengaged models of a charged unit move up to 6" into
    base contact, so the whole unit fights; they get no +1 attack for charging, and a unit
    reached by a consolidation does not counter-attack (the caller is the charge)."""
    if "counter_attack" not in target.rules or target.is_vehicle or target.engaged_cap == 0:
        return
    target.engaged_cap = 0
    if battle.logging:
        battle.log(target.side, target.name, f"{target.name} counter-attacks")


def assault_moves(battle: Battle) -> None:
    """Assault move (4e pp.53-57 ≈, the jetbike rule): a unit with ``assault_move`` that did
    not charge and is free to act may move up to 6" in its Assault phase, where its policy
    wants (usually back out of charge reach)."""
    from rules.engine.systems.grimdark.movement import move_unit

    policy = battle.policies[battle.active]
    for unit in battle.side_units(battle.active):
        if "assault_move" not in unit.rules or unit.charged or unit.locked or unit.falling_back:
            continue
        if unit.pinned_turn == battle.ptc or unit.turbo_turn == battle.ptc:
            continue
        goal = policy.assault_move_goal(battle, unit)
        if goal is None:
            continue
        moved = move_unit(battle, unit, goal, ASSAULT_MOVE)
        if moved and battle.logging:
            battle.log(unit.side, unit.name, f'{unit.name} moves {moved:.1f}" in the Assault phase')


def melta_bomb(model: Model, strength: int, special: str) -> bool:
    """A model with melta bombs attacking a vehicle uses one (one S8 blow, 2D6 + S against
    armour) unless it strikes with a power fist or thunder hammer (4e pp.58-73 ≈)."""
    return (
        "melta_bombs" in model.rules
        and strength < MELTA_BOMB_STRENGTH
        and special not in ("power_fist", "thunder_hammer")
    )


def hit_and_run(battle: Battle) -> None:
    """Hit and Run (4e pp.74-76 ≈): at the end of an Assault phase a locked unit with the
    rule may leave: an Initiative test (D6 ≤ the majority I) and it breaks away 3D6"
    directly from its foes; no sweeping advance follows, and foes left unlocked
    consolidate 3" (seed 000 [43])."""
    from rules.engine.systems.grimdark.aftermath import consolidate
    from rules.engine.systems.grimdark.assault import CONSOLIDATE
    from rules.engine.systems.grimdark.morale import release_from_combat

    for unit in battle.units:
        if "hit_and_run" not in unit.rules or not unit.locked or not unit.foes or not unit.on_table:
            continue
        if not battle.policies[unit.side].hits_and_runs(battle, unit):
            continue
        roll = battle.dice.d6()
        if roll > unit.majority("i"):
            if battle.logging:
                battle.log(unit.side, unit.name, f"{unit.name} fails to hit and run", dice=[roll])
            continue
        foes = [battle.by_id[f] for f in unit.foes]
        release_from_combat(battle, unit)
        distance = float(sum(battle.dice.d6s(HIT_AND_RUN_DICE)))
        away = centre_of(foes).angle_to(unit.position)
        battle.moved_to(unit, unit.position.offset(away, distance))
        if battle.logging:
            text = f'{unit.name} hits and runs {distance:.0f}"'
            battle.log(unit.side, unit.name, text, dice=[roll])
        for foe in foes:
            if foe.count > 0 and not foe.foes:
                consolidate(battle, foe, CONSOLIDATE)


# ----- morale -----------------------------------------------------------------------------
def last_man_standing(battle: Battle) -> None:
    """Last Man Standing (4e p.47 ✓ as a morale trigger, digest §36.2 ≈): at the end of a
    phase, a unit that started with more than one model and is down to its last takes a
    morale check, once; a fail falls back. Not a lone independent character, a vehicle, a
    unit locked in combat (its combat result tests it) or one already falling back."""
    from rules.engine.systems.grimdark.morale import morale_check, start_falling_back

    for unit in battle.units:
        if unit.last_man_tested or unit.count != 1 or unit.start_models < 2:
            continue
        if not unit.on_table or unit.is_vehicle or unit.locked or unit.falling_back:
            continue
        unit.last_man_tested = True
        if unit.alive[0].character:
            continue
        if not morale_check(battle, unit):
            start_falling_back(battle, unit)


def fall_back_way(battle: Battle, unit: Unit, edge: Point, distance: float) -> Point | None:
    """Where a fall back of ``distance`` toward ``edge`` ends: straight home if the way is
    clear, else the first clear way up to 60° aside; None when every way is blocked by an
    enemy unit's footprint or impassable terrain (Trapped!, 4e p.48 ≈; only with
    ``settings.trapped_when_blocked``, otherwise the unit goes straight as before)."""
    start = unit.position
    straight = start.toward(edge, distance)
    if not battle.settings.trapped_when_blocked or _way_clear(battle, unit, start, straight):
        return straight
    heading = start.angle_to(edge)
    for deviation in ESCAPE_ANGLES:
        end = battle.table.clamp(start.offset(heading + deviation, distance), unit.radius)
        if _way_clear(battle, unit, start, end):
            return end
    return None


def _way_clear(battle: Battle, unit: Unit, start: Point, end: Point) -> bool:
    if battle.table.path_blocked(start, end):
        return False
    for enemy in battle.enemies(unit.side):
        limit = enemy.radius + unit.radius - 0.01
        if point_segment_distance(enemy.position, start, end) < limit:
            return False
    return True


def trapped(battle: Battle, unit: Unit) -> None:
    """Trapped!: the unit that cannot fall back is destroyed (4e p.48 ≈)."""
    unit.wipe()
    if battle.logging:
        battle.log(unit.side, unit.name, f"{unit.name} is trapped and destroyed")


# ----- wound allocation -------------------------------------------------------------------
def armour_groups(
    battle: Battle, unit: Unit, pool: list[Model] | None, total: int
) -> list[list[Model]] | None:
    """Mixed armour (``settings.mixed_armour_allocation``): for each of ``total`` wounds, the
    group of models sharing a save (armour and invulnerable) that takes it. Wounds go one to
    each model, least valuable first, before any model takes a second (4e p.76 ≈). None
    when the unit's models all save alike or one wound is to be taken."""
    if total < 2 or not battle.settings.mixed_armour_allocation:
        return None
    models = [m for m in (unit.models if pool is None else pool) if m.wounds > 0]
    if not models:
        return None
    first = (models[0].sv, models[0].invulnerable)
    if all((m.sv, m.invulnerable) == first for m in models):
        return None
    groups: dict[tuple[int | None, int | None], list[Model]] = {}
    for model in models:
        groups.setdefault((model.sv, model.invulnerable), []).append(model)
    order = sorted(models, key=lambda m: m.value)
    picks = [order[k % len(order)] for k in range(total)]
    return [groups[(m.sv, m.invulnerable)] for m in picks]


def centre_of(units: list[Unit]) -> Point:
    """The mean position of ``units``."""
    return Point(
        math.fsum(u.position.x for u in units) / len(units),
        math.fsum(u.position.y for u in units) / len(units),
    )
