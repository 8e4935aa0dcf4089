"""Rolling attacks: hits, wounds, saves, casualties and vehicle damage (seed 000 [22]-[27],
[30]-[32], [40]-[41], [46]; vehicles NOT IN SEED, 4e pp.58-73)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from rules.engine.geometry import DIFFICULT, Rect, TerrainArea, circle_segment_fraction
from rules.engine.systems.grimdark import tables
from rules.engine.systems.grimdark.army import Model, Unit
from rules.engine.systems.grimdark.battle import Battle
from rules.engine.systems.grimdark.smoke import obscured
from rules.engine.systems.grimdark.special_rules import armour_groups

WRECK_SIZE = 4.0  # inches square, about a battle tank's hull
EXPLOSION_STRENGTH = 3
"""NOT IN SEED ≈ (4e pp.58-73): an exploding vehicle hits each unit within D6" with D6
S3 AP– hits. The published table's exact blast is not in the digest."""


@dataclass(slots=True)
class Attack:
    """One batch of identical attack dice against one unit."""

    dice: int
    hit_on: int | None  # None: automatic hits (templates, placed blasts)
    strength: int
    ap: int | None
    reroll_hits: bool = False
    reroll_wounds: bool = False
    rending: bool = False
    wound_on: int | None = None  # fixed to-wound roll: sniper 4+, poisoned, witchblade 2+
    ignore_armour: bool = False
    ignore_cover: bool = False
    armour_cap: int | None = None
    close_combat: bool = False
    melta: bool = False
    sniper: bool = False
    lance: bool = False
    ordnance: bool = False
    monstrous: bool = False
    tank_hunters: bool = False
    vehicle_strength: int | None = None  # witchblade triples S against vehicles
    hit_rolls: list[int] | None = None  # to-hit dice already rolled (gets hot, seed 000 [30])


@dataclass(slots=True)
class Outcome:
    """What one attack batch did."""

    hits: int = 0
    wounds: int = 0
    unsaved: int = 0
    slain: int = 0
    vehicle_results: list[str] | None = None
    saved: int = 0  # wounds stopped by an armour, invulnerable or cover save
    held: bool = False  # a template weapon not fired: no placement allowed (``templates``)


class Allocation(NamedTuple):
    """What the owner's saves and casualty removal did with a batch of wounds."""

    unsaved: int  # wounds that counted
    slain: int  # models removed
    saved: int  # wounds stopped by an armour, invulnerable or cover save (not feel no pain)


def roll_successes(battle: Battle, dice: int, need: int, reroll: bool) -> tuple[int, int]:
    """Roll ``dice`` D6 needing ``need``+ (a 1 always fails), re-rolling failures once when
    ``reroll`` (seed 000 [5]); returns (successes, sixes)."""
    if dice <= 0:
        return 0, 0
    rolls = battle.dice.d6_batch(dice)
    if reroll:
        failed = sum(1 for r in rolls if r < need or r == 1)
        if failed:
            rolls = [r for r in rolls if r >= need and r != 1] + battle.dice.d6_batch(failed)
    lowest = need if need > 2 else 2  # max(2, need), without the call
    ok = sum(map(rolls.count, range(lowest, 7)))  # faces need+ (a 1 always fails)
    return ok, rolls.count(6)


def next_casualty(unit: Unit, nominated: bool, pool: list[Model] | None = None) -> Model | None:
    """The owner removes ordinary models first, finishing a wounded multi-wound model
    before wounding the next (seed 000 [26]); a nominated wound goes on the firer's choice,
    the most valuable model (seed 000 [26][41]). In close combat only engaged models
    (``pool``) can be removed (seed 000 [41])."""
    best: Model | None = None
    for m in unit.models if pool is None else pool:
        if m.wounds <= 0:
            continue
        if nominated:
            if best is None or m.value > best.value:
                best = m
            continue
        if m.wounds < m.max_wounds:
            return m
        if best is None or m.value <= best.value:
            best = m
    return best


def wound_order(plain: int, no_armour: int, ignore_armour: bool, nominate: bool) -> list[bool]:
    """The owner's order of wounds, ``True`` for a wound that allows no armour save.

    Owner's policy (seed 000 [24][26]): when the firer nominates a model, the owner picks
    which wound that model saves against (seed 000 [26]: the example gives it a boltgun
    wound, not the meltagun's) — a wound that allows an armour save whenever there is one,
    since it is never harder to save. Then wounds allowing no armour save remove models at
    once (seed 000 [24]), then the rest are saved one by one. Every wound but the nominated
    one goes on the least valuable model (:func:`next_casualty`)."""
    denied = plain + no_armour if ignore_armour else no_armour
    saveable = plain + no_armour - denied
    if nominate and saveable > 0 and denied > 0:
        return [False] + [True] * denied + [False] * (saveable - 1)
    return [True] * denied + [False] * saveable


def allocate_wounds(
    battle: Battle,
    unit: Unit,
    plain: int,
    no_armour: int,
    strength: int,
    ap: int | None,
    cover: int | None,
    ignore_armour: bool = False,
    armour_cap: int | None = None,
    nominate: bool = False,
    pool: list[Model] | None = None,
) -> Allocation:
    """Save and remove casualties in the owner's order (:func:`wound_order`): a nominated
    model's wound first, then wounds that allow no armour save (seed 000 [24][26]), spread
    over the armour groups of a mixed unit (``special_rules.armour_groups``), one
    save per wound with the best of armour/cover/invulnerable (seed 000 [25]), instant
    death when S ≥ 2×T (seed 000 [27]), feel no pain (NOT IN SEED ≈). Returns the
    :class:`Allocation`."""
    unsaved = slain = saved = 0
    total = plain + no_armour
    saves = battle.dice.d6_batch(total)  # the owner's save dice, one per wound
    mixed = nominate and plain > 0 and no_armour > 0 and not ignore_armour
    order = wound_order(plain, no_armour, ignore_armour, nominate) if mixed else None
    groups = armour_groups(battle, unit, pool, total)
    for k in range(total):
        nominated = nominate and k == 0
        model = next_casualty(unit, nominated, pool if groups is None or nominated else groups[k])
        if model is None and groups is not None:
            model = next_casualty(unit, False, pool)  # that armour group is gone: pass it on
        if model is None:
            break
        denied = order[k] if order is not None else (ignore_armour or k < no_armour)
        save = tables.best_save(model.sv, ap, cover, model.invulnerable, denied, armour_cap)
        if save is not None and saves[k] >= (save if save > 2 else 2):
            saved += 1
            continue
        killed_outright = model.max_wounds > 1 and tables.instant_death(strength, model.base_t)
        if feel_no_pain(battle, model, killed_outright, denied, ap) and battle.dice.d6() >= 4:
            continue
        unsaved += 1
        model.wounds = 0 if killed_outright else model.wounds - 1
        if model.wounds <= 0:
            slain += 1
            unit.refresh()
    return Allocation(unsaved, slain, saved)


def feel_no_pain(battle: Battle, model: Model, instant: bool, denied: bool, ap: int | None) -> bool:
    """May ``model`` roll Feel No Pain (4+) against this unsaved wound? Not against instant
    death, attacks that ignore armour, or weapons of AP ``settings.feel_no_pain_denied_by_ap``
    or better (NOT IN SEED ≈: 4e pp.74-76, published 4e p.75). The model's own rule: a
    joined character does not share its host's (4e pp.50-51)."""
    if "feel_no_pain" not in model.rules or instant or denied:
        return False
    return ap is None or ap > battle.settings.feel_no_pain_denied_by_ap


def resolve_attack(
    battle: Battle,
    attack: Attack,
    target: Unit,
    cover: int | None,
    source: Unit | None,
    pool: list[Model] | None = None,
) -> Outcome:
    """Hit → wound → save → remove for one batch against a non-vehicle unit; vehicles
    go to :func:`resolve_vehicle_hits`."""
    if attack.hit_rolls is not None and attack.hit_on is not None:
        hit_need = attack.hit_on
        hits = sum(1 for r in attack.hit_rolls if r >= hit_need and r != 1)
        sixes = sum(1 for r in attack.hit_rolls if r == 6)
    elif attack.hit_on is None:
        hits, sixes = attack.dice, 0
    else:
        hits, sixes = roll_successes(battle, attack.dice, attack.hit_on, attack.reroll_hits)
    if target.is_vehicle:
        return resolve_vehicle_hits(battle, attack, hits, target, source, cover)
    rend = sixes if attack.rending and tables.RENDING_ON_TO_HIT else 0
    normal_hits = hits - rend
    need = (
        tables.to_wound(attack.strength, target.majority("t"))
        if attack.wound_on is None
        else attack.wound_on
    )
    wounds = 0
    if need is not None and normal_hits:
        wounds, wound_sixes = roll_successes(battle, normal_hits, need, attack.reroll_wounds)
        if attack.rending and not tables.RENDING_ON_TO_HIT:
            rend = min(wound_sixes, wounds)
            wounds -= rend
    use_cover = None if attack.ignore_cover or attack.close_combat else cover
    present = target.count if pool is None else sum(1 for m in pool if m.wounds > 0)
    nominate = (wounds + rend) >= present + (1 if attack.close_combat else 0)
    allocation = allocate_wounds(
        battle,
        target,
        wounds,
        rend,
        attack.strength,
        attack.ap,
        use_cover,
        attack.ignore_armour,
        attack.armour_cap,
        nominate,
        pool,
    )
    return Outcome(
        hits=hits,
        wounds=wounds + rend,
        unsaved=allocation.unsaved,
        slain=allocation.slain,
        saved=allocation.saved,
    )


def armour_facing(
    target: Unit, source: Unit | None, close_combat: bool, walker_melee_armour: str = "front"
) -> int:
    """Armour value hit: the firer's position relative to the hull sets front, side or rear;
    close-combat hits strike the rear armour, a walker's front armour (NOT IN SEED ≈:
    4e pp.58-73, published 4e p.60, p.63), or an immobilised walker's rear armour when
    ``walker_melee_armour`` (the setting) is ``"rear_when_immobilised"``."""
    front, side, rear = target.armour
    if close_combat:
        if "walker" not in target.vehicle_kinds:
            return rear
        turned_away = target.immobilised and walker_melee_armour == "rear_when_immobilised"
        return rear if turned_away else front
    if source is None:
        return rear
    angle = (target.position.angle_to(source.position) - target.facing + 540.0) % 360.0 - 180.0
    if abs(angle) <= 45.0:
        return front
    if abs(angle) >= 135.0:
        return rear
    return side


def penetration_roll(battle: Battle, attack: Attack) -> int:
    """D6 + S; melta +D6 (``attack.melta`` is set only within half range, seed 000 [31]:
    see :func:`shooting.melta_in_range`); sniper 2D6 (seed 000 [32]);
    ordnance 2D6 highest and monstrous creatures 2D6 + S (NOT IN SEED ≈); rending adds a
    D6 on a 6 (seed 000 [32])."""
    strength = attack.vehicle_strength or attack.strength
    if attack.sniper:
        return sum(battle.dice.d6s(2)) + tables.SNIPER_PENETRATION_BASE
    if attack.ordnance:
        first = max(battle.dice.d6s(2))
    elif attack.monstrous:
        first = sum(battle.dice.d6s(2))
    else:
        first = battle.dice.d6()
    total = first + strength
    if attack.melta:
        total += battle.dice.d6()
    if attack.rending and first == 6:
        total += battle.dice.d6()
    return total + (1 if attack.tank_hunters else 0)


def resolve_vehicle_hits(
    battle: Battle,
    attack: Attack,
    hits: int,
    target: Unit,
    source: Unit | None,
    cover: int | None = None,
) -> Outcome:
    """Each hit rolls armour penetration against the facing; glancing and penetrating hits
    roll on the damage tables; a fast skimmer, or a vehicle obscured against shooting (by
    its smoke, or hull-down: ``cover`` is the cover the firer's line gives it, see
    ``smoke.obscured``) takes penetrating hits as glancing (NOT IN SEED ≈: 4e pp.58-73);
    an ordnance hit that stays penetrating rolls on the ordnance penetrating table
    (``tables.ORDNANCE_PENETRATING_TABLE``, ``settings.ordnance_damage_table``)."""
    results: list[str] = []
    armour = armour_facing(target, source, attack.close_combat, battle.settings.walker_melee_armour)
    open_topped = "open_topped" in target.vehicle_kinds
    ordnance_table = attack.ordnance and battle.settings.ordnance_damage_table
    for _ in range(hits):
        if target.count == 0:
            break
        kind = tables.penetration_result(penetration_roll(battle, attack), armour, attack.lance)
        if kind is None:
            continue
        if kind == "penetrating" and (
            fast_skimmer(target) or (obscured(battle, target, cover) and not attack.close_combat)
        ):
            kind = "glancing"
        effect = tables.vehicle_damage(kind, battle.dice.d6(), open_topped, ordnance_table)
        results.append(f"{kind} {effect}")
        apply_vehicle_damage(battle, target, effect)
    slain = 1 if target.count == 0 else 0
    return Outcome(
        hits=hits, wounds=len(results), unsaved=len(results), slain=slain, vehicle_results=results
    )


def apply_vehicle_damage(battle: Battle, vehicle: Unit, effect: str) -> None:
    """Apply one damage result to a vehicle (NOT IN SEED ≈: 4e pp.58-73)."""
    model = vehicle.models[0]
    if effect == "shaken":
        vehicle.shaken_turn = battle.next_own_turn(vehicle)
    elif effect == "stunned":
        vehicle.stunned_turn = battle.next_own_turn(vehicle)
    elif effect == "weapon_destroyed":
        if model.ranged:
            best = max(model.ranged, key=lambda w: ((w.strength or 0), w.shots))
            model.ranged = [w for w in model.ranged if w is not best]
            vehicle.refresh()
            vehicle.weapons_destroyed += 1
        else:  # nothing left to destroy: immobilised instead (a fast skimmer crashes)
            apply_vehicle_damage(battle, vehicle, "immobilised")
    elif effect == "immobilised":
        if fast_skimmer(vehicle):
            # an immobilised skimmer moving fast crashes (NOT IN SEED ≈: 4e pp.58-73)
            apply_vehicle_damage(battle, vehicle, "destroyed")
            return
        vehicle.immobilised = True
    elif effect in ("destroyed", "explodes"):
        from rules.engine.systems.grimdark.transports import unload_destroyed

        model.wounds = 0
        vehicle.refresh()
        if effect == "explodes":
            explode(battle, vehicle)
        else:
            leave_wreck(battle, vehicle)
        unload_destroyed(battle, vehicle, effect == "explodes")


def fast_skimmer(vehicle: Unit, moved: float | None = None) -> bool:
    """A skimmer that moved more than 6" (``moved``, or its last move) counts penetrating
    hits as glancing and crashes when immobilised (NOT IN SEED ≈: 4e pp.58-73; a skimmer
    "moved over 6 inches … can only be glanced", "if you Immobilise the vehicle, it
    crashes", https://angelfire.com/games4/eldarportal/eldarfaq.html, checked with the
    ``search`` tool; see ``skimmers``)."""
    distance = vehicle.moved if moved is None else moved
    return "skimmer" in vehicle.vehicle_kinds and distance > 6.0


def leave_wreck(battle: Battle, vehicle: Unit) -> None:
    """A destroyed (not exploded) vehicle stays as a wreck: difficult terrain giving a 4+
    cover save that blocks line of sight like a vehicle (seed 000 [20][25], NOT IN SEED:
    published 4e p.61)."""
    p = vehicle.position
    size = WRECK_SIZE
    wreck = TerrainArea(
        f"Wreck of {vehicle.name}",
        Rect(p.x - size / 2, p.y - size / 2, size, size),
        DIFFICULT,
        4,
        3,
    )
    battle.table.terrain.append(wreck)
    battle.sight_areas.append(wreck)
    battle.terrain_changed()


def explode(battle: Battle, vehicle: Unit) -> None:
    """Models within D6" of an exploding vehicle take an S3 AP– hit each: the share of each
    unit's footprint inside the D6" (``settings.explosion_hits`` "per_model"), or D6 hits
    per unit in reach ("d6_per_unit") (≈, see the constant and the setting)."""
    reach = battle.dice.d6()
    per_model = battle.settings.explosion_hits == "per_model"
    for unit in sorted(battle.units, key=lambda u: u.id):
        if unit is vehicle or not unit.on_table or unit.is_vehicle:
            continue
        gap = battle.gap(vehicle, unit)
        if gap <= reach:
            if per_model:
                share = circle_segment_fraction(unit.radius, reach - gap)
                hits = max(1, round(unit.count * share))
            else:
                hits = battle.dice.d6()
            attack = Attack(dice=hits, hit_on=None, strength=EXPLOSION_STRENGTH, ap=None)
            resolve_attack(battle, attack, unit, None, vehicle)
