"""Mordheim campaign effects: experience per award, advances, serious injuries and deaths from
the engine's published post-battle sequence (NOT IN SEED: published Mordheim rules, seed digest
§15.8–15.12), and the ``hardy`` injury table house rule."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.engine.report import BattleReport, UnitOutcome
from rules.engine.systems.base import PostBattle
from rules.engine.systems.capabilities import Effect, PackResult, resource_effects, unit_key
from rules.engine.systems.skirmish.advance_picks import offer_skills
from rules.engine.systems.skirmish.advances import advances
from rules.engine.systems.skirmish.captivity import CAPTIVITY
from rules.engine.systems.skirmish.exploration import exploration_result
from rules.engine.systems.skirmish.hired_swords import HIRED_SWORDS
from rules.engine.systems.skirmish.post_battle import (
    EXPERIENCE_AWARDS,
    SCENARIO_AWARDS,
    wyrdstone_price,
)
from rules.engine.systems.skirmish.rolls import Roller
from rules.engine.systems.skirmish.trading import TRADING
from rules.engine.systems.skirmish.warband_figures import warband_figures

PACK_NAME = "skirmish-published"
ACCUMULATING_RESOURCES: tuple[str, ...] = ("gold_crowns",)
"""Engine resources that add up over a campaign (the rest, such as the warband rating, are
figures of the moment and go to the run's summary)."""

HARDY_HERO_SURVIVES: tuple[int, int] = (14, 15)
HARDY_HENCHMAN_DEAD_MAX = 1
HARDY_SEED_SALT = 0x4A7D
"""Advance rolls for fighters the ``hardy`` table saves use their own dice stream, seeded from
the run's seed and this salt, so the engine's recorded rolls are never re-used."""


def skirmish_pack(
    output: PostBattle,
    settings: Mapping[str, Any],
    *,
    report: BattleReport | None = None,
    seed: int = 0,
) -> PackResult:
    """Mordheim: experience per award, advances, serious injuries and deaths from the
    engine's published sequence; the ``hardy`` injury table re-reads the recorded dice
    (henchmen die on 1, heroes on 11–13), and a unit it saves from a wipe-out earns the
    survivor's experience and its advance rolls."""
    hardy = settings.get("injury_table") == "hardy"
    units = {u.id: u for u in (report.units if report else [])}
    hardy_roller = Roller((seed ^ HARDY_SEED_SALT) % (2**62))
    effects: list[Effect] = []
    summary: dict[str, Any] = {}
    for entry in output.entries:
        if "exploration_multiple" in entry:
            summary["exploration_multiple"] = entry["exploration_multiple"]
            found, gains = exploration_effects(entry["exploration_multiple"], output.resources)
            if found:
                summary["exploration_result"] = found
            effects.extend(gains)
            continue
        key = unit_key(entry["unit"])
        gained = dict(entry.get("experience") or {})
        unit_advances = [dict(a) for a in entry.get("advances", [])]
        engine_survivors = sum(1 for f in entry.get("fighters", []) if not f.get("dead"))
        survivors = 0
        for fighter in entry.get("fighters", []):
            injury = dict(fighter.get("injury") or {})
            dead = bool(fighter.get("dead"))
            if hardy and injury:
                dead, injury = _hardy_injury(entry.get("kind") == "hero", injury)
            if injury:
                effects.append(Effect("injury", key, fighter["id"], data={**injury, "dead": dead}))
            if dead:
                effects.append(Effect("death", key, fighter["id"], data={"cause": "injury"}))
            else:
                survivors += 1
        unit = units.get(entry["unit"])
        if survivors and not engine_survivors and unit is not None and report is not None:
            gained = {**hardy_survivor_experience(unit, report), **gained}
            start = int(unit.extra.get("experience_start", 0))
            unit_advances = advances(
                hardy_roller,
                unit.id,
                entry.get("kind") == "hero",
                start,
                start + sum(gained.values()),
            )
            offer_skills(unit_advances, unit.extra)
        elif survivors and "survived" not in gained:
            gained["survived"] = EXPERIENCE_AWARDS["survived"]
        for reason in sorted(gained):
            if gained[reason]:
                effects.append(
                    Effect("experience", key, amount=gained[reason], data={"reason": reason})
                )
        for advance in unit_advances:
            effects.append(Effect("advance", key, data=dict(advance)))
    resources, figures = resource_effects(output.resources, ACCUMULATING_RESOURCES)
    effects.extend(resources)
    summary.update(figures)
    if hardy_roller.log:
        summary["hardy_dice"] = hardy_roller.log
    return PackResult(PACK_NAME, effects, summary, {})


def exploration_effects(
    multiple: Mapping[str, int], resources: Mapping[str, Any]
) -> tuple[dict[str, Any], list[Effect]]:
    """The exploration result of the largest set of equal dice (``exploration``) as ledger
    effects: its gold crowns, and its extra shards sold in the same batch as the others —
    what the batch brings in beyond the engine's sale (``post_battle.wyrdstone_price``, one
    sale per post-battle sequence: digest §15.8 step 4)."""
    result = exploration_result(int(multiple["count"]), int(multiple["value"]))
    if result is None:
        return {}, []
    gains: list[Effect] = []
    reason = {"reason": "exploration", "result": result.slug}
    if result.gold:
        gains.append(Effect("resource", resource="gold_crowns", amount=result.gold, data=reason))
    if result.shards:
        shards, warriors = int(resources.get("wyrdstone", 0)), int(resources.get("warriors", 0))
        extra = wyrdstone_price(shards + result.shards, warriors) - wyrdstone_price(
            shards, warriors
        )
        if extra:
            gains.append(
                Effect(
                    "resource",
                    resource="gold_crowns",
                    amount=extra,
                    data={**reason, "shards": result.shards},
                )
            )
    return result.as_dict(), gains


def hardy_survivor_experience(unit: UnitOutcome, report: BattleReport) -> dict[str, int]:
    """The experience the engine gives a unit with a fighter left alive — survived, winning
    leader, enemies put out of action, scenario awards — for a unit only the ``hardy``
    table saved (NOT IN SEED: published Mordheim experience, not in seed 001: published Mordheim
    rules, Experience)."""
    awards = EXPERIENCE_AWARDS
    scenario = SCENARIO_AWARDS.get(report.mission, {})
    gained = {"survived": awards["survived"]}
    if unit.extra.get("kind") == "hero" and unit.fighters:
        fighter = unit.fighters[0]
        if unit.extra.get("leader") and report.winner == unit.side:
            gained["winning_leader"] = awards["winning_leader"]
        kills = len(fighter.get("enemies_taken_out") or [])
        if kills:
            gained["enemy_out_of_action"] = kills * awards["enemy_out_of_action"]
        if "wyrdstone_carried" in scenario and fighter.get("wyrdstone"):
            gained["wyrdstone_carried"] = fighter["wyrdstone"] * scenario["wyrdstone_carried"]
    if "broke_through" in scenario and any(f.get("broke_through") for f in unit.fighters):
        gained["broke_through"] = scenario["broke_through"]
    return gained


def _hardy_injury(hero: bool, injury: dict[str, Any]) -> tuple[bool, dict[str, Any]]:
    """The ``hardy`` variant of one recorded injury roll: (dead, injury)."""
    if hero:
        d66 = int(injury.get("d66", 0))
        if HARDY_HERO_SURVIVES[0] <= d66 <= HARDY_HERO_SURVIVES[1]:
            return False, {"d66": d66, "result": "full_recovery", "effects": {}, "dead": False}
        return bool(injury.get("dead")), injury
    d6 = int(injury.get("d6", 0))
    dead = d6 <= HARDY_HENCHMAN_DEAD_MAX
    return dead, {**injury, "result": "dead" if dead else "recovers"}


class MordheimPack:
    """The Mordheim campaign pack: its own economy (gold crowns, wyrdstone), so the narrative
    format's generic resource table does not apply; its between-games rules are read by the
    campaign by name (``captivity``, ``trading``, ``hired_swords``, ``figures``)."""

    name = PACK_NAME
    narrative_resources = False
    captivity = CAPTIVITY
    trading = TRADING
    hired_swords = HIRED_SWORDS
    figures = staticmethod(warband_figures)

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
        return skirmish_pack(output, settings, report=report, seed=seed)
