"""Massbattle (Kings of War 2010) settings for the seed's doubtful points
(seed 003 §5, §8, §10, §12; not in seed 003: published KoW rules of later editions):
one frozen dataclass passed per battle (issue 14), storable per campaign as house rules."""

from __future__ import annotations

from dataclasses import dataclass, field

from rules.engine.kernel.settings import RuleSettings


@dataclass(frozen=True, slots=True)
class MassBattleSettings(RuleSettings):
    """Every doubtful massbattle rule in one place, each with its alternative.

    - ``kill_margin_inclusive``: the seed says "more than 20 %" but its example wins with
      exactly 400 of 2000; True follows the example (>= 20 %), False reads the text strictly.
    - ``nerve_damage_mode``: damage counted in the nerve test: "total" (accumulated markers)
      or "phase" (only this phase's damage). The formula says "本阶段中受到的伤害" (this
      phase, seed 003 §8), but the same page opens "随着伤害的累积" (as damage accumulates),
      markers stay on the unit (§7) and Heal and Evil Dead remove damage "previously
      suffered" (§9-§10), which only matters if old damage counts: "total" (seed 003 §8).
      A test is still taken only after damage in the phase.
    - ``elite_reroll_mode``: Elite "per_roll" re-rolls one failed die to hit and one to
      damage; "one_total" only one in total.
    - ``multi_charge_test``: several chargers on one target: "combined" = one melee and one
      nerve test after all of them (seed 003 §5, our recommended reading); "separate" = a test after
      each charger.
    - ``nimble_reading``: "extra_pivot" (published reading of the seed's "extra charge",
      not in seed 003: published KoW rules of later editions): a second pivot of up to 90°
      during an Advance; "none" gives Nimble no effect.
    - ``individual_charge_any_direction``: a charge pivots at most 90° (seed 003 §4); an
      Individual "may shoot and charge in any direction" (seed 003 §10, "可以向任何方向发动射击
      和冲锋"). True reads that as lifting the 90° limit (a charge at a target behind it needs
      more than 90°, so the words mean nothing otherwise); False keeps the limit and reads the
      words as the 360° arc only (the later-edition free turn is not assumed; not in seed
      003: published KoW rules of later editions).
    - ``wavering_may_charge``: a Wavering unit's next orders are "立定冲锋后退" (Halt,
      Charge, Back; seed 003 §8). The seed writes Change Facing as "转向" a page earlier (§4),
      so a slip of the translator between the two words is unlikely, and the 2010 English
      cannot be checked: True plays the seed; False reads "charge" as Change Facing, the list
      later editions give, so a disordered unit cannot charge.
    - ``heal_self``: Heal (n) is a ranged attack that "只能以友方单位为目标" (may only
      target friendly units, seed 003 §10). Shooting aims at another unit, partly in the
      front arc and seen by the leader (§6), and the seed never says a unit is its own
      friend, so False: a healer heals friends only; True lets it heal itself.
    """

    kill_margin_inclusive: bool = True
    nerve_damage_mode: str = field(default="total", metadata={"choices": ("total", "phase")})
    elite_reroll_mode: str = field(
        default="per_roll", metadata={"choices": ("per_roll", "one_total")}
    )
    multi_charge_test: str = field(
        default="combined", metadata={"choices": ("combined", "separate")}
    )
    nimble_reading: str = field(
        default="extra_pivot", metadata={"choices": ("extra_pivot", "none")}
    )
    individual_charge_any_direction: bool = True
    wavering_may_charge: bool = True
    heal_self: bool = False


DEFAULT_SETTINGS = MassBattleSettings()
