"""Skirmish (Mordheim) settings for ambiguous rules: one frozen dataclass passed per battle
(issue 14), storable per campaign as house rules through ``to_dict`` / ``from_dict``."""

from __future__ import annotations

from dataclasses import dataclass, field

from rules.engine.kernel.settings import RuleSettings
from rules.engine.systems.skirmish.tables import (
    LEFTOVER_LOST,
    LEFTOVER_ROLLED,
    SEVEN_PLUS_IMPOSSIBLE,
    SEVEN_PLUS_SIX_THEN,
)


@dataclass(frozen=True, slots=True)
class SkirmishSettings(RuleSettings):
    """Every doubtful skirmish rule in one place (seed 001 (silent or unclear there; project
    reading); not in seed 001: published Mordheim rules), each with its alternative.

    - ``leftover_attacks`` (≈ seed 001 "Attacking stunned and knocked down warriors", uncertain): a
      model may not knock down or stun a target and finish it with its own later attacks that phase;
      what its remaining attacks do is not said. "rolled" (default): every attack of the model is
      rolled as one batch — to hit, to wound, save, and each wound past 0 W rolls an injury die, the
      worst result standing (the published "roll all attacks together" procedure). "lost": attacks
      are resolved in order and, as soon as one attack's wounds cause an injury roll, the model's
      remaining attacks on that target are lost.
    - ``fists_strength_modifier`` (open question of issue 19; NOT IN SEED, published Mordheim
      living rulebook, Close Combat Weapons, "Fist": "Strength: As user -1"): -1 (default);
      0 would read fists as a plain hand weapon.
    - ``fists_give_unarmoured_save`` (open question of issue 19; same "Fist" entry: "+1
      Enemy armour save: An enemy wounded by a fist gains a +1 bonus to his armour save, and
      a 6+ armour save if he normally has none", word for word the dagger's rule): True
      (default) gives an unarmoured enemy 6+; False reads the older printing whose fist entry
      stops at "+1 armour save" (no save for an unarmoured enemy). Either way S−1 gives no
      save modifier to a S3 fighter (seed 001 §8 table).
    - ``natural_one_always_misses_shooting`` (≈ not in seed 001: published Mordheim rules,
      Shooting): a natural 1 misses even when
      BS needs 1 or less (True); False: it may hit.
    - ``seven_plus_to_hit`` (open question of issue 19; not in seed 001: published Mordheim rules,
      Shooting, uncertain): Mordheim's
      shooting rules give the BS table and the modifiers but no rule for a score above 6.
      "six_then" (default) follows the Warhammer rules Mordheim is built on (Warhammer
      Fantasy Battle, shooting: 7 = a 6 then 4+, 8 = a 6 then 5+, 9 = a 6 then 6, 10+
      impossible), which keeps a shooter's long shot at a hidden-in-cover target possible;
      "impossible": a score above 6 cannot hit.
    - ``wyrdstone_experience_henchmen`` (open question of issue 19; NOT IN SEED, published
      Wyrdstone Hunt scenario, Experience: "+1 Per Wyrdstone Counter: if a Hero or Henchman
      is carrying a wyrdstone counter at the end of the battle he receives +1 Experience"):
      True (default) gives a henchmen group +1 per counter its members carry (a group gains
      experience as one, not in seed 001: published Mordheim rules, Experience); False gives it to
      heroes only, as most scenarios'
      "heroes only" awards do.
    - ``ruin_sight_depth`` (issue 19, in battle; NOT IN SEED, published Mordheim Shooting and
      Charge: a model shoots at or charges an enemy only along "an unobstructed line"; the
      table's ruins are areas, not walls, so how much of one a line may cross is this
      project's reading): a line of sight that crosses more than this many inches of ruins
      neither model stands in is blocked by their walls (default 2.0"); a shorter crossing
      clips a corner and only gives cover. 0 blocks every line through another ruin; a large
      value (48) lets ruins only give cover, as before.
    - ``henchman_dead_max``: a henchman out of action rolls D6 after the battle and dies on
      this or less (published: 1–2 dead, 3–6 fights next battle, not in seed 001: published Mordheim
      rules, Henchmen out of action).
    """

    leftover_attacks: str = field(
        default=LEFTOVER_ROLLED, metadata={"choices": (LEFTOVER_ROLLED, LEFTOVER_LOST)}
    )
    fists_strength_modifier: int = -1
    fists_give_unarmoured_save: bool = True
    natural_one_always_misses_shooting: bool = True
    seven_plus_to_hit: str = field(
        default=SEVEN_PLUS_SIX_THEN,
        metadata={"choices": (SEVEN_PLUS_SIX_THEN, SEVEN_PLUS_IMPOSSIBLE)},
    )
    wyrdstone_experience_henchmen: bool = True
    ruin_sight_depth: float = 2.0
    henchman_dead_max: int = 2


DEFAULT_SETTINGS = SkirmishSettings()
