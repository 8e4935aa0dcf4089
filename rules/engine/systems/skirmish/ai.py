"""The default AI policy for both sides: advance using cover, shoot when in range, go for
knocked-down enemies but spread the charges, keep the leader near the warband. Swappable:
pass another object with the same methods to ``resolve_battle(policy=...)``."""

from __future__ import annotations

import math

from rules.engine.geometry import Point
from rules.engine.kernel.sides import other
from rules.engine.systems.skirmish.bases import contact_point
from rules.engine.systems.skirmish.fighters import Fighter
from rules.engine.systems.skirmish.scenarios import home_edge_y
from rules.engine.systems.skirmish.shooting import line_of_sight
from rules.engine.systems.skirmish.state import (
    BASE_CONTACT,
    BattleState,
    distance,
    in_ruin,
)
from rules.engine.systems.skirmish.tables import KNOCKED_DOWN, STUNNED

KEEP_CLEAR = 1.6
"""A non-charging move never ends closer than this to an enemy (contact only by charging,
seed 001 §1.2)."""
LEAP_HOPE = 3.0
"""How much further than 2×M the AI tries a charge with Leap (a D6" leap: 3" or more comes
up two times in three)."""


def _visible(observer: Fighter, target: Fighter) -> bool:
    return not target.hidden or distance(observer, target) <= observer.I


class SkirmishPolicy:
    """Simple, deterministic choices for one fighter at a time."""

    cover_bonus: float = 2.5
    leader_cohesion: float = 6.0
    wyrdstone_reach: float = 14.0
    voluntary_rout_fraction: float = 0.5
    max_gang: int = 3

    def charge_target(self, state: BattleState, fighter: Fighter) -> Fighter | None:
        """Charge the best enemy within 2×M in line of sight (published Charge: "an
        unobstructed line"; the published Initiative test to charge an unseen enemy within 4"
        is not tried) with a free spot in base contact: downed enemies
        first, then enemies already fighting a friend, then the nearest; never one already
        fighting ``max_gang`` models, standing or down (spread the charges). Shooters with a
        target in range stay. A fighter with Leap tries ``LEAP_HOPE`` inches further."""
        reach = 2 * fighter.M + (LEAP_HOPE if "leap" in fighter.skills else 0.0)
        candidates: list[tuple[tuple[float, str], Fighter]] = []
        enemies = state.fighters(other(fighter.side))
        shooter_busy = self.wants_to_shoot(state, fighter)
        for enemy in enemies:
            if enemy.out or enemy.fleeing or not _visible(fighter, enemy):
                continue
            if enemy.key in fighter.engaged:
                continue
            gap = distance(fighter, enemy) - BASE_CONTACT
            if gap > reach:
                continue
            downed = enemy.state in (KNOCKED_DOWN, STUNNED)
            if len(enemy.engaged) >= self.max_gang:
                continue
            if shooter_busy and not downed:
                continue
            if (
                state.mission == "breakthrough"
                and fighter.side == state.attacker
                and not downed
                and gap > fighter.M
            ):
                continue
            score = (10.0 if downed else 0.0) + (3.0 if enemy.engaged else 0.0) - gap / 10.0
            candidates.append(((-score, enemy.id), enemy))
        candidates.sort(key=lambda pair: pair[0])
        for _, enemy in candidates:  # the best one in sight with a free spot in reach (costly)
            if not line_of_sight(state, fighter, enemy):
                continue
            spot = contact_point(state, fighter, enemy)
            if spot is not None and math.hypot(spot[0] - fighter.x, spot[1] - fighter.y) <= reach:
                return enemy
        return None

    def climbs(self, state: BattleState, fighter: Fighter) -> bool:
        """A shooter climbs onto the floor of the ruin its move ends in: from up there it
        sees over the other ruins' walls (``climbing``)."""
        return fighter.missile is not None

    def leaves_combat(self, state: BattleState, fighter: Fighter) -> bool:
        """Leave a combat whose enemies are all down (seed 001 §11.3) only when a standing
        friend in contact with each of them will finish it, and another enemy is in charge
        reach; otherwise stay and finish the downed enemy (§10.2-10.4)."""
        for key in fighter.engaged:
            enemy = state.by_id[key]
            finishers = [
                state.by_id[k] for k in enemy.engaged if k != fighter.key and state.by_id[k].can_act
            ]
            if not finishers:
                return False
        return self.charge_target(state, fighter) is not None

    def crawl_destination(
        self, state: BattleState, fighter: Fighter, reach: float
    ) -> tuple[float, float] | None:
        """A knocked-down fighter crawls straight away from the nearest standing enemy when
        one could charge it next turn (within 2×M + 2"); otherwise it stays."""
        threats = [
            e
            for e in state.fighters(other(fighter.side))
            if e.can_act and distance(e, fighter) <= 2 * e.M + 2.0
        ]
        if not threats:
            return None
        nearest = min(threats, key=lambda e: (distance(e, fighter), e.id))
        dx, dy = fighter.x - nearest.x, fighter.y - nearest.y
        length = math.hypot(dx, dy) or 1.0
        return fighter.x + dx / length * reach, fighter.y + dy / length * reach

    def wants_to_shoot(self, state: BattleState, fighter: Fighter) -> bool:
        """A loaded missile weapon with an enemy out of combat in range (standing, downed or
        fleeing: all may be shot, not in seed 001: published Mordheim rules, Shooting)."""
        weapon = fighter.missile
        if weapon is None or fighter.reloading:
            return False
        for enemy in state.fighters(other(fighter.side)):
            if enemy.out or enemy.engaged:
                continue
            if distance(fighter, enemy) > weapon.range or not _visible(fighter, enemy):
                continue
            if line_of_sight(state, fighter, enemy):
                return True
        return False

    def holds_position(self, state: BattleState, fighter: Fighter) -> bool:
        """A move-or-fire weapon (crossbow, handgun) with a target in range stays put."""
        weapon = fighter.missile
        return weapon is not None and weapon.move_or_fire and self.wants_to_shoot(state, fighter)

    def goal(self, state: BattleState, fighter: Fighter) -> tuple[float, float]:
        """Where this fighter heads: the enemy edge (Breakthrough attacker), a nearby
        wyrdstone counter, the warband (a straying leader), else the nearest enemy."""
        enemies = [e for e in state.fighters(other(fighter.side)) if not e.out]
        nearest = min(enemies, key=lambda e: (distance(fighter, e), e.id)) if enemies else None
        if state.mission == "breakthrough" and fighter.side == state.attacker:
            return fighter.x, home_edge_y(other(fighter.side))
        if state.mission == "wyrdstone-hunt":
            free = [o for o in state.objectives if o.carrier is None]
            if free:
                obj = min(free, key=lambda o: (math.hypot(o.x - fighter.x, o.y - fighter.y), o.id))
                if math.hypot(obj.x - fighter.x, obj.y - fighter.y) <= self.wyrdstone_reach:
                    return obj.x, obj.y
        if fighter.leader:
            friends = [f for f in state.fighters(fighter.side) if f.can_act and f is not fighter]
            if friends:
                cx = sum(f.x for f in friends) / len(friends)
                cy = sum(f.y for f in friends) / len(friends)
                if math.hypot(cx - fighter.x, cy - fighter.y) > self.leader_cohesion:
                    return cx, cy
        if nearest is None:
            return fighter.x, fighter.y
        return nearest.x, nearest.y

    def destination(self, state: BattleState, fighter: Fighter, step: float) -> tuple[float, float]:
        """The best reachable point: progress toward the goal, a bonus for ending inside a
        ruin (cover), and for shooters a bonus for ending in range of an enemy."""
        gx, gy = self.goal(state, fighter)
        enemies = [e for e in state.fighters(other(fighter.side)) if not e.out]
        start = Point(fighter.x, fighter.y)
        candidates = [start, start.toward(Point(gx, gy), step)]
        for area in state.table.terrain:
            if area.rect.distance_to(start) > step:
                continue
            inside = area.rect.clamp(Point(gx, gy), margin=0.5)
            if start.distance(inside) <= step:
                candidates.append(inside)
            else:
                candidates.append(start.toward(inside, step))
        weapon = fighter.missile
        best: tuple[float, int] | None = None
        chosen = start
        in_range = weapon.range if weapon is not None and not fighter.hero else None
        ranged = in_range is not None
        for index, p in enumerate(candidates):
            x = min(max(p.x, 0.5), state.table.width - 0.5)
            y = min(max(p.y, 0.5), state.table.height - 0.5)
            score = -math.hypot(gx - x, gy - y)
            if in_ruin(state.table, x, y):
                score += self.cover_bonus
            if best is not None and -(score + 8.0 if ranged else score) >= best[0]:
                continue  # cannot beat the best even in range: the enemies need not be measured
            near = min((math.hypot(e.x - x, e.y - y) for e in enemies), default=99.0)
            if near < KEEP_CLEAR and index > 0:
                continue
            if in_range is not None and near <= in_range:
                score += 8.0
            key = (-score, index)
            if best is None or key < best:
                best, chosen = key, Point(x, y)
        return chosen.x, chosen.y

    def should_run(self, state: BattleState, fighter: Fighter) -> bool:
        """Run unless a shooter would have a target in range after a normal move."""
        if fighter.missile is None or fighter.reloading:
            return True
        weapon = fighter.missile
        for enemy in state.fighters(other(fighter.side)):
            if not enemy.out and distance(fighter, enemy) <= weapon.range + fighter.M:
                return False
        return True

    def voluntary_rout(self, state: BattleState, side: str) -> bool:
        """Give up when half the warband is out and the enemy has twice as many standing."""
        mine = state.fighters(side)
        out = sum(1 for f in mine if f.state == "out_of_action")
        able = sum(1 for f in mine if f.can_act)
        theirs = sum(1 for f in state.fighters(other(side)) if f.can_act)
        return out >= len(mine) * self.voluntary_rout_fraction and able * 2 < theirs
