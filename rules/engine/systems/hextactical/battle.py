"""The second-by-second battle: turn order, maneuvers, movement, attacks, defences, injury.

Each second every active combatant, in turn order, takes one maneuver chosen by the policy
(``ai.py``). Rules are cited where applied; the hex rules come from seed 004 (``tactics.py``),
the basic combat chapter is NOT IN SEED: GURPS 4e Basic Set rule (digest §19).
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass, field
from typing import Any

from rules.engine import hexgrid
from rules.engine.dice import Dice
from rules.engine.hexgrid import Hex
from rules.engine.report import Event, EventLog, UnitPosition
from rules.engine.systems.base import EventHook
from rules.engine.systems.hextactical import manoeuvres, tactics
from rules.engine.systems.hextactical.combatant import Combatant, Weapon
from rules.engine.systems.hextactical.criticals import (
    CRITICAL_HIT,
    CRITICAL_MISS,
    damage_multiplier,
)
from rules.engine.systems.hextactical.damage import (
    DamageDice,
    roll_basic_damage,
    strong_bonus,
)
from rules.engine.systems.hextactical.damage import (
    injury as injury_amount,
)
from rules.engine.systems.hextactical.defence import DefenceChoice, defence_choices, weapon_skill
from rules.engine.systems.hextactical.injury import (
    SHOCK_CAP,
    consciousness_check,
    resolve_injury,
    stun_recovery,
)
from rules.engine.systems.hextactical.rolls import quick_contest, success_roll
from rules.engine.systems.hextactical.scenario import Layout
from rules.engine.systems.hextactical.settings import Settings

AOA_DETERMINED_MELEE = 4
AOA_DETERMINED_RANGED = 1
MOVE_ATTACK_MELEE = -4
MOVE_ATTACK_RANGED = -2
POSTURE_ATTACK: dict[str, int] = {
    "standing": 0,
    "crouching": -2,
    "kneeling": -2,
    "sitting": -2,
    "prone": -4,
}
LOSE_BALANCE_DEFENCE = -2
AOD_DOUBLE = "double"
POP_UP = "pop_up"
AOA_FEINT = "feint"
AOA_LONG = "long"
AOD_INCREASED_DODGE = "dodge"


def melee_skills(c: Combatant) -> list[int]:
    """Skills of ``c``'s usable melee weapons (Fist included)."""
    return [weapon_skill(c, w) for w in c.weapons if w.melee and w.name not in c.broken]


@dataclass(slots=True)
class Plan:
    """One maneuver chosen by the policy for one second."""

    kind: str
    target: str = ""
    weapon: int = -1
    mode: str = ""
    step_before: Hex | None = None
    step_after: Hex | None = None
    path: list[Hex] = field(default_factory=list)
    facing: int | None = None
    option: str = ""
    reach: int = -1
    watch: tuple[Hex, ...] = ()
    identify: bool = False


class Battle:
    """One battle's state and rules; ``run`` plays it to the end."""

    def __init__(
        self,
        sides: dict[str, list[Combatant]],
        layout: Layout,
        max_seconds: int,
        dice: Dice,
        settings: Settings,
        policy: Any,
        log: bool = True,
        on_event: EventHook | None = None,
    ) -> None:
        self.sides = sides
        self.layout = layout
        self.max_seconds = max_seconds
        self.dice = dice
        self.settings = settings
        self.policy = policy
        self.log_enabled = log or on_event is not None
        self.events = EventLog(log)
        self.on_event = on_event
        self.second = 0
        self.all: list[Combatant] = sides["a"] + sides["b"]
        self.by_id = {c.id: c for c in self.all}
        self.occ: dict[Hex, list[Combatant]] = {}
        self.positions: list[list[UnitPosition]] = []
        self.blocked: set[Hex] = set(layout.obstacles)
        for side in ("a", "b"):
            for c, (pos, facing) in zip(sides[side], layout.deploy[side], strict=True):
                c.pos = pos
                c.facing = facing
                self.occ.setdefault(pos, []).append(c)
                c.reach_setting = c.weapon.max_reach if c.weapon.reach_change_ready else -1
        # Turn order: Basic Speed, then DX, then a random roll-off (digest §19.2.2, uncertain).
        ties = {c.id: dice.randint(1, 1_000_000) for c in self.all}
        self.order = sorted(self.all, key=lambda c: (-c.basic_speed, -c.dx, ties[c.id], c.id))

    # ----------------------------------------------------------------- logging
    def log(
        self,
        phase: str,
        c: Combatant,
        text: str,
        target: str = "",
        dice: list[int] | None = None,
        **data: Any,
    ) -> None:
        event = Event(self.second, phase, c.side, c.id, text, target, list(dice or []), dict(data))
        self.events.add(event)
        if self.on_event is not None:
            self.on_event(event)

    # ----------------------------------------------------------------- map queries
    def in_bounds(self, h: Hex) -> bool:
        return hexgrid.in_bounds(h, self.layout.width, self.layout.height)

    def free(self, h: Hex, me: Combatant | None = None) -> bool:
        """A hex one may stop in: on the map, no obstacle, nobody else active there."""
        if h in self.blocked or not self.in_bounds(h):
            return False
        return all(o is me for o in self.occ.get(h, ()))

    def enemies(self, c: Combatant) -> list[Combatant]:
        return [e for e in self.all if e.side != c.side and e.active]

    def friends(self, c: Combatant) -> list[Combatant]:
        return [f for f in self.all if f.side == c.side and f.active and f is not c]

    def side_at(self, h: Hex) -> str | None:
        people = self.occ.get(h)
        return people[0].side if people else None

    def occupants_at(self, h: Hex) -> list[tuple[str, str]]:
        return [(o.id, o.posture) for o in self.occ.get(h, ())]

    def line_clear(self, a: Hex, b: Hex) -> bool:
        """Line of fire not blocked by solid obstacles (seed 004 "Firing through occupied
        hexes" §9.1): simplified to the centre-to-centre line, a hex-side line being blocked
        only when both hexes hold obstacles."""
        return all(not all(h in self.blocked for h in step) for step in hexgrid.line_steps(a, b))

    def place(self, c: Combatant, h: Hex) -> None:
        if c.close_with and h != c.pos:
            # Leaving a shared hex ends the close combat (seed 004 "Leaving an enemy's hex").
            other = self.by_id.get(c.close_with)
            if other is not None and other.close_with == c.id:
                other.close_with = ""
            c.close_with = ""
        people = self.occ.get(c.pos)
        if people and c in people:
            people.remove(c)
            if not people:
                del self.occ[c.pos]
        c.pos = h
        self.occ.setdefault(h, []).append(c)

    def remove(self, c: Combatant) -> None:
        people = self.occ.get(c.pos)
        if people and c in people:
            people.remove(c)
            if not people:
                del self.occ[c.pos]
        for other in self.all:
            if other.close_with == c.id:
                other.close_with = ""
        c.close_with = ""

    # ----------------------------------------------------------------- movement
    def reachable(
        self,
        c: Combatant,
        budget: int,
        enter: set[Hex] | None = None,
        evade: bool = False,
    ) -> dict[Hex, tuple[int, Hex | None, int]]:
        """Hexes reachable with ``budget`` movement points: forward 1 MP, turning +1 per
        hex-side or a sidestep/backward step at 2 MP (digest §19.5); always at least 1 hex.
        Returns hex → (cost, previous hex, facing on arrival). ``enter`` lists enemy hexes
        one may move into and stop (seed 004 "Entering an enemy's hex"). With ``evade`` a
        lone foe's hex may be passed straight through into the hex beyond, paying for both
        hexes (seed 004 §15.6–15.7): the tree then links the far hex to the hex before the
        foe's, two hexes apart, and ``move_along`` rolls the Evade there."""
        best: dict[Hex, tuple[int, Hex | None, int]] = {c.pos: (0, None, c.facing)}
        heap: list[tuple[int, Hex, int]] = [(0, c.pos, c.facing)]
        enter = enter or set()
        while heap:
            cost, h, facing = heapq.heappop(heap)
            if best[h][0] < cost or h in enter:
                continue
            for direction in range(6):
                d = hexgrid.DIRECTIONS[direction]
                n = (h[0] + d[0], h[1] + d[1])
                if n not in enter and not self.free(n, c):
                    if evade:
                        self.relax_evade(c, h, n, direction, facing, cost, budget, best, heap)
                    continue
                turns = hexgrid.facing_turns(facing, direction)
                if turns == 0:
                    step_cost, new_facing = 1, facing
                elif turns == 1:
                    step_cost, new_facing = 2, direction
                else:
                    step_cost, new_facing = 2, facing
                total = cost + step_cost
                if total > budget and not (cost == 0 and budget >= 1):
                    continue
                if n not in best or best[n][0] > total:
                    best[n] = (total, h, new_facing)
                    heapq.heappush(heap, (total, n, new_facing))
        return best

    def evade_foe(self, c: Combatant, h: Hex) -> Combatant | None:
        """The lone active foe in ``h`` that ``c`` could try to Evade, if any."""
        people = self.occ.get(h)
        if not people or len(people) != 1:
            return None
        foe = people[0]
        return foe if foe.side != c.side and foe.active and not foe.close_with else None

    def relax_evade(
        self,
        c: Combatant,
        h: Hex,
        foe_hex: Hex,
        direction: int,
        facing: int,
        cost: int,
        budget: int,
        best: dict[Hex, tuple[int, Hex | None, int]],
        heap: list[tuple[int, Hex, int]],
    ) -> None:
        """Search edge for an Evade: forward (or after one hex-side turn) into a lone foe's hex
        and on into the front hex beyond; enough movement for both is needed (seed 004
        "Entering an enemy's hex" §15.6–15.7, digest §19.5 "Enemy in the hex")."""
        turns = hexgrid.facing_turns(facing, direction)
        if turns > 1 or self.evade_foe(c, foe_hex) is None:
            return
        beyond = hexgrid.neighbour(foe_hex, direction)
        total = cost + (1 if turns == 0 else 2) + 1
        if total > budget or not self.free(beyond, c):
            return
        if beyond not in best or best[beyond][0] > total:
            best[beyond] = (total, h, direction)
            heapq.heappush(heap, (total, beyond, direction))

    @staticmethod
    def path_to(tree: dict[Hex, tuple[int, Hex | None, int]], goal: Hex) -> list[Hex]:
        path: list[Hex] = []
        h: Hex | None = goal
        while h is not None and tree[h][1] is not None:
            path.append(h)
            h = tree[h][1]
        path.reverse()
        return path

    def move_along(
        self, c: Combatant, path: list[Hex], end_facing: int | None, budget: int
    ) -> None:
        """Walk ``path`` hex by hex; waiting shooters may fire as each hex is entered (seed 004
        "Opportunity fire"). Ends facing ``end_facing`` if allowed: any facing if at most half
        the MP were used, else one hex-side (digest §19.5)."""
        used = 0
        for h in path:
            direction = hexgrid.direction_to(c.pos, h)
            turns = hexgrid.facing_turns(c.facing, direction)
            used += 1 if turns == 0 else 2
            if turns == 1:
                c.facing = direction
            if hexgrid.distance(c.pos, h) == 2:
                used += 1
                if not self.pass_through(c, hexgrid.neighbour(c.pos, direction), h):
                    return
                continue
            people = self.occ.get(h, ())
            enemy_here = next((o for o in people if o.side != c.side and o.active), None)
            self.place(c, h)
            if enemy_here is not None:
                self.enter_close_combat(c, enemy_here, direction)
                return
            self.check_opportunity_fire(c)
            if not c.active or c.stunned:
                return
        if end_facing is not None:
            c.facing = (
                end_facing if used * 2 <= budget else hexgrid.turn_towards(c.facing, end_facing, 1)
            )

    def pass_through(self, c: Combatant, foe_hex: Hex, beyond: Hex) -> bool:
        """Move through ``foe_hex`` into ``beyond`` with an Evade; False when the move stops
        (seed 004 "Entering an enemy's hex" §15.6; digest §19.17)."""
        foe = self.evade_foe(c, foe_hex)
        if foe is None:
            if not self.free(foe_hex, c) or not self.free(beyond, c):
                return False
            for h in (foe_hex, beyond):
                self.place(c, h)
                self.check_opportunity_fire(c)
                if not c.active or c.stunned:
                    return False
            return True
        if not self.evade(c, foe) or not self.free(beyond, c):
            if not self.settings.evade_failure_stops_before:
                self.place(c, foe_hex)
                self.enter_close_combat(c, foe, c.facing)
            return False
        self.place(c, beyond)
        self.check_opportunity_fire(c)
        return c.active and not c.stunned

    def evade(self, c: Combatant, foe: Combatant) -> bool:
        """Evade: Quick Contest of the mover's DX (or Acrobatics) with the posture and arc
        modifiers against the foe's DX; a win passes through his hex, a loss or tie stops the
        move (seed 004 "Entering an enemy's hex" §15.4, §15.6; NOT IN SEED: GURPS 4e Basic Set
        rule "Evading", digest §19.17). Only during Move or Move and Attack."""
        if not manoeuvres.evade_allowed(c.maneuver):
            return False
        arc = hexgrid.arc_of(foe.pos, foe.facing, c.pos, self.settings.arcs)
        mine = manoeuvres.evade_skill(c.dx, c.skills) + manoeuvres.evade_modifier(foe.posture, arc)
        theirs = manoeuvres.evade_resistance(foe.dx, melee_skills(foe), self.settings)
        contest = quick_contest(self.dice, mine, theirs)
        won = manoeuvres.evade_succeeds(contest)
        if self.log_enabled:
            self.log(
                "move",
                c,
                f"{c.name} tries to evade past {foe.name} ({'passes' if won else 'stopped'})",
                foe.id,
                [contest.mine.roll, contest.theirs.roll],
                evade=True,
                skill=mine,
                resist=theirs,
                won=won,
            )
        return won

    def step_to(self, c: Combatant, h: Hex | None) -> None:
        """A step: one hex (or the combatant's step length) ignoring MP costs (digest §19.4)."""
        if h is None or h == c.pos:
            return
        self.place(c, h)
        self.check_opportunity_fire(c)

    def enter_close_combat(self, c: Combatant, enemy: Combatant, direction: int) -> None:
        """Entering an enemy's hex: both are in close combat; the entrant holds the half next to
        the hex he came from and faces the foe (seed 004 "Entering an enemy's hex" §15)."""
        c.close_with = enemy.id
        enemy.close_with = c.id
        c.half_from = (direction + 3) % 6
        enemy.half_from = direction
        c.facing = direction
        if self.log_enabled:
            self.log("move", c, f"{c.name} enters {enemy.name}'s hex: close combat", enemy.id)

    # ----------------------------------------------------------------- opportunity fire
    def check_opportunity_fire(self, mover: Combatant) -> None:
        """Shooters on Wait fire at once at the first target entering a watched hex (seed 004
        "Opportunity fire": must fire, friend or foe, unless they declared identification)."""
        for shooter in self.order:
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
            if not self.line_clear(shooter.pos, mover.pos):
                continue
            if self.log_enabled:
                self.log(
                    "wait",
                    shooter,
                    f"{shooter.name} opportunity fire at {mover.name}",
                    mover.id,
                    penalty=penalty,
                )
            self.ranged_attack(shooter, mover, shooter.weapon, extra=penalty, allow_aim=aim_ok)
            if not mover.active:
                return

    # ----------------------------------------------------------------- attacks
    def attack_skill_melee(
        self, att: Combatant, target: Combatant, weapon: Weapon, plan_kind: str, option: str
    ) -> tuple[int, bool]:
        """Effective melee skill and whether it is a wild swing (seed 004 and digest §19.6)."""
        skill = weapon_skill(att, weapon) - min(att.shock_now, 8)
        skill += POSTURE_ATTACK.get(att.posture, 0) + att.evaluate
        arc = hexgrid.arc_of(att.pos, att.facing, target.pos, self.settings.arcs)
        lr = hexgrid.side_of(att.pos, att.facing, target.pos) if arc == "side" else ""
        wild, awkward = tactics.is_wild_swing(arc, lr, att.traits, weapon.hands, att.side_hand)
        skill += awkward
        dist = hexgrid.distance(att.pos, target.pos)
        if dist >= 2:
            steps = hexgrid.line_steps(att.pos, target.pos)
            skill += tactics.melee_through_penalty(steps, self.side_at, att.side, self.settings)
        if plan_kind == "all_out_attack" and option == "determined" and not wild:
            skill += AOA_DETERMINED_MELEE  # Determined may not offset a wild swing (§6.6)
        if wild:
            modifier = tactics.wild_swing_modifier()
            # With Move and Attack only the worse of the two penalties applies (§6.7).
            skill = tactics.wild_swing_skill(skill, modifier, self.settings)
        elif plan_kind == "move_attack":
            skill = tactics.cap_skill(skill + MOVE_ATTACK_MELEE)
        return skill, wild

    def in_melee_reach(
        self, att: Combatant, target: Combatant, weapon: Weapon, long: bool = False
    ) -> bool:
        """The target is at one of the weapon's reaches that its current grip allows, and in the
        front hexes for that reach — or in a side/rear hex at that distance, a wild swing; in a
        shared hex only reach-C weapons strike (seed 004 "Reach", "Wild swings", "Weapons in
        close combat"; digest §2, §3, §6, §15.12). With All-Out Attack (Long) every reach is
        one yard longer but not past a standing or crouching person (digest §19.3)."""
        if not weapon.melee:
            return False
        if att.pos == target.pos:
            return not long and tactics.close_combat_weapon_ok(weapon.reaches)
        dist = hexgrid.distance(att.pos, target.pos)
        base = dist - manoeuvres.LONG_REACH_BONUS if long else dist
        if base not in weapon.reaches or (long and self.long_blocked(att, target)):
            return False
        if base > 0 and not tactics.can_use_reach(
            att.reach_setting, base, weapon.reach_change_ready
        ):
            return False
        if target.pos in tactics.melee_reach_hexes(att.pos, att.facing, dist, self.settings):
            return True
        arc = hexgrid.arc_of(att.pos, att.facing, target.pos, self.settings.arcs)
        return arc in ("side", "rear")

    def long_blocked(self, att: Combatant, target: Combatant, origin: Hex | None = None) -> bool:
        """A standing or crouching person between attacker (at ``origin`` if given) and target
        blocks the extra reach of All-Out Attack (Long) (NOT IN SEED: published GURPS 4e option,
        digest §19.3)."""
        start = att.pos if origin is None else origin
        postures = [
            o.posture
            for step in hexgrid.line_steps(start, target.pos)
            for h in step
            if h not in (start, target.pos)
            for o in self.occ.get(h, ())
            if o is not att
        ]
        return manoeuvres.long_blocked(postures)

    def feint(self, att: Combatant, target: Combatant, weapon: Weapon) -> int:
        """All-Out Attack (Feint): a Quick Contest of the attacker's weapon skill against the
        foe's best melee weapon or Shield skill (DX without one); the margin won is taken off
        the foe's next active defence against this attacker (NOT IN SEED: GURPS 4e Basic Set
        rule "Feint", digest §19.3, §19.1.6)."""
        mine = weapon_skill(att, weapon) - min(att.shock_now, 8)
        mine += POSTURE_ATTACK.get(att.posture, 0)
        shield = target.shield.skill if target.shield is not None else None
        theirs = manoeuvres.feint_resistance(melee_skills(target), shield, target.dx)
        contest = quick_contest(self.dice, mine, theirs)
        penalty = manoeuvres.feint_penalty(contest)
        if penalty > 0:
            target.feint_by = att.id
            target.feint_penalty = penalty
        if self.log_enabled:
            self.log(
                "attack",
                att,
                f"{att.name} feints at {target.name} (−{penalty} to defend)",
                target.id,
                [contest.mine.roll, contest.theirs.roll],
                feint=penalty,
                skill=mine,
                resist=theirs,
            )
        return penalty

    def melee_attack(
        self,
        att: Combatant,
        target: Combatant,
        weapon: Weapon,
        mode: str,
        plan_kind: str,
        option: str,
    ) -> None:
        """One melee attack: roll, defence, damage (digest §19.6, §19.8, §19.10); refused when
        the target is out of the weapon's current reach (seed 004 "Reach")."""
        long = plan_kind == "all_out_attack" and option == AOA_LONG
        if not self.in_melee_reach(att, target, weapon, long):
            if self.log_enabled:
                self.log("attack", att, f"{att.name} cannot reach {target.name}", target.id)
            return
        if plan_kind == "all_out_attack" and option == AOA_FEINT:
            self.feint(att, target, weapon)
        try:
            self.resolve_melee(att, target, weapon, mode, plan_kind, option)
        finally:
            # A feint counts against the next attack only (digest §19.3).
            if target.feint_by == att.id:
                target.feint_by = ""
                target.feint_penalty = 0

    def resolve_melee(
        self,
        att: Combatant,
        target: Combatant,
        weapon: Weapon,
        mode: str,
        plan_kind: str,
        option: str,
    ) -> None:
        """The attack roll, defence and damage of one melee attack already known to reach."""
        skill, wild = self.attack_skill_melee(att, target, weapon, plan_kind, option)
        att.evaluate = 0
        modes = {m.mode: m for m in weapon.modes}
        attack_mode = modes.get(mode) or next(m for m in weapon.modes if m.mode != "ranged")
        dist = hexgrid.distance(att.pos, target.pos)
        if wild and not tactics.wild_thrust_allowed(attack_mode.mode, dist):
            attack_mode = modes.get("swing", attack_mode)
        result = success_roll(self.dice, skill)
        if self.log_enabled:
            self.log(
                "attack",
                att,
                f"{att.name} attacks {target.name} with {weapon.name}"
                f" ({'hit' if result.success else 'miss'})",
                target.id,
                [result.roll],
                skill=skill,
                wild=wild,
                maneuver=plan_kind,
                **({"option": option} if plan_kind == "all_out_attack" and option else {}),
            )
        if not result.success:
            if result.critical:
                self.critical_miss(att, weapon)
            return
        bonus = 0
        if plan_kind == "all_out_attack" and option == "strong":
            bonus = strong_bonus(attack_mode.damage)
        elif plan_kind == "all_out_attack" and option == AOA_LONG:
            bonus = manoeuvres.long_damage_penalty(
                attack_mode.damage, attack_mode.mode, self.settings
            )
        if result.critical:
            self.hit(att, target, attack_mode.damage, bonus, critical=True)
            return
        if self.defend(target, att, ranged=False, thrown=False):
            return
        self.hit(att, target, attack_mode.damage, bonus, critical=False)

    def ranged_attack(
        self,
        att: Combatant,
        target: Combatant,
        weapon: Weapon,
        extra: int = 0,
        allow_aim: bool = True,
        plan_kind: str = "attack",
        option: str = "",
    ) -> None:
        """One ranged attack with the hex-map rules of seed 004: arc of vision or blind fire,
        −4 per person in the way, wrong target on a miss, overshooting after a dodge."""
        mode = next(m for m in weapon.modes if m.mode == "ranged")
        dist = hexgrid.distance(att.pos, target.pos)
        skill = weapon_skill(att, weapon) - min(att.shock_now, 8) + extra
        close = att.pos == target.pos
        if close:
            skill += tactics.close_combat_ranged_modifier(weapon.bulk)
        else:
            skill += tactics.range_modifier(dist)
        steps = hexgrid.line_steps(att.pos, target.pos)
        groups = tactics.people_in_the_way(steps, self.occupants_at, att.posture, self.settings)
        skill += tactics.in_the_way_penalty(groups)
        arc = hexgrid.arc_of(att.pos, att.facing, target.pos, self.settings.arcs)
        blind = not tactics.in_arc_of_vision(arc, att.traits)
        if plan_kind == "move_attack":
            skill += min(MOVE_ATTACK_RANGED, weapon.bulk)
        elif not blind and allow_aim and att.aim_turns > 0 and att.aim_target == target.id:
            skill += weapon.acc + min(2, att.aim_turns - 1)
        if plan_kind == "all_out_attack" and option == "determined":
            skill += AOA_DETERMINED_RANGED
        if blind:
            skill = tactics.blind_fire_skill(skill)
        att.aim_turns = 0
        att.aim_target = ""
        self.spend_shot(att, weapon)
        result = success_roll(self.dice, skill)
        if self.log_enabled:
            self.log(
                "shoot",
                att,
                f"{att.name} shoots {target.name} with {weapon.name}"
                f" ({'hit' if result.success else 'miss'})",
                target.id,
                [result.roll],
                skill=skill,
                blind=blind,
                in_the_way=[list(g.ids) for g in groups],
            )
        if not result.success:
            if result.critical:
                self.critical_miss(att, weapon)
            self.stray_chain(att, [g for g in groups], mode.damage, skill, weapon)
            return
        if result.critical:
            self.hit(att, target, mode.damage, 0, critical=True)
            return
        defended = self.defend(target, att, ranged=True, thrown=weapon.thrown, detail=True)
        if defended == "dodge":
            self.stray_chain(att, self.beyond(att, target, weapon), mode.damage, skill, weapon)
        elif not defended:
            self.hit(att, target, mode.damage, 0, critical=False)

    def beyond(self, att: Combatant, target: Combatant, weapon: Weapon) -> list[tactics.InTheWay]:
        """People past a target who dodged, along the extended line up to maximum range, nearest
        the target first (seed 004 "Overshooting and stray shots" §12.2)."""
        ax, ay = att.pos
        tx, ty = target.pos
        dist = max(1, hexgrid.distance(att.pos, target.pos))
        scale = max(2, weapon.max_range // dist if weapon.max_range else 2)
        scale = min(scale, 40 // dist + 1)
        far = (ax + (tx - ax) * scale, ay + (ty - ay) * scale)
        steps = [
            s for s in hexgrid.line_steps(att.pos, far) if hexgrid.distance(att.pos, s[0]) > dist
        ]
        out: list[tactics.InTheWay] = []
        for step in steps:
            if any(h in self.blocked for h in step) and len(step) == 1:
                break
            out.extend(
                tactics.people_in_the_way([step], self.occupants_at, att.posture, self.settings)
            )
        return out

    def stray_chain(
        self,
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
                self.dice.shuffle(ids)
            for cid in ids:
                victim = self.by_id[cid]
                if not victim.active:
                    continue
                result = success_roll(self.dice, number)
                if self.log_enabled:
                    self.log(
                        "stray",
                        att,
                        f"stray shot at {victim.name}",
                        cid,
                        [result.roll],
                        number=number,
                    )
                if not result.success:
                    continue
                outcome = self.defend(victim, att, ranged=True, thrown=weapon.thrown, detail=True)
                if outcome == "dodge":
                    continue
                if outcome:
                    return
                self.hit(att, victim, damage, 0, critical=False)
                return

    def spend_shot(self, att: Combatant, weapon: Weapon) -> None:
        """After a shot the weapon needs ``ready`` Ready maneuvers to reload; a thrown weapon is
        gone once its copies are used (NOT IN SEED: Basic Set weapon tables)."""
        if weapon.thrown:
            left = att.ammo.get(weapon.name, 1) - 1
            att.ammo[weapon.name] = left
            if left <= 0:
                att.broken.add(weapon.name)
                self.switch_to_best_melee(att, free=False)
            return
        att.ammo[weapon.name] = att.ammo.get(weapon.name, 1) - 1
        if weapon.reload > 0:
            att.loaded = False
            att.reload_left = weapon.reload

    def switch_to_best_melee(self, c: Combatant, free: bool) -> None:
        best = self.policy.best_melee_index(c)
        if best is not None and best != c.weapon_index:
            c.weapon_index = best
            c.weapon_ready = free or c.weapon.name == "Fist"
            c.reach_setting = c.weapon.max_reach if c.weapon.reach_change_ready else -1

    # ----------------------------------------------------------------- defence and damage
    def can_retreat(self, defender: Combatant, attacker: Combatant) -> Hex | None:
        """The hex straight away from the attacker, if free (seed 004 "Retreat" §17)."""
        if defender.pos == attacker.pos:
            return None
        away = hexgrid.neighbour(defender.pos, hexgrid.direction_to(attacker.pos, defender.pos))
        return away if self.free(away) else None

    def defend(
        self, target: Combatant, att: Combatant, *, ranged: bool, thrown: bool, detail: bool = False
    ) -> Any:
        """The defender's best active defence; True/kind when it succeeds (digest §19.10,
        flank and rear limits seed 004 §14). Aim is lost when defending (digest §19.3). With
        All-Out Defense (Double Defense) a failed defence may be followed by a different one
        against the same attack (digest §19.3)."""
        if not self.stays_conscious(target):
            return False
        tried: list[str] = []
        for _ in range(2 if target.aod_defence == AOD_DOUBLE else 1):
            outcome = self.defend_once(target, att, ranged, thrown, tried)
            if outcome is None:
                return False
            if outcome:
                return outcome if detail else True
            if not target.active or target.posture == "prone":
                return False
        return False

    def defend_once(
        self, target: Combatant, att: Combatant, ranged: bool, thrown: bool, tried: list[str]
    ) -> str | None:
        """One active-defence roll with the best defence of a kind not yet ``tried``: its kind
        on success, "" on failure, None when no defence is left."""
        arc = hexgrid.arc_of(target.pos, target.facing, att.pos, self.settings.arcs)
        lr = hexgrid.side_of(target.pos, target.facing, att.pos) if arc == "side" else ""
        hands = target.weapon.hands if target.weapon_ready else 1
        allowance = tactics.defence_allowance(arc, lr, target.traits, target.side_hand, hands)
        retreat_hex = self.can_retreat(target, att)
        choices = defence_choices(
            target,
            allowance,
            ranged=ranged,
            thrown=thrown,
            can_retreat=retreat_hex is not None,
            in_close_combat=bool(target.close_with) and target.pos == att.pos,
            settings=self.settings,
        )
        choices = [d for d in choices if d.kind not in tried]
        if not choices:
            return None
        choice: DefenceChoice = choices[0]
        tried.append(choice.kind)
        value = choice.value + (LOSE_BALANCE_DEFENCE if target.balance_lost else 0)
        if target.feint_by == att.id:
            # A won feint: its margin off this one defence (digest §19.3).
            value -= target.feint_penalty
            target.feint_by = ""
            target.feint_penalty = 0
        target.aim_turns = 0
        if choice.kind == "parry":
            target.parries[choice.weapon] = target.parries.get(choice.weapon, 0) + 1
        elif choice.kind == "block":
            target.blocked = True
        if choice.retreat and retreat_hex is not None:
            target.retreats += 1
            self.place(target, retreat_hex)
        result = success_roll(self.dice, value)
        if self.log_enabled:
            self.log(
                "defend",
                target,
                f"{target.name} {choice.kind}"
                f"{' and retreats' if choice.retreat else ''}"
                f" ({'success' if result.success else 'fail'})",
                att.id,
                [result.roll],
                value=value,
                arc=arc,
            )
        if result.success:
            return choice.kind
        if result.critical and choice.kind == "dodge":
            target.posture = "prone"
        return ""

    def stays_conscious(self, c: Combatant) -> bool:
        """At 0 HP or less, an HT roll (−1 per full multiple of HP below zero) once per turn,
        made when the combatant acts other than Do Nothing or makes a defence roll; failure =
        unconscious (NOT IN SEED: GURPS 4e Basic Set rule, digest §19.16)."""
        if c.hp > 0 or c.conscious_checked:
            return c.active
        c.conscious_checked = True
        awake, roll = consciousness_check(self.dice, c.hp, c.hp_max, c.ht)
        if self.log_enabled:
            self.log("status", c, f"{c.name} rolls to stay conscious", "", [roll], awake=awake)
        if not awake:
            self.take_out(c, "unconscious", None)
        return awake

    def hit(
        self, att: Combatant, target: Combatant, damage: DamageDice, bonus: int, critical: bool
    ) -> None:
        """Roll damage, subtract DR, apply the wounding modifier and the consequences
        (NOT IN SEED: GURPS 4e Basic Set rule, digest §19.8, §19.11–19.16)."""
        effect = "normal"
        if critical:
            effect = CRITICAL_HIT[self.dice.three_d6()]
        if effect == "max":
            basic = damage.dice * 6 + damage.adds + bonus
        else:
            basic = roll_basic_damage(self.dice, damage, bonus)
        basic *= damage_multiplier(effect)
        dr = target.dr // 2 if effect == "half_dr" else target.dr
        amount = injury_amount(basic, dr, damage.kind, damage.divisor)
        if effect == "drop":
            target.weapon_ready = target.weapon.name == "Fist"
        self.apply_injury(
            att,
            target,
            amount,
            basic,
            force_major=effect == "major" and amount > 0,
            shock_multiplier=2 if effect == "double_shock" else 1,
            effect=effect,
        )

    def apply_injury(
        self,
        att: Combatant | None,
        target: Combatant,
        amount: int,
        basic: int = 0,
        force_major: bool = False,
        shock_multiplier: int = 1,
        effect: str = "normal",
    ) -> None:
        old_hp = target.hp
        if att is not None and att is not target and amount > 0:
            target.last_hit_by = att.id
        outcome = resolve_injury(
            self.dice,
            injury=amount,
            old_hp=old_hp,
            hp_max=target.hp_max,
            ht=target.ht,
            traits=target.traits,
            force_major=force_major,
            shock_multiplier=shock_multiplier,
        )
        target.hp -= amount
        target.hp_lost += amount
        # Shock: at most −4, −8 only with Low Pain Threshold or a critical's double shock
        # (NOT IN SEED: GURPS 4e Basic Set rule, digest §19.14, §19.8).
        cap = SHOCK_CAP
        if "low-pain-threshold" in target.traits or shock_multiplier > 1:
            cap = 2 * SHOCK_CAP
        target.shock_pending = max(
            target.shock_pending, min(cap, target.shock_pending + outcome.shock)
        )
        if self.log_enabled:
            self.log(
                "damage",
                att or target,
                f"{target.name} takes {amount} injury ({basic} basic)",
                target.id,
                outcome.rolls,
                injury=amount,
                hp=target.hp,
                effect=effect,
                major=outcome.major,
            )
        if outcome.dead:
            self.take_out(target, "dead", att)
        elif outcome.unconscious:
            target.mortal = target.mortal or outcome.mortal
            self.take_out(target, "unconscious", att)
        elif outcome.knocked_down:
            target.stunned = True
            target.posture = "prone"
            target.weapon_ready = target.weapon.name == "Fist"

    def take_out(self, c: Combatant, status: str, by: Combatant | None) -> None:
        if c.status != "fighting":
            if status == "dead" and c.status == "unconscious":
                c.status = "dead"
            return
        c.status = status
        c.wait_hexes = frozenset()
        if by is None and c.last_hit_by:
            by = self.by_id[c.last_hit_by]
        if by is not None and by is not c:
            c.taken_out_by = by.id
            by.takedowns.append(c.id)
        self.remove(c)
        if self.log_enabled:
            self.log("status", c, f"{c.name} is {status}", by.id if by else "")

    def critical_miss(self, att: Combatant, weapon: Weapon) -> None:
        """Roll on the critical miss table (digest §19.9, entries uncertain, as data)."""
        effect = CRITICAL_MISS[self.dice.three_d6()]
        if self.log_enabled:
            self.log("critical", att, f"{att.name} critical miss: {effect}", data_effect=effect)
        if weapon.name == "Fist":
            effect = "lose_balance" if effect in ("breaks", "drop", "turns") else effect
        if effect == "breaks":
            att.broken.add(weapon.name)
            self.switch_to_best_melee(att, free=False)
        elif effect in ("drop", "turns"):
            att.weapon_ready = False
        elif effect == "lose_balance":
            att.balance_lost = True
        elif effect == "fall":
            att.posture = "prone"
        elif effect == "hit_self":
            mode = weapon.modes[0]
            basic = roll_basic_damage(self.dice, mode.damage)
            amount = injury_amount(basic, att.dr, mode.damage.kind)
            self.apply_injury(None, att, amount, basic, effect="hit_self")

    # ----------------------------------------------------------------- turns
    def start_turn(self, c: Combatant) -> bool:
        """Reset per-turn state; stun and flee checks. False when the combatant cannot act this
        second (a stunned one Does Nothing, so makes no 0-HP consciousness roll)."""
        c.shock_now = c.shock_pending
        c.shock_pending = 0
        c.parries = {}
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
            ok, roll = stun_recovery(self.dice, c.ht)
            if ok:
                c.stunned = False
            if self.log_enabled:
                self.log("status", c, f"{c.name} is stunned", "", [roll], recovers=ok)
            return False
        if c.balance_lost:
            c.balance_lost = False
            c.maneuver = "do_nothing"
            return False
        if not c.fleeing and c.hp < c.hp_max * self.settings.flee_hp_fraction:
            will = c.will - (2 if c.has("cowardice") else 0)
            result = success_roll(self.dice, will)
            if not result.success:
                c.fleeing = True
                if self.log_enabled:
                    self.log("status", c, f"{c.name} breaks and flees", "", [result.roll])
        return True

    def take_turn(self, c: Combatant) -> None:
        """One combatant's second: any maneuver but Do Nothing needs the 0-HP consciousness
        roll first (digest §19.16)."""
        if not self.start_turn(c):
            return
        if c.fleeing:
            if self.stays_conscious(c):
                self.flee(c)
            return
        plan = self.policy.choose(self, c)
        if plan.kind != "do_nothing" and not self.stays_conscious(c):
            return
        self.execute(c, plan)

    def flee(self, c: Combatant) -> None:
        """Engine policy, not a GURPS rule: a broken combatant runs for its own map edge and
        leaves the battle when it reaches it."""
        edge_col = 0 if c.side == "a" else self.layout.width - 1
        c.maneuver = "move"
        tree = self.reachable(c, c.move)
        goal = min(
            tree, key=lambda h: (abs(hexgrid.axial_to_offset(h)[0] - edge_col), tree[h][0], h)
        )
        path = self.path_to(tree, goal)
        self.move_along(c, path, None, c.move)
        if c.active and hexgrid.axial_to_offset(c.pos)[0] == edge_col:
            self.take_out(c, "fled", None)

    def execute(self, c: Combatant, plan: Plan) -> None:
        """Carry out one maneuver (digest §19.3 maneuver table)."""
        c.maneuver = plan.kind
        kind = plan.kind
        if kind != "aim":
            c.aim_turns = 0 if kind != "wait" else c.aim_turns
        if kind in ("attack", "all_out_attack", "move_attack"):
            target = self.by_id[plan.target]
            if plan.weapon >= 0 and plan.weapon != c.weapon_index:
                c.weapon_index = plan.weapon
            if kind == "attack" and plan.option == POP_UP:
                self.pop_up_attack(c, target, plan)
                return
            if kind == "move_attack":
                self.move_along(c, plan.path, plan.facing, c.move)
            elif kind == "all_out_attack":
                c.no_defence = True
                self.step_to(c, plan.step_before)
            else:
                self.step_to(c, plan.step_before)
            if plan.facing is not None and kind != "move_attack":
                c.facing = plan.facing
            if not c.active or not target.active:
                return
            weapon = c.weapon
            if weapon.ranged and plan.mode == "ranged":
                self.ranged_attack(c, target, weapon, plan_kind=kind, option=plan.option)
            else:
                self.melee_attack(c, target, weapon, plan.mode, kind, plan.option)
                if kind == "all_out_attack" and plan.option == "double" and target.active:
                    self.melee_attack(c, target, weapon, plan.mode, kind, "")
            if (
                kind == "attack"
                and c.active
                and plan.step_after is not None
                and self.free(plan.step_after)
            ):
                self.step_to(c, plan.step_after)
        elif kind == "move":
            self.move_along(c, plan.path, plan.facing, c.move)
        elif kind == "aim":
            self.step_to(c, plan.step_before)
            if plan.facing is not None:
                c.facing = plan.facing
            if c.aim_target == plan.target:
                c.aim_turns += 1
            else:
                c.aim_target = plan.target
                c.aim_turns = 1
        elif kind == "ready":
            self.step_to(c, plan.step_before)
            if plan.facing is not None:
                c.facing = plan.facing
            self.ready(c, plan)
        elif kind == "wait":
            c.wait_hexes = frozenset(plan.watch)
            c.wait_identify = plan.identify
            if plan.facing is not None:
                c.facing = plan.facing
        elif kind == "all_out_defense":
            # Increased Dodge allows half Move, the other options a step (digest §19.3).
            c.aod_defence = plan.option
            if plan.option == AOD_INCREASED_DODGE and plan.path:
                self.move_along(c, plan.path, plan.facing, c.move // 2)
            else:
                self.step_to(c, plan.step_before)
                if plan.facing is not None:
                    c.facing = plan.facing
        elif kind == "change_posture":
            c.posture = plan.option or "standing"
        elif kind == "evaluate":
            c.evaluate = min(3, c.evaluate + 1)
            if plan.facing is not None:
                c.facing = plan.facing

    def pop_up_attack(self, c: Combatant, target: Combatant, plan: Plan) -> None:
        """Pop-up attack: from behind cover move at most 1 hex, shoot at −2 with no Aim (only
        Dodge against opportunity fire meanwhile), and return to cover in the same turn; not
        with bows or slings (seed 004 "Pop-up attacks"; digest §11)."""
        weapon = c.weapon
        origin = c.pos
        if (
            not weapon.ranged
            or not tactics.pop_up_allowed(weapon.kind)
            or (plan.step_before is not None and hexgrid.distance(origin, plan.step_before) > 1)
        ):
            return
        c.dodge_only = True
        self.step_to(c, plan.step_before)
        if plan.facing is not None:
            c.facing = plan.facing
        if c.active and not c.stunned and target.active:
            if self.log_enabled:
                self.log("attack", c, f"{c.name} pops up from cover", target.id)
            self.ranged_attack(c, target, weapon, extra=tactics.POP_UP_PENALTY, allow_aim=False)
        if c.active and c.pos != origin and self.free(origin, c):
            self.place(c, origin)
        c.dodge_only = False

    def ready(self, c: Combatant, plan: Plan) -> None:
        """Ready: reload, draw another weapon, pick one up or change reach (seed 004 "Reach",
        digest §3); in close combat readying needs a DX roll (seed 004 §15.14)."""
        if c.close_with and plan.option in ("switch", "pickup"):
            result = success_roll(self.dice, c.dx)
            if self.log_enabled:
                self.log("ready", c, f"{c.name} readies in close combat", "", [result.roll])
            if not result.success:
                return
        if plan.option == "reload":
            c.reload_left = max(0, c.reload_left - 1)
            if c.reload_left == 0:
                c.loaded = True
        elif plan.option == "switch":
            c.weapon_index = plan.weapon
            c.weapon_ready = True
            c.reach_setting = c.weapon.max_reach if c.weapon.reach_change_ready else -1
            c.loaded = not c.weapon.ranged or c.weapon.thrown or c.reload_left == 0
        elif plan.option == "pickup":
            c.weapon_ready = True
        elif plan.option == "reach":
            c.reach_setting = plan.reach

    # ----------------------------------------------------------------- main loop
    def record_positions(self) -> None:
        snapshot = []
        for c in self.all:
            col, row = hexgrid.axial_to_offset(c.pos)
            snapshot.append(
                UnitPosition(
                    c.id,
                    c.side,
                    float(col),
                    float(row),
                    c.active,
                    1 if c.active else 0,
                    float(c.facing),
                    1.0,
                    1.0,
                    c.status,
                )
            )
        self.positions.append(snapshot)

    def side_alive(self, side: str) -> bool:
        return any(c.active for c in self.sides[side])

    def run(self) -> None:
        self.record_positions()
        while self.second < self.max_seconds:
            self.second += 1
            for c in self.order:
                if c.active:
                    self.take_turn(c)
                if not self.side_alive("a") or not self.side_alive("b"):
                    break
            self.record_positions()
            if not self.side_alive("a") or not self.side_alive("b"):
                break

    def winner(self) -> tuple[str | None, dict[str, int]]:
        """Victory when the other side is all dead, unconscious or fled; at the time limit the
        side that took down more character points wins (engine choice)."""
        scores = {
            side: sum(e.points for e in self.sides["b" if side == "a" else "a"] if not e.active)
            for side in ("a", "b")
        }
        alive_a, alive_b = self.side_alive("a"), self.side_alive("b")
        if alive_a and not alive_b:
            return "a", scores
        if alive_b and not alive_a:
            return "b", scores
        if not alive_a and not alive_b:
            return None, scores
        if scores["a"] == scores["b"]:
            return None, scores
        return ("a" if scores["a"] > scores["b"] else "b"), scores
