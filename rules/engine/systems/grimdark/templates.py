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
- Every unit whose footprint circle overlaps the template counts its models under it, measured
  from its own centre (:func:`models_under_template`), and is hit with its own cover from
  the firer. Losses of the firer's side are not the firer's kills: victory points come
  from each unit's state at the end (``missions.victory_points``), so the enemy scores them.
- Flamer templates: the teardrop (about 8" long, narrow end at the firer, NOT IN SEED ≈ 4e
  sizes) points at the target's centre; it also hits any other enemy unit under it, and a
  template that would cover a friendly model or touch a locked one is not fired (digest §21
  "It may not cover any friendly model", §33): the engine aims only straight at the target.
"""

from __future__ import annotations

import math
from dataclasses import replace

from rules.engine.geometry import Point, circle_overlap_area
from rules.engine.systems.grimdark.army import MONSTROUS, Unit
from rules.engine.systems.grimdark.battle import Battle
from rules.engine.systems.grimdark.damage import Attack, Outcome, resolve_attack
from rules.engine.systems.grimdark.morale import pinning_test
from rules.engine.systems.grimdark.weapons import (
    BLAST_RADIUS,
    LARGE_BLAST_RADIUS,
    TEMPLATE_AREA,
    Weapon,
)

# the teardrop as four 2"-long slices along its axis: (distance from the narrow end, half
# width); their areas (4 × half width each) add up to weapons.TEMPLATE_AREA, about 17 sq in
TEARDROP_SLICES: tuple[tuple[float, float], ...] = (
    (1.0, 0.57),
    (3.0, 0.91),
    (5.0, 1.24),
    (7.0, 1.58),
)
TEARDROP_REACH = 8.0


def blast_radius(weapon: Weapon) -> float:
    """Large blast 5", blast 3" diameter (seed 000 [30], NOT IN SEED sizes ≈ 4e)."""
    return LARGE_BLAST_RADIUS if weapon.large_blast else BLAST_RADIUS


def pin_modifier(weapon: Weapon) -> int:
    """Casualties from an ordnance barrage test pinning at Ld −1 (seed 000 [31])."""
    return -1 if weapon.kind == "ordnance" and weapon.barrage else 0


def models_under_template(
    battle: Battle, target: Unit, radius: float, offset: float, placed: bool = False
) -> int:
    """Models under a blast template whose centre is ``offset`` inches from the unit's
    centre: wholly covered are hit, partly covered hit on 4+ (seed 000 [30]); a vehicle or
    monstrous creature under it takes one hit. ``placed``: the template lies where its
    centre hole was put over a model of this unit (digest §20 step 1, :func:`aim_point`,
    its centre or its far model), so that model is wholly under it and hit at least; a
    shell that scattered gets no such floor, its count is the footprint's share only."""
    count = target.count
    if count == 0:
        return 0
    if target.is_vehicle or target.unit_type == MONSTROUS:
        return 1 if offset <= radius + target.radius else 0
    r = target.radius
    density = count / (math.pi * r * r)
    whole = density * circle_overlap_area(r, max(0.1, radius - 0.5), offset)
    touched = density * circle_overlap_area(r, radius + 0.5, offset)
    full = min(count, round(whole))
    if placed:
        full = max(1, full)
    partial = max(0, min(count - full, round(touched) - full))
    if partial:
        full += sum(1 for roll in battle.dice.d6_batch(partial) if roll >= 4)
    return full


def units_under(battle: Battle, centre: Point, reach: float) -> list[Unit]:
    """Units on the table, of either side, whose footprint circle overlaps a circle of
    ``reach`` around ``centre`` (a cheap centre-gap test first)."""
    out = []
    for u in battle.units:
        if u.count == 0 or u.reserve or u.embarked_in or u.joined_to or u.fled:
            continue
        dx, dy, gap = u.position.x - centre.x, u.position.y - centre.y, reach + u.radius
        if dx * dx + dy * dy < gap * gap:
            out.append(u)
    return out


def forbidden_under(battle: Battle, firer: Unit, centre: Point, radius: float) -> Unit | None:
    """The first unit a template placed at ``centre`` may not cover: a friendly one (digest
    §20, §21) or a locked one (§33)."""
    for u in units_under(battle, centre, radius):
        if u.side == firer.side or u.locked:
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
    away = blocker.position.angle_to(centre) if blocker.position != centre else 0.0
    shifted = centre.offset(away, max(0.0, target.radius - 0.5))
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
        offset = centre.distance(unit.position)
        hits = models_under_template(battle, unit, radius, offset, unit is target and not scattered)
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


def _teardrop_area(unit: Unit, start: Point, angle: float) -> float:
    """Area of ``unit``'s footprint under the teardrop from ``start`` at ``angle``: the
    share of each slice's disk the footprint covers, times the slice's area."""
    area, cos, sin = 0.0, math.cos(math.radians(angle)), math.sin(math.radians(angle))
    p, r = unit.position, unit.radius
    for along, half in TEARDROP_SLICES:
        d = math.hypot(start.x + cos * along - p.x, start.y + sin * along - p.y)
        if d < r + half:
            area += circle_overlap_area(r, half, d) / (math.pi * half * half) * 4.0 * half
    return area


def teardrop_units(battle: Battle, firer: Unit, target: Unit) -> list[tuple[Unit, float]] | None:
    """Other units under a flamer template pointed from the firer's edge at the target's
    centre, with the area of each footprint covered; None if it would cover a friendly
    unit or touch a locked one (digest §21 Template, §33)."""
    start = firer.position.toward(target.position, firer.radius)
    angle = start.angle_to(target.position)
    out = []
    for unit in units_under(battle, start, TEARDROP_REACH):
        if unit is firer or unit is target:
            continue
        area = _teardrop_area(unit, start, angle)
        if area <= 0.0:
            continue
        if unit.side == firer.side or unit.locked:
            if battle.logging:
                battle.log(
                    firer.side,
                    firer.name,
                    f"{firer.name} cannot aim its template at {target.name}"
                    f" without covering {unit.name}",
                    target=target.name,
                )
            return None
        out.append((unit, area))
    return out


def template_hits(unit: Unit, area: float | None) -> int:
    """Models a template hits: all under it, at least one; ``area`` None for the target,
    which the firer covers as fully as the teardrop allows (seed 000 [31]); a vehicle or
    monstrous creature takes one hit."""
    if unit.is_vehicle or unit.unit_type == MONSTROUS:
        return 1
    density = unit.count / (math.pi * unit.radius**2)
    covered = TEMPLATE_AREA if area is None else min(area, TEMPLATE_AREA)
    return min(unit.count, max(1, round(density * covered)))


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
    others: list[tuple[Unit, float]],
) -> Outcome:
    """One flamer template: the target and every other enemy unit under it are hit
    (seed 000 [31], no cover save); a vehicle the firer's line finds in cover is still
    obscured (``smoke.obscured``); returns what it did to ``target``."""
    result = resolve_attack(
        battle,
        replace(attack, dice=template_hits(target, None)),
        target,
        _hull_cover(battle, target, firer),
        firer,
    )
    for unit, area in others:
        if unit.count == 0:
            continue
        before = unit.count
        out = resolve_attack(
            battle,
            replace(attack, dice=template_hits(unit, area)),
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
