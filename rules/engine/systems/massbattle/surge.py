"""Dark Surge (n), "Slaves! Forward! Forward!" (seed 003 §9-§10).

A ranged attack that may target only friendly Shambling units: n dice within 12", hitting on
4+ ignoring modifiers; each hit moves the target 1" straight forward, stopping 1" short of
other friends. A target brought into contact with an enemy counts as having charged it (it
fights in this turn's Melee phase) and that enemy takes no Nerve test for damage received in
this phase. ``battle.shooting_phase`` casts it (the AI picks the target in ``ai.choose_surge``),
adds the returned charge to the turn's melees and skips the enemy's end-of-shooting nerve test.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.engine.systems.massbattle import constants as C
from rules.engine.systems.massbattle.charge import ChargePlan, charged_facing
from rules.engine.systems.massbattle.combat import dice_and_target
from rules.engine.systems.massbattle.footprint import Footprint, distance, overlaps, point_distance
from rules.engine.systems.massbattle.movement import on_table
from rules.engine.systems.massbattle.state import BattleState
from rules.engine.systems.massbattle.units import Unit

RULE = "dark-surge"
# The surged unit is moved in steps this fine, so it stops at most this far short of contact.
SURGE_STEP = 0.05


@dataclass(slots=True)
class SurgeResult:
    """Hits rolled, inches moved and the charge made (None when no enemy was reached)."""

    hits: int
    moved: float
    charge: ChargePlan | None = None


def surge_targets(state: BattleState, caster: Unit) -> list[Unit]:
    """Friendly Shambling units within 12" of the caster's leader, not in contact, seen as a
    ranged attack sees (front arc unless Individual) (seed 003 §9-§10: Dark Surge targets
    only friendly Shambling units; §6 ranged attacks need sight)."""
    eye = caster.fp.leader()
    out = []
    for u in state.friends(caster):
        if (
            not u.has("shambling")
            or u.id in state.engaged
            or point_distance(u.fp, *eye) > C.SPELL_RANGE_SHORT
        ):
            continue
        others = [o.fp for o in state.units if o.alive and o is not caster and o is not u]
        if state.sight.sight(state.terrain, others, caster.fp, u.fp, caster.individual)[0]:
            out.append(u)
    return out


def surge_hits(state: BattleState, dice_count: int) -> int:
    """n dice hitting on 4+ ignoring all modifiers (seed 003 §9-§10)."""
    count, hit_on = dice_and_target(dice_count, C.SPELL_HIT_ON)
    return sum(1 for r in state.dice.d6s(count) if r >= hit_on)


def _near(start: Footprint, inches: float, fps: list[Footprint]) -> list[Footprint]:
    """Footprints the move could come within 1" of (bounding circles along the path)."""
    out = []
    for fp in fps:
        reach = start.r + inches + fp.r + C.SPACING
        dx, dy = fp.x - start.x, fp.y - start.y
        if dx * dx + dy * dy <= reach * reach:
            out.append(fp)
    return out


def surge_move(state: BattleState, target: Unit, inches: float) -> tuple[float, Unit | None]:
    """Move ``target`` straight forward up to ``inches``: stop 1" short of friends and at
    blocking terrain; reaching an enemy puts it in contact (seed 003 §9-§10). A friend
    already closer than 1" is not come closer to, and a move that ends short of an enemy
    stops 1" from it, as every move does (seed 003 §4-§5)."""
    start = target.fp
    enemies = _near_units(start, inches, state.enemies(target))
    friends: list[Footprint] = []
    close: list[Footprint] = []
    for friend in _near_units(start, inches, state.friends(target)):
        near = overlaps(start, friend.fp, C.SPACING - 0.01)
        (close if near else friends).append(friend.fp)
    walls = _near(start, inches, [p.fp for p in state.terrain if p.kind == "blocking"])
    travelled = 0.0
    best = 0.0  # furthest legal end not within 1" of an enemy
    while travelled + 1e-9 < inches:
        step = min(SURGE_STEP, inches - travelled)
        candidate = start.moved(travelled + step)
        if (
            not on_table(candidate)
            or any(overlaps(candidate, w) for w in walls)
            or any(overlaps(candidate, f, C.SPACING - 0.01) for f in friends)
            or any(distance(candidate, f) < distance(start, f) - 1e-6 for f in close)
        ):
            break
        touched = next((e for e in enemies if overlaps(candidate, e.fp)), None)
        if touched is not None:
            target.fp = start.moved(travelled)
            return travelled, touched
        travelled += step
        if not any(overlaps(candidate, e.fp, C.SPACING - 0.01) for e in enemies):
            best = travelled
    target.fp = start.moved(best)
    return best, None


def _near_units(start: Footprint, inches: float, units: list[Unit]) -> list[Unit]:
    return [u for u in units if _near(start, inches, [u.fp])]


def dark_surge(state: BattleState, caster: Unit, target: Unit) -> SurgeResult:
    """Cast Dark Surge (n) on a friendly Shambling unit: each hit moves it 1" forward; contact
    with an enemy is a successful charge (seed 003 §9-§10)."""
    if target not in surge_targets(state, caster):
        raise ValueError(f"{target.id} is not a Dark Surge target of {caster.id}")
    hits = surge_hits(state, caster.value(RULE))
    moved, enemy = surge_move(state, target, float(hits))
    charge = None
    if enemy is not None:
        charge = ChargePlan(target, enemy, charged_facing(target, enemy), moved)
        state.engaged |= {target.id, enemy.id}
    state.event(
        caster.side,
        caster.id,
        f'{caster.name} drives {target.name} forward {moved:.1f}"'
        + (f" into {enemy.name}" if enemy else ""),
        target.id,
        hits=hits,
        moved=round(moved, 2),
        charged=enemy.id if enemy else "",
    )
    return SurgeResult(hits, moved, charge)
