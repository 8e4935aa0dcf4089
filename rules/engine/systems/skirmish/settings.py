"""Skirmish (Mordheim) settings for ambiguous rules: one frozen dataclass passed per battle
(issue 14), storable per campaign as house rules through ``to_dict`` / ``from_dict``."""

from __future__ import annotations

from dataclasses import dataclass, field

from rules.engine.kernel.settings import RuleSettings
from rules.engine.systems.skirmish.tables import LEFTOVER_LOST, LEFTOVER_ROLLED


@dataclass(frozen=True, slots=True)
class SkirmishSettings(RuleSettings):
    """Every doubtful skirmish rule in one place (digest §14, §15), each with its alternative.

    - ``leftover_attacks`` (≈ digest §10.6 / §14.2, uncertain): a model may not knock down or
      stun a target and finish it with its own later attacks that phase; what its remaining
      attacks do is not said. "rolled" (default): every attack of the model is rolled as one
      batch — to hit, to wound, save, and each wound past 0 W rolls an injury die, the worst
      result standing (the published "roll all attacks together" procedure). "lost": attacks
      are resolved in order and, as soon as one attack's wounds cause an injury roll, the
      model's remaining attacks on that target are lost.
    - ``fists_give_unarmoured_save`` (≈ NOT IN SEED, published rule): a fighter striking with
      its fists gives the enemy +1 to its armour save, like a dagger; the dagger's text adds
      "6+ to a model with none", the fists' does not, so False (default) gives an unarmoured
      enemy no save; True reads fists like the dagger (6+).
    - ``natural_one_always_misses_shooting`` (≈ digest §15.3): a natural 1 misses even when
      BS needs 1 or less (True); False: it may hit.
    - ``henchman_dead_max``: a henchman out of action rolls D6 after the battle and dies on
      this or less (published: 1–2 dead, 3–6 fights next battle, digest §15.10).
    """

    leftover_attacks: str = field(
        default=LEFTOVER_ROLLED, metadata={"choices": (LEFTOVER_ROLLED, LEFTOVER_LOST)}
    )
    fists_give_unarmoured_save: bool = False
    natural_one_always_misses_shooting: bool = True
    henchman_dead_max: int = 2


DEFAULT_SETTINGS = SkirmishSettings()
