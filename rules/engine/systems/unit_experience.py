"""The project's unit-experience campaign pack, shared by systems whose published rules have
no campaign of their own (NOT IN SEED: grimdark and massbattle use it)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rules.engine.report import BattleReport, UnitOutcome
from rules.engine.systems.base import PostBattle
from rules.engine.systems.capabilities import Effect, PackResult, resource_effects, unit_key


def _counts(unit: UnitOutcome, engine_entry: Mapping[str, Any] | None) -> dict[str, int]:
    """Took part, enemy units destroyed and objective held for one unit, read from the
    engine's entry where it gives them and from the report otherwise."""
    extra = unit.extra
    enemies = len(extra["units_destroyed"]) if "units_destroyed" in extra else int(unit.kills)
    objective = bool(extra.get("objective_held")) and unit.status not in ("destroyed", "fled")
    reasons = (engine_entry or {}).get("reasons")
    if isinstance(reasons, dict) and "objective_held" not in extra:
        objective = bool(reasons.get("objective"))
    return {"took_part": 1, "enemy_unit": enemies, "objective": int(objective)}


@dataclass(frozen=True, slots=True)
class UnitExperiencePack:
    """Per unit: +1 for taking part, +1 per enemy unit destroyed, +1 for an objective held
    (amounts from the ``experience_awards`` setting); a rank at each
    ``experience_thresholds`` total crossed. ``accumulating`` names the engine resources
    that add up over a campaign (the rest go to the run's summary)."""

    name: str
    accumulating: Sequence[str] = ()
    narrative_resources: bool = True

    def effects(
        self,
        *,
        report: BattleReport,
        side: str,
        seed: int,
        output: PostBattle,
        settings: Mapping[str, Any],
        experience_before: Mapping[str, int],
    ) -> PackResult:
        awards = settings["experience_awards"]
        by_unit = {unit_key(e.get("unit_id", "")): e for e in output.entries if "unit_id" in e}
        effects: list[Effect] = []
        for unit in report.units:
            if unit.side != side:
                continue
            key = unit_key(unit.id)
            counts = _counts(unit, by_unit.get(key))
            gained = 0
            for reason in ("took_part", "enemy_unit", "objective"):
                amount = counts[reason] * int(awards.get(reason, 0))
                if amount:
                    gained += amount
                    effects.append(
                        Effect("experience", key, amount=amount, data={"reason": reason})
                    )
            before = int(experience_before.get(key, 0))
            for level in settings["experience_thresholds"]:
                if before < level["experience"] <= before + gained:
                    effects.append(Effect("rank", key, data=dict(level)))
        resources, summary = resource_effects(output.resources, self.accumulating)
        return PackResult(self.name, effects + resources, summary, {})
