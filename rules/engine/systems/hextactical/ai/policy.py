"""The default policy: the order in which it considers posture, weapons, close combat, its own
wounds, then shooting or melee (engine choices, not rules)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.engine.hexgrid import Hex
from rules.engine.systems.hextactical import temper
from rules.engine.systems.hextactical.ai.defence import all_out_defense_plan
from rules.engine.systems.hextactical.ai.estimates import best_melee_index, max_enemy_reach
from rules.engine.systems.hextactical.ai.melee import close_combat_plan, melee_plan
from rules.engine.systems.hextactical.ai.ranged import ranged_plan
from rules.engine.systems.hextactical.ai.strikes import with_rapid_strike
from rules.engine.systems.hextactical.combatant import Combatant
from rules.engine.systems.hextactical.grapple import pinned
from rules.engine.systems.hextactical.plan import Plan

if TYPE_CHECKING:
    from rules.engine.systems.hextactical.battle import Battle

#: All-Out Defense below this fraction of HP when a foe can reach next turn.
BADLY_HURT = 1.0 / 3.0


class Policy:
    """Default AI. ``choose`` returns one :class:`Plan` per second."""

    def best_melee_index(self, c: Combatant) -> int | None:
        """The melee weapon to fall back on when the one in hand breaks or runs out."""
        return best_melee_index(c)

    def choose(self, b: Battle, c: Combatant) -> Plan:
        """Stand up, ready a weapon, fight in a shared hex, defend when badly hurt, else shoot
        or fight in melee."""
        enemies = b.enemies(c)
        if not enemies:
            return Plan("do_nothing")
        if c.close_with and pinned(b, c):
            # Pinned: no getting up; break free or strike from the ground (GURPS 4e Basic Set
            # p.B370)
            plan = close_combat_plan(b, c)
            if plan is not None:
                return plan
        if c.posture != "standing" and not (c.lame and c.posture == "kneeling"):
            return Plan("change_posture", option="kneeling" if c.lame else "standing")
        if c.weapon.name in c.broken:
            index = best_melee_index(c)
            return Plan("ready", option="switch", weapon=index if index is not None else 0)
        if not c.weapon_ready:
            return Plan("ready", option="pickup")
        if c.close_with:
            plan = close_combat_plan(b, c)
            if plan is not None:
                return plan
        nearest, dist = _nearest(c.pos, enemies)
        if (
            c.hp < c.hp_max * BADLY_HURT
            and dist <= nearest.move + max_enemy_reach(nearest)
            and temper.holds_back(b, c)  # not berserk; Overconfidence rolls first (B148)
        ):
            return all_out_defense_plan(b, c, nearest)
        if c.weapon.ranged and (c.weapon.thrown or not c.weapon.melee):
            return ranged_plan(b, c, enemies, nearest)
        if not c.weapon.melee:
            index = best_melee_index(c)
            return Plan("ready", option="switch", weapon=index if index is not None else 0)
        return with_rapid_strike(c, melee_plan(b, c, enemies, nearest))


def _nearest(here: Hex, enemies: list[Combatant]) -> tuple[Combatant, int]:
    """The nearest of ``enemies`` (the least id between as near) and his distance: a plain
    loop with :func:`hexgrid.distance` inlined, asked every second of every fighter."""
    q, r = here
    best, nearest = (1 << 30, ""), enemies[0]  # farther than any map
    for e in enemies:
        dq, dr = e.pos[0] - q, e.pos[1] - r
        key = ((abs(dq) + abs(dr) + abs(dq + dr)) // 2, e.id)
        if key < best:
            best, nearest = key, e
    return nearest, best[0]
