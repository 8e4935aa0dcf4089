"""Massbattle (Kings of War 2010) settings for the seed's doubtful points (digest §18–§19):
one frozen dataclass passed per battle (issue 14), storable per campaign as house rules."""

from __future__ import annotations

from dataclasses import dataclass, field

from rules.engine.kernel.settings import RuleSettings


@dataclass(frozen=True, slots=True)
class MassBattleSettings(RuleSettings):
    """Every doubtful massbattle rule in one place, each with its alternative.

    - ``kill_margin_inclusive``: the seed says "more than 20 %" but its example wins with
      exactly 400 of 2000; True follows the example (>= 20 %), False reads the text strictly.
    - ``nerve_damage_mode``: damage counted in the nerve test: "total" (accumulated markers,
      recommended by the digest) or "phase" (only this phase's damage, the literal text).
    - ``elite_reroll_mode``: Elite "per_roll" re-rolls one failed die to hit and one to
      damage; "one_total" only one in total.
    - ``multi_charge_test``: several chargers on one target: "combined" = one melee and one
      nerve test after all of them (digest §18.5 recommendation); "separate" = a test after
      each charger.
    - ``nimble_reading``: "extra_pivot" (published reading of the seed's "extra charge",
      digest §19): a second pivot of up to 90° during an Advance; "none" gives Nimble no
      effect.
    - ``individual_charge_any_direction``: a charge pivots at most 90° (seed 003 §4); an
      Individual "may shoot and charge in any direction" (seed 003 §10, "可以向任何方向发动射击
      和冲锋"). True reads that as lifting the 90° limit (a charge at a target behind it needs
      more than 90°, so the words mean nothing otherwise); False keeps the limit and reads the
      words as the 360° arc only (the later-edition free turn is not assumed, digest §19).
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


DEFAULT_SETTINGS = MassBattleSettings()
