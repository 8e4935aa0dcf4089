"""Tank shock and Death or Glory (NOT IN SEED: the seed lacks the vehicle pages; published
4e pp.58-73, Tank Shock, and p.47 for the Morale check it forces).

- A tank (``vehicle_types`` ``tank``) that moves in its Movement phase may drive into an
  enemy unit instead of stopping 1" short: it moves straight on, and the unit it reaches
  (not a vehicle, not locked in combat) takes a Morale check once the tank has moved (✓).
- A failed check falls back at once (✓); a unit already falling back fails it automatically
  (✓, 4e p.48); Fearless units pass (✓), and so do Tank Hunters (≈ digest §36 "Tank
  Hunters: … passes tank-shock tests", 4e pp.74-76). A passing unit lets the tank through: models
  that would end under the hull are moved aside, 1" clear of it (✓).
- Death or Glory (✓): one model of a unit that passed may stand in the tank's path and
  make a single attack that hits automatically against the front armour, with a shooting
  weapon or its close-combat blow (krak grenades and power fists count). If the hit
  destroys or immobilises the tank (≈: "stops" it), the tank halts in front of the model;
  otherwise the model is crushed, removed with no save of any kind.
"""

from __future__ import annotations

from rules.engine.geometry import Point
from rules.engine.systems.grimdark import tables
from rules.engine.systems.grimdark.army import Model, Unit
from rules.engine.systems.grimdark.battle import Battle
from rules.engine.systems.grimdark.damage import Attack, apply_vehicle_damage, penetration_roll
from rules.engine.systems.grimdark.morale import morale_check, start_falling_back

TANK = "tank"
STOPPING_RESULTS = ("immobilised", "destroyed", "explodes")
CLEARANCE = 1.0  # inches a shocked unit is moved aside, and a stopped tank halts short


def can_tank_shock(battle: Battle, unit: Unit) -> bool:
    """Only a mobile tank with no passengers aboard tank-shocks (the AI keeps transports on
    their errand); a stunned or immobilised tank does not move at all."""
    return (
        TANK in unit.vehicle_kinds
        and not unit.immobilised
        and unit.stunned_turn != battle.ptc
        and not unit.passengers
    )


def shockable(unit: Unit) -> bool:
    """A unit a tank may shock: on the table, not a vehicle, not locked in combat (✓)."""
    return unit.on_table and unit.count > 0 and not unit.is_vehicle and not unit.locked


def death_or_glory_attack(battle: Battle, unit: Unit, model: Model, tank: Unit) -> Attack:
    """The model's single, automatically hitting attack: one close-combat blow or one shot
    of a gun (melta counts: the tank is in contact), whichever is likelier to stop it."""
    from rules.engine.systems.grimdark.assault import melee_attack

    blow = melee_attack(battle, unit, model, tank, 1)
    blow.dice, blow.hit_on = 1, None
    shots = [
        Attack(
            dice=1,
            hit_on=None,
            strength=weapon.strength,
            ap=weapon.ap,
            rending=weapon.rending,
            melta=weapon.melta,
            lance=weapon.lance,
            tank_hunters="tank_hunters" in model.rules,
        )
        for weapon in model.ranged
        if weapon.strength
    ]
    return max([blow, *shots], key=lambda a: stop_chance(a, tank.armour[0]))


def stop_chance(attack: Attack, armour: int) -> float:
    """Chance that ``attack`` stops a tank of front armour ``armour`` (destroyed or
    immobilised), for the owner's Death or Glory decision; melta and bonus dice are
    counted on average (a policy estimate, not a rule)."""
    base = (attack.vehicle_strength or attack.strength) + (1 if attack.tank_hunters else 0)
    extra = 3 if attack.melta else 0
    glance = pen = 0.0
    for roll in range(1, 7):
        kind = tables.penetration_result(roll + base + extra, armour, attack.lance)
        if kind == "glancing":
            glance += 1 / 6
        elif kind == "penetrating":
            pen += 1 / 6
    stops_g = sum(1 for r in range(1, 7) if tables.GLANCING_TABLE[r] in STOPPING_RESULTS) / 6
    stops_p = sum(1 for r in range(1, 7) if tables.PENETRATING_TABLE[r] in STOPPING_RESULTS) / 6
    return glance * stops_g + pen * stops_p


def death_or_glory(battle: Battle, unit: Unit, model: Model, tank: Unit) -> bool:
    """Resolve one Death or Glory attack; True when the tank is stopped. A model that fails
    is crushed (see the module docstring)."""
    attack = death_or_glory_attack(battle, unit, model, tank)
    kind = tables.penetration_result(penetration_roll(battle, attack), tank.armour[0], attack.lance)
    effect = ""
    if kind is not None:
        effect = tables.vehicle_damage(kind, battle.dice.d6(), "open_topped" in tank.vehicle_kinds)
        apply_vehicle_damage(battle, tank, effect)
    stopped = effect in STOPPING_RESULTS
    if not stopped:
        model.wounds = 0
        unit.refresh()
    if battle.logging:
        result = f"{kind} {effect}" if kind else "no damage"
        outcome = f"stops {tank.name}" if stopped else "is crushed"
        text = f"{model.name} of {unit.name} stands for Death or Glory — {result}, {outcome}"
        battle.log(unit.side, unit.name, text, target=tank.name)
    return stopped


def move_aside(battle: Battle, tank: Unit, unit: Unit) -> None:
    """Models that would end under the hull move the shortest way out, 1" clear (✓)."""
    reach = tank.radius + unit.radius + CLEARANCE
    if tank.position.distance(unit.position) >= reach:
        return
    if tank.position.distance(unit.position) < 1e-6:
        away = tank.position.offset(tank.facing + 90.0, reach)
    else:
        away = tank.position.offset(tank.position.angle_to(unit.position), reach)
    battle.moved_to(unit, away)


def tank_shock(battle: Battle, tank: Unit, target: Unit, start: Point) -> None:
    """The tank has moved from ``start`` into ``target``: the Morale check, Death or Glory
    and moving aside (see the module docstring)."""
    if battle.logging:
        battle.log(tank.side, tank.name, f"{tank.name} tank-shocks {target.name}", target.name)
    if target.falling_back:
        start_falling_back(battle, target)
        return
    if target.has("tank_hunters"):
        if battle.logging:
            battle.log(target.side, target.name, f"{target.name}, Tank Hunters, stand firm")
    elif not morale_check(battle, target):
        start_falling_back(battle, target)
        return
    policy = battle.policies[target.side]
    model = policy.death_or_glory_model(battle, target, tank)
    if model is not None and death_or_glory(battle, target, model, tank):
        halt = target.position.toward(start, target.radius + tank.radius + CLEARANCE)
        tank.moved = start.distance(halt)
        battle.moved_to(tank, halt)
        return
    if target.count:
        move_aside(battle, tank, target)
