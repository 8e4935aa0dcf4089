"""Walkers in close combat (seed 000 [8]-[10] counts Dreadnoughts among the vehicles and
[19][30] treats them as large targets that move and fire two weapons; their assault rules
are NOT IN SEED: 4e pp.58-73, the Walkers section, wording checked with the ``search``
tool against the published text and its later restatements).

- ✓ A walker fights in an assault like an infantry model with its own WS, S, I and A: it
  charges 6", is locked in combat and strikes in its Initiative step.
- ✓ Blows against a walker hit on the attacker's WS against the walker's WS (not by the
  vehicle's speed) and roll armour penetration against its **front** armour; glancing and
  penetrating hits go on the vehicle damage tables.
- ✓ A Dreadnought close combat weapon is a power weapon that doubles the walker's S (max 10);
  each one beyond the first gives +1 attack (``weapons``, ``army``).
- ≈ Immobilised or stunned walkers fight with one attack fewer (at least one); shaken walkers
  fight normally (published 5th-edition p.73, which restates the 4th-edition rule).
- ≈ For the combat result each glancing or penetrating hit on a walker counts as one wound;
  a walker has no Leadership, so it never tests morale nor takes No Retreat! wounds when it
  loses, and it cannot be swept away.
- A walker may charge after firing heavy or rapid-fire weapons: it is a unit that may move
  and fire heavy weapons (seed 000 [36] note).
"""

from __future__ import annotations

from rules.engine.systems.grimdark import tables
from rules.engine.systems.grimdark.army import Model, Unit
from rules.engine.systems.grimdark.damage import Outcome


def is_walker(unit: Unit) -> bool:
    """A vehicle of the walker type (4e pp.58-73)."""
    return unit.is_vehicle and "walker" in unit.vehicle_kinds


def fights(unit: Unit) -> bool:
    """Whether the unit strikes blows and counts in the combat result: every unit but a
    vehicle other than a walker (4e pp.58-73)."""
    return not unit.is_vehicle or "walker" in unit.vehicle_kinds


def held_in_place(battle_ptc: int, unit: Unit) -> bool:
    """A vehicle that may not move now: immobilised for the rest of the game, or its crew
    stunned for this player turn (damage tables "crew stunned: no move next turn",
    "immobilised", digest §36.6, 4e p.61). A charge, a pile-in and a consolidation are moves
    (seed 000 [37][43][44]), so a walker held in place makes none of them; ``battle_ptc`` is
    the current player-turn count."""
    return unit.is_vehicle and (unit.immobilised or unit.stunned_turn == battle_ptc)


def hit_on_walker(model: Model, walker: Unit) -> int:
    """To hit a walker: the attacker's WS against the walker's WS (seed 000 [40] chart;
    4e pp.58-73 ✓)."""
    return tables.to_hit_close_combat(model.ws, walker.models[0].ws)


def walker_attacks(battle_ptc: int, walker: Unit, attacks: int) -> int:
    """One attack fewer (at least one) for an immobilised or stunned walker (≈, see the
    module docstring); ``battle_ptc`` is the current player-turn count."""
    if attacks <= 0 or not (walker.immobilised or walker.stunned_turn >= battle_ptc):
        return attacks
    return max(1, attacks - 1)


def combat_wounds(target: Unit, out: Outcome) -> int:
    """Wounds that count for the combat result: unsaved wounds, or each glancing or
    penetrating hit on a walker (≈); hits on other vehicles count for nothing (they never
    fight, 4e pp.58-73)."""
    if not target.is_vehicle:
        return out.unsaved
    return len(out.vehicle_results or []) if "walker" in target.vehicle_kinds else 0
