"""GURPS campaign effects: character points to each surviving combatant (NOT IN SEED: GURPS 4e
awards 1–3 CP a session)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.engine.report import BattleReport
from rules.engine.systems.base import PostBattle
from rules.engine.systems.capabilities import Effect, PackResult, unit_key


class CharacterPointsPack:
    """Base CP, +takedown, +victory per survivor (amounts from the ``character_points``
    setting); a combatant dead in battle is dead in the campaign."""

    name = "hextactical-cp"
    narrative_resources = True

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
        cp = settings["character_points"]
        won = report.winner == side
        effects: list[Effect] = []
        for unit in report.units:
            if unit.side != side:
                continue
            key = unit_key(unit.id)
            if unit.status == "dead":
                effects.append(Effect("death", key, data={"cause": "battle"}))
                continue
            reasons = (
                ["survived"] + (["takedown"] if unit.kills else []) + (["victory"] if won else [])
            )
            amount = int(cp["base"])
            amount += int(cp["takedown"]) if unit.kills else 0
            amount += int(cp["victory"]) if won else 0
            effects.append(
                Effect("character_points", key, amount=amount, data={"reasons": reasons})
            )
        return PackResult(self.name, effects, {}, {})
