"""The policy both sides play: keep facing toward threats, use reach to stay out of shorter
reach, aim when it helps, All-Out Defense when badly hurt, opportunity fire when nothing is in
sight. Engine choices, not rules; swap :class:`Policy` to change behaviour.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.engine import hexgrid
from rules.engine.hexgrid import Hex
from rules.engine.systems.hextactical import manoeuvres, melee, movement, tactics
from rules.engine.systems.hextactical.combatant import Combatant, Weapon
from rules.engine.systems.hextactical.damage import WOUNDING
from rules.engine.systems.hextactical.defence import (
    block_value,
    dodge_value,
    melee_skills,
    parry_value,
    weapon_skill,
)
from rules.engine.systems.hextactical.plan import (
    AOA_FEINT,
    AOA_LONG,
    AOD_DOUBLE,
    AOD_INCREASED_DODGE,
    POP_UP,
    Plan,
)
from rules.engine.systems.hextactical.rolls import (
    quick_contest_win_probability,
    success_probability,
)

if TYPE_CHECKING:
    from rules.engine.systems.hextactical.battle import Battle

BADLY_HURT = 1.0 / 3.0
AOA_DOUBLE_SKILL = 13
AOA_STRONG_DR = 4
POP_UP_MIN_SKILL = 6
WATCH_RADIUS = 4
#: Feint (All-Out Attack) against a defender whose best defence is at least this.
FEINT_MIN_DEFENCE = 12
#: Try an Evade past a foe only when the chance of winning every contest is at least this.
EVADE_MIN_CHANCE = 0.12


def expected_damage(weapon: Weapon) -> float:
    best = 0.0
    for mode in weapon.modes:
        value = (mode.damage.dice * 3.5 + mode.damage.adds) * WOUNDING[mode.damage.kind]
        best = max(best, value)
    return best


def best_defence(c: Combatant) -> int:
    """The best of Dodge, Parry with the ready weapon and Block (shield DB included)."""
    values = [dodge_value(c)]
    db = c.shield.db if c.shield is not None else 0
    if c.weapon.melee and c.weapon.parry_mod is not None and c.weapon_ready:
        values.append(parry_value(c, c.weapon))
    if c.shield is not None:
        values.append(block_value(c, c.shield))
    return max(values) + db


def threats_near(
    b: Battle, c: Combatant, enemies: list[Combatant], target: Combatant | None
) -> list[Combatant]:
    """Enemies other than ``target`` that could reach ``c`` next turn."""
    return [
        e
        for e in enemies
        if e is not target and hexgrid.distance(c.pos, e.pos) <= e.move + max_enemy_reach(e)
    ]


def max_enemy_reach(c: Combatant) -> int:
    return max((w.max_reach for w in c.weapons if w.melee and w.name not in c.broken), default=0)


class Policy:
    """Default AI. ``choose`` returns one :class:`Plan` per second."""

    def best_melee_index(self, c: Combatant) -> int | None:
        best: tuple[float, int] | None = None
        for index, weapon in enumerate(c.weapons):
            if not weapon.melee or weapon.name in c.broken:
                continue
            score = expected_damage(weapon) + (0 if weapon.name == "Fist" else 100)
            if best is None or score > best[0]:
                best = (score, index)
        return None if best is None else best[1]

    def choose(self, b: Battle, c: Combatant) -> Plan:
        enemies = b.enemies(c)
        if not enemies:
            return Plan("do_nothing")
        if c.posture != "standing":
            return Plan("change_posture", option="standing")
        if c.weapon.name in c.broken:
            index = self.best_melee_index(c)
            return Plan("ready", option="switch", weapon=index if index is not None else 0)
        if not c.weapon_ready:
            return Plan("ready", option="pickup")
        if c.close_with:
            plan = self.close_combat(b, c)
            if plan is not None:
                return plan
        nearest = min(enemies, key=lambda e: (hexgrid.distance(c.pos, e.pos), e.id))
        dist = hexgrid.distance(c.pos, nearest.pos)
        if c.hp < c.hp_max * BADLY_HURT and dist <= nearest.move + max_enemy_reach(nearest):
            return self.all_out_defense(b, c, nearest)
        if c.weapon.ranged and (c.weapon.thrown or not c.weapon.melee):
            return self.ranged(b, c, enemies, nearest)
        if not c.weapon.melee:
            index = self.best_melee_index(c)
            return Plan("ready", option="switch", weapon=index if index is not None else 0)
        return self.melee(b, c, enemies, nearest)

    # --------------------------------------------------------------- defence
    def all_out_defense(self, b: Battle, c: Combatant, threat: Combatant) -> Plan:
        """All-Out Defense: Double Defense when two defences together beat +2 on the best one,
        else Increased Defense on the best (Increased Dodge moving up to half Move away, the
        others stepping away) (digest §19.3)."""
        values = {"dodge": dodge_value(c)}
        if c.weapon.melee and c.weapon.parry_mod is not None and c.weapon_ready:
            values["parry"] = parry_value(c, c.weapon)
        if c.shield is not None:
            values["block"] = block_value(c, c.shield)
        ranked = sorted(sorted(values), key=lambda k: -values[k])
        kind = ranked[0]
        p_best = float(success_probability(values[kind]))
        increased = float(success_probability(values[kind] + 2))
        if len(ranked) > 1:
            p_second = float(success_probability(values[ranked[1]]))
            if 1 - (1 - p_best) * (1 - p_second) > increased:
                kind = AOD_DOUBLE
        if kind == AOD_INCREASED_DODGE:
            tree = movement.reachable(b, c, max(1, c.move // 2))
            goal = max(tree, key=lambda h: (hexgrid.distance(h, threat.pos), -tree[h][0], h))
            return Plan(
                "all_out_defense",
                option=kind,
                path=movement.path_to(tree, goal),
                facing=hexgrid.direction_to(goal, threat.pos) if goal != threat.pos else None,
            )
        step = None
        best = hexgrid.distance(c.pos, threat.pos)
        for n in hexgrid.neighbours(c.pos):
            if b.board.free(n) and hexgrid.distance(n, threat.pos) > best:
                step, best = n, hexgrid.distance(n, threat.pos)
        end = step or c.pos
        return Plan(
            "all_out_defense",
            option=kind,
            step_before=step,
            facing=hexgrid.direction_to(end, threat.pos),
        )

    # --------------------------------------------------------------- close combat
    def close_combat(self, b: Battle, c: Combatant) -> Plan | None:
        """In a shared hex: attack with a reach-C weapon, or step out into a hex next to one's
        own half and attack at reach 1, or Ready a short weapon (seed 004 §15)."""
        enemy = b.by_id.get(c.close_with)
        if enemy is None or not enemy.active or enemy.pos != c.pos:
            c.close_with = ""
            return None
        weapon = c.weapon
        if weapon.melee and 0 in weapon.reaches:
            return Plan("attack", target=enemy.id, weapon=c.weapon_index, mode=self.mode(weapon))
        if (
            weapon.melee
            and 1 in weapon.reaches
            and (not weapon.reach_change_ready or c.reach_setting == 1)
        ):
            for h in tactics.leave_hexes(c.pos, c.half_from):
                if b.board.free(h):
                    return Plan(
                        "attack",
                        target=enemy.id,
                        weapon=c.weapon_index,
                        mode=self.mode(weapon),
                        step_before=h,
                        facing=hexgrid.direction_to(h, enemy.pos),
                    )
        for index, other in enumerate(c.weapons):
            if (
                other.melee
                and 0 in other.reaches
                and other.name not in c.broken
                and other.name != "Fist"
            ):
                return Plan("ready", option="switch", weapon=index)
        fist = next(i for i, w in enumerate(c.weapons) if w.name == "Fist")
        c.weapon_index = fist
        c.weapon_ready = True
        return Plan("attack", target=enemy.id, weapon=fist, mode="thrust")

    @staticmethod
    def mode(weapon: Weapon) -> str:
        melee_modes = [m for m in weapon.modes if m.mode != "ranged"]
        best = max(
            melee_modes,
            key=lambda m: (m.damage.dice * 3.5 + m.damage.adds) * WOUNDING[m.damage.kind],
        )
        return best.mode

    # --------------------------------------------------------------- melee
    def usable_reaches(self, c: Combatant, weapon: Weapon) -> tuple[int, ...]:
        if weapon.reach_change_ready and c.reach_setting >= 0:
            return (c.reach_setting,)
        return weapon.reaches

    def melee(self, b: Battle, c: Combatant, enemies: list[Combatant], nearest: Combatant) -> Plan:
        weapon = c.weapon
        reaches = self.usable_reaches(c, weapon)
        options: list[tuple[tuple, Plan]] = []
        starts = [c.pos] + [n for n in hexgrid.neighbours(c.pos) if b.board.free(n)]
        for p in starts:
            for e in enemies:
                d = hexgrid.distance(p, e.pos)
                if d not in reaches or (d == 0 and p != c.pos):
                    continue
                facing = hexgrid.direction_to(p, e.pos) if d > 0 else c.facing
                if d > 0 and e.pos not in tactics.melee_reach_hexes(p, facing, d, b.settings):
                    continue
                score = (p != c.pos, e.hp / e.hp_max, -d, e.id, p)
                options.append(
                    (
                        score,
                        Plan(
                            "attack",
                            target=e.id,
                            weapon=c.weapon_index,
                            mode=self.mode(weapon),
                            step_before=None if p == c.pos else p,
                            facing=facing,
                            reach=d,
                        ),
                    )
                )
        if options:
            options.sort(key=lambda o: o[0])
            plan = options[0][1]
            target = b.by_id[plan.target]
            if plan.step_before is None:
                plan.step_after = self.back_off(b, c, target, plan.facing)
            threats = [
                e
                for e in enemies
                if e is not target and hexgrid.distance(c.pos, e.pos) <= e.move + max_enemy_reach(e)
            ]
            skill = weapon_skill(c, weapon)
            if not threats and (
                target.stunned or target.posture != "standing" or not target.weapon_ready
            ):
                plan.kind = "all_out_attack"
                plan.option = self.all_out_option(skill, target)
                plan.step_after = None
            elif not threats and plan.step_after is None and self.feint_worth_it(c, skill, target):
                plan.kind = "all_out_attack"
                plan.option = AOA_FEINT
                plan.step_after = None
            return plan
        long = self.long_attack(b, c, enemies, reaches)
        if long is not None and not threats_near(b, c, enemies, b.by_id[long.target]):
            return long
        if weapon.reach_change_ready:
            d = hexgrid.distance(c.pos, nearest.pos)
            if d in weapon.reaches and d != c.reach_setting:
                return Plan(
                    "ready",
                    option="reach",
                    reach=d,
                    facing=hexgrid.direction_to(c.pos, nearest.pos),
                )
        evade = self.evade_approach(b, c, enemies, nearest, reaches)
        if evade is not None:
            return evade
        return self.approach(b, c, nearest, reaches)

    @staticmethod
    def feint_worth_it(c: Combatant, skill: int, target: Combatant) -> bool:
        """Feint (All-Out Attack) at a defender with a high best defence when one's skill is at
        least his resisting skill (engine choice; rule digest §19.3)."""
        if best_defence(target) < FEINT_MIN_DEFENCE:
            return False
        shield = target.shield.skill if target.shield is not None else None
        return skill >= manoeuvres.feint_resistance(melee_skills(target), shield, target.dx)

    def long_attack(
        self, b: Battle, c: Combatant, enemies: list[Combatant], reaches: tuple[int, ...]
    ) -> Plan | None:
        """All-Out Attack (Long) when an enemy is one yard beyond the weapon's reach from here or
        after a forward step (engine choice; rule digest §19.3)."""
        long = manoeuvres.long_reaches(reaches)
        starts = [c.pos] + [
            n for n in hexgrid.front_hexes(c.pos, c.facing) if b.board.free(n) and n != c.pos
        ]
        best: tuple[tuple, Plan] | None = None
        for p in starts:
            for e in enemies:
                d = hexgrid.distance(p, e.pos)
                if d not in long or d in reaches:
                    continue
                facing = hexgrid.direction_to(p, e.pos)
                if e.pos not in tactics.melee_reach_hexes(p, facing, d, b.settings):
                    continue
                if melee.long_blocked(b, c, e, p):
                    continue
                key = (p != c.pos, e.hp / e.hp_max, e.id, p)
                if best is None or key < best[0]:
                    plan = Plan(
                        "all_out_attack",
                        target=e.id,
                        weapon=c.weapon_index,
                        mode=self.mode(c.weapon),
                        step_before=None if p == c.pos else p,
                        facing=facing,
                        option=AOA_LONG,
                    )
                    best = (key, plan)
        return None if best is None else best[1]

    def evade_approach(
        self,
        b: Battle,
        c: Combatant,
        enemies: list[Combatant],
        nearest: Combatant,
        reaches: tuple[int, ...],
    ) -> Plan | None:
        """Move and Attack past a foe by Evading when that brings a shooter (a better target)
        into reach this turn and the contests are not hopeless (engine choice; rules seed 004
        §15.6, digest §19.17)."""
        soft = [
            e
            for e in enemies
            if e is not nearest
            and e.weapon.ranged
            and not e.weapon.melee
            and hexgrid.distance(c.pos, e.pos) <= c.move + max(reaches) + 1
        ]
        if not soft or reaches == (0,):
            return None
        tree = movement.reachable(b, c, c.move, evade=True)
        best: tuple[tuple, Hex, Combatant] | None = None
        for h, (cost, _, _) in tree.items():
            for e in soft:
                d = hexgrid.distance(h, e.pos)
                if d == 0 or d not in reaches:
                    continue
                key = (e.hp / e.hp_max, cost, e.id, h)
                if best is None or key < best[0]:
                    best = (key, h, e)
        if best is None:
            return None
        _, goal, target = best
        path = movement.path_to(tree, goal)
        chance, here = 1.0, c.pos
        for h in path:
            if hexgrid.distance(here, h) == 2:
                foe_hex = hexgrid.neighbour(here, hexgrid.direction_to(here, h))
                foe = movement.evade_foe(b, c, foe_hex)
                if foe is None:
                    return None
                arc = hexgrid.arc_of(foe.pos, foe.facing, here, b.settings.arcs)
                mine = manoeuvres.evade_skill(c.dx, c.skills) + manoeuvres.evade_modifier(
                    foe.posture, arc
                )
                theirs = manoeuvres.evade_resistance(foe.dx, melee_skills(foe), b.settings)
                chance *= quick_contest_win_probability(mine, theirs)
            here = h
        if chance == 1.0 or chance < EVADE_MIN_CHANCE:
            return None
        return Plan(
            "move_attack",
            target=target.id,
            weapon=c.weapon_index,
            mode=self.mode(c.weapon),
            path=path,
            facing=hexgrid.direction_to(goal, target.pos),
        )

    @staticmethod
    def all_out_option(skill: int, target: Combatant) -> str:
        """All-Out Attack option: Determined (+4) at low skill, Strong against heavy armour,
        else Double (two attacks) (digest §19.3)."""
        if skill < AOA_DOUBLE_SKILL:
            return "determined"
        return "strong" if target.dr >= AOA_STRONG_DR else "double"

    def back_off(
        self, b: Battle, c: Combatant, target: Combatant, facing: int | None
    ) -> Hex | None:
        """After attacking, step out of a shorter-reach foe's reach (seed 004 "Long weapon
        tactics" §4.2)."""
        mine = max(self.usable_reaches(c, c.weapon))
        theirs = max_enemy_reach(target)
        if mine <= theirs or (target.weapon.ranged and not target.weapon.melee):
            return None
        safe = theirs + target.step
        best: tuple[int, Hex] | None = None
        for n in hexgrid.neighbours(c.pos):
            d = hexgrid.distance(n, target.pos)
            if not b.board.free(n) or d <= theirs or d > mine + 1:
                continue
            key = (0 if d > safe else 1, n)
            if best is None or key < best:
                best = key
        return None if best is None else best[1]

    def approach(
        self, b: Battle, c: Combatant, target: Combatant, reaches: tuple[int, ...]
    ) -> Plan:
        """Move toward the target to the weapon's reach; Move and Attack at a shooter, and
        move into the foe's hex with a reach-C-only weapon (seed 004 "Entering an enemy's hex")."""
        only_close = reaches == (0,)
        enter = {target.pos} if only_close and not target.close_with else None
        tree = movement.reachable(b, c, c.move, enter)
        want = 0 if only_close else max(reaches)
        if enter and target.pos in tree:
            return Plan("move", target=target.id, path=movement.path_to(tree, target.pos))
        best = min(
            tree,
            key=lambda h: (
                abs(hexgrid.distance(h, target.pos) - max(want, 1)),
                hexgrid.distance(h, target.pos),
                tree[h][0],
                h,
            ),
        )
        facing = hexgrid.direction_to(best, target.pos)
        path = movement.path_to(tree, best)
        in_reach = hexgrid.distance(best, target.pos) in reaches
        soft = target.stunned or (target.weapon.ranged and not target.weapon.melee)
        if in_reach and soft and path:
            return Plan(
                "move_attack",
                target=target.id,
                weapon=c.weapon_index,
                mode=self.mode(c.weapon),
                path=path,
                facing=facing,
            )
        return Plan("move", path=path, facing=facing)

    # --------------------------------------------------------------- ranged
    def ranged(self, b: Battle, c: Combatant, enemies: list[Combatant], nearest: Combatant) -> Plan:
        weapon = c.weapon
        dist = hexgrid.distance(c.pos, nearest.pos)
        melee_index = self.best_melee_index(c)
        if dist <= 1 and melee_index is not None and c.weapons[melee_index].name != "Fist":
            return Plan(
                "ready",
                option="switch",
                weapon=melee_index,
                facing=hexgrid.direction_to(c.pos, nearest.pos),
            )
        if not c.loaded and not weapon.thrown:
            return Plan("ready", option="reload", facing=hexgrid.direction_to(c.pos, nearest.pos))
        best: tuple[tuple, Combatant] | None = None
        for e in enemies:
            d = hexgrid.distance(c.pos, e.pos)
            if d > weapon.max_range or not b.board.line_clear(c.pos, e.pos):
                continue
            if weapon.thrown and d > max(3, weapon.half_range // 2):
                continue
            steps = hexgrid.line_steps(c.pos, e.pos)
            groups = tactics.people_in_the_way(steps, b.board.occupants_at, c.posture, b.settings)
            skill = (
                weapon_skill(c, weapon)
                + tactics.range_modifier(d)
                + tactics.in_the_way_penalty(groups)
            )
            friends_in_way = any(b.by_id[i].side == c.side for g in groups for i in g.ids)
            key = (friends_in_way, -skill, e.hp / e.hp_max, e.id)
            if best is None or key < best[0]:
                best = (key, e)
        if best is None:
            pop_up = self.pop_up(b, c, enemies)
            if pop_up is not None:
                return pop_up
            if weapon.thrown:
                return self.approach(b, c, nearest, (max(1, min(3, weapon.half_range)),))
            return self.wait(b, c, nearest)
        target = best[1]
        facing = hexgrid.direction_to(c.pos, target.pos)
        threatened = any(
            hexgrid.distance(c.pos, e.pos) <= e.move + max_enemy_reach(e) for e in enemies
        )
        if weapon.acc > 0 and not threatened and (c.aim_target != target.id or c.aim_turns < 3):
            return Plan("aim", target=target.id, facing=facing)
        return Plan("attack", target=target.id, weapon=c.weapon_index, mode="ranged", facing=facing)

    def pop_up(self, b: Battle, c: Combatant, enemies: list[Combatant]) -> Plan | None:
        """With no line of fire from cover, a pop-up attack through a free neighbouring hex that
        has one, at the best-skill target (seed 004 "Pop-up attacks"; not bows or slings)."""
        weapon = c.weapon
        if not tactics.pop_up_allowed(weapon.kind) or (not c.loaded and not weapon.thrown):
            return None
        best: tuple[tuple, Plan] | None = None
        for n in hexgrid.neighbours(c.pos):
            if not b.board.free(n):
                continue
            for e in enemies:
                d = hexgrid.distance(n, e.pos)
                if d > weapon.max_range or d == 0 or not b.board.line_clear(n, e.pos):
                    continue
                skill = weapon_skill(c, weapon) + tactics.range_modifier(d)
                if skill + tactics.POP_UP_PENALTY < POP_UP_MIN_SKILL:
                    continue
                key = (-skill, e.hp / e.hp_max, e.id, n)
                if best is None or key < best[0]:
                    plan = Plan(
                        "attack",
                        target=e.id,
                        weapon=c.weapon_index,
                        mode="ranged",
                        step_before=n,
                        facing=hexgrid.direction_to(n, e.pos),
                        option=POP_UP,
                    )
                    best = (key, plan)
        return None if best is None else best[1]

    def wait(self, b: Battle, c: Combatant, nearest: Combatant) -> Plan:
        """Opportunity fire over the front-arc hexes in sight (seed 004 "Opportunity fire")."""
        facing = hexgrid.direction_to(c.pos, nearest.pos)
        watch = []
        for radius in range(1, WATCH_RADIUS + 1):
            for h in hexgrid.arc_hexes(c.pos, facing, radius, "front", b.settings.arcs):
                if (
                    b.board.in_bounds(h)
                    and h not in b.board.blocked
                    and b.board.line_clear(c.pos, h)
                ):
                    watch.append(h)
        identify = any(hexgrid.distance(f.pos, c.pos) <= WATCH_RADIUS + 2 for f in b.friends(c))
        if not watch:
            return Plan("move", path=[], facing=facing)
        return Plan("wait", watch=tuple(watch), identify=identify, facing=facing)
