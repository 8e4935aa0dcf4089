"""A manually reported result as a BattleReport-shaped dict (pure), so one post-battle path
serves both reported and engine-played games; and the campaign overlay on a roster.

Manual outcome per unit: ``{"id", "status"?, "models_lost"?, "kills"?,
"enemies_destroyed"?, "objective_held"?, "fighters"?: [{"id", "out_of_action"?,
"enemies_taken_out"?, "taken_out_by"?, "wounds_suffered"?, "wyrdstone"?, "broke_through"?}]}``.
Every field is checked and bounded first (:mod:`campaigns.result_input`).
"""

from __future__ import annotations

from copy import deepcopy
from typing import Any

from campaigns.advances import lasting_rules, promoted_units, retired, robbed
from campaigns.errors import CampaignError
from campaigns.result_input import (
    SIDES,
    check_mission_outcome,
    check_result_scores,
    check_result_units,
)

MANUAL_ENGINE_VERSION = "manual"


def fighter_ids(unit: dict[str, Any]) -> list[str]:
    """Fighter ids of a roster unit as the engines name them: "<unit id>.<n>"."""
    return [f"{unit['id']}.{n}" for n in range(1, int(unit.get("size", 1)) + 1)]


def _unit_outcome(unit: dict[str, Any], side: str, reported: dict[str, Any]) -> dict[str, Any]:
    extra = unit.get("extra") or {}
    size = int(unit.get("size", 1))
    by_fighter = {f["id"]: f for f in reported.get("fighters", [])}
    hero = extra.get("kind") == "hero" or bool(extra.get("leader"))
    fighters = []
    for fid in fighter_ids(unit):
        given = by_fighter.get(fid, {})
        out = bool(given.get("out_of_action"))
        fighters.append(
            {
                "id": fid,
                "name": unit.get("name", fid),
                "hero": hero,
                "leader": bool(extra.get("leader")),
                "status": "out_of_action" if out else "standing",
                "out_of_action": out,
                "taken_out_by": given.get("taken_out_by"),
                "enemies_taken_out": list(given.get("enemies_taken_out", [])),
                "wounds_suffered": int(given.get("wounds_suffered", 0)),
                "wyrdstone": int(given.get("wyrdstone", 0)),
                "broke_through": bool(given.get("broke_through", False)),
            }
        )
    lost = reported.get("models_lost")
    if lost is None:
        lost = sum(1 for f in fighters if f["out_of_action"]) if by_fighter else 0
    destroyed = list(reported.get("enemies_destroyed", []))
    kills = int(
        reported.get("kills", len(destroyed) or sum(len(f["enemies_taken_out"]) for f in fighters))
    )
    status = reported.get("status") or ("destroyed" if lost >= size else "intact")
    outcome_extra = {
        "kind": "hero" if hero else "henchman",
        "leader": bool(extra.get("leader")),
        "unit": unit.get("unit", ""),
        "experience_start": int(extra.get("experience", extra.get("starting_experience", 0))),
        "large": False,
        "objective_held": bool(reported.get("objective_held", False)),
    }
    if destroyed or "kills" in reported:
        outcome_extra["units_destroyed"] = destroyed or [f"enemy-{n}" for n in range(kills)]
    points = int(unit.get("points", 0))
    return {
        "id": unit["id"],
        "name": unit.get("name", unit["id"]),
        "side": side,
        "status": status,
        "models_start": size,
        "models_lost": int(lost),
        "kills": kills,
        "points": points,
        "points_lost": points * int(lost) // max(1, size),
        "fighters": fighters,
        "extra": outcome_extra,
    }


def manual_report(
    *,
    system: str,
    mission: str,
    snapshots: dict[str, dict[str, Any]],
    winner: str | None,
    scores: dict[str, int],
    units: list[dict[str, Any]],
    mission_outcome: dict[str, Any],
) -> dict[str, Any]:
    """The BattleReport dict of a reported result; every snapshot unit appears (intact
    unless reported otherwise). The input is checked first: CampaignError names the field."""
    if winner not in (None, "a", "b"):
        raise CampaignError("result.winner", "Winner must be 'a', 'b' or null.", "winner")
    by_id: dict[str, tuple[str, dict[str, Any]]] = {}
    for side in SIDES:
        for unit in snapshots[side].get("units", []):
            by_id[f"{side}:{unit['id']}"] = (side, unit)
    check_result_scores(scores)
    check_result_units(units, {key: unit for key, (_, unit) in by_id.items()}, fighter_ids)
    check_mission_outcome(mission_outcome)
    reported = {f"{entry['side']}:{entry['id']}": entry for entry in units}
    outcomes = [
        _unit_outcome(unit, side, reported.get(key, {})) for key, (side, unit) in by_id.items()
    ]
    extra: dict[str, Any] = {"source": "manual", **deepcopy(mission_outcome)}
    return {
        "system": system,
        "mission": mission,
        "seed": 0,
        "engine_version": MANUAL_ENGINE_VERSION,
        "winner": winner,
        "scores": {side: int(scores.get(side, 0)) for side in SIDES},
        "turns_played": 0,
        "armies": {side: snapshots[side].get("name", "") for side in SIDES},
        "units": outcomes,
        "positions": [],
        "map": {"width": 0, "height": 0, "grid": "inches", "features": []},
        "events": [],
        "summary": "Reported result",
        "extra": extra,
    }


def apply_campaign_state(
    roster_data: dict[str, Any], unit_states: dict[str, dict[str, Any]]
) -> dict[str, Any]:
    """The roster as it stands in the campaign: dead and retired heroes and fighters leave,
    advances and injuries change profiles, lasting injuries add their rules (madness,
    smashed leg, one arm, old battle wound, hardened, horrible scars, bitter enmity) and a
    robbed hero has no equipment, experience is carried (``extra.experience``); a henchman
    "the lad's got talent" promoted is a hero of his own (``promoted_units``)."""
    data = deepcopy(roster_data)
    promoted_units(data, unit_states)
    kept = []
    for unit in data.get("units", []):
        state = unit_states.get(str(unit["id"]))
        if state is None:
            kept.append(unit)
            continue
        size = int(unit.get("size", 1)) - len(state["dead_fighters"])
        if state["dead"] or size <= 0 or retired(state["injuries"]):
            continue
        unit["size"] = size
        rules = lasting_rules(state["injuries"])
        if rules:
            unit["rules"] = list(dict.fromkeys([*unit.get("rules", []), *rules]))
        if robbed(state["injuries"]):
            unit["weapons"] = []
        profile = unit.setdefault("profile", {})
        for stat, delta in sorted(state["profile_changes"].items()):
            if stat in profile and isinstance(profile[stat], int):
                profile[stat] += delta
        extra = unit.setdefault("extra", {})
        base = int(extra.get("starting_experience", 0))
        extra["campaign_experience"] = state["experience"]
        extra["experience"] = base + state["experience"]
        if state.get("rank"):
            extra["rank"] = state["rank"]
        if state.get("skills"):
            extra["skills"] = sorted(set(extra.get("skills", [])) | set(state["skills"]))
        kept.append(unit)
    data["units"] = kept
    return data
