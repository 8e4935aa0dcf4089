"""Campaign experience pack after a battle (simple, documented; NOT IN SEED: the 2010 rules
have no campaign, so this pack is the project's own).

Per unit of the side: +1 XP for taking part, +1 per enemy unit it routed, +1 when it stood
within 3" of an objective its side held at the end. Resources: 100 for a win, 50 for a draw,
25 for a loss, +10 per objective held, +1 per 100 enemy points destroyed (rounded down).
"""

from __future__ import annotations

from rules.engine.report import BattleReport
from rules.engine.systems.base import PostBattle

XP_TAKING_PART = 1
XP_PER_ROUT = 1
XP_OBJECTIVE = 1
RESOURCES = {"win": 100, "draw": 50, "loss": 25}
RESOURCES_PER_OBJECTIVE = 10


def _holding(report: BattleReport, unit_id: str, side: str) -> bool:
    objectives = report.extra.get("objectives") or []
    if not objectives or not report.positions:
        return False
    final = {p.id: p for p in report.positions[-1]}
    me = final.get(unit_id)
    if me is None or not me.alive:
        return False
    for ox, oy in objectives:
        near_me = abs(me.x - ox) <= 3 + me.width / 2 and abs(me.y - oy) <= 3 + me.depth / 2
        enemy_near = any(
            p.alive
            and p.side != side
            and abs(p.x - ox) <= 3 + p.width / 2
            and abs(p.y - oy) <= 3 + p.depth / 2
            for p in final.values()
        )
        if near_me and not enemy_near:
            return True
    return False


def post_battle(report: BattleReport, side: str, seed: int) -> PostBattle:
    """Experience per unit and resources for the mission outcome (no dice are rolled)."""
    result = "draw" if report.winner is None else ("win" if report.winner == side else "loss")
    entries = []
    for unit in report.units:
        if unit.side != side:
            continue
        xp = XP_TAKING_PART + XP_PER_ROUT * unit.kills
        held = _holding(report, unit.id, side)
        xp += XP_OBJECTIVE if held else 0
        entries.append(
            {
                "unit_id": unit.id.split(":", 1)[-1],
                "name": unit.name,
                "status": unit.status,
                "experience": xp,
                "reasons": {
                    "took_part": XP_TAKING_PART,
                    "routed": unit.kills,
                    "objective": int(held),
                },
            }
        )
    held_count = int((report.extra.get("objectives_held") or {}).get(side, 0))
    enemy_points = int((report.extra.get("kill_points") or {}).get(side, 0))
    resources = {
        "gold": RESOURCES[result] + RESOURCES_PER_OBJECTIVE * held_count + enemy_points // 100,
    }
    return PostBattle(side=side, entries=entries, resources=resources, dice=[])
