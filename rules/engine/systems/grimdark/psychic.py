"""Psychic powers (NOT IN SEED: the seed lacks p.52; published 4e p.52).

- A psyker (rule ``psyker``) uses at most one psychic power in each player turn; a force
  weapon's killing blow is such a power (seed 000 [46]). Each use needs a psychic test:
  2D6 ≤ the psyker's Ld, else the power fails that turn (✓).
- A test roll of 2 or 12 is Perils of the Warp: the psyker suffers one wound with no armour
  save, an invulnerable save still allowed (≈ digest §36.4; a roll of 2 still passes).
- A shooting power is fired like a weapon: line of sight, range, the unit's one target, and
  it is the psyker's shooting for the turn (✓). A buff is used in the phase it names.
- The sample powers are this project's own (``extra.psychic_powers`` in the catalogue):
  Soul Spear, a shooting power (24", S5, AP3, Assault 2), and Battle Hymn, a buff (at the
  start of its own Assault phase, if its unit is locked in combat, the psyker tests; on a
  pass the unit re-rolls missed close-combat hits that phase).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rules.engine.systems.base import EngineError
from rules.engine.systems.grimdark.weapons import Weapon

if TYPE_CHECKING:
    from rules.engine.systems.grimdark.army import Model, Unit
    from rules.engine.systems.grimdark.battle import Battle

PERILS_ROLLS = (2, 12)
SHOOTING_POWERS: dict[str, Weapon] = {
    "soul_spear": Weapon(
        name="Soul Spear", kind="assault", range=24.0, strength=5, ap=3, shots=2, psychic=True
    ),
}
BATTLE_HYMN = "battle_hymn"
POWERS: tuple[str, ...] = (*SHOOTING_POWERS, BATTLE_HYMN)


def powers_of(data: dict[str, Any]) -> tuple[str, ...]:
    """The psychic powers a RosterData unit knows; only psykers may know any."""
    name = str(data.get("name") or data.get("unit") or "?")
    powers = tuple(str(p) for p in (data.get("extra") or {}).get("psychic_powers", []) or [])
    for power in powers:
        if power not in POWERS:
            raise EngineError("unit.power_unknown", f"Unit '{name}': unknown power '{power}'.")
    if powers and "psyker" not in (data.get("rules") or []):
        raise EngineError("unit.power_unknown", f"Unit '{name}': only psykers know powers.")
    return powers


def psychic_test(battle: Battle, unit: Unit, model: Model) -> bool:
    """Take the psychic test for one use of a power (see the module docstring)."""
    model.power_turn = battle.ptc
    dice = battle.dice.d6s(2)
    roll = sum(dice)
    if roll in PERILS_ROLLS:
        perils_of_the_warp(battle, unit, model)
    passed = roll <= model.ld and model.wounds > 0
    if battle.logging:
        result = "passes" if passed else "fails"
        battle.log(unit.side, model.name, f"{model.name} {result} a psychic test", dice=dice)
    return passed


def perils_of_the_warp(battle: Battle, unit: Unit, model: Model) -> None:
    """One wound, no armour save; an invulnerable save is taken (≈ digest §36.4)."""
    save = model.invulnerable
    if save is not None and battle.dice.d6() >= save:
        return
    model.wounds -= 1
    unit.refresh()
    if battle.logging:
        battle.log(unit.side, model.name, f"{model.name} suffers Perils of the Warp")


def battle_hymns(battle: Battle) -> None:
    """Battle Hymn: each psyker of the active side that knows it and whose unit is locked
    tests once; on a pass its unit re-rolls missed close-combat hits this phase."""
    for unit in battle.side_units(battle.active):
        if not unit.locked:
            continue
        for model in unit.models:
            if model.wounds <= 0 or BATTLE_HYMN not in model.powers:
                continue
            if model.power_turn != battle.ptc and psychic_test(battle, unit, model):
                unit.hymn_turn = battle.ptc
                if battle.logging:
                    text = f"{model.name} chants a Battle Hymn: {unit.name} re-rolls missed hits"
                    battle.log(unit.side, model.name, text)
