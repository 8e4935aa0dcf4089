"""One combatant's second: start-of-turn checks (shock, stun, balance, nerve), the policy's
plan, and carrying out its maneuver.

NOT IN SEED: GURPS 4e Basic Set rule (not in seed 004: GURPS Basic Set, Maneuvers maneuver table,
§19.15–19.16); pop-up
attacks are seed 004 "Pop-up attacks".
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from rules.engine import hexgrid
from rules.engine.systems.hextactical import (
    manoeuvres,
    melee,
    movement,
    ranged,
    tactics,
    temper,
    trait_effects,
    weapons,
    wounds,
)
from rules.engine.systems.hextactical.combatant import Combatant, Weapon
from rules.engine.systems.hextactical.gmlog import breakdown, roll_text
from rules.engine.systems.hextactical.grapple import pinned
from rules.engine.systems.hextactical.injury import stun_recovery
from rules.engine.systems.hextactical.plan import AOD_INCREASED_DODGE, GRAPPLING, POP_UP, SLAM, Plan
from rules.engine.systems.hextactical.rolls import success_roll
from rules.engine.systems.hextactical.slam import slam

if TYPE_CHECKING:
    from rules.engine.systems.hextactical.battle import Battle


def start_turn(b: Battle, c: Combatant) -> bool:
    """Reset per-turn state; stun and flee checks. False when the combatant cannot act this
    second (a stunned one Does Nothing, so makes no 0-HP consciousness roll)."""
    c.shock_now = c.shock_pending
    c.shock_pending = 0
    c.parries = {}
    c.attacked_with = ""
    c.retreated_from = ""
    c.blocked = False
    c.retreats = 0
    c.no_defence = False
    c.aod_defence = ""
    c.maneuver = "none"
    c.wait_hexes = frozenset()
    c.wait_line = False
    c.wait_identify = False
    c.dodge_only = False
    c.conscious_checked = False
    if c.stunned:
        c.maneuver = "do_nothing"
        ok, roll = stun_recovery(b.dice, c.ht)
        if ok:
            c.stunned = False
        if b.log_enabled:
            said = roll_text([("HT", c.ht)], roll, "recovers" if ok else "stays stunned")
            b.log("status", c, f"{c.name} is stunned: {said}", "", [roll], recovers=ok)
        return False
    # A lost balance lasted until this turn: −2 to defend meanwhile, then one acts normally
    # (GURPS 4e Basic Set p.B556).
    c.balance_lost = False
    if not c.fleeing and not c.berserk and c.hp < c.hp_max * b.settings.flee_hp_fraction:
        cowardice = -2 if c.has("cowardice") else 0
        result = success_roll(b.dice, c.will + cowardice)
        # Overconfidence: he flees only if he also resists the urge to fight on (p.B148)
        c.fleeing = not result.success and temper.holds_back(b, c)
        if b.log_enabled:  # every flee roll, with its target (issue 21, the GM log)
            parts = breakdown("Will", c.will, [("Cowardice", cowardice)])
            said = roll_text(parts, result.roll, "fails" if not result.success else "succeeds")
            then = "breaks and flees" if c.fleeing else "stands"
            b.log("status", c, f"{c.name} {then}: {said}", "", [result.roll])
    return True


def take_turn(b: Battle, c: Combatant) -> None:
    """One combatant's second: any maneuver but Do Nothing needs the 0-HP consciousness
    roll first (not in seed 004: GURPS Basic Set, Low and negative HP)."""
    if not start_turn(b, c):
        return
    if c.fleeing:
        if wounds.stays_conscious(b, c):
            movement.flee(b, c)
        return
    plan = temper.compelled(b, c, b.policies[c.side].choose(b, c))
    if plan.kind != "do_nothing" and not wounds.stays_conscious(b, c):
        return
    execute(b, c, plan)


KEEPS_AIM = frozenset({"aim", "wait", "attack", "all_out_attack"})
"""Maneuvers that do not spoil an Aim: more Aim, Wait, and the Attack or All-Out Attack that
uses it (GURPS 4e Basic Set p.B364); the attack itself ends the Aim."""

KEEPS_EVALUATE = frozenset({"evaluate", "attack", "all_out_attack", "move_attack"})
"""Maneuvers that keep an Evaluate: more Evaluate and the next turn's attack (GURPS 4e Basic
Set p.B364: the bonus is for an attack on the next turn)."""


def execute(b: Battle, c: Combatant, plan: Plan) -> None:
    """Carry out one maneuver (not in seed 004: GURPS Basic Set, Maneuvers maneuver table); Do
    Nothing does nothing. Any
    maneuver but those in :data:`KEEPS_AIM` loses the Aim, and an attack ends it (B364)."""
    c.maneuver = plan.kind
    if plan.kind not in KEEPS_AIM:
        c.aim_turns = 0
    if plan.kind not in KEEPS_EVALUATE:
        c.evaluate = 0
    if c.berserk:
        c.no_defence = True  # a berserker makes no active defence (p.B124)
    handler = MANEUVERS.get(plan.kind)
    if handler is not None:
        handler(b, c, plan)
    if plan.kind in ("attack", "all_out_attack"):
        c.aim_turns = 0


def attack(b: Battle, c: Combatant, plan: Plan) -> None:
    """Attack, All-Out Attack or Move and Attack: the step or move, then one melee or ranged
    attack, then the further blows of All-Out Attack (Double), Rapid Strike and Extra Attack
    (``trait_effects.further_blows``), then Attack's step after (not in seed 004: GURPS
    Basic Set, Maneuvers)."""
    kind = plan.kind
    target = b.by_id[plan.target]
    if plan.weapon >= 0 and plan.weapon != c.weapon_index:
        c.weapon_index = plan.weapon
    if kind == "attack" and plan.option == POP_UP:
        pop_up_attack(b, c, target, plan)
        return
    if kind == "attack" and plan.option in GRAPPLING:
        melee.grappling_attack(b, c, target, plan.option)
        return
    if kind == "move_attack":
        movement.move_along(b, c, plan.path, plan.facing, c.move)
        if plan.option == SLAM:
            # The run's yards and the one into him are the velocity (GURPS 4e Basic Set p.B371)
            if c.active and target.active and hexgrid.distance(c.pos, target.pos) == 1:
                slam(b, c, target, len(plan.path) + 1)
            return
    else:
        step = plan.step_before
        if kind == "all_out_attack":
            c.no_defence = True
            # All-Out Attack: up to half Move, forward only (GURPS 4e Basic Set p.B365)
            half = manoeuvres.all_out_attack_move(c.move)
            if plan.path:
                path = manoeuvres.forward_path(c.pos, c.facing, plan.path, half)
                movement.move_along(b, c, path, plan.facing, half)
            elif step is not None and not manoeuvres.forward_path(c.pos, c.facing, [step], 1):
                step = None
        movement.step_to(b, c, step)
        movement.face(b, c, plan.facing)
    if not c.active or not target.active:
        return
    weapon = c.weapon
    # The location aimed at (GURPS 4e Basic Set p.B398), unless the table plays torso only
    c.hit_location = plan.location if b.settings.hit_locations != "torso" else ""
    try:
        if weapon.ranged and plan.mode == "ranged":
            ranged.ranged_attack(b, c, target, weapon, plan_kind=kind, option=plan.option)
        else:
            reach = hexgrid.distance(c.pos, target.pos)
            melee.melee_attack(b, c, target, weapon, plan.mode, kind, plan.option)
            for option, same_foe in trait_effects.further_blows(c, kind, plan.option, b.settings):
                if not may_go_on(c, weapon):
                    break
                foe = target if target.active or same_foe else _foe_in_reach(b, c, plan.mode)
                if foe is None or not foe.active:
                    break
                followed = reach if foe is target and target.retreated_from == c.id else None
                melee.melee_attack(b, c, foe, weapon, plan.mode, kind, option, followed)
    finally:
        c.hit_location = ""
    if (
        kind == "attack"
        and may_go_on(c, c.weapon)
        and plan.step_after is not None
        and b.board.free(plan.step_after)
    ):
        movement.step_to(b, c, plan.step_after)


def _foe_in_reach(b: Battle, c: Combatant, mode: str) -> Combatant | None:
    """The nearest foe ``c``'s weapon reaches, for an extra attack once his first foe is down
    (Extra Attack may strike another foe: GURPS 4e Basic Set p.B53)."""
    foes = [e for e in b.enemies(c) if melee.in_melee_reach(b, c, e, c.weapon, mode=mode)]
    return min(foes, key=lambda e: (hexgrid.distance(c.pos, e.pos), e.id), default=None)


def may_go_on(c: Combatant, weapon: Weapon) -> bool:
    """After one attack the maneuver goes on (a second blow, a step) only while ``c`` still
    fights, stands, keeps his balance and holds ``weapon`` ready (GURPS 4e Basic Set p.B556
    critical misses; p.B365 All-Out Attack (Double))."""
    return (
        c.active
        and c.posture == "standing"
        and not c.balance_lost
        and c.weapon is weapon
        and c.weapon_ready
    )


def move(b: Battle, c: Combatant, plan: Plan) -> None:
    """Move: walk the plan's path with the full Move (not in seed 004: GURPS Basic Set, Tactical
    movement)."""
    movement.move_along(b, c, plan.path, plan.facing, c.move)


def aim(b: Battle, c: Combatant, plan: Plan) -> None:
    """Aim: a step, and one more second of Aim at the same target, else the first (digest
    §19.3)."""
    movement.step_to(b, c, plan.step_before)
    movement.face(b, c, plan.facing)
    if c.aim_target == plan.target:
        c.aim_turns += 1
    else:
        c.aim_target = plan.target
        c.aim_turns = 1


def ready(b: Battle, c: Combatant, plan: Plan) -> None:
    """Ready: a step, then reload, draw, pick up or change reach (not in seed 004: GURPS Basic Set,
    Maneuvers)."""
    movement.step_to(b, c, plan.step_before)
    movement.face(b, c, plan.facing)
    weapons.ready(b, c, plan)


def wait(b: Battle, c: Combatant, plan: Plan) -> None:
    """Wait: watch the plan's hexes for opportunity fire (seed 004 "Opportunity fire")."""
    c.wait_hexes = frozenset(plan.watch)
    c.wait_identify = plan.identify
    movement.face(b, c, plan.facing)


def all_out_defense(b: Battle, c: Combatant, plan: Plan) -> None:
    """All-Out Defense: Increased Dodge allows half Move, the other options a step (digest
    §19.3)."""
    c.aod_defence = plan.option
    if plan.option == AOD_INCREASED_DODGE and plan.path:
        movement.move_along(b, c, plan.path, plan.facing, c.move // 2)
    else:
        movement.step_to(b, c, plan.step_before)
        movement.face(b, c, plan.facing)


#: Postures one reaches from lying down with one Change Posture (GURPS 4e Basic Set p.B364).
FROM_PRONE = frozenset({"kneeling", "sitting", "crawling"})


def change_posture(b: Battle, c: Combatant, plan: Plan) -> None:
    """Change Posture: to the plan's posture, standing by default; from lying down a fighter
    first gets to kneeling (or sitting, crawling) and stands with a second Change Posture
    (GURPS 4e Basic Set p.B364 "Change Posture"); with a crippled leg he gets no higher than
    kneeling (B420); one pinned stays down (B370)."""
    if pinned(b, c):
        return
    wanted = plan.option or "standing"
    if (c.posture == "prone" or c.lame) and wanted not in FROM_PRONE:
        # A crippled leg or foot: no standing up (GURPS 4e Basic Set p.B420)
        wanted = "kneeling"
    c.posture = wanted
    if b.log_enabled:
        b.log("status", c, f"{c.name} is now {wanted}", "", posture=wanted)


def evaluate(b: Battle, c: Combatant, plan: Plan) -> None:
    """Evaluate one foe: +1 to the next melee attack on him, at most +3 after three turns
    (GURPS 4e Basic Set p.B364 "Evaluate")."""
    if c.evaluate_target == plan.target:
        c.evaluate = min(3, c.evaluate + 1)
    else:
        c.evaluate_target = plan.target
        c.evaluate = 1
    movement.face(b, c, plan.facing)


def pop_up_attack(b: Battle, c: Combatant, target: Combatant, plan: Plan) -> None:
    """Pop-up attack: from behind cover (no line of fire to the target from where one stands)
    move at most 1 hex, shoot at −2 with no Aim (only
    Dodge against opportunity fire meanwhile), and return to cover in the same turn; not
    with bows or slings (seed 004 "Pop-up attacks"; seed 004 "Pop-up attacks")."""
    weapon = c.weapon
    origin = c.pos
    if (
        not weapon.ranged
        or not tactics.pop_up_allowed(weapon.kind)
        or (plan.step_before is not None and hexgrid.distance(origin, plan.step_before) > 1)
        or b.board.line_clear(origin, target.pos)
    ):
        return
    c.dodge_only = True
    movement.step_to(b, c, plan.step_before)
    movement.face(b, c, plan.facing)
    if c.active and not c.stunned and target.active:
        if b.log_enabled:
            b.log("attack", c, f"{c.name} pops up from cover", target.id)
        ranged.ranged_attack(
            b,
            c,
            target,
            weapon,
            extra=tactics.POP_UP_PENALTY,
            allow_aim=False,
            extra_name="pop-up attack",
        )
    if c.active and c.pos != origin and b.board.free(origin, c):
        b.board.place(c, origin)
    c.dodge_only = False


#: Maneuver name → what it does; names not listed (Do Nothing) do nothing.
MANEUVERS: dict[str, Callable[[Battle, Combatant, Plan], None]] = {
    "attack": attack,
    "all_out_attack": attack,
    "move_attack": attack,
    "move": move,
    "aim": aim,
    "ready": ready,
    "wait": wait,
    "all_out_defense": all_out_defense,
    "change_posture": change_posture,
    "evaluate": evaluate,
    "finish_off": temper.finish_off,
}
