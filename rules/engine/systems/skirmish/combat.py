"""The close-combat phase exactly as seed 001: strike order, to-hit, to-wound, saves, parry,
two weapons, knocked-down and stunned fighters."""

from __future__ import annotations

import dataclasses
from typing import Any

from rules.engine.systems.skirmish.attacks import Exchange, Strike, roll_exchange
from rules.engine.systems.skirmish.climbing import downed_on_a_floor
from rules.engine.systems.skirmish.equipment import EQUIPMENT, Item
from rules.engine.systems.skirmish.fighters import Fighter
from rules.engine.systems.skirmish.settings import DEFAULT_SETTINGS, SkirmishSettings
from rules.engine.systems.skirmish.skills import STEP_ASIDE_SAVE
from rules.engine.systems.skirmish.state import BattleState, apply_exchange, in_ruin
from rules.engine.systems.skirmish.tables import (
    KNOCKED_DOWN,
    OUT_OF_ACTION,
    STANDING,
    STUNNED,
    melee_to_hit,
    save_needed,
    to_wound,
)

FEAR_HIT_NEED = 6
"""NOT IN SEED: a fighter who failed a fear test when charged hits only on 6s that round."""
FRENZY_ATTACKS = 2
"""NOT IN SEED: published frenzy doubles a fighter's Attacks (seed 001 §5.2 names it)."""


def strikes_first(fighter: Fighter) -> bool:
    """Chargers strike first; so does a spear in the first round of a combat, and a fighter
    with Lightning Reflexes charged this turn (seed 001 §2.4: "equipment, skills and spells
    can also grant it"; spear NOT IN SEED: published Mordheim rule; Lightning Reflexes:
    published rulebook p.123)."""
    return (
        fighter.charged
        or fighter.reflexes
        or (fighter.main.strikes_first_first_round and fighter.combat_rounds == 0)
    )


def strike_order_key(fighter: Fighter, rolloff: int) -> tuple[int, int, int, int, int]:
    """Sort key: stood up this turn last (§2.3), double-handed weapons last (published;
    not with Strongman, published rulebook p.123), strikes-first before others (§2.4-2.6),
    then Initiative high to low (§2.1), then the roll-off high first (§2.2)."""
    return (
        1 if fighter.stood_up else 0,
        1 if fighter.main.strikes_last and "strongman" not in fighter.skills else 0,
        0 if strikes_first(fighter) else 1,
        -fighter.I,
        -rolloff,
    )


def strike_order(fighters: list[Fighter], rolloffs: dict[str, int]) -> list[Fighter]:
    """Fighters in the order they strike (seed 001 §2); ties in Initiative use a D6 roll-off
    (``rolloffs`` by fighter key)."""
    return sorted(fighters, key=lambda f: (strike_order_key(f, rolloffs.get(f.key, 0)), f.key))


def weapon_strength(attacker: Fighter, weapon: Item, first_round: bool) -> int:
    """Attacker's S plus the weapon's bonus (seed 001 §6); a pistol uses its own S, a heavy
    weapon's bonus counts in the first round only (NOT IN SEED: published Mordheim rule);
    Mighty Blow +1 (not a pistol; published rulebook p.123)."""
    if weapon.kind == "missile":
        return weapon.strength
    bonus = weapon.strength_bonus if (first_round or not weapon.heavy) else 0
    if "mighty-blow" in attacker.skills:
        bonus += 1
    return max(1, attacker.S + bonus)


def strike(
    attacker: Fighter,
    target: Fighter,
    weapon: Item,
    first_round: bool,
    auto_hit: bool = False,
    settings: SkirmishSettings = DEFAULT_SETTINGS,
    ws_bonus: int = 0,
) -> Strike:
    """One close-combat blow as dice needs: to-hit by WS (+ ``ws_bonus``) vs WS (§4), auto-hit
    on a knocked-down target (§10.2), to-wound S vs T (§7), save worsened by S (§8), parry
    limits (§9.9); a dagger or fists improve the target's save by 1 (NOT IN SEED: published
    weapons rules); fists strike at the user's S + ``settings.fists_strength_modifier``.
    Skills (published rulebook pp.122-123): a Resilient target is wounded at S−1 (its save
    modifier unchanged), Step Aside gives a 5+ save no Strength modifies, Expert Swordsman
    re-rolls missed sword blows on the turn he charges."""
    if weapon.unarmed:
        strength = max(1, attacker.S + settings.fists_strength_modifier)
    else:
        strength = weapon_strength(attacker, weapon, first_round)
    base = target.melee_save
    if weapon.enemy_save_bonus:
        if base is not None:
            base -= weapon.enemy_save_bonus
        elif not weapon.unarmed or settings.fists_give_unarmoured_save:
            base = 6
    if auto_hit or target.state == KNOCKED_DOWN:
        hit_need = None
    elif attacker.fear_struck:
        hit_need = FEAR_HIT_NEED
    else:
        hit_need = melee_to_hit(attacker.WS + ws_bonus, target.WS)
    skills = target.skills
    return Strike(
        hit_need=hit_need,
        wound_need=to_wound(strength - (1 if "resilient" in skills else 0), target.T),
        save_need=save_needed(base, strength, weapon.save_modifier),
        parryable=strength < 2 * target.S,
        concussion=weapon.concussion,
        weapon=weapon.key,
        reroll_miss=weapon.key == "sword"
        and attacker.charged
        and "expert-swordsman" in attacker.skills,
        ward=STEP_ASIDE_SAVE if "step-aside" in skills else None,
    )


def melee_weapons(attacker: Fighter, first_round: bool, bonus_attacks: int = 0) -> list[Item]:
    """The weapon of each attack: A (+ ``bonus_attacks`` from skills) with the main weapon,
    doubled by frenzy, +1 with a second one-handed weapon added after other changes (seed 001
    §5.1-5.3: "after … frenzy"); a pistol only in the first round."""
    main = attacker.main
    if main.melee_first_round_only and not first_round:
        main = EQUIPMENT["fists"]
    attacks = attacker.A + bonus_attacks
    weapons = [main] * (attacks * (FRENZY_ATTACKS if attacker.frenzy else 1))
    off = attacker.off
    if off is not None and off.kind != "armour" and (first_round or not off.melee_first_round_only):
        weapons.append(off)
    return weapons


def melee_exchange(
    attacker: Fighter,
    target: Fighter,
    first_parry: bool,
    settings: SkirmishSettings = DEFAULT_SETTINGS,
    hated: bool = False,
    boost: tuple[int, int] = (0, 0),
) -> Exchange:
    """All of ``attacker``'s blows at ``target`` this phase; the target may parry only the
    first opponent to strike (seed 001 §9.6), never when knocked down (§9.11); a ``hated``
    enemy: misses are re-rolled in the first round of the combat (published hatred);
    ``boost`` is (WS, A) the attacker's skills add now (``skill_boost``); Strike to Injure,
    Web of Steel and the target's Jump Up shape the injury and critical rolls (published
    rulebook pp.122-123)."""
    first_round = attacker.combat_rounds == 0
    strikes = tuple(
        strike(attacker, target, w, first_round, settings=settings, ws_bonus=boost[0])
        for w in melee_weapons(attacker, first_round, boost[1])
    )
    if hated and first_round:
        strikes = tuple(dataclasses.replace(s, reroll_miss=True) for s in strikes)
    parry = target.parry if (first_parry and target.state == STANDING and not target.fleeing) else 0
    return Exchange(
        strikes=strikes,
        target_wounds=target.wounds,
        target_state=target.state,
        parry=parry,
        helmet=target.helmet,
        critical_available=not attacker.crit_used,
        injury_bonus=1 if "strike-to-injure" in attacker.skills else 0,
        critical_bonus=1 if "web-of-steel" in attacker.skills else 0,
        jump_up="jump-up" in target.skills,
    )


def skill_boost(state: BattleState, attacker: Fighter) -> tuple[int, int]:
    """(WS, A) the attacker's skills add this phase (published rulebook pp.122-123): Pit
    Fighter +1 WS and +1 A fighting inside a ruin, Unstoppable Charge +1 WS on the turn he
    charges, Combat Master +1 A in contact with two or more enemies."""
    skills = attacker.skills
    if not skills:
        return 0, 0
    ws = attacks = 0
    if "pit-fighter" in skills and in_ruin(state.table, attacker.x, attacker.y):
        ws += 1
        attacks += 1
    if "unstoppable-charge" in skills and attacker.charged:
        ws += 1
    if "combat-master" in skills:
        foes = sum(1 for k in attacker.engaged if state.by_id[k].state != OUT_OF_ACTION)
        attacks += 1 if foes >= 2 else 0
    return ws, attacks


def free_hit(
    attacker: Fighter, target: Fighter, settings: SkirmishSettings = DEFAULT_SETTINGS
) -> Strike:
    """The automatic hit on a fighter breaking from combat: wound and save rolled normally
    (seed 001 §12.2; seed 001 "Breaking from combat" usual reading)."""
    first_round = attacker.combat_rounds == 0
    return strike(attacker, target, attacker.main, first_round, auto_hit=True, settings=settings)


def choose_melee_target(state: BattleState, attacker: Fighter) -> Fighter | None:
    """A standing enemy in contact if any (seed 001 §10.5), else a stunned one (out of action
    at once, §10.4), else a knocked-down one (§10.2); weakest first."""
    enemies = [state.by_id[i] for i in attacker.engaged]
    enemies = [e for e in enemies if e.state != OUT_OF_ACTION]
    standing = [e for e in enemies if e.state == STANDING]
    if standing:
        return min(standing, key=lambda e: (e.wounds, e.WS, e.id))
    for wanted in (STUNNED, KNOCKED_DOWN):
        downed = [e for e in enemies if e.state == wanted]
        if downed:
            return min(downed, key=lambda e: e.id)
    return None


def allocate_attacks(
    state: BattleState, attacker: Fighter, count: int
) -> list[tuple[Fighter, int]]:
    """(enemy, attacks) declared before any die is rolled (seed 001 §3.2-3.4: a model with
    more than one attack may split them among the enemies it touches): against two or more
    standing enemies in contact, weakest first, each gets as many attacks as it has wounds
    left until they run out, the rest go to the first; otherwise every attack goes to
    ``choose_melee_target`` (§10.5: a standing enemy shields downed ones)."""
    standing = sorted(
        (e for e in (state.by_id[k] for k in attacker.engaged) if e.state == STANDING),
        key=lambda e: (e.wounds, e.WS, e.id),
    )
    if len(standing) < 2 or count < 2:
        target = choose_melee_target(state, attacker)
        return [(target, count)] if target is not None else []
    shares: list[list[Any]] = []
    left = count
    for enemy in standing:
        if left == 0:
            break
        share = min(left, max(1, enemy.wounds))
        shares.append([enemy, share])
        left -= share
    shares[0][1] += left
    return [(enemy, share) for enemy, share in shares]


def close_combat_phase(state: BattleState) -> None:
    """Every engaged fighter of both sides fights, in strike order (seed 001 §1.3, §2, §13)."""
    state.phase = "close_combat"
    engaged = [f for f in state.by_id.values() if f.engaged and f.state != OUT_OF_ACTION]
    if not engaged:
        return
    by_initiative: dict[int, int] = {}
    for f in engaged:
        by_initiative[f.I] = by_initiative.get(f.I, 0) + 1
    rolloffs = {f.key: (state.dice.d6() if by_initiative[f.I] > 1 else 0) for f in engaged}
    attacked: set[str] = set()
    fought: list[Fighter] = []
    for attacker in strike_order(engaged, rolloffs):
        if attacker.state != STANDING or attacker.fleeing or not attacker.engaged:
            continue
        if attacker.stupefied:
            continue
        boost = skill_boost(state, attacker)
        count = len(melee_weapons(attacker, attacker.combat_rounds == 0, boost[1]))
        allocation = allocate_attacks(state, attacker, count)
        first = 0
        for target, share in allocation:
            first_parry = target.key not in attacked
            hated = attacker.hates_enemy(target, state.warbands[target.side].name)
            exchange = melee_exchange(attacker, target, first_parry, state.settings, hated, boost)
            if len(allocation) > 1:
                exchange = dataclasses.replace(
                    exchange, strikes=exchange.strikes[first : first + share]
                )
            first += share
            attacked.add(target.key)
            result = roll_exchange(exchange, state.dice, state.settings)
            state.event(
                attacker.side,
                attacker.id,
                f"attacks: {result.hits} hits, {result.wounds} wounds, {result.outcome}",
                target.id,
                dice=result.dice,
                data={"parried": result.parried, "critical": result.critical},
            )
            apply_exchange(state, attacker, target, result)
            downed_on_a_floor(state, target)
        if allocation:
            fought.append(attacker)
    for f in engaged:
        f.crit_used = False
        f.fear_struck = False
        if f.engaged or f in fought:
            f.combat_rounds += 1
