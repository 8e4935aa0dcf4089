"""Casting spells in the shooting phase (NOT IN SEED: seed 001 is the close-combat chapter;
published Mordheim rulebook "Magic"): a caster who may act casts at most one spell a turn
instead of shooting; 2D6 (+1 with Sorcery, rulebook p.123) equal to or above the spell's
difficulty casts it, both dice are logged (``dice=[d1, d2]``). The spells are catalogue data
(``spells``).

This project's readings: a caster in close combat, or one who ran, fled, charged or is
stupefied, does not cast; a damage spell, like a shot, needs an enemy in range and sight and
out of combat, and causes no critical hits; a buff or debuff lasts until the start of the
caster's next turn. The AI casts the first spell of the caster's list that has a target:
damage at the nearest enemy, a debuff on an enemy fighting a friend (else the nearest), a
buff on a friend in combat, a movement spell on the nearest enemy it can throw back.
"""

from __future__ import annotations

import math

from rules.engine.kernel.sides import other
from rules.engine.systems.skirmish.attacks import Exchange, Strike, roll_exchange
from rules.engine.systems.skirmish.bases import clear_end
from rules.engine.systems.skirmish.climbing import downed_on_a_floor
from rules.engine.systems.skirmish.fighters import Fighter
from rules.engine.systems.skirmish.shooting import line_of_sight, visible
from rules.engine.systems.skirmish.spells import BUFF, DAMAGE, DEBUFF, MOVEMENT, Spell
from rules.engine.systems.skirmish.state import BattleState, apply_exchange, distance, move_to
from rules.engine.systems.skirmish.tables import STANDING, to_wound

SORCERY_BONUS = 1
LASTING = "spell_effects"
"""``state.extra`` key: the buffs and debuffs in force, each (side whose turn ends it, fighter
key, stat, change)."""


def may_cast(fighter: Fighter) -> bool:
    """Standing, not fleeing, not in combat, did not run, charge or fail a charge, not
    stupefied (this project's reading of the published Magic rules)."""
    return (
        bool(fighter.spells)
        and fighter.can_act
        and not (
            fighter.engaged
            or fighter.ran
            or fighter.charged
            or fighter.no_shoot
            or fighter.stupefied
        )
    )


def _in_reach(state: BattleState, caster: Fighter, target: Fighter, spell: Spell) -> bool:
    if target is caster:
        return True
    return (
        distance(caster, target) <= spell.range
        and visible(caster, target)
        and line_of_sight(state, caster, target)
    )


def spell_target(state: BattleState, caster: Fighter, spell: Spell) -> Fighter | None:
    """The AI's target for ``spell`` (see the module docstring), or None."""
    if spell.kind == BUFF:
        friends = [
            f
            for f in state.fighters(caster.side)
            if not f.out
            and f.engaged
            and f.state == STANDING
            and _in_reach(state, caster, f, spell)
        ]
        return min(friends, key=lambda f: (distance(caster, f), f.id)) if friends else None
    enemies = [
        e
        for e in state.fighters(other(caster.side))
        if not e.out and _in_reach(state, caster, e, spell)
    ]
    if spell.kind == DEBUFF:
        fighting = [e for e in enemies if e.engaged]
        enemies = fighting or enemies
    else:
        enemies = [e for e in enemies if not e.engaged]
    if spell.kind == MOVEMENT:
        enemies = [e for e in enemies if e.state == STANDING]
    return min(enemies, key=lambda e: (distance(caster, e), e.id)) if enemies else None


def cast(state: BattleState, caster: Fighter, spell: Spell, target: Fighter) -> bool:
    """Roll 2D6 (+1 Sorcery) against the difficulty; on a success the spell takes effect.
    True when it was cast."""
    d1, d2 = state.dice.d6(), state.dice.d6()
    bonus = SORCERY_BONUS if "sorcery" in caster.skills else 0
    passed = d1 + d2 + bonus >= spell.difficulty
    state.event(
        caster.side,
        caster.id,
        f"casts {spell.name}: {d1 + d2 + bonus} v {spell.difficulty}, "
        + ("cast" if passed else "fails"),
        target.id,
        dice=[d1, d2],
        data={"spell": spell.slug, "kind": spell.kind, "cast": passed, "bonus": bonus},
    )
    caster.hidden = False
    if passed:
        EFFECTS[spell.kind](state, caster, spell, target)
    return passed


def _damage(state: BattleState, caster: Fighter, spell: Spell, target: Fighter) -> None:
    """``hits`` hits at the spell's Strength, no armour save, no critical."""
    strike = Strike(
        hit_need=None,
        wound_need=to_wound(spell.strength, target.T),
        save_need=None,
        parryable=False,
        weapon=spell.slug,
    )
    exchange = Exchange(
        (strike,) * spell.hits,
        target_wounds=target.wounds,
        target_state=target.state,
        helmet=target.helmet,
        critical_available=False,
    )
    result = roll_exchange(exchange, state.dice, state.settings)
    state.event(
        caster.side, caster.id, f"{spell.name}: {result.outcome}", target.id, dice=result.dice
    )
    apply_exchange(state, caster, target, result)
    downed_on_a_floor(state, target)


def _change(state: BattleState, caster: Fighter, spell: Spell, target: Fighter) -> None:
    """+amount (buff) or −amount (debuff, never below 1) of the stat until the caster's next
    turn (``end_spells``)."""
    current = getattr(target, spell.stat)
    change = spell.amount if spell.kind == BUFF else -min(spell.amount, current - 1)
    setattr(target, spell.stat, current + change)
    state.extra.setdefault(LASTING, []).append((caster.side, target.key, spell.stat, change))
    state.event(caster.side, caster.id, f"{spell.name}: {spell.stat} {change:+d}", target.id)


def _throw(state: BattleState, caster: Fighter, spell: Spell, target: Fighter) -> None:
    """The target is thrown ``distance`` inches straight away from the caster, on the table
    and stopping short of any base."""
    dx, dy = target.x - caster.x, target.y - caster.y
    length = max(math.hypot(dx, dy), 1e-9)
    x = min(max(target.x + dx / length * spell.distance, 0.5), state.table.width - 0.5)
    y = min(max(target.y + dy / length * spell.distance, 0.5), state.table.height - 0.5)
    move_to(target, *clear_end(state, target, x, y))
    state.event(
        caster.side,
        caster.id,
        f"{spell.name}: thrown back",
        target.id,
        data={"to": [round(target.x, 2), round(target.y, 2)]},
    )


EFFECTS = {DAMAGE: _damage, BUFF: _change, DEBUFF: _change, MOVEMENT: _throw}


def end_spells(state: BattleState, side: str) -> None:
    """At the start of ``side``'s turn its casters' buffs and debuffs end."""
    lasting = state.extra.get(LASTING)
    if not lasting:
        return
    for owner, key, stat, change in lasting:
        if owner == side:
            fighter = state.by_id[key]
            setattr(fighter, stat, getattr(fighter, stat) - change)
    state.extra[LASTING] = [e for e in lasting if e[0] != side]


def try_to_cast(state: BattleState, caster: Fighter) -> bool:
    """The caster casts the first spell of his list with a target (one a turn); True when he
    tried, so he does not shoot as well."""
    if not may_cast(caster):
        return False
    for spell in caster.spells:
        target = spell_target(state, caster, spell)
        if target is not None:
            cast(state, caster, spell, target)
            return True
    return False
