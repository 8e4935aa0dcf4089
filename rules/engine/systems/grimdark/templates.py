"""Blast and template geometry on the table (issue 18; seed 000 [29]-[31], [44]; digest §20,
§21, §33): where a template is placed, where it lands after scattering, and which units'
footprints lie under it, of either side.

- Placement: a blast, ordnance or barrage template goes with its centre hole over a model of
  the target (the target's centre, or its far side when that is clear) and may cover no
  friendly unit (digest §20 ordnance step 1, §21 barrage step 2; for plain blasts ≈ 4e p.30,
  the same placement) nor touch any locked model (§33); if it cannot, the weapon does not fire.
- Scatter: the scatter die's arrow moves the template D6" (2D6 highest: §20, §21) in its
  direction, onto whoever is there: another enemy unit, the firer's own troops or off the
  table (§21 barrage step 5: "The template may land off the table or on the firer's own
  troops"); locked units under a scattered template are hit unless
  ``settings.scatter_hits_locked`` is off.
- Every unit whose footprint circle overlaps the template counts the models whose bases lie
  under it, model by model where ``formation`` stands them (:func:`models_under_template`),
  and is hit with its own cover from the firer. Losses of the firer's side are not the
  firer's kills: victory points come from each unit's state at the end
  (``missions.victory_points``), so the enemy scores them.
- Flamer templates: the teardrop (about 8" long, narrow end at the firer, NOT IN SEED ≈ 4e
  sizes) is pointed where it touches the most enemy models, the target's and any other enemy
  unit's, among the line to the target's centre and swings of up to 30° either side; a
  direction that would cover a friendly model or touch a locked one is not taken, and with
  none left the template is not fired (digest §21 "point it anywhere. It may not cover any
  friendly model", §33).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from rules.engine.geometry import Point
from rules.engine.systems.grimdark import formation
from rules.engine.systems.grimdark.army import Unit
from rules.engine.systems.grimdark.battle import Battle
from rules.engine.systems.grimdark.damage import Attack, Outcome, resolve_attack
from rules.engine.systems.grimdark.morale import pinning_test
from rules.engine.systems.grimdark.weapons import (
    BLAST_RADIUS,
    LARGE_BLAST_RADIUS,
    TEMPLATE_LENGTH,
    Weapon,
)

# the teardrop's half width at its narrow end and at its wide end, 8" apart: its area,
# 8 × (0.4 + 1.75) ≈ 17 sq in, is the flamer template's (NOT IN SEED ≈ 4e sizes)
TEARDROP_HALF_NARROW = 0.4
TEARDROP_HALF_WIDE = 1.75
TEARDROP_REACH = TEMPLATE_LENGTH
MODEL_SLACK = 1.0  # how far a rim model's base may stand outside its footprint circle
TEARDROP_SWINGS = (0.0, 6.0, -6.0, 12.0, -12.0, 18.0, -18.0, 24.0, -24.0, 30.0, -30.0)


def blast_radius(weapon: Weapon) -> float:
    """Large blast 5", blast 3" diameter (seed 000 [30], NOT IN SEED sizes ≈ 4e)."""
    return LARGE_BLAST_RADIUS if weapon.large_blast else BLAST_RADIUS


def pin_modifier(weapon: Weapon) -> int:
    """Casualties from an ordnance barrage test pinning at Ld −1 (seed 000 [31])."""
    return -1 if weapon.kind == "ordnance" and weapon.barrage else 0


def models_under_template(
    battle: Battle, target: Unit, centre: Point, radius: float, placed: bool = False
) -> int:
    """Models under a blast template centred at ``centre``, model by model where
    ``formation`` stands them: a model whose base is wholly under it is hit, one partly under
    is hit on 4+ (seed 000 [30]); a vehicle or monstrous creature is one model: hit when the
    centre hole is over its footprint, on 4+ when the template only partly covers it.
    ``placed``: the template lies where its centre hole was put over a model of this unit
    (digest §20 step 1, :func:`aim_point`), so that model is wholly under it and hit at
    least; a shell that scattered gets no such floor."""
    if target.count == 0:
        return 0
    base = formation.base_radius(target)
    full = partial = 0
    if formation.single_model(target):  # never wholly under: hit if the hole is over it
        gap = centre.distance(target.position)
        full, partial = (1, 0) if gap <= base else (0, 1 if gap < radius + base else 0)
    else:
        inner, outer = (radius - base) ** 2, (radius + base) ** 2
        for spot in formation.model_spots(target):
            dx, dy = spot.x - centre.x, spot.y - centre.y
            gap = dx * dx + dy * dy
            if gap <= inner:
                full += 1
            elif gap < outer:
                partial += 1
    if placed and full == 0:
        full, partial = 1, max(0, partial - 1)
    if partial:
        full += sum(1 for roll in battle.dice.d6_batch(partial) if roll >= 4)
    return full


def units_under(battle: Battle, centre: Point, reach: float) -> list[Unit]:
    """Units on the table, of either side, that may have a model within ``reach`` of
    ``centre``: a cheap centre-gap test on the footprint circle, with ``MODEL_SLACK`` for
    the models ``formation`` stands on its rim (the callers then test model by model)."""
    out = []
    for u in battle.units:
        if u.count == 0 or u.reserve or u.embarked_in or u.joined_to or u.fled:
            continue
        dx, dy = u.position.x - centre.x, u.position.y - centre.y
        gap = reach + u.radius + MODEL_SLACK
        if dx * dx + dy * dy < gap * gap:
            out.append(u)
    return out


def covers_a_model(unit: Unit, centre: Point, radius: float) -> bool:
    """Whether a blast template of ``radius`` at ``centre`` lies over any of ``unit``'s
    model bases (``formation``)."""
    reach = radius + formation.base_radius(unit)
    reach2 = reach * reach
    for spot in formation.model_spots(unit):
        dx, dy = spot.x - centre.x, spot.y - centre.y
        if dx * dx + dy * dy < reach2:
            return True
    return False


def forbidden_under(battle: Battle, firer: Unit, centre: Point, radius: float) -> Unit | None:
    """The first unit a template placed at ``centre`` may not cover: one with a model under
    it that is friendly (digest §20, §21) or locked (§33)."""
    for u in units_under(battle, centre, radius):
        if (u.side == firer.side or u.locked) and covers_a_model(u, centre, radius):
            return u
    return None


def aim_point(battle: Battle, firer: Unit, target: Unit, radius: float) -> Point | None:
    """Where the centre hole goes: over the target's centre, or else over its model farthest
    from the unit in the way; None when every such placement covers a friendly or locked
    unit (digest §20 step 1, §21, §33)."""
    centre = target.position
    blocker = forbidden_under(battle, firer, centre, radius)
    if blocker is None:
        return centre
    spots = formation.model_spots(target)
    shifted = max(spots, key=blocker.position.distance) if spots else centre
    return None if forbidden_under(battle, firer, shifted, radius) else shifted


def held_text(battle: Battle, firer: Unit, weapon: Weapon, target: Unit, radius: float) -> str:
    """The log line of a blast that is not fired because :func:`aim_point` found no
    placement: it names the unit the template would cover, a friend (digest §20 step 1,
    §21) or a locked unit of either side (§33)."""
    blocker = forbidden_under(battle, firer, target.position, radius)
    if blocker is None:  # not reached: aim_point found the centre clear
        return f"{firer.name} holds its {weapon.name}: no clear placement over {target.name}"
    own = "own " if blocker.side == firer.side else ""
    why = (
        f"touch {own}{blocker.name}, locked in combat"
        if blocker.locked
        else f"cover {own}{blocker.name}"
    )
    return f"{firer.name} holds its {weapon.name}: over {target.name} it would {why}"


def _drift(battle: Battle, wide: bool) -> tuple[float, float]:
    """Scatter die and distance: HIT stays, an arrow moves D6" (2D6 highest for a moving
    vehicle or an unseen barrage target) (seed 000 [29][31]). Returns (inches, degrees)."""
    result = battle.dice.scatter()
    if result.hit:
        return 0.0, result.direction_degrees
    return float(max(battle.dice.d6s(2)) if wide else battle.dice.d6()), result.direction_degrees


def shell_centres(
    battle: Battle, aim: Point, shells: int, radius: float, wide: bool, battery: bool, away: float
) -> list[tuple[Point, float]]:
    """Each shell's landing point and how far it scattered. Single shells scatter one by one;
    several barrages fire as a battery: the first scatters normally, each further one rolls
    only the scatter die and is placed touching the first template in the arrow's direction
    or, on a HIT, where the firer likes best: toward the aim point, or beyond it in the
    direction ``away`` (degrees, away from the firer) (seed 000 [31])."""
    if not battery or shells == 1:
        out = []
        for _ in range(shells):
            distance, angle = _drift(battle, wide)
            out.append((aim.offset(angle, distance) if distance else aim, distance))
        return out
    distance, angle = _drift(battle, wide)
    first = aim.offset(angle, distance) if distance else aim
    centres = [(first, distance)]
    for _ in range(shells - 1):
        result = battle.dice.scatter()
        if result.hit:
            spot = first.toward(aim, 2 * radius) if distance else aim.offset(away, 2 * radius)
        else:
            spot = first.offset(result.direction_degrees, 2 * radius)
        centres.append((spot, spot.distance(aim)))
    return centres


def _credit(
    battle: Battle, firer: Unit, weapon: Weapon, unit: Unit, before: int, out: Outcome
) -> None:
    """Losses of a unit hit besides the target: the phase's casualties (the 25% check),
    pinning, and the firer's kills only when the unit is an enemy."""
    lost = before - unit.count
    unit.casualties_this_phase += lost
    if weapon.pinning and out.unsaved > 0 and unit.count > 0:
        pinning_test(battle, unit, pin_modifier(weapon))
    if unit.side != firer.side:
        firer.kills += lost
        if unit.count == 0:
            battle.credit_destroyed(firer, unit)
    if unit.count == 0 and battle.logging:
        battle.log(unit.side, unit.name, f"{unit.name} is destroyed", target=unit.name)


def _hit_part(firer: Unit, unit: Unit, out: Outcome) -> str:
    own = "own " if unit.side == firer.side else ""
    return f"{own}{unit.name}: {out.hits} hit, {out.slain} slain"


def blast_shell(
    battle: Battle,
    firer: Unit,
    weapon: Weapon,
    attack: Attack,
    landing: tuple[Point, float],
    target: Unit,
    cover: int | None,
) -> Outcome:
    """One blast template at ``landing`` (its centre, how far it scattered): every unit
    under it is hit as for blasts (seed 000 [30]) with its own cover from the firer; returns
    what it did to ``target``, crediting the other units' losses here."""
    centre, scattered = landing
    radius = blast_radius(weapon)
    result, parts = Outcome(), []
    for unit in units_under(battle, centre, radius + 0.5):
        if unit.locked and not battle.settings.scatter_hits_locked:
            continue
        hits = models_under_template(battle, unit, centre, radius, unit is target and not scattered)
        if hits == 0:
            continue
        if unit is target:
            result = out = resolve_attack(battle, replace(attack, dice=hits), unit, cover, firer)
        else:
            before = unit.count
            unit_cover = battle.cover_save(unit, firer)
            out = resolve_attack(battle, replace(attack, dice=hits), unit, unit_cover, firer)
            _credit(battle, firer, weapon, unit, before, out)
        parts.append(_hit_part(firer, unit, out))
    if battle.logging and (scattered or len(parts) > 1 or (parts and result.hits == 0)):
        where = f'scatters {scattered:.0f}"' if scattered else "lands on target"
        if parts:
            text = f"{firer.name}'s {weapon.name} {where} onto {'; '.join(parts)}"
        else:
            off = "" if battle.table.bounds.contains(centre) else " off the table"
            text = f"{firer.name}'s {weapon.name} {where}{off} and hits nothing"
        battle.log(firer.side, firer.name, text, target=target.name)
    return result


def teardrop_models(unit: Unit, start: Point, angle: float) -> int:
    """How many of ``unit``'s models the teardrop laid from ``start`` at ``angle`` touches:
    a model is hit when its base reaches under the template (seed 000 [31], model by model
    where ``formation`` stands them)."""
    cos, sin = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    base = formation.base_radius(unit)
    flare = (TEARDROP_HALF_WIDE - TEARDROP_HALF_NARROW) / TEARDROP_REACH
    touched = 0
    for spot in formation.model_spots(unit):
        rx, ry = spot.x - start.x, spot.y - start.y
        along = rx * cos + ry * sin
        if along < -base or along > TEARDROP_REACH + base:
            continue
        half = TEARDROP_HALF_NARROW + flare * min(TEARDROP_REACH, max(0.0, along))
        if abs(ry * cos - rx * sin) <= half + base:
            touched += 1
    return touched


@dataclass(frozen=True, slots=True)
class TeardropAim:
    """Where a flamer template lies: its narrow end, its direction in degrees, how many of
    the target's models it touches, and the other enemy units under it with theirs."""

    start: Point
    angle: float
    touched: int
    others: tuple[tuple[Unit, int], ...]


def teardrop_start(firer: Unit, target: Unit) -> tuple[Point, float]:
    """The teardrop's narrow end, at the firer's edge, and the direction of the target's
    centre from there."""
    start = firer.position.toward(target.position, firer.radius)
    return start, start.angle_to(target.position)


def _under_teardrop(
    battle: Battle, firer: Unit, target: Unit, start: Point, angle: float
) -> tuple[list[tuple[Unit, int]], Unit | None]:
    """The other enemy units a teardrop laid so touches, with their models touched, and the
    first friendly or locked unit it would touch (None if none)."""
    others: list[tuple[Unit, int]] = []
    for unit in units_under(battle, start, TEARDROP_REACH + TEARDROP_HALF_WIDE):
        if unit is firer or unit is target:
            continue
        touched = teardrop_models(unit, start, angle)
        if touched == 0:
            continue
        if unit.side == firer.side or unit.locked:
            return others, unit
        others.append((unit, touched))
    return others, None


def teardrop_aim(battle: Battle, firer: Unit, target: Unit) -> TeardropAim | None:
    """Point the flamer template: "narrow end touching the firer's base, point it anywhere;
    it may not cover any friendly model" (digest §21 Template; §33 no locked model). The
    firer tries the line to the target's centre and swings of up to 30° either side
    (``TEARDROP_SWINGS``), keeps those that touch the target and no friendly or locked
    model, and lays it where it touches the most enemy models (the smallest swing on a tie).
    At the centre line it touches at least one of the target's models: the 8" is measured
    to the target's outline, and a rim base may stand a little deeper. None when no
    direction touches the target without covering a friend or touching a locked unit
    (logged with the one in the way on the centre line)."""
    start, centre = teardrop_start(firer, target)
    best: TeardropAim | None = None
    in_the_way: Unit | None = None
    for swing in TEARDROP_SWINGS:
        angle = (centre + swing) % 360.0
        touched = teardrop_models(target, start, angle)
        if swing and touched == 0:
            continue
        others, blocker = _under_teardrop(battle, firer, target, start, angle)
        if blocker is not None:
            in_the_way = in_the_way or blocker
            continue
        aim = TeardropAim(start, angle, max(1, touched), tuple(others))
        if best is None or _models_touched(aim) > _models_touched(best):
            best = aim
    if best is None and battle.logging and in_the_way is not None:
        battle.log(
            firer.side,
            firer.name,
            f"{firer.name} cannot aim its template at {target.name}"
            f" without covering {in_the_way.name}",
            target=target.name,
        )
    return best


def _models_touched(aim: TeardropAim) -> int:
    return aim.touched + sum(touched for _, touched in aim.others)


def template_hits(unit: Unit, touched: int) -> int:
    """Hits a template scores on a unit: one per model it touches (seed 000 [31]), one for
    a vehicle or monstrous creature."""
    return 1 if formation.single_model(unit) else min(unit.count, touched)


def _hull_cover(battle: Battle, unit: Unit, firer: Unit) -> int | None:
    """The cover the firer's line finds a vehicle in, which makes it hull-down even against
    a template (``smoke.obscured``); None for other units, whose cover a template ignores."""
    return battle.cover_save(unit, firer) if unit.is_vehicle else None


def template_shot(
    battle: Battle,
    firer: Unit,
    weapon: Weapon,
    attack: Attack,
    target: Unit,
    aim: TeardropAim,
) -> Outcome:
    """One flamer template laid as ``aim`` (:func:`teardrop_aim`): the target and every
    other enemy unit under it are hit (seed 000 [31], no cover save); a vehicle the firer's
    line finds in cover is still obscured (``smoke.obscured``); returns what it did to
    ``target``."""
    result = resolve_attack(
        battle,
        replace(attack, dice=template_hits(target, aim.touched)),
        target,
        _hull_cover(battle, target, firer),
        firer,
    )
    for unit, touched in aim.others:
        if unit.count == 0:
            continue
        before = unit.count
        out = resolve_attack(
            battle,
            replace(attack, dice=template_hits(unit, touched)),
            unit,
            _hull_cover(battle, unit, firer),
            firer,
        )
        _credit(battle, firer, weapon, unit, before, out)
        if battle.logging:
            battle.log(
                firer.side,
                firer.name,
                f"{firer.name}'s {weapon.name} template also covers {_hit_part(firer, unit, out)}",
                target=unit.name,
            )
    return result
