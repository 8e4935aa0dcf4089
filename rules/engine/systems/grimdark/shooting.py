"""Shooting phase: target priority, LOS and range, weapon types, templates, saves,
casualties, pinning and the 25% morale check (seed 000 [18]-[32], [44])."""

from __future__ import annotations

from rules.engine.systems.grimdark import tables, templates
from rules.engine.systems.grimdark.army import MONSTROUS, Model, Unit
from rules.engine.systems.grimdark.battle import LARGE_TYPES, Battle
from rules.engine.systems.grimdark.damage import Attack, Outcome, allocate_wounds, resolve_attack
from rules.engine.systems.grimdark.missions import night_fight
from rules.engine.systems.grimdark.morale import pinning_test, shooting_casualty_check
from rules.engine.systems.grimdark.psychic import psychic_test
from rules.engine.systems.grimdark.smoke import trigger_smoke
from rules.engine.systems.grimdark.transports import firing_passengers
from rules.engine.systems.grimdark.volleys import (
    Volley,
    charges_after_any_fire,
    counts_as_moved,
    plan_volleys,
)
from rules.engine.systems.grimdark.weapons import Weapon


def plural(name: str, count: int) -> str:
    """``name`` for ``count`` guns in the log: "1 Rotor cannon", "4 Twin bolters"."""
    if count == 1 or name.endswith("s"):
        return name
    if name.endswith(("sh", "ch", "x", "z")):
        return name + "es"
    return name + "s"


def eligible_targets(battle: Battle, unit: Unit) -> list[Unit]:
    """Enemy units that can be shot: not locked in combat (seed 000 [44])."""
    return [e for e in battle.enemies(unit.side) if not e.locked]


def nearest_target(battle: Battle, unit: Unit, candidates: list[Unit], large: bool) -> Unit | None:
    """Nearest enemy, ignoring falling-back units (seed 000 [19]); ``large`` restricts to
    vehicles and monstrous creatures."""
    pool = [c for c in candidates if not c.falling_back]
    if large:
        pool = [c for c in pool if c.unit_type in LARGE_TYPES]
    if not pool:
        return None
    return min(pool, key=lambda c: (battle.gap(unit, c), c.id))


def target_priority(battle: Battle, unit: Unit, wanted: Unit, candidates: list[Unit]) -> Unit:
    """Fire at the nearest enemy, or at the nearest large target, unless an Ld test is
    passed; on a fail fire at the nearest (seed 000 [19]); monstrous creatures pass
    automatically (NOT IN SEED: published 4e p.55)."""
    nearest = nearest_target(battle, unit, candidates, large=False)
    if nearest is None or wanted is nearest:
        return wanted
    if wanted.unit_type in LARGE_TYPES and wanted is nearest_target(
        battle, unit, candidates, large=True
    ):
        return wanted
    if unit.unit_type == MONSTROUS:
        return wanted
    dice = battle.dice.d6s(2)
    if tables.passes_leadership(sum(dice), unit.leadership):
        return wanted
    if battle.logging:
        battle.log(
            unit.side,
            unit.name,
            f"{unit.name} fails target priority, fires at the nearest",
            dice=dice,
        )
    return nearest


def melta_in_range(weapon: Weapon, distance: float) -> bool:
    """Melta rolls an extra D6 for armour penetration only against a target within half
    the weapon's maximum range (seed 000 [31])."""
    return weapon.melta and distance <= weapon.range / 2.0


def base_attack(
    models: list[Model], weapon: Weapon, dice: int, hit_on: int | None, distance: float
) -> Attack:
    """An Attack from a ranged weapon fired by ``models`` at a target ``distance`` inches
    away (sniper, poisoned, rending, twin-linked: seed 000 [30]-[32]; melta within half
    range: seed 000 [31]; lance). Tank Hunters is the firing models' own rule, not their
    unit's: a joined character neither shares nor lends it (4e p.74, digest §36.7;
    ``volleys.plan_volleys`` keeps models with and without it in separate volleys)."""
    strength = weapon.strength or 0
    wound_on = 4 if weapon.sniper else weapon.poisoned
    return Attack(
        dice=dice,
        hit_on=hit_on,
        strength=strength,
        ap=weapon.ap,
        reroll_hits=weapon.twin_linked and hit_on is not None,
        reroll_wounds=weapon.twin_linked and weapon.template,
        rending=weapon.rending,
        wound_on=wound_on,
        ignore_cover=weapon.template,
        melta=melta_in_range(weapon, distance),
        sniper=weapon.sniper,
        lance=weapon.lance,
        ordnance=weapon.kind == "ordnance",
        tank_hunters=bool(models) and all("tank_hunters" in m.rules for m in models),
    )


def roll_to_hit(
    battle: Battle, shots: int, hit_on: int, reroll: bool
) -> tuple[list[int], list[int]]:
    """Roll one to-hit die per shot; a twin-linked weapon re-rolls each miss once (seed 000
    [30]). Returns (the dice that stand, the dice checked for Gets Hot: the first rolls, plus
    the re-rolls when tables.GETS_HOT_ON_REROLLS)."""
    first = battle.dice.d6_batch(shots)
    if not reroll:
        return first, first
    misses = [k for k, r in enumerate(first) if r < hit_on or r == 1]
    if not misses:
        return first, first
    again = battle.dice.d6_batch(len(misses))
    final = list(first)
    for k, r in zip(misses, again, strict=True):
        final[k] = r
    return final, (first + again if tables.GETS_HOT_ON_REROLLS else first)


def gets_hot(battle: Battle, unit: Unit, volley: Volley, rolls: list[int]) -> None:
    """Gets Hot: overheating to-hit dice make the firer pass an armour save or lose a wound;
    vehicles never get hot (seed 000 [30]); see tables.GETS_HOT_ON_SHOTS_FIRED."""
    if unit.is_vehicle:
        return
    per_carrier = max(1, volley.shots // max(1, volley.carriers))
    threshold = per_carrier if tables.GETS_HOT_ON_SHOTS_FIRED else 1
    burns = sum(1 for r in rolls if r <= threshold)
    if burns:
        allocate_wounds(battle, unit, burns, 0, 0, None, None)


def fire_volley(
    battle: Battle, unit: Unit, volley: Volley, target: Unit, cover: int | None
) -> Outcome:
    """Resolve one volley: to hit by BS (seed 000 [22]), templates and blasts (seed 000
    [29]-[31]), then wounds, saves and removal."""
    weapon = volley.weapon
    distance = battle.gap(unit, target)
    if weapon.psychic:  # a shooting power needs a passed psychic test (4e p.52)
        casters = [m for m in volley.models if psychic_test(battle, unit, m)]
        if not casters:
            return Outcome()
        volley = Volley(weapon, volley.bs, len(casters), weapon.shots * len(casters), casters)
    if weapon.template:
        total = Outcome()
        attack = base_attack(volley.models, weapon, 0, None, distance)
        for shot in range(volley.shots):  # each template laid over the survivors
            if target.count == 0:
                break
            aim = templates.teardrop_aim(battle, unit, target)
            if aim is None:
                if shot == 0:
                    return Outcome(held=True)
                break
            _add(total, templates.template_shot(battle, unit, weapon, attack, target, aim))
        return total
    hit_on = 2 if weapon.sniper else tables.to_hit_shooting(volley.bs)
    if hit_on is None:
        return Outcome()
    if weapon.uses_template or weapon.barrage or weapon.kind == "ordnance":
        return fire_blast(battle, unit, volley, target, cover, hit_on)
    attack = base_attack(volley.models, weapon, volley.shots, hit_on, distance)
    if weapon.gets_hot:
        # the firer's own to-hit dice decide Gets Hot and then hit (and rend) as rolled
        rolls, hot = roll_to_hit(battle, volley.shots, hit_on, attack.reroll_hits)
        gets_hot(battle, unit, volley, hot)
        attack.hit_rolls = rolls
    return resolve_attack(battle, attack, target, cover, unit)


def fire_blast(
    battle: Battle, unit: Unit, volley: Volley, target: Unit, cover: int | None, hit_on: int
) -> Outcome:
    """Blast weapons (seed 000 [29]-[31]): the template is placed over the target, never
    covering a friendly or locked unit (``templates.aim_point``); ordnance and barrages
    scatter onto whatever lies there, blasts that hit stay on the target; every unit under
    the template is hit (``templates.blast_shell``)."""
    weapon = volley.weapon
    radius = templates.blast_radius(weapon)
    aim = templates.aim_point(battle, unit, target, radius)
    scatters = weapon.kind == "ordnance" or weapon.barrage
    policy = battle.policies[unit.side]
    if aim is None or (scatters and policy.fears_scatter(battle, unit, aim, radius)):
        if battle.logging:
            text = (
                templates.held_text(battle, unit, weapon, target, radius)
                if aim is None
                else f"{unit.name} holds its {weapon.name}: friends too close to {target.name}"
            )
            battle.log(unit.side, unit.name, text, target=target.name)
        return Outcome(held=True)
    attack = base_attack(volley.models, weapon, 0, None, battle.gap(unit, target))
    if scatters:
        wide = (weapon.barrage and not battle.visible(unit, target)) or (
            unit.is_vehicle and unit.moved > 0
        )
        away = unit.position.angle_to(aim)
        battery = weapon.barrage and volley.shots > 1
        landings = templates.shell_centres(battle, aim, volley.shots, radius, wide, battery, away)
    else:
        rolls, hot = roll_to_hit(battle, volley.shots, hit_on, weapon.twin_linked)
        if weapon.gets_hot:
            gets_hot(battle, unit, volley, hot)
        landings = [(aim, 0.0) for roll in rolls if roll >= hit_on and roll != 1]
    total = Outcome()
    for landing in landings:
        if target.count == 0 or unit.count == 0:
            break
        _add(total, templates.blast_shell(battle, unit, weapon, attack, landing, target, cover))
    return total


def _add(total: Outcome, out: Outcome) -> None:
    total.hits += out.hits
    total.wounds += out.wounds
    total.unsaved += out.unsaved
    total.slain += out.slain
    total.saved += out.saved
    if out.vehicle_results:
        total.vehicle_results = (total.vehicle_results or []) + out.vehicle_results


def night_fight_targets(
    battle: Battle, unit: Unit, candidates: list[Unit], barrage_only: bool
) -> list[Unit]:
    """Night Fight (4e pp.84-87, ``settings.night_fighting``): the unit sees 2D6 × 3
    inches and picks its target within that distance, unless all its weapons are barrages,
    which need no line of sight (seed 000 [31]). The roll is logged with its two dice."""
    dice = battle.dice.d6s(2)
    sight = 3.0 * sum(dice)
    if battle.logging:
        battle.log(unit.side, unit.name, f'{unit.name} sees {sight:.0f}" in the dark', dice=dice)
    if barrage_only:
        return candidates
    return [e for e in candidates if battle.gap(unit, e) <= sight]


def shoot_unit(battle: Battle, unit: Unit, firers: int | None = None) -> None:
    """One unit completes all its shooting at one target (seed 000 [18]); ``firers`` caps
    how many of its models fire (passengers at fire points)."""
    policy = battle.policies[unit.side]
    weapons = [w for m, _ in unit.loadouts for w in m.ranged]
    if not weapons:
        return
    reach, barrage, barrage_only = weapons[0].range, False, True
    for w in weapons:  # max(), any() and all() in one pass, without the generators
        if w.range > reach:
            reach = w.range
        if w.barrage:
            barrage = True
        else:
            barrage_only = False
    in_reach = battle.within(unit, eligible_targets(battle, unit), reach)
    candidates = [e for e in in_reach if barrage or battle.visible(unit, e)]
    if candidates and night_fight(battle):
        candidates = night_fight_targets(battle, unit, candidates, barrage_only)
    if not candidates:
        return
    keep_charge = policy.plans_charge(battle, unit, candidates)
    wanted = policy.choose_target(battle, unit, candidates, keep_charge)
    if wanted is None:
        return
    target = wanted if barrage_only else target_priority(battle, unit, wanted, candidates)
    volleys = plan_volleys(battle, unit, target, keep_charge, policy.expected_shot, firers)
    if not volleys:
        return
    unit.shot_at = target.id
    cover = battle.cover_save(target, unit)
    before = target.count
    recheck = battle.settings.range_after_casualties
    for volley in volleys:
        if target.count == 0 or unit.count == 0:
            break
        if recheck and battle.gap(unit, target) > volley.weapon.range + 1e-9:
            continue
        out = fire_volley(battle, unit, volley, target, cover)
        if out.held:  # not fired (logged why): no charge ban, no "fires" line (§20, §23)
            continue
        per_model = volley.shots // max(1, volley.carriers)
        if not volley.weapon.allows_charge(per_model) and not charges_after_any_fire(unit):
            unit.may_charge = False
        if volley.weapon.pinning and out.unsaved > 0 and target.count > 0:
            pinning_test(battle, target, templates.pin_modifier(volley.weapon))
        if battle.logging:
            guns = f"{volley.carriers} {plural(volley.weapon.name, volley.carriers)}"
            shots = f"{volley.shots} shot{'' if volley.shots == 1 else 's'}"
            if out.vehicle_results is not None or target.is_vehicle:
                effects = ", ".join(out.vehicle_results or []) or "no damage"
            else:
                effects = f"{out.wounds} wounds, {out.saved} saved, {out.slain} slain"
            text = (
                f"{unit.name} fires {guns} ({shots}) at {target.name} — {out.hits} hits, {effects}"
            )
            battle.log(
                unit.side,
                unit.name,
                text,
                target=target.name,
                data={
                    "hits": out.hits,
                    "wounds": out.wounds,
                    "saved": out.saved,
                    "slain": out.slain,
                    "weapon": volley.weapon.name,
                    "weapon_type": volley.weapon.kind,
                    "moved": counts_as_moved(unit),
                    "unit_type": unit.unit_type,
                    "target_locked": target.locked,
                    "falling_back": unit.falling_back,
                },
            )
    lost = before - target.count
    target.casualties_this_phase += lost
    unit.kills += lost
    if target.count == 0:
        battle.credit_destroyed(unit, target)
        if battle.logging:
            battle.log(unit.side, unit.name, f"{target.name} is destroyed", target=target.name)


def shooting_phase(battle: Battle) -> None:
    """Shooting phase (seed 000 [18]): each eligible unit of the active side fires (or, a
    vehicle, triggers its smoke launchers instead: ``smoke``), then the passengers of
    open-topped transports and at fire points from the hull (4e pp.66-67); then units that
    lost 25% test morale (seed 000 [26])."""
    side = battle.active
    for unit in battle.units:
        unit.casualties_this_phase = 0
        unit.models_at_phase_start = unit.count
    policy = battle.policies[side]
    for unit in battle.side_units(side):
        if unit.locked or battle.ptc in (unit.pinned_turn, unit.turbo_turn) or unit.count == 0:
            continue
        if unit.is_vehicle and battle.ptc in (unit.shaken_turn, unit.stunned_turn):
            continue
        if unit.smoke_launchers and policy.uses_smoke(battle, unit):
            trigger_smoke(battle, unit)
            continue
        if policy.wants_fleet(battle, unit):
            from rules.engine.systems.grimdark.movement import fleet_move

            fleet_move(battle, unit)
            continue
        shoot_unit(battle, unit)
    for passengers, transport, firers in firing_passengers(battle, side):
        passengers.moved = max(passengers.moved, transport.moved)
        shoot_unit(battle, passengers, firers)
    for unit in battle.enemies(side) + battle.side_units(side):  # own: a scatter (templates)
        shooting_casualty_check(battle, unit)
