"""Who a charge engages: the charged unit's engaged models, and the other enemy units the
chargers' models reach besides the primary target (multiple charge targets, seed 000
[36]-[38], digest §23-§24), at the engine's footprint level (a unit is a circle of its
models).

The geometry, once the charger's footprint touches its primary target:

- the charger's models that fight a unit are those standing within ``ENGAGE_DEPTH`` (a 1"
  base plus 2" from a unit-mate in base contact, seed 000 [38]) of that unit's footprint:
  the lens where the charger's circle overlaps the enemy's circle grown by 3"
  (:func:`contact_share`); the primary takes its lens first (§24: the first model goes to
  the nearest enemy model, the unit's goal is most models in contact);
- another enemy unit is *in reach* when it is within the charge allowance of the charger's
  start (every model moves at most that far, [37]) and within ``COHERENCY`` (2", §6) of the
  charger's new footprint: a model from its edge can stand in base contact with it and
  stay within 2" of its unit-mates (§24 option 1 comes first);
- the chargers left over after the primary's lens are "spare": §24 option 2 makes them go
  to enemy models not yet engaged, so a unit in reach of spare models *must* be charged
  too; so must one the charger ends within 1" of (no model may end within 1" of an enemy
  unit it did not charge, §24), even when no model is spare: it is then locked in and
  fights back while the chargers strike the primary. Each such secondary takes up to its
  own lens of the spare models; spare models still left over stay on the primary (options
  3 and 4); a secondary destroyed by its falling-back test takes none;
- a unit in reach with no spare models left is an optional target (§23: "a unit may charge
  several enemy units"): the policy's ``adds_secondary`` decides, and it takes its lens out
  of the primary's models, the primary keeping at least one.
"""

from __future__ import annotations

import math

from rules.engine.geometry import Point, circle_overlap_area, circle_segment_fraction
from rules.engine.systems.grimdark.army import Model, Unit
from rules.engine.systems.grimdark.battle import Battle
from rules.engine.systems.grimdark.morale import assaulted_while_falling_back
from rules.engine.systems.grimdark.special_rules import counter_attack

ENGAGE_DEPTH = 3.0  # ~1" base plus 2" from a model in base contact (seed 000 [38])
COHERENCY = 2.0  # models within 2" of one another (seed 000 [15], digest §6)
ENEMY_CLEARANCE = 1.0  # no charger ends within 1" of an enemy unit not charged (§24)


def engage_charged_unit(target: Unit) -> None:
    """Who fights [38]: only models in base contact or within 2" of one are engaged. The
    chargers all reach (6" moves); of the charged unit, the models within ENGAGE_DEPTH of
    the side it is hit from (its footprint's circular segment); a unit already locked is
    already fully engaged. After the round, pile-in engages everyone (seed 000 [44])."""
    if target.is_vehicle:
        return
    share = circle_segment_fraction(target.radius, ENGAGE_DEPTH)
    newly = max(1, round(target.count * share))
    if not target.locked:
        target.engaged_cap = min(target.count, newly)
    elif target.engaged_cap:
        target.engaged_cap = min(target.count, target.engaged_cap + newly)


def contact_share(unit: Unit, enemy: Unit) -> int:
    """How many of ``unit``'s models stand within ENGAGE_DEPTH of ``enemy``'s footprint
    (the lens of the two circles, the enemy's grown by 3"), at least one (seed 000 [38])."""
    d = unit.position.distance(enemy.position)
    area = circle_overlap_area(unit.radius, enemy.radius + ENGAGE_DEPTH, d)
    share = area / (math.pi * unit.radius * unit.radius)
    return min(unit.count, max(1, round(unit.count * share)))


def lock_in(battle: Battle, unit: Unit, target: Unit) -> None:
    """A charged unit is engaged, may counter-attack (``special_rules``), is locked with
    the charger (foes both ways), is un-pinned (seed 000 [32]) and counts as assaulted in
    cover if it stands in cover (seed 000 [39])."""
    engage_charged_unit(target)
    counter_attack(battle, target)
    if target.id not in unit.foes:
        unit.foes.append(target.id)
    if unit.id not in target.foes:
        target.foes.append(unit.id)
    unit.locked = target.locked = True
    target.pinned_turn = -1
    if battle.in_cover(target) and not target.is_vehicle:
        target.in_cover_assaulted = True


def survives_charge(battle: Battle, unit: Unit, target: Unit) -> bool:
    """A falling-back target tests to regroup as it is charged; if it fails it is destroyed
    and credited to the charger (NOT IN SEED: published 4e p.48). Primary and secondary
    targets take the same test."""
    if not target.falling_back:
        return True
    before = target.count
    if assaulted_while_falling_back(battle, target):
        return True
    unit.kills += before
    battle.credit_destroyed(unit, target)
    return False


def secondary_targets(
    battle: Battle, unit: Unit, primary: Unit, start: Point, allowance: float
) -> list[Unit]:
    """The secondary targets of a charge whose footprint now touches ``primary``: the units
    the spare models must reach, those within 1", and the optional ones the policy adds
    (module docstring), each after its falling-back test (:func:`survives_charge`), so a
    unit destroyed by it takes no model. Sets ``unit.spill``: how many of its models fight
    each one in the first round (none for a unit only within 1" when no model is spare).
    ``start`` is the centre of the charger's footprint before it moved."""
    candidates = [
        e
        for e in battle.enemies(unit.side)
        if e is not primary
        and e.count > 0
        and battle.gap(unit, e) <= COHERENCY
        and start.distance(e.position) - unit.radius - e.radius <= allowance
    ]
    if not candidates:
        return []
    candidates.sort(key=lambda e: (battle.gap(unit, e), e.id))
    spare = unit.count - contact_share(unit, primary)
    policy = battle.policies[unit.side]
    chosen: list[Unit] = []
    for enemy in candidates:
        # spare models must go to it (§24 option 2), and so must the charge that ends within
        # 1" of it (§24 "no ending within 1\" of an enemy unit that was not charged"), even
        # when no model is left to send: it is locked in and its own models fight back
        forced = spare > 0 or battle.gap(unit, enemy) <= ENEMY_CLEARANCE
        if not forced and not policy.adds_secondary(battle, unit, primary, enemy):
            continue
        reach = contact_share(unit, enemy)
        models = (
            min(spare, reach)
            if spare > 0
            else min(reach, unit.count - 1 - sum(unit.spill.values()))
        )
        if models <= 0 and not forced:
            continue
        if not survives_charge(battle, unit, enemy):
            continue  # destroyed falling back: its share of the spare models goes on
        if spare > 0:
            spare -= models
        if models > 0:
            unit.spill[enemy.id] = models
        chosen.append(enemy)
    return chosen


def split_strikers(
    battle: Battle, unit: Unit, models: list[Model], order: list[Model]
) -> list[tuple[Unit, list[Model]]]:
    """The foe each striking model attacks (seed 000 [45]): in the first round after a
    multiple charge the last ``spill`` models of the charger's engaged ``order`` fight the
    secondary they reached, while it lives; the rest attack the policy's ``melee_target``."""
    default = battle.policies[unit.side].melee_target(battle, unit)
    assigned: dict[int, Unit] = {}
    end = len(order)
    for foe_id, count in unit.spill.items():
        foe = battle.by_id[foe_id]
        for model in order[max(0, end - count) : end]:
            if foe.count > 0:
                assigned[id(model)] = foe
        end -= count
    groups: dict[str, tuple[Unit, list[Model]]] = {}
    for model in models:
        struck = assigned.get(id(model), default)
        if struck is not None:
            groups.setdefault(struck.id, (struck, []))[1].append(model)
    return list(groups.values())
