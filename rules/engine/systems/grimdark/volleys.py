"""Shot allocation: which model of a firing unit fires which weapon, by weapon type,
movement, range and line of sight (seed 000 [22][29]); vehicles by speed (4e pp.58-73)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules.engine.systems.grimdark.army import BIKE, JETBIKE, MONSTROUS, Model, Unit
from rules.engine.systems.grimdark.battle import Battle
from rules.engine.systems.grimdark.weapons import Weapon

MOVE_AND_FIRE_HEAVY: tuple[str, ...] = (MONSTROUS, BIKE, JETBIKE)
BIKERS: tuple[str, ...] = (BIKE, JETBIKE)  # fire rapid-fire weapons as if stationary


@dataclass(slots=True)
class Volley:
    """One weapon fired by some models of a unit at one target."""

    weapon: Weapon
    bs: int
    carriers: int
    shots: int
    models: list[Model]


def counts_as_moved(unit: Unit) -> bool:
    """If any model moved the unit counts as moved (seed 000 [22]); slow and purposeful
    units count as stationary (NOT IN SEED ≈)."""
    return unit.moved > 0.0 and "slow_and_purposeful" not in unit.rules


def charges_after_any_fire(unit: Unit) -> bool:
    """Units that may move and fire heavy weapons (monstrous creatures, bikers) may assault
    after firing heavy or rapid-fire weapons (seed 000 [36] note: 有些部队可以边移动边发射重型
    武器的，这样的单位可以在开火以后进入搏斗); walkers are such units (4e pp.58-73)."""
    return unit.unit_type in MOVE_AND_FIRE_HEAVY or "walker" in unit.vehicle_kinds


def can_fire_heavy(unit: Unit) -> bool:
    """Heavy weapons cannot fire after moving, except for vehicles, monstrous creatures and
    bikers (seed 000 [29])."""
    return not counts_as_moved(unit) or unit.is_vehicle or unit.unit_type in MOVE_AND_FIRE_HEAVY


def vehicle_weapon_allowance(unit: Unit) -> tuple[int, bool]:
    """Weapons a vehicle may fire by speed: stationary all; ≤ 6" one main weapon and all
    defensive (fast: all); ≤ 12" fast one main and defensive, others none (NOT IN SEED ≈:
    4e pp.58-73). Returns (main weapons allowed, defensive allowed)."""
    fast = "fast" in unit.vehicle_kinds
    if unit.moved <= 0.0:
        return 99, True
    if unit.moved <= 6.0:
        return (99, True) if fast else (1, True)
    if unit.moved <= 12.0 and fast:
        return 1, True
    return 0, False


def weapon_can_fire(unit: Unit, weapon: Weapon, distance: float, sees: bool) -> int:
    """Shots a weapon gets at ``distance`` given movement, LOS and range (seed 000 [22][29]);
    bikers fire rapid-fire weapons as if stationary (NOT IN SEED: published 4e p.53)."""
    moved = counts_as_moved(unit) and unit.unit_type not in BIKERS
    if weapon.kind == "heavy" and not can_fire_heavy(unit):
        return 0
    if weapon.kind == "ordnance" and (not unit.is_vehicle or (weapon.barrage and unit.moved > 0)):
        return 0
    if not sees and not weapon.barrage:
        return 0
    if weapon.template and distance > weapon.range:
        return 0
    return weapon.shots_at(distance, moved)


class OptionsBook:
    """Each model's weapon options at one target, worked out once per set of identical
    models (same BS, same ranged weapons, same psychic state): the range, the line of sight
    and the expected values are the same for all of them."""

    def __init__(
        self, battle: Battle, unit: Unit, target: Unit, keep_charge: bool, expected
    ) -> None:
        self.battle, self.unit, self.target = battle, unit, target
        self.keep_charge, self.expected = keep_charge, expected
        self.distance, self.sees = battle.gap(unit, target), battle.visible(unit, target)
        self.known: dict[tuple[Any, ...], list[tuple[float, Weapon, int]]] = {}

    def of(self, model: Model) -> list[tuple[float, Weapon, int]]:
        """``model_options`` for ``model`` (shared with the models identical to it)."""
        key = (model.bs, model.power_turn, *map(id, model.ranged))
        options = self.known.get(key)
        if options is None:
            options = self.known[key] = model_options(
                self.battle,
                self.unit,
                model,
                self.target,
                self.keep_charge,
                self.expected,
                (self.distance, self.sees),
            )
        return options


def model_options(
    battle: Battle,
    unit: Unit,
    model: Model,
    target: Unit,
    keep_charge: bool,
    expected,
    reach: tuple[float, bool] | None = None,
) -> list[tuple[float, Weapon, int]]:
    """The weapons ``model`` may fire at ``target`` as (expected value, weapon, shots), best
    first; ``keep_charge`` keeps only weapons after which it may charge (seed 000 [29][36]).
    ``reach`` is the (gap, line of sight) to the target when already known."""
    distance, sees = reach or (battle.gap(unit, target), battle.visible(unit, target))
    options: list[tuple[float, Weapon, int]] = []
    for weapon in model.ranged:
        shots = weapon_can_fire(unit, weapon, distance, sees)
        if shots <= 0 or (weapon.psychic and model.power_turn == battle.ptc):
            continue
        if keep_charge:
            if weapon.is_pistol:
                shots = weapon.shots
            if not weapon.allows_charge(shots) and not charges_after_any_fire(unit):
                continue
        options.append((expected(unit, model, weapon, shots, target), weapon, shots))
    options.sort(key=lambda o: (-o[0], o[1].name))
    return options


def best_firers(unit: Unit, book: OptionsBook, firers: int) -> set[int]:
    """The ``firers`` models (by ``id``) whose best weapon does most: those at a transport's
    fire points (4e pp.66-67, ``transports.firing_passengers``)."""
    ranked = []
    for k, model in enumerate(unit.models):
        if model.wounds <= 0 or model.bs <= 0:
            continue
        options = book.of(model)
        ranked.append((-(options[0][0] if options else 0.0), k, id(model)))
    return {mid for _, _, mid in sorted(ranked)[:firers]}


def plan_volleys(
    battle: Battle,
    unit: Unit,
    target: Unit,
    keep_charge: bool,
    expected,
    firers: int | None = None,
) -> list[Volley]:
    """Which model fires which weapon: each infantry model one weapon, a monstrous creature
    two (NOT IN SEED: published 4e p.55), vehicles by speed (≈); choose the weapon with the
    best expected result; ``keep_charge`` keeps only weapons after which it may charge;
    ``firers`` limits how many models fire (fire points). Models with and without Tank
    Hunters fire separate volleys: it is each model's own rule (4e p.74, digest §36.7)."""
    per_model = 2 if unit.unit_type == MONSTROUS else 1
    groups: dict[tuple[str, int, bool], Volley] = {}
    main_left, defensive = (99, True)
    if unit.is_vehicle:
        main_left, defensive = vehicle_weapon_allowance(unit)
    book = OptionsBook(battle, unit, target, keep_charge, expected)
    allowed = None
    if firers is not None:
        allowed = best_firers(unit, book, firers)
    for model in unit.models:
        if model.wounds <= 0 or model.bs <= 0:
            continue
        if allowed is not None and id(model) not in allowed:
            continue
        options = book.of(model)
        limit = 99 if unit.is_vehicle else per_model
        fired_ordnance = False
        for value, weapon, shots in options:
            if limit <= 0 or value <= 0.0:
                break
            if unit.is_vehicle:
                if fired_ordnance:
                    break
                if weapon.main:
                    if main_left <= 0:
                        continue
                    main_left -= 1
                elif not defensive:
                    continue
                if weapon.kind == "ordnance":
                    fired_ordnance = True
                    if any(v.carriers for v in groups.values()):
                        continue
            key = (weapon.name, model.bs, "tank_hunters" in model.rules)
            volley = groups.get(key)
            if volley is None:
                volley = groups[key] = Volley(weapon, model.bs, 0, 0, [])
            volley.carriers += 1
            volley.shots += shots
            volley.models.append(model)
            limit -= 1
    return [groups[k] for k in sorted(groups)]
