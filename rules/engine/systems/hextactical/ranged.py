"""Ranged attacks on the hex map (seed 004): arc of vision and blind fire, people in the way,
Aim, hitting the wrong target, overshooting after a dodge, and opportunity fire at movers.

The skill and damage rules are NOT IN SEED: GURPS 4e Basic Set rule (not in seed 004: GURPS Basic
Set, Maneuvers, Ranged attack roll).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.engine import hexgrid
from rules.engine.systems.hextactical import active_defence, tactics, trait_effects, weapons, wounds
from rules.engine.systems.hextactical import grapple as grapple_rules
from rules.engine.systems.hextactical.combatant import Combatant, Weapon
from rules.engine.systems.hextactical.damage import DamageDice
from rules.engine.systems.hextactical.defence import weapon_skill
from rules.engine.systems.hextactical.gmlog import breakdown, roll_text
from rules.engine.systems.hextactical.locations import aim_penalty
from rules.engine.systems.hextactical.rolls import success_roll

if TYPE_CHECKING:
    from rules.engine.systems.hextactical.battle import Battle

AOA_DETERMINED_RANGED = 1
MOVE_ATTACK_RANGED = -2


def check_opportunity_fire(b: Battle, mover: Combatant) -> None:
    """Shooters on Wait fire at once at the first target entering a watched hex (seed 004
    "Opportunity fire": must fire, friend or foe, unless they declared identification)."""
    for shooter in b.order:
        if not shooter.wait_hexes or not shooter.active or mover.pos not in shooter.wait_hexes:
            continue
        identify = shooter.wait_identify
        if identify and mover.side == shooter.side:
            continue
        watched = len(shooter.wait_hexes)
        penalty = tactics.opportunity_fire_penalty(watched, shooter.wait_line)
        if identify:
            penalty += tactics.OPPORTUNITY_IDENTIFY_PENALTY
        aim_ok = tactics.opportunity_fire_may_aim(watched)
        shooter.wait_hexes = frozenset()
        if not b.board.line_clear(shooter.pos, mover.pos):
            continue
        if b.log_enabled:
            b.log(
                "wait",
                shooter,
                f"{shooter.name} opportunity fire at {mover.name}",
                mover.id,
                penalty=penalty,
            )
        ranged_attack(b, shooter, mover, shooter.weapon, extra=penalty, allow_aim=aim_ok)
        if not mover.active:
            return


def ranged_attack(
    b: Battle,
    att: Combatant,
    target: Combatant,
    weapon: Weapon,
    extra: int = 0,
    allow_aim: bool = True,
    extra_name: str = "opportunity fire",
    plan_kind: str = "attack",
    option: str = "",
) -> None:
    """One ranged attack with the hex-map rules of seed 004: arc of vision or blind fire,
    −4 per person in the way, wrong target on a miss, overshooting after a dodge. ``extra``
    is a situational modifier named ``extra_name`` in the log (opportunity fire, pop-up)."""
    mode = next(m for m in weapon.modes if m.mode == "ranged")
    dist = hexgrid.distance(att.pos, target.pos)
    base = weapon_skill(att, weapon)
    shock = -min(att.shock_now, 8)
    close = att.pos == target.pos
    if close:
        distance = tactics.close_combat_ranged_modifier(weapon.bulk)
    else:
        distance = tactics.range_modifier(trait_effects.sight_distance(att, dist, b.settings))
    steps = b.board.occupied_steps(att.pos, target.pos)
    groups = tactics.people_in_the_way(steps, b.board.occupants_at, att.posture, b.settings)
    in_the_way = tactics.in_the_way_penalty(groups)
    into_close = 0
    if target.close_with and target.close_with != att.id:
        # Striking into a close combat (GURPS 4e Basic Set p.B548 attack modifiers)
        into_close = b.settings.close_combat_strike_penalty
    arc = hexgrid.arc_of(att.pos, att.facing, target.pos, b.settings.arcs)
    blind = not tactics.in_arc_of_vision(arc, att.traits)
    move_attack = aim = 0
    if plan_kind == "move_attack":
        move_attack = min(MOVE_ATTACK_RANGED, weapon.bulk)
    elif not blind and allow_aim and att.aim_turns > 0 and att.aim_target == target.id:
        aim = weapon.acc + min(2, att.aim_turns - 1)
    aoa_determined = plan_kind == "all_out_attack" and option == "determined"
    determined = AOA_DETERMINED_RANGED if aoa_determined else 0
    aimed = "" if blind else att.hit_location
    location = aim_penalty(aimed)
    sight = trait_effects.sight_ranged(att, aim > 0)
    # Held by a foe: −4 DX, which every DX-based skill takes (GURPS 4e Basic Set p.B370)
    grappled = grapple_rules.grappled_penalty(b, att)
    skill = base + shock + extra + distance + in_the_way + into_close + move_attack + aim
    skill += determined + location + sight + grappled
    summed = skill
    if blind:
        skill = tactics.blind_fire_skill(skill)
    att.aim_turns = 0
    att.aim_target = ""
    weapons.spend_shot(b, att, weapon)
    result = success_roll(b.dice, skill)
    if b.log_enabled:
        parts = breakdown(
            weapon.name,
            base,
            (
                ("shock", shock),
                (extra_name, extra),
                ("close combat" if close else "range", distance),
                ("people in the way", in_the_way),
                ("into close combat", into_close),
                ("Move and Attack", move_attack),
                ("Aim", aim),
                ("All-Out Attack (Determined)", determined),
                (f"aimed at the {aimed}", location),
                ("One Eye", sight),
                ("grappled", grappled),
                ("blind fire", skill - summed),
            ),
        )
        b.log(
            "shoot",
            att,
            f"{att.name} shoots {target.name} with {weapon.name}"
            f"{f' at the {aimed}' if aimed else ''}: "
            + roll_text(parts, result.roll, "hit" if result.success else "miss"),
            target.id,
            [result.roll],
            skill=skill,
            blind=blind,
            in_the_way=[list(g.ids) for g in groups],
            **({"location": aimed} if aimed else {}),
        )
    if not result.success:
        if result.critical:
            weapons.critical_miss(b, att, weapon, mode)
        _stray_chain(b, att, [g for g in groups], mode.damage, skill, weapon)
        return
    # Weapon Master's damage with a thrown weapon it covers (GURPS 4e Basic Set p.B99)
    bonus = trait_effects.master_damage(att, weapon, mode.damage.dice)
    if result.critical:
        wounds.hit(b, att, target, mode.damage, bonus, critical=True, aimed=aimed)
        return
    defended = active_defence.defend(b, target, att, ranged=True, thrown=weapon.thrown, detail=True)
    if defended == "dodge":
        _stray_chain(b, att, _beyond(b, att, target, weapon), mode.damage, skill, weapon)
    elif not defended:
        wounds.hit(b, att, target, mode.damage, bonus, critical=False, aimed=aimed)


def _beyond(b: Battle, att: Combatant, target: Combatant, weapon: Weapon) -> list[tactics.InTheWay]:
    """People past a target who dodged, along the extended line up to maximum range, nearest
    the target first (seed 004 "Overshooting and stray shots" §12.2)."""
    ax, ay = att.pos
    tx, ty = target.pos
    dist = max(1, hexgrid.distance(att.pos, target.pos))
    scale = max(2, weapon.max_range // dist if weapon.max_range else 2)
    scale = min(scale, 40 // dist + 1)
    far = (ax + (tx - ax) * scale, ay + (ty - ay) * scale)
    steps = [s for s in hexgrid.line_steps(att.pos, far) if hexgrid.distance(att.pos, s[0]) > dist]
    out: list[tactics.InTheWay] = []
    for step in steps:
        if any(h in b.board.blocked for h in step) and len(step) == 1:
            break
        out.extend(tactics.people_in_the_way([step], b.board.occupants_at, att.posture, b.settings))
    return out


def _stray_chain(
    b: Battle,
    att: Combatant,
    groups: list[tactics.InTheWay],
    damage: DamageDice,
    skill: int,
    weapon: Weapon,
) -> None:
    """Hitting the wrong target: each person in the way, nearest first (hex-side pairs in
    random order), is attacked at 9 or the shot's skill if lower; stop at a hit, a parry or
    block, or when nobody is left (seed 004 "Hitting the wrong target" §10)."""
    number = tactics.wrong_target_number(skill)
    for group in groups:
        ids = list(group.ids)
        if group.pair and len(ids) > 1:
            b.dice.shuffle(ids)
        for cid in ids:
            victim = b.by_id[cid]
            if not victim.active:
                continue
            result = success_roll(b.dice, number)
            if b.log_enabled:
                b.log(
                    "stray",
                    att,
                    f"stray shot at {victim.name}: "
                    + roll_text(
                        breakdown("wrong target", number, ()),
                        result.roll,
                        "hit" if result.success else "miss",
                    ),
                    cid,
                    [result.roll],
                    number=number,
                )
            if not result.success:
                continue
            outcome = active_defence.defend(
                b, victim, att, ranged=True, thrown=weapon.thrown, detail=True
            )
            if outcome == "dodge":
                continue
            if outcome:
                return
            wounds.hit(b, att, victim, damage, 0, critical=False)
            return
