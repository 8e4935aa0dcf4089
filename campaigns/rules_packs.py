"""Rules packs: the one place that turns a battle report into campaign effects.

Each game system's engine has its own ``post_battle`` and its own ``campaign`` pack
(:class:`~rules.engine.systems.capabilities.CampaignPack`) that normalises the answer into
:class:`Effect` values (experience, advances, injuries, deaths, ranks, character points,
resources) that the ledger stores, under the campaign's house rules (settings), so the engine
keeps the published rules. The narrative format's resource table is the campaign's own and
applies to every system whose pack allows it.

Pure Python: no Django. The service passes in what the ledger knew before the game.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict
from typing import Any

from rules.engine.report import (
    BattleMap,
    BattleReport,
    Event,
    MapFeature,
    UnitOutcome,
    UnitPosition,
)
from rules.engine.systems import get_system
from rules.engine.systems.capabilities import Effect, PackResult, unit_key


def report_from_dict(data: Mapping[str, Any]) -> BattleReport:
    """A BattleReport from its ``to_dict`` form (the event log is not needed after battle)."""
    board = dict(data.get("map") or {"width": 0, "height": 0})
    features = [MapFeature(**f) for f in board.pop("features", [])]
    return BattleReport(
        system=data["system"],
        mission=data.get("mission", ""),
        seed=int(data.get("seed", 0)),
        engine_version=data.get("engine_version", ""),
        winner=data.get("winner"),
        scores=dict(data.get("scores") or {}),
        turns_played=int(data.get("turns_played", 0)),
        armies=dict(data.get("armies") or {}),
        units=[UnitOutcome(**u) for u in data.get("units", [])],
        positions=[[UnitPosition(**p) for p in turn] for turn in data.get("positions", [])],
        map=BattleMap(**board, features=features),
        events=[Event(**e) for e in data.get("events", [])],
        summary=data.get("summary", ""),
        extra=dict(data.get("extra") or {}),
    )


def result_of(report: BattleReport, side: str) -> str:
    """ "win", "draw" or "loss" for ``side``."""
    if report.winner is None:
        return "draw"
    return "win" if report.winner == side else "loss"


def apply_pack(
    *,
    report: Mapping[str, Any],
    side: str,
    seed: int,
    settings: Mapping[str, Any],
    campaign_format: str,
    experience_before: Mapping[str, int],
    experience_start: Mapping[str, int] | None = None,
    unit_profiles: Mapping[str, Mapping[str, Any]] | None = None,
) -> PackResult:
    """Campaign effects of ``report`` for ``side`` under the campaign's house rules.

    ``experience_before`` is each unit's campaign experience from earlier games (ranks are
    reached when the total crosses a threshold); ``experience_start`` is the full starting
    experience the engine's advance rolls need (Mordheim: catalogue + campaign);
    ``unit_profiles`` gives each unit's ``profile`` (and ``race``) as it went into the game,
    so the engine's advances respect racial maxima.
    """
    battle = report_from_dict(report)
    for unit in battle.units:
        if unit.side != side:
            continue
        key = unit_key(unit.id)
        if experience_start and key in experience_start:
            unit.extra["experience_start"] = experience_start[key]
        if unit_profiles and key in unit_profiles:
            unit.extra.update(unit_profiles[key])
    system = get_system(battle.system)
    output = system.post_battle(battle, side, seed)
    result = system.campaign.effects(
        report=battle,
        side=side,
        seed=seed,
        output=output,
        settings=settings,
        experience_before=experience_before,
    )
    result.engine_output = asdict(output)
    if campaign_format == "narrative" and system.campaign.narrative_resources:
        result.effects.extend(narrative_resources(battle, side, settings))
    return result


def narrative_resources(
    report: BattleReport, side: str, settings: Mapping[str, Any]
) -> list[Effect]:
    """Narrative format: territory and requisition for the outcome, plus per objective held
    (setting ``narrative_resources``)."""
    table = settings["narrative_resources"]
    gained: dict[str, int] = {}
    for name, value in (table.get(result_of(report, side)) or {}).items():
        gained[name] = gained.get(name, 0) + int(value)
    held = objectives_held(report, side)
    for name, value in (table.get("per_objective") or {}).items():
        gained[name] = gained.get(name, 0) + int(value) * held
    return [
        Effect("resource", resource=name, amount=amount, data={"reason": "mission"})
        for name, amount in sorted(gained.items())
        if amount
    ]


def objectives_held(report: BattleReport, side: str) -> int:
    """Objectives ``side`` held at the end: the report's count, or its units holding one."""
    held = report.extra.get("objectives_held")
    if isinstance(held, dict) and side in held:
        return int(held[side])
    return sum(1 for u in report.units if u.side == side and u.extra.get("objective_held") is True)
