"""What a finished battle reports: per unit and per fighter outcomes (what the campaign's
post-battle sequence consumes), the map and the result; the kernel assembles the report."""

from __future__ import annotations

from typing import Any

from rules.engine.kernel.reporting import Result
from rules.engine.kernel.sides import SIDES
from rules.engine.report import BattleMap, MapFeature, UnitOutcome
from rules.engine.systems.skirmish.fighters import Fighter
from rules.engine.systems.skirmish.scenarios import DEPLOY_DEPTH, TABLE_SIZE, scores
from rules.engine.systems.skirmish.state import BattleState


def fighter_status(f: Fighter) -> str:
    if f.broke_through:
        return "broke_through"
    if f.fleeing and not f.out:
        return "fleeing"
    return f.state


def fighter_outcome(f: Fighter) -> dict[str, Any]:
    """One fighter's result: out of action or not, who took them out, enemies they took out,
    wounds suffered, objectives."""
    return {
        "id": f.id,
        "name": f.name,
        "hero": f.hero,
        "leader": f.leader,
        "status": fighter_status(f),
        "out_of_action": f.state == "out_of_action",
        "taken_out_by": f.taken_out_by,
        "enemies_taken_out": list(f.enemies_taken_out),
        "wounds_suffered": f.wounds_suffered,
        "wyrdstone": f.carrying,
        "broke_through": f.broke_through,
    }


def unit_outcomes(state: BattleState, side: str) -> list[UnitOutcome]:
    warband = state.warbands[side]
    out = []
    for meta in warband.units:
        members = [f for f in warband.fighters if f.unit_id == meta["id"]]
        lost = sum(1 for f in members if f.state == "out_of_action")
        if len(members) == 1:
            status = fighter_status(members[0])
        else:
            status = "destroyed" if lost == len(members) else ("depleted" if lost else "intact")
        points = meta["points"]
        out.append(
            UnitOutcome(
                id=meta["id"],
                name=meta["name"],
                side=side,
                status=status,
                models_start=len(members),
                models_lost=lost,
                kills=sum(len(f.enemies_taken_out) for f in members),
                points=points,
                points_lost=points * lost // max(1, len(members)),
                fighters=[fighter_outcome(f) for f in members],
                extra={
                    "kind": meta["kind"],
                    "leader": meta["leader"],
                    "unit": meta["unit"],
                    "experience_start": meta["experience"],
                    "large": meta["large"],
                },
            )
        )
    return out


def battle_map(state: BattleState) -> BattleMap:
    """The table with its ruins, objectives and deployment zones."""
    features = [
        MapFeature(
            "terrain", a.rect.x, a.rect.y, a.rect.width, a.rect.height, a.name, {"cover": True}
        )
        for a in state.table.terrain
    ]
    for obj in state.extra.get("objectives_start", []):
        features.append(MapFeature("objective", obj["x"], obj["y"], 0.0, 0.0, obj["id"]))
    features.append(MapFeature("deployment", 0.0, 0.0, TABLE_SIZE, DEPLOY_DEPTH, "a"))
    features.append(
        MapFeature("deployment", 0.0, TABLE_SIZE - DEPLOY_DEPTH, TABLE_SIZE, DEPLOY_DEPTH, "b")
    )
    return BattleMap(TABLE_SIZE, TABLE_SIZE, "inches", features)


def result(state: BattleState) -> Result:
    """Winner, scenario scores, summary and the report extras the campaign reads."""
    winner = state.winner
    summary = (
        f"{state.warbands[winner].name or winner} wins ({state.end_reason})"
        if winner
        else f"Draw ({state.end_reason})"
    )
    extra = {
        "end_reason": state.end_reason,
        "routed": state.routed,
        "attacker": state.attacker if state.mission == "breakthrough" else None,
        "warband_rating": {s: state.warbands[s].rating for s in SIDES},
        "objectives": [
            {
                "id": o.id,
                "carrier": o.carrier.split(":", 1)[1] if o.carrier else None,
                "carrier_side": o.carrier.split(":", 1)[0] if o.carrier else None,
                "x": round(o.x, 2),
                "y": round(o.y, 2),
            }
            for o in state.objectives
        ],
    }
    return Result(winner, scores(state), summary, extra)
