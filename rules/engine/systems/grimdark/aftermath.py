"""After the blows of a combat: No Retreat! wounds, pile-in within a multiple combat, the
winners' consolidation into new contact, joining consolidated units to their combat at the
end of the phase, and tidying finished combats (seed 000 [43]-[45]; No Retreat! NOT IN
SEED ≈, 4e pp.74-76)."""

from __future__ import annotations

from rules.engine.systems.grimdark import tables
from rules.engine.systems.grimdark.army import Unit
from rules.engine.systems.grimdark.battle import Battle
from rules.engine.systems.grimdark.damage import allocate_wounds
from rules.engine.systems.grimdark.morale import assaulted_while_falling_back
from rules.engine.systems.grimdark.walkers import held_in_place

PILE_IN = 6.0  # seed 000 [44]


def no_retreat(battle: Battle, unit: Unit, difference: int) -> None:
    """No Retreat!: a Fearless loser, or a Know-No-Fear unit caught by a sweeping advance,
    takes saveable wounds equal to the combat's difference and fights on (NOT IN SEED ≈:
    4e pp.74-76, tables.NO_RETREAT_WOUNDS)."""
    if not tables.NO_RETREAT_WOUNDS or difference <= 0:
        return
    unsaved, slain, _ = allocate_wounds(battle, unit, difference, 0, 0, None, None)
    if battle.logging:
        battle.log(
            unit.side,
            unit.name,
            f"{unit.name} suffers No Retreat! — {difference} wounds, {unsaved} unsaved,"
            f" {slain} slain",
        )


def still_fighting(unit: Unit) -> bool:
    """On the table, alive and not falling back: still part of its combat (seed 000 [45])."""
    return unit.count > 0 and unit.on_table and not unit.falling_back


def pile_in(battle: Battle, fighters: list[Unit]) -> None:
    """After a combat's result "all units still involved pile in toward the enemy" (seed 000
    [45], digest §34): a unit of ``fighters`` (the combat's units that fight) whose own foes
    are all destroyed or falling back, while enemy units of this combat fight on, is locked
    with the nearest of them within the 6" pile-in; a pile-in reaches no unit outside the
    combat, and beyond 6" the unit's combat ends (seed 000 [44], digest §33). A walker held
    in place (immobilised, or stunned this turn: ``walkers.held_in_place``) cannot pile in:
    only an enemy already touching it locks it again."""
    for unit in fighters:
        if not still_fighting(unit) or any(still_fighting(battle.by_id[f]) for f in unit.foes):
            continue
        reach = 0.0 if held_in_place(battle.ptc, unit) else PILE_IN
        enemies = [
            e
            for e in fighters
            if e.side != unit.side and still_fighting(e) and battle.gap(unit, e) <= reach
        ]
        if not enemies:
            continue
        foe = min(enemies, key=lambda e: (battle.gap(unit, e), e.id))
        unit.foes.append(foe.id)
        foe.foes.append(unit.id)
        unit.locked = foe.locked = True
        if battle.logging:
            battle.log(unit.side, unit.name, f"{unit.name} piles in on {foe.name}", target=foe.name)


def consolidate_winners(battle: Battle, winners: list[Unit], reach: float | None) -> None:
    """Winners left with no foe that fights on consolidate (``reach`` inches, None for D6"
    after a massacre, seed 000 [43]); the others stay locked. Called after :func:`pile_in`,
    so a winner is free only when every enemy unit of its combat is destroyed or falling
    back, or out of pile-in reach (seed 000 [45], digest §34)."""
    for unit in winners:
        unit.foes = [f for f in unit.foes if still_fighting(battle.by_id[f])]
        if not unit.foes and unit.count > 0:
            unit.locked = False
            consolidate(battle, unit, reach)


def consolidate(battle: Battle, unit: Unit, reach: float | None) -> None:
    """Consolidation: up to 3" (``reach``; None rolls D6" after a massacre), ignoring
    terrain; contact with a new enemy locks it without a charge bonus (seed 000 [43][44]).
    The two are locked at once (neither shoots nor is shot) but the consolidating unit is
    not engaged until the next Assault phase, so no combat later this phase can involve it
    (seed 000 [43][44]): :func:`engage_consolidated` joins them at the end of the phase.
    A walker held in place (immobilised, or stunned this turn: ``walkers.held_in_place``) is
    freed but does not consolidate, whether its combat was won or its foe hit and ran;
    no die is rolled for it."""
    if held_in_place(battle.ptc, unit):
        return
    if reach is None:
        reach = float(battle.dice.d6())
    enemies = [e for e in battle.enemies(unit.side) if e.count > 0]
    if not enemies:
        return
    nearest = min(enemies, key=lambda e: (battle.gap(unit, e), e.id))
    gap = battle.gap(unit, nearest)
    if gap <= reach:
        if nearest.falling_back:
            before = nearest.count
            if not assaulted_while_falling_back(battle, nearest):
                unit.kills += before
                battle.credit_destroyed(unit, nearest)
                return
        battle.moved_to(unit, nearest.position.toward(unit.position, unit.radius + nearest.radius))
        if not nearest.is_vehicle:
            unit.consolidated_into = nearest.id
            unit.locked = nearest.locked = True
        if battle.logging:
            battle.log(
                unit.side,
                unit.name,
                f'{unit.name} consolidates {gap:.1f}" into {nearest.name}',
                target=nearest.name,
            )
        return
    battle.moved_to(unit, unit.position.toward(nearest.position, reach))
    if battle.logging:
        battle.log(unit.side, unit.name, f'{unit.name} consolidates {reach:.1f}"')


def engage_consolidated(battle: Battle) -> None:
    """At the end of the Assault phase, units that consolidated into contact join their
    new enemy's combat, to be fought in the next Assault phase (seed 000 [43][44]); a
    contact the enemy has since left (destroyed, fled, falling back) is lost."""
    for unit in battle.units:
        foe_id, unit.consolidated_into = unit.consolidated_into, ""
        if not foe_id:
            continue
        foe = battle.by_id[foe_id]
        if unit.count > 0 and foe.on_table and not foe.falling_back and not foe.reserve:
            unit.foes.append(foe.id)
            foe.foes.append(unit.id)
            unit.locked = foe.locked = True
            continue
        if not unit.foes:
            unit.locked = False
        if not foe.foes:
            foe.locked = False


def tidy_combats(battle: Battle) -> None:
    """Drop destroyed or departed foes; a unit left with no foe is no longer locked."""
    for unit in battle.units:
        if unit.foes:
            unit.foes = [
                f for f in unit.foes if battle.by_id[f].count > 0 and battle.by_id[f].on_table
            ]
            if not unit.foes:
                unit.locked = False
