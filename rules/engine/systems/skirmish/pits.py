"""Sold to the pits: the hero fights a pit fighter, one on one, to the end (NOT IN SEED:
published Mordheim rules, Serious injuries 65: "roll to see which side charges, and work out
the close combat normally"; a win earns 50 gc and +2 experience, a loss rolls again on the
table between 11 and 35 and the hero loses his weapons and armour).

The duel uses the battle's own close-combat procedure (``combat.melee_exchange``,
``attacks.roll_exchange``): strike order, parry, criticals, injuries, and between rounds the
recovery of the injured states (stunned → knocked down → stands up, striking last). The
hero fights with his skills (``extra.skills``) as in battle: those that shape the blows
(Mighty Blow, Strike to Injure, Web of Steel, Step Aside, Resilient, Expert Swordsman,
Strongman, Lightning Reflexes, Jump Up) through the same procedure, the WS/A ones through
``pit_boost``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.engine.dice import Dice
from rules.engine.systems.skirmish.attacks import ExchangeResult, roll_exchange
from rules.engine.systems.skirmish.combat import melee_exchange, strike_order
from rules.engine.systems.skirmish.fighters import Fighter, build_fighters
from rules.engine.systems.skirmish.settings import DEFAULT_SETTINGS, SkirmishSettings
from rules.engine.systems.skirmish.tables import (
    KNOCKED_DOWN,
    OUT_OF_ACTION,
    SEVERITY,
    STANDING,
    STUNNED,
)

PIT_FIGHTER: dict[str, Any] = {
    "id": "pit-fighter",
    "name": "Pit fighter",
    "size": 1,
    "category": "Hero",
    "profile": {"M": 4, "WS": 4, "BS": 3, "S": 4, "T": 3, "W": 1, "I": 4, "A": 2, "Ld": 7},
    "weapons": [{"type": "mace"}, {"type": "hand-weapon"}, {"type": "helmet"}],
}
"""The hero's opponent: the published hired-sword Pit Fighter's profile with two hand weapons
and a helmet (an original stand-in for his gauntlet and club; uncertain)."""
HUMAN_PROFILE: dict[str, int] = {
    "M": 4,
    "WS": 3,
    "BS": 3,
    "S": 3,
    "T": 3,
    "W": 1,
    "I": 3,
    "A": 1,
    "Ld": 7,
}
"""The hero's profile when the campaign did not pass one: the published average human."""
PIT_WIN_GOLD = 50
PIT_WIN_EXPERIENCE = 2
PIT_LOSS_INJURY_MAX = 35
"""A beaten hero rolls D66 again, re-rolled until 11-35 (dead to robbed)."""
MAX_ROUNDS = 60
"""A duel neither fighter can finish (nobody can wound) stops here: the hero is let go with
neither the prize nor the loss."""


def _apply(target: Fighter, result: ExchangeResult, attacker: Fighter) -> None:
    """Wounds and the worst injury of one exchange (as ``state.apply_exchange``, no table)."""
    target.wounds = max(0, target.wounds - result.wounds)
    if result.critical_used:
        attacker.crit_used = True
    if SEVERITY[result.state] > SEVERITY[target.state]:
        target.state = result.state


def _recover(fighter: Fighter) -> None:
    """Stunned → knocked down; knocked down → stands up and strikes last (§2.3, §15.5)."""
    fighter.stood_up = False
    if fighter.state == STUNNED:
        fighter.state = KNOCKED_DOWN
    elif fighter.state == KNOCKED_DOWN:
        fighter.state = STANDING
        fighter.stood_up = True


def pit_boost(fighter: Fighter) -> tuple[int, int]:
    """(WS, A) the fighter's skills add in the pit (``combat.skill_boost``'s rules, published
    rulebook pp.122-123): Unstoppable Charge +1 WS on the round he charges; the pit is no
    ruin (no Pit Fighter bonus) and he faces one enemy (no Combat Master attack)."""
    return (1 if "unstoppable-charge" in fighter.skills and fighter.charged else 0), 0


def pit_fight(
    dice: Dice,
    hero_unit: Mapping[str, Any],
    settings: SkirmishSettings = DEFAULT_SETTINGS,
) -> dict[str, Any]:
    """Fight the pit fighter until one is out of action: {"outcome": "won" | "lost" |
    "stopped", "charger": "hero" | "pit_fighter", "rounds"}."""
    unit = {
        "id": "hero",
        "name": "hero",
        "size": 1,
        "category": "Hero",
        "profile": dict(hero_unit.get("profile") or HUMAN_PROFILE),
        "weapons": list(hero_unit.get("weapons") or []),
        "rules": list(hero_unit.get("rules") or []),
        "extra": {"skills": list(hero_unit.get("skills") or [])},
    }
    hero = build_fighters(unit, "a", "hero")[0]
    pit = build_fighters(dict(PIT_FIGHTER), "b", "pit")[0]
    hero.key, pit.key = "a:hero", "b:pit"
    charger = hero if dice.roll_off().winner == "a" else pit
    charger.charged = True
    rounds = 0
    while rounds < MAX_ROUNDS and OUT_OF_ACTION not in (hero.state, pit.state):
        if rounds:
            _recover(hero)
            _recover(pit)
        rolloffs = {hero.key: dice.d6(), pit.key: dice.d6()} if hero.I == pit.I else {}
        for attacker in strike_order([hero, pit], rolloffs):
            target = pit if attacker is hero else hero
            if attacker.state != STANDING or target.state == OUT_OF_ACTION:
                continue
            exchange = melee_exchange(attacker, target, True, settings, boost=pit_boost(attacker))
            _apply(target, roll_exchange(exchange, dice, settings), attacker)
        for f in (hero, pit):
            f.combat_rounds += 1
            f.charged = False
            f.crit_used = False
        rounds += 1
    outcome = "stopped"
    if pit.state == OUT_OF_ACTION:
        outcome = "won"
    elif hero.state == OUT_OF_ACTION:
        outcome = "lost"
    return {
        "outcome": outcome,
        "charger": "hero" if charger is hero else "pit_fighter",
        "rounds": rounds,
    }
