"""Assault phase: charges, who fights, initiative steps, attacks, combat resolution,
morale of the loser, sweeping advance, consolidation, pile-in and multiple combats
(seed 000 [36]-[46]; vehicles in assault NOT IN SEED ≈, 4e pp.58-73)."""

from __future__ import annotations

from rules.engine.kernel.sides import other
from rules.engine.systems.grimdark import tables
from rules.engine.systems.grimdark.aftermath import (
    consolidate_winners,
    engage_consolidated,
    no_retreat,
    pile_in,
    tidy_combats,
)
from rules.engine.systems.grimdark.army import (
    BIKE,
    CAVALRY,
    JETBIKE,
    MONSTROUS,
    Model,
    Unit,
)
from rules.engine.systems.grimdark.battle import Battle
from rules.engine.systems.grimdark.damage import Attack, Outcome, resolve_attack
from rules.engine.systems.grimdark.morale import (
    morale_check,
    release_from_combat,
    start_falling_back,
)
from rules.engine.systems.grimdark.movement import dangerous_terrain_test, difficult_terrain_roll
from rules.engine.systems.grimdark.multiple_charges import (
    lock_in,
    secondary_targets,
    split_strikers,
    survives_charge,
)
from rules.engine.systems.grimdark.psychic import battle_hymns, psychic_test
from rules.engine.systems.grimdark.special_rules import (
    assault_moves,
    hit_and_run,
    melta_bomb,
    rage_charge,
)
from rules.engine.systems.grimdark.walkers import (
    combat_wounds,
    fights,
    held_in_place,
    hit_on_walker,
    is_walker,
    walker_attacks,
)
from rules.engine.systems.grimdark.weapons import (
    close_combat_ignores_armour,
    close_combat_strength,
    strikes_at_initiative_one,
)

CHARGE_DISTANCE = 6.0  # seed 000 [36]
CAVALRY_CHARGE = 12.0  # NOT IN SEED: published 4e p.57
CONSOLIDATE = 3.0  # seed 000 [43]


def charge_range(unit: Unit) -> float:
    """Charge distance: 6", beasts and cavalry 12" (seed 000 [36], 4e pp.53-57)."""
    return CAVALRY_CHARGE if unit.unit_type == CAVALRY else CHARGE_DISTANCE


def can_charge(battle: Battle, unit: Unit) -> bool:
    """Units not locked, not falling back, not pinned, that did not fire a rapid-fire or
    heavy weapon or a pistol twice may charge; vehicles never do, walkers do (seed 000 [36],
    ``walkers``); a unit
    arriving by deep strike may not assault that turn (4e pp.74-76, published 4e p.75), nor
    one that left a closed transport after it moved (4e pp.66-67, see ``transports``). A
    charge is a move: not for a walker held in place (``walkers.held_in_place``)."""
    if unit.locked or unit.falling_back or unit.pinned_turn == battle.ptc or unit.count == 0:
        return False
    if held_in_place(battle.ptc, unit):
        return False
    if battle.ptc in (unit.arrived_turn, unit.disembarked_turn):
        return False
    return fights(unit) and unit.may_charge


def charge_targets(battle: Battle, unit: Unit) -> list[Unit]:
    """Enemies the unit may charge: the unit it shot at, if it shot (seed 000 [36])."""
    enemies = battle.enemies(unit.side)
    if unit.shot_at:
        enemies = [e for e in enemies if e.id == unit.shot_at]
    reach = charge_range(unit)
    return battle.within(unit, enemies, reach)


def charge_allowance(battle: Battle, unit: Unit, target: Unit) -> float:
    """Charge distance after terrain: slowed types roll the difficult terrain test (cavalry
    double it), bikes take dangerous tests instead (seed 000 [16][38], 4e pp.53-57); jump
    infantry charge 6" slowed like infantry (4e pp.53-57)."""
    reach = charge_range(unit)
    areas = battle.table.areas_on_path(unit.position, target.position)
    if not any(a.slows for a in areas):
        return reach
    if unit.unit_type in (BIKE, JETBIKE):
        if unit.unit_type == BIKE:
            dangerous_terrain_test(battle, unit)
        return reach
    roll = float(difficult_terrain_roll(battle, unit))
    return min(reach, roll * 2 if unit.unit_type == CAVALRY else roll)


def charge(battle: Battle, unit: Unit, target: Unit) -> bool:
    """Declare and move a charge at a primary target; if it cannot reach, no model moves
    (seed 000 [37][38]). A falling-back target tests to regroup first (NOT IN SEED:
    published 4e p.48). Other enemy units the chargers' models reach become secondary
    targets (seed 000 [36]-[38], ``multiple_charges``), logged "X charges A and B"."""
    distance = battle.gap(unit, target)
    allowance = charge_allowance(battle, unit, target)
    if unit.count == 0:
        return False
    if distance > allowance:
        if battle.logging:
            battle.log(
                unit.side,
                unit.name,
                f"{unit.name} fails to charge {target.name}",
                target=target.name,
            )
        return False
    if not survives_charge(battle, unit, target):
        return True
    start = unit.position
    gap = unit.radius + target.radius
    battle.moved_to(unit, target.position.toward(unit.position, gap))
    unit.charged = True
    unit.charge_target = target.id
    lock_in(battle, unit, target)
    names = [target.name]
    for other_target in secondary_targets(battle, unit, target, start, allowance):
        lock_in(battle, unit, other_target)
        names.append(other_target.name)
    if battle.logging:
        listed = " and ".join([", ".join(names[:-1]), names[-1]]) if len(names) > 1 else names[0]
        battle.log(unit.side, unit.name, f"{unit.name} charges {listed}", target=target.name)
    return True


def engaged_models(unit: Unit) -> list[Model]:
    """The unit's engaged models this round, fixed at its start (seed 000 [38][41])."""
    alive = [m for m in unit.models if m.wounds > 0]
    return alive[: unit.engaged_cap] if unit.engaged_cap else alive


def initiative(battle: Battle, unit: Unit, model: Model) -> int:
    """Strike order (seed 000 [39][46]): power fists and thunder hammers strike at I1;
    defenders in cover strike at I10 in the first round; chargers with frag grenades
    attacking into cover strike at I10; furious charge +1 I (NOT IN SEED ≈); stunned
    by a thunder hammer I1. Grenades and furious charge are the model's own rules, not the
    unit's: a joined character does not share them (4e pp.50-51)."""
    if strikes_at_initiative_one(model.melee) or unit.stunned_cc_turn == battle.ptc:
        return 1
    if unit.in_cover_assaulted:
        return 10
    if unit.charged and "frag_grenades" in model.rules:
        target = battle.by_id.get(unit.charge_target)
        if target is not None and target.in_cover_assaulted:
            return 10
    bonus = 1 if unit.charged and "furious_charge" in model.rules else 0
    value = model.i + bonus
    return value if value < 10 else 10


def attacks_of(unit: Unit, model: Model, battle_ptc: int = 0) -> int:
    """A, +1 when charging, +1 with two single-handed weapons (seed 000 [40]); slow and
    purposeful units get no charge bonus (NOT IN SEED ≈); a damaged walker loses one
    (``walkers``)."""
    if model.a <= 0:
        return 0
    charge_bonus = 1 if unit.charged and "slow_and_purposeful" not in model.rules else 0
    attacks = model.a + charge_bonus + (1 if model.extra_attack else 0)
    return walker_attacks(battle_ptc, unit, attacks) if is_walker(unit) else attacks


def melee_attack(battle: Battle, unit: Unit, model: Model, target: Unit, dice: int) -> Attack:
    """An Attack for one model's close-combat blows against ``target`` (seed 000 [40]-[41],
    [46]; monstrous creatures ignore armour, NOT IN SEED: published 4e p.55). The model's
    own special rules apply (4e pp.50-51)."""
    weapon = model.melee
    strength = model.s + (1 if unit.charged and "furious_charge" in model.rules else 0)
    strength = close_combat_strength(strength, weapon)
    special = weapon.cc_special if weapon is not None else "ccw"
    if target.is_vehicle:
        if is_walker(target):
            need = hit_on_walker(model, target)
        else:
            need = tables.close_combat_hit_on_vehicle(target.moved)
        hit_on: int | None = None if need <= 1 else need
        vehicle_strength = min(10, model.s * 3) if special == "witchblade" else None
        bomb = melta_bomb(model, strength, special)
        if bomb:
            dice, strength = 1, 8  # one melta bomb, 2D6 + S like a monstrous creature
        elif (
            "krak_grenades" in model.rules
            and strength < 6
            and special not in ("power_fist", "thunder_hammer")
        ):
            dice, strength = 1, 6  # krak grenade: one S6 attack (NOT IN SEED ≈)
        return Attack(
            dice=dice,
            hit_on=hit_on,
            strength=strength,
            ap=None,
            close_combat=True,
            monstrous=bomb or unit.unit_type == MONSTROUS,
            rending=bool(weapon and weapon.rending),
            vehicle_strength=vehicle_strength,
            tank_hunters="tank_hunters" in model.rules,
        )
    wound_on: int | None = None
    if weapon is not None and weapon.poisoned:
        wound_on = weapon.poisoned
    if special == "witchblade":
        wound_on = 2
    return Attack(
        dice=dice,
        hit_on=tables.to_hit_close_combat(model.ws, target.majority("ws")),
        strength=strength,
        ap=None,
        reroll_hits="preferred_enemy" in model.rules or unit.hymn_turn == battle.ptc,
        reroll_wounds=special == "lightning_claws",
        rending=bool(weapon and weapon.rending),
        wound_on=wound_on,
        ignore_armour=close_combat_ignores_armour(weapon) or unit.unit_type == MONSTROUS,
        armour_cap=4 if special == "heavy_ccw" else None,
        close_combat=True,
    )


def combats(battle: Battle) -> list[list[Unit]]:
    """Groups of units locked together (multiple combats, seed 000 [45]), in roster order."""
    seen: set[str] = set()
    groups: list[list[Unit]] = []
    for unit in battle.units:
        if unit.id in seen or not unit.foes or not unit.on_table:
            continue
        stack, group = [unit], []
        seen.add(unit.id)
        while stack:
            current = stack.pop()
            group.append(current)
            for foe_id in current.foes:
                if foe_id not in seen:
                    seen.add(foe_id)
                    stack.append(battle.by_id[foe_id])
        order = {u.id: k for k, u in enumerate(battle.units)}
        groups.append(sorted(group, key=lambda u: order[u.id]))
    return groups


def fight(battle: Battle, group: list[Unit]) -> dict[str, int]:
    """One round of a combat in Initiative steps; equal Initiative strikes simultaneously
    and a model slain before its step does not strike (seed 000 [39][41]). Each unit's
    models strike its policy's ``melee_target``, or, the first round after a multiple
    charge, the foe they reached (``multiple_charges.split_strikers``). Returns the unsaved
    wounds each side caused."""
    wounds = {"a": 0, "b": 0}
    plan: dict[int, dict[str, list[Model]]] = {}  # step -> unit id -> its models there
    engaged = {unit.id: engaged_models(unit) for unit in group}
    for unit in group:
        if not fights(unit):
            continue
        for model in engaged[unit.id]:
            step = initiative(battle, unit, model)
            plan.setdefault(step, {}).setdefault(unit.id, []).append(model)
    for step in sorted(plan, reverse=True):
        # who strikes is settled before anyone does: blows at one step are simultaneous
        strikers = {uid: [m for m in models if m.wounds > 0] for uid, models in plan[step].items()}
        for unit in group:
            mine = strikers.get(unit.id)
            if not mine:
                continue
            if unit.spill:  # the first round after a multiple charge
                for foe, models in split_strikers(battle, unit, mine, engaged[unit.id]):
                    strike(battle, unit, step, foe, models, engaged.get(foe.id), wounds)
                continue
            target = battle.policies[unit.side].melee_target(battle, unit)
            if target is not None:
                strike(battle, unit, step, target, mine, engaged.get(target.id), wounds)
    return wounds


def strike(
    battle: Battle,
    unit: Unit,
    step: int,
    target: Unit,
    models: list[Model],
    pool: list[Model] | None,
    wounds: dict[str, int],
) -> None:
    """The blows of ``unit``'s ``models`` striking at Initiative ``step`` against ``target``,
    batched by profile and weapon (seed 000 [40][41]); ``pool`` is the target's engaged
    models, the only ones that can be removed; unsaved wounds are added to ``wounds``."""
    batches: dict[tuple, list[Model]] = {}
    for model in models:
        key = (
            model.ws,
            model.s,
            model.melee.name if model.melee else "",
            model.a,
            model.extra_attack,
            model.origin,  # a joined character keeps its own rules
        )
        batches.setdefault(key, []).append(model)
    for key in sorted(batches, key=str):
        group = batches[key]
        if target.count == 0:
            return
        dice = sum(attacks_of(unit, m, battle.ptc) for m in group)
        attack = melee_attack(battle, unit, group[0], target, dice)
        if target.is_vehicle and attack.dice == 1 and dice > 1:
            attack.dice = len(group)
        before = target.count
        out = resolve_attack(battle, attack, target, None, unit, pool)
        wounds[unit.side] += combat_wounds(target, out)
        special_weapon_after(battle, unit, group[0], target, out)
        lost = before - target.count
        unit.kills += lost
        if battle.logging:
            what = (
                (", ".join(out.vehicle_results or []) or "no damage")
                if (target.is_vehicle)
                else f"{out.wounds} wounds, {out.saved} saved, {out.slain} slain"
            )
            battle.log(
                unit.side,
                unit.name,
                f"{unit.name} strikes {target.name} at I{step} with {dice} attacks"
                f" — {out.hits} hits, {what}",
                target=target.name,
            )
        if target.count == 0:
            battle.credit_destroyed(unit, target)


def special_weapon_after(
    battle: Battle, unit: Unit, model: Model, target: Unit, out: Outcome
) -> None:
    """Force weapon: a psychic test (the psyker's one power this turn, ``psychic``) slays a
    wounded model outright (seed 000 [46]); thunder hammer stuns survivors to I1
    next Assault phase and stuns vehicle crews (seed 000 [46])."""
    weapon = model.melee
    if weapon is None or out.unsaved <= 0:
        return
    force = weapon.cc_special == "force_weapon" and model.power_turn != battle.ptc
    if force and not target.is_vehicle and psychic_test(battle, unit, model):
        for victim in target.models:
            if 0 < victim.wounds < victim.max_wounds:
                victim.wounds = 0
                target.refresh()
                break
    if weapon.cc_special == "thunder_hammer" and target.count > 0:
        target.stunned_cc_turn = battle.ptc + 1
        if target.is_vehicle:
            target.stunned_turn = battle.next_own_turn(target)


def sweep_total(battle: Battle, unit: Unit) -> int:
    """I + D6 with the unmodified profile Initiative, majority value (seed 000 [43])."""
    return unit.majority("i") + battle.dice.d6()


def resolve_combat(battle: Battle, group: list[Unit], wounds: dict[str, int]) -> None:
    """Combat result (seed 000 [43][45]): more wounds wins (summed per side over every
    unit of the combat), equal is a draw, a wiped-out enemy is a massacre; each loser tests
    morale; broken units face the sweeping advance, unless a loser holds ([45]: only when
    all enemy units of the combat fall back or are destroyed); units whose foes are gone pile
    in on the rest of the combat (``aftermath.pile_in``); free winners consolidate."""
    fighting = {u.side for u in group if fights(u)}
    if not all(fights(u) for u in group):
        # vehicles (not walkers) are never locked: attackers simply stay where they are (≈)
        for unit in group:
            if not fights(unit) or not any(
                battle.by_id[f].count > 0 and fights(battle.by_id[f]) for f in unit.foes
            ):
                release_from_combat(battle, unit)
    if len(fighting) < 2:
        return
    alive = {s: [u for u in group if u.side == s and u.count > 0 and fights(u)] for s in ("a", "b")}
    if not alive["a"] and not alive["b"]:
        return
    massacre = ""
    if not alive["a"] or not alive["b"]:
        massacre = "a" if alive["a"] else "b"
        winner = massacre
    elif wounds["a"] == wounds["b"]:
        if battle.logging:
            battle.log(battle.active, "combat", f"Combat drawn ({wounds['a']}–{wounds['b']})")
        pile_in(battle, alive["a"] + alive["b"])
        return
    else:
        winner = "a" if wounds["a"] > wounds["b"] else "b"
    loser = other(winner)
    if battle.logging:
        names = ", ".join(u.name for u in alive[winner])
        battle.log(
            winner,
            names,
            f"{names} win the combat {wounds[winner]}–{wounds[loser]}"
            + (" (massacre)" if massacre else ""),
        )
    broken: list[Unit] = []
    difference = wounds[winner] - wounds[loser]
    for unit in alive[loser]:
        if unit.count == 0:
            continue
        if "fearless" in unit.rules:
            no_retreat(battle, unit, difference)
            continue
        modifier = -tables.LOSER_BELOW_HALF_LD_PENALTY if unit.below_half else 0
        if not morale_check(battle, unit, modifier):
            broken.append(unit)
    # no winner sweeps while any enemy unit of the combat holds (seed 000 [43][45], §34)
    held = any(u.count > 0 and u not in broken for u in alive[loser])
    sweepers = [] if held else [w for w in alive[winner] if w.count and "no_sweep" not in w.rules]
    totals = [sweep_total(battle, w) for w in sweepers]
    for unit in broken:
        total = sweep_total(battle, unit)
        # each sweeper's one roll against every broken unit it touches (seed 000 [45])
        in_contact = [(t, w) for w, t in zip(sweepers, totals, strict=True) if unit.id in w.foes]
        best, credit = max(in_contact, key=lambda c: c[0]) if in_contact else (0, None)
        if credit is not None and total <= best:
            if "and_they_shall_know_no_fear" in unit.rules:
                if battle.logging:
                    battle.log(
                        unit.side,
                        unit.name,
                        f"{unit.name} is caught by the sweeping advance but fights on",
                    )
                no_retreat(battle, unit, difference)
                continue
            lost = unit.count
            unit.wipe()
            credit.kills += lost
            battle.credit_destroyed(credit, unit)
            release_from_combat(battle, unit)
            if battle.logging:
                battle.log(
                    credit.side,
                    credit.name,
                    f"{credit.name} sweeps {unit.name} away",
                    target=unit.name,
                )
            continue
        start_falling_back(battle, unit)
    pile_in(battle, alive["a"] + alive["b"])
    swept = any(b.count == 0 for b in broken) and battle.settings.sweep_is_massacre
    consolidate_winners(battle, alive[winner], None if (massacre or swept) else CONSOLIDATE)


def assault_phase(battle: Battle) -> None:
    """Assault phase (seed 000 [36]): charges one unit at a time, psykers' Battle Hymns
    (``psychic``), then every combat is fought and resolved in turn; units that reached
    contact by consolidating fight next phase (seed 000 [44])."""
    side = battle.active
    policy = battle.policies[side]
    for unit in battle.units:
        unit.charged = False
        unit.charge_target = ""
        unit.spill = {}
    for unit in battle.side_units(side):
        if not can_charge(battle, unit):
            continue
        targets = charge_targets(battle, unit)
        if "rage" in unit.rules:
            target = rage_charge(battle, unit, targets)
        else:
            target = policy.charge_target(battle, unit, targets)
        if target is not None:
            charge(battle, unit, target)
    assault_moves(battle)
    battle_hymns(battle)
    for group in combats(battle):
        if any(u.count == 0 for u in group) and all(u.count == 0 for u in group):
            continue
        wounds = fight(battle, group)
        resolve_combat(battle, group, wounds)
        for unit in group:
            unit.engaged_cap = 0  # pile-in: every model reaches the fight (seed 000 [44])
            unit.spill = {}  # and fights any foe of its combat
        tidy_combats(battle)
    engage_consolidated(battle)
    hit_and_run(battle)
    for unit in battle.units:
        unit.in_cover_assaulted = False
