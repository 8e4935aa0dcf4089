"""Rules packs: the one place that turns a battle report into campaign effects.

Each game system's engine has its own ``post_battle`` and its own entry format; this module
calls it and normalises the answer into :class:`Effect` values (experience, advances,
injuries, deaths, ranks, character points, resources) that the ledger stores. House rules
(campaign settings) are applied here too, so the engine keeps the published rules.

Pure Python: no Django. The service passes in what the ledger knew before the game.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
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
from rules.engine.systems.base import EngineError, PostBattle
from rules.engine.systems.skirmish import post_battle as mordheim

ACCUMULATING_RESOURCES: dict[str, tuple[str, ...]] = {
    "skirmish": ("gold_crowns",),
    "massbattle": ("gold",),
}
"""Engine resources that add up over a campaign (the rest, such as the warband rating, are
figures of the moment and go to the run's summary)."""

HARDY_HERO_SURVIVES: tuple[int, int] = (14, 15)
HARDY_HENCHMAN_DEAD_MAX = 1
HARDY_SEED_SALT = 0x4A7D
"""Advance rolls for fighters the ``hardy`` table saves use their own dice stream, seeded from
the run's seed and this salt, so the engine's recorded rolls are never re-used."""


@dataclass(frozen=True, slots=True)
class Effect:
    """One ledger line: ``unit_key`` is the roster entry id ('' for the whole force)."""

    kind: str
    unit_key: str = ""
    fighter_key: str = ""
    resource: str = ""
    amount: int = 0
    data: dict[str, Any] = field(default_factory=dict)


@dataclass(slots=True)
class PackResult:
    """What one rules pack produced for one side."""

    pack: str
    effects: list[Effect]
    summary: dict[str, Any]
    engine_output: dict[str, Any]


def unit_key(report_unit_id: str) -> str:
    """The roster entry id behind a report unit id (engines may prefix the side: "a:u3")."""
    return str(report_unit_id).split(":", 1)[-1]


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


def _engine_post_battle(report: BattleReport, side: str, seed: int) -> PostBattle:
    try:
        system = get_system(report.system)
    except EngineError:
        return PostBattle(side=side)
    return system.post_battle(report, side, seed)


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
    output = _engine_post_battle(battle, side, seed)
    raw = asdict(output)
    if battle.system == "skirmish":
        result = skirmish_pack(output, settings, report=battle, seed=seed)
    elif battle.system == "hextactical":
        result = character_points_pack(battle, side, output, settings)
    else:
        result = unit_experience_pack(battle, side, output, settings, experience_before)
    result.engine_output = raw
    if campaign_format == "narrative" and battle.system != "skirmish":
        result.effects.extend(narrative_resources(battle, side, settings))
    return result


def skirmish_pack(
    output: PostBattle,
    settings: Mapping[str, Any],
    *,
    report: BattleReport | None = None,
    seed: int = 0,
) -> PackResult:
    """Mordheim: experience per award, advances, serious injuries and deaths from the
    engine's published sequence (NOT IN SEED: published Mordheim rules); the ``hardy``
    injury table re-reads the recorded dice (henchmen die on 1, heroes on 11–13), and a unit
    it saves from a wipe-out earns the survivor's experience and its advance rolls."""
    hardy = settings.get("injury_table") == "hardy"
    units = {u.id: u for u in (report.units if report else [])}
    hardy_roller = mordheim._Roller((seed ^ HARDY_SEED_SALT) % (2**62))
    effects: list[Effect] = []
    summary: dict[str, Any] = {}
    for entry in output.entries:
        if "exploration_multiple" in entry:
            summary["exploration_multiple"] = entry["exploration_multiple"]
            continue
        key = unit_key(entry["unit"])
        gained = dict(entry.get("experience") or {})
        advances = [dict(a) for a in entry.get("advances", [])]
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
            advances = mordheim.advances(
                hardy_roller,
                unit.id,
                entry.get("kind") == "hero",
                start,
                start + sum(gained.values()),
            )
        elif survivors and "survived" not in gained:
            gained["survived"] = mordheim.EXPERIENCE_AWARDS["survived"]
        for reason in sorted(gained):
            if gained[reason]:
                effects.append(
                    Effect("experience", key, amount=gained[reason], data={"reason": reason})
                )
        for advance in advances:
            effects.append(Effect("advance", key, data=dict(advance)))
    for name, value in sorted(output.resources.items()):
        if name in ACCUMULATING_RESOURCES["skirmish"]:
            if value:
                effects.append(Effect("resource", resource=name, amount=int(value)))
        else:
            summary[name] = value
    if hardy_roller.log:
        summary["hardy_dice"] = hardy_roller.log
    return PackResult("skirmish-published", effects, summary, {})


def hardy_survivor_experience(unit: UnitOutcome, report: BattleReport) -> dict[str, int]:
    """The experience the engine gives a unit with a fighter left alive — survived, winning
    leader, enemies put out of action, scenario awards — for a unit only the ``hardy``
    table saved (NOT IN SEED: published Mordheim experience, digest §15.11)."""
    awards = mordheim.EXPERIENCE_AWARDS
    scenario = mordheim.SCENARIO_AWARDS.get(report.mission, {})
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


def unit_experience_pack(
    report: BattleReport,
    side: str,
    output: PostBattle,
    settings: Mapping[str, Any],
    experience_before: Mapping[str, int],
) -> PackResult:
    """Per unit: +1 for taking part, +1 per enemy unit destroyed, +1 for an objective held
    (amounts from ``experience_awards``); a rank at each ``experience_thresholds`` total
    crossed (NOT IN SEED: the project's campaign pack, grimdark and massbattle)."""
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
                effects.append(Effect("experience", key, amount=amount, data={"reason": reason}))
        before = int(experience_before.get(key, 0))
        for level in settings["experience_thresholds"]:
            if before < level["experience"] <= before + gained:
                effects.append(Effect("rank", key, data=dict(level)))
    summary: dict[str, Any] = {}
    kept = ACCUMULATING_RESOURCES.get(report.system, ())
    for name, value in sorted(output.resources.items()):
        if name in kept:
            if value:
                effects.append(Effect("resource", resource=name, amount=int(value)))
        else:
            summary[name] = value
    return PackResult(f"{report.system}-experience", effects, summary, {})


def character_points_pack(
    report: BattleReport, side: str, output: PostBattle, settings: Mapping[str, Any]
) -> PackResult:
    """GURPS: character points to each surviving combatant — base, +takedown, +victory
    (amounts from ``character_points``; NOT IN SEED: GURPS 4e awards 1–3 CP a session)."""
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
        reasons = ["survived"] + (["takedown"] if unit.kills else []) + (["victory"] if won else [])
        amount = int(cp["base"])
        amount += int(cp["takedown"]) if unit.kills else 0
        amount += int(cp["victory"]) if won else 0
        effects.append(Effect("character_points", key, amount=amount, data={"reasons": reasons}))
    return PackResult("hextactical-cp", effects, {}, {})


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
