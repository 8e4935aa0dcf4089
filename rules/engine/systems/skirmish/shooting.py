"""The shooting phase (NOT IN SEED: published Mordheim rule, not in seed 001: published Mordheim
rules, Shooting): BS to hit with
long-range, moving, cover and large-target modifiers; the weapon's S to wound; critical
hits on 6s to wound; armour saves worsened by the weapon's S (seed 001 §8)."""

from __future__ import annotations

from collections.abc import Callable

from rules.engine.geometry import Point
from rules.engine.kernel.sides import other
from rules.engine.systems.skirmish.attacks import Exchange, Strike, roll_exchange
from rules.engine.systems.skirmish.climbing import downed_on_a_floor
from rules.engine.systems.skirmish.equipment import Item
from rules.engine.systems.skirmish.fighters import Fighter
from rules.engine.systems.skirmish.settings import DEFAULT_SETTINGS, SkirmishSettings
from rules.engine.systems.skirmish.skills import DODGE_SAVE, EAGLE_EYES_RANGE
from rules.engine.systems.skirmish.state import BattleState, apply_exchange, distance
from rules.engine.systems.skirmish.tables import (
    STANDING,
    save_needed,
    shooting_hit_probability_parts,
    shooting_to_hit,
    to_wound,
)


def shooting_modifier(
    shooter: Fighter, target: Fighter, weapon: Item, range_inches: float, cover: bool
) -> int:
    """−1 cover, −1 long range (over half range), −1 moved, +1 large target (NOT IN SEED:
    published Mordheim rule, not in seed 001: published Mordheim rules, Shooting); a Trick
    Shooter ignores cover, Eagle Eyes lengthen the range (published rulebook p.122)."""
    modifier = 0
    if cover and "trick-shooter" not in shooter.skills:
        modifier -= 1
    if range_inches > weapon_range(shooter, weapon) / 2:
        modifier -= 1
    if shooter.moved:
        modifier -= 1
    if target.large_target:
        modifier += 1
    return modifier


def weapon_range(shooter: Fighter, weapon: Item) -> float:
    """The weapon's range, 6" longer with Eagle Eyes (published rulebook p.122)."""
    return weapon.range + (EAGLE_EYES_RANGE if "eagle-eyes" in shooter.skills else 0.0)


def shot(
    bs: int,
    weapon: Item,
    target_t: int,
    target_save: int | None,
    modifier: int,
    settings: SkirmishSettings = DEFAULT_SETTINGS,
    dodge: bool = False,
) -> Strike:
    """One missile as dice needs (NOT IN SEED: published Mordheim rule, not in seed 001: published
    Mordheim rules, Shooting); a target with Dodge avoids a hit on 5+ before it wounds
    (published rulebook p.123)."""
    first, follow = shooting_hit_probability_parts(
        shooting_to_hit(bs, modifier),
        settings.natural_one_always_misses_shooting,
        settings.seven_plus_to_hit,
    )
    return Strike(
        hit_need=first,
        hit_followup=follow,
        wound_need=to_wound(weapon.strength, target_t),
        save_need=save_needed(target_save, weapon.strength, weapon.save_modifier),
        parryable=False,
        weapon=weapon.key,
        dodge=DODGE_SAVE if dodge else None,
    )


def in_cover(state: BattleState, shooter: Fighter, target: Fighter) -> bool:
    """The target stands in a ruin or the line of fire crosses one the shooter is not in
    (NOT IN SEED: published Mordheim cover)."""
    a, b = Point(shooter.x, shooter.y), Point(target.x, target.y)
    for area in state.table.terrain:
        rect = area.rect
        if rect.contains(b):
            return True
        if not rect.contains(a) and rect.segment_length_inside(a, b) > 0.0:
            return True
    return False


def line_of_sight(state: BattleState, observer: Fighter, target: Fighter) -> bool:
    """No ruin's walls stand between them: the line from one centre to the other crosses at
    most ``settings.ruin_sight_depth`` inches of each ruin neither model stands in (NOT IN
    SEED: published Mordheim Shooting and Charge, "an unobstructed line"; a model sees out of
    and into the ruin it stands in, the target's ruin gives cover, ``in_cover``; a fighter
    up on a floor sees and is seen over the walls)."""
    if observer.z > 0.0 or target.z > 0.0:
        return True  # up on a floor: over the walls (``climbing``)
    ax, ay, bx, by = observer.x, observer.y, target.x, target.y
    low_x, high_x = min(ax, bx), max(ax, bx)
    low_y, high_y = min(ay, by), max(ay, by)
    depth = state.settings.ruin_sight_depth
    a = b = None
    for area in state.table.terrain:
        r = area.rect
        if r.x > high_x or r.x + r.width < low_x or r.y > high_y or r.y + r.height < low_y:
            continue  # the line's bounding box misses the ruin: the cheap common case
        if a is None or b is None:
            a, b = Point(ax, ay), Point(bx, by)
        if r.contains(a) or r.contains(b):
            continue
        if r.segment_length_inside(a, b) > depth:
            return False
    return True


def visible(observer: Fighter, target: Fighter) -> bool:
    """Hidden fighters are seen only by enemies within their Initiative in inches (NOT IN
    SEED: published Mordheim hiding, uncertain details)."""
    return not target.hidden or distance(observer, target) <= observer.I


def may_shoot(fighter: Fighter) -> bool:
    """Standing, not engaged, did not run, fail a charge or rally, not stupefied, weapon
    loaded, and a move-or-fire weapon only when it did not move (NOT IN SEED: published
    Mordheim rule) or with Nimble (published rulebook p.122)."""
    weapon = fighter.missile
    if weapon is None or not fighter.can_act or fighter.engaged or fighter.ran:
        return False
    if fighter.no_shoot or fighter.reloading or fighter.charged or fighter.stupefied:
        return False
    return not (weapon.move_or_fire and fighter.moved and "nimble" not in fighter.skills)


def hit_chance(
    shooter: Fighter,
    target: Fighter,
    cover: bool,
    settings: SkirmishSettings = DEFAULT_SETTINGS,
) -> float:
    """Probability one shot hits (for choosing an easier target)."""
    weapon = shooter.missile
    assert weapon is not None  # noqa: S101 - may_shoot checked it
    d = distance(shooter, target)
    first, follow = shooting_hit_probability_parts(
        shooting_to_hit(shooter.BS, shooting_modifier(shooter, target, weapon, d, cover)),
        settings.natural_one_always_misses_shooting,
        settings.seven_plus_to_hit,
    )
    p = max(0, 7 - first) / 6.0
    if follow is not None:
        p *= max(0, 7 - follow) / 6.0
    return p


def shooting_targets(state: BattleState, shooter: Fighter) -> list[Fighter]:
    """Enemies in range and sight (not hidden, no ruin between, ``line_of_sight``), not in
    close combat: standing, fleeing, knocked-down and
    stunned alike (not in seed 001: published Mordheim rules, Shooting: the latter three may be
    ignored, not that they may not be
    shot)."""
    weapon = shooter.missile
    if weapon is None:
        return []
    out = []
    for enemy in state.fighters(other(shooter.side)):
        if enemy.out or enemy.engaged:
            continue
        if distance(shooter, enemy) > weapon_range(shooter, weapon) or not visible(shooter, enemy):
            continue
        if line_of_sight(state, shooter, enemy):
            out.append(enemy)
    return out


def ignorable(target: Fighter) -> bool:
    """A fleeing, knocked-down or stunned enemy need not be treated as the closest target
    (not in seed 001: published Mordheim rules, Shooting)."""
    return target.fleeing or target.state != STANDING


def legal_targets(state: BattleState, shooter: Fighter) -> list[tuple[Fighter, float]]:
    """(target, hit chance) the shooter may pick, closest first: the closest enemy that may
    not be ignored, any closer ignorable one, and any farther enemy easier to hit than that
    closest one (not in seed 001: published Mordheim rules, Shooting)."""
    targets = shooting_targets(state, shooter)
    targets.sort(key=lambda e: (distance(shooter, e), e.id))
    rated = [
        (e, hit_chance(shooter, e, in_cover(state, shooter, e), state.settings)) for e in targets
    ]
    closest = next((pair for pair in rated if not ignorable(pair[0])), None)
    if closest is None:
        return rated
    reference = closest[1]
    out = []
    passed = False
    for enemy, p in rated:
        if enemy is closest[0]:
            passed = True
            out.append((enemy, p))
        elif not passed or p > reference:
            out.append((enemy, p))
    return out


def choose_shooting_target(state: BattleState, shooter: Fighter) -> Fighter | None:
    """Among the legal targets the one easiest to hit; on equal odds a standing enemy before
    a fleeing or downed one, then the closest (not in seed 001: published Mordheim rules,
    Shooting)."""
    best: tuple[float, int, int] | None = None
    chosen: Fighter | None = None
    for index, (enemy, p) in enumerate(legal_targets(state, shooter)):
        key = (-p, 1 if ignorable(enemy) else 0, index)
        if best is None or key < best:
            best, chosen = key, enemy
    return chosen


def fire(state: BattleState, shooter: Fighter, target: Fighter) -> None:
    """One shot at ``target`` (each fighter shoots once, with one weapon); a knocked-down or
    stunned target is wounded and injured as usual (the automatic finish of seed 001
    §10.2-10.4 is close combat only); a hidden shooter is revealed (not in seed 001: published
    Mordheim rules, Movement)."""
    weapon = shooter.missile
    assert weapon is not None  # noqa: S101 - may_shoot checked it
    d = distance(shooter, target)
    cover = in_cover(state, shooter, target)
    modifier = shooting_modifier(shooter, target, weapon, d, cover)
    exchange = Exchange(
        (
            shot(
                shooter.BS,
                weapon,
                target.T,
                target.missile_save,
                modifier,
                state.settings,
                "dodge" in target.skills,
            ),
        ),
        target_wounds=target.wounds,
        helmet=target.helmet,
    )
    result = roll_exchange(exchange, state.dice, state.settings)
    state.event(
        shooter.side,
        shooter.id,
        f"shoots {weapon.key}: {result.outcome}",
        target.id,
        dice=result.dice,
        data={"modifier": modifier, "cover": cover, "range": round(d, 1)},
    )
    shooter.hidden = False
    if weapon.prepare_shot and not ("hunter" in shooter.skills and weapon.key in HUNTER_WEAPONS):
        shooter.reloading = True
    apply_exchange(state, shooter, target, result)
    downed_on_a_floor(state, target)


QUICK_SHOT_WEAPONS: frozenset[str] = frozenset({"short-bow", "bow", "long-bow", "crossbow"})
HUNTER_WEAPONS: frozenset[str] = frozenset({"crossbow", "handgun"})


def shots(shooter: Fighter) -> int:
    """Shots this phase: two with Quick Shot and a bow or crossbow, or with Pistolier and a
    brace of pistols (published rulebook p.122), else one."""
    weapon = shooter.missile
    skills = shooter.skills
    if weapon is None or not skills:
        return 1
    if "quick-shot" in skills and weapon.key in QUICK_SHOT_WEAPONS:
        return 2
    if "pistolier" in skills and weapon.key == "pistol" and shooter.items.count("pistol") >= 2:
        return 2
    return 1


def shooting_phase(
    state: BattleState, side: str, cast: Callable[[BattleState, Fighter], bool] | None = None
) -> None:
    """Every fighter of ``side`` that may shoot fires at its chosen target, once or twice
    (``shots``); a caster tries a spell first (``cast``: ``magic.try_to_cast``) and, when he
    does, does not shoot."""
    state.phase = "shooting"
    for shooter in state.fighters(side):
        if shooter.spells and cast is not None and cast(state, shooter):
            continue
        if shooter.missile is not None and shooter.reloading and not shooter.out:
            if not shooter.engaged and shooter.state == STANDING:
                shooter.reloading = False  # this turn spent reloading (prepare shot)
            continue
        if not may_shoot(shooter):
            continue
        for _ in range(shots(shooter)):
            target = choose_shooting_target(state, shooter)
            if target is None or shooter.reloading:
                break
            fire(state, shooter, target)
