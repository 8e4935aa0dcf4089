"""The melee phase and nerve tests after damage (seed 003 §7-§8, §10)."""

from __future__ import annotations

from rules.engine.systems.massbattle import constants as C
from rules.engine.systems.massbattle.charge import ChargePlan
from rules.engine.systems.massbattle.combat import attack, melee_dice, melee_modifiers
from rules.engine.systems.massbattle.footprint import within
from rules.engine.systems.massbattle.nerve import ROUTED, WAVERING, NerveOutcome, nerve_test
from rules.engine.systems.massbattle.state import BattleState
from rules.engine.systems.massbattle.units import Unit


def is_inspired(state: BattleState, unit: Unit) -> bool:
    """Inspiring: the unit itself or a friend within 6" of an Inspiring unit (seed 003 §10)."""
    if unit.has("inspiring"):
        return True
    return any(
        f.has("inspiring") and within(f.fp, unit.fp, C.INSPIRING_RANGE) for f in state.friends(unit)
    )


def take_nerve_test(state: BattleState, target: Unit, musician: bool) -> NerveOutcome:
    """The attacking player tests a damaged enemy unit: routed units leave, wavering ones are
    restricted next turn (seed 003 §8)."""
    damage = target.damage if state.settings.nerve_damage_mode == "total" else target.phase_damage
    outcome = nerve_test(
        state.dice,
        damage,
        target.ne,
        banner=target.has("banner") and not target.has("army-standard"),
        musician=musician,
        inspired=is_inspired(state, target),
        shambling=target.has("shambling"),
        headstrong=target.has("headstrong"),
    )
    target.phase_damage = 0
    if outcome.result == ROUTED:
        target.alive = False
        target.status = ROUTED
        target.routed_turn = state.turn
    elif outcome.result == WAVERING:
        target.wavering = True
        target.status = WAVERING
    state.event(
        "b" if target.side == "a" else "a",
        target.id,
        f"{target.name} nerve test: {outcome.total} → {outcome.result}",
        target.id,
        list(outcome.rolls),
        result=outcome.result,
        damage=target.damage,
    )
    return outcome


def phalanx_front(attacker: Unit, target: Unit, facing: str) -> bool:
    """Cavalry or Fly charging the front of a Phalanx suffer −1 to hit (seed 003 §10)."""
    return (
        target.has("phalanx")
        and facing == "front"
        and (attacker.unit_type == "cavalry" or attacker.has("fly"))
    )


def strike(state: BattleState, plan: ChargePlan) -> int:
    """One charger's attacks: dice by facing, to hit against Me with modifiers, damage with
    Crushing Strength; Life Leech / Vicious heal the attacker (seed 003 §7, §9-§10)."""
    attacker, target = plan.charger, plan.target
    count = melee_dice(attacker, target, plan.facing)
    needed = attacker.me + melee_modifiers(
        plan.defended,
        plan.hindered,
        phalanx_front(attacker, target, plan.facing),
        attacker.has("fly"),
    )
    hits, dealt = attack(
        state.dice,
        count,
        needed,
        target.de,
        attacker.value("crushing-strength"),
        attacker.has("elite"),
        state.settings.elite_reroll_mode == "one_total",
    )
    target.damage += dealt
    target.phase_damage += dealt
    attacker.damage_dealt += dealt
    if dealt > 0 and attacker.damage > 0:
        if attacker.has("vicious"):
            attacker.damage = max(0, attacker.damage - dealt)
        elif attacker.has("life-leech"):
            attacker.damage -= 1
    state.event(
        attacker.side,
        attacker.id,
        f"{attacker.name} strikes {target.name} ({plan.facing}): {count} dice, {hits} hits, "
        f"{dealt} damage",
        target.id,
        facing=plan.facing,
        dice_count=count,
        hits=hits,
        damage=dealt,
    )
    return dealt


def resolve_melee(state: BattleState, plans: list[ChargePlan]) -> str | None:
    """One melee against one target: every charger strikes, then one nerve test (seed 003 §7;
    seed 003 §5, combined test). Returns the nerve result or None when no damage."""
    target = plans[0].target
    result = None
    total = 0
    for plan in plans:
        if not target.alive:
            break
        dealt = strike(state, plan)
        total += dealt
        if state.settings.multi_charge_test == "separate" and dealt > 0:
            result = take_nerve_test(state, target, plan.charger.has("musician")).result
    if state.settings.multi_charge_test == "combined" and total > 0:
        musician = any(p.charger.has("musician") for p in plans)
        result = take_nerve_test(state, target, musician).result
    return result
