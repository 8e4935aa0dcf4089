"""The battle scenario: victory conditions, objectives, deployment, scoring (seed 003 §12)."""

from __future__ import annotations

import math

from rules.engine.dice import Dice
from rules.engine.systems.massbattle import constants as C
from rules.engine.systems.massbattle.footprint import (
    Footprint,
    overlaps,
    within_point,
)
from rules.engine.systems.massbattle.state import BattleState
from rules.engine.systems.massbattle.units import Unit

CONDITIONS = ("kill", "pillage", "kill-and-pillage")
CONDITION_NAMES = {"kill": "Kill", "pillage": "Pillage", "kill-and-pillage": "Kill and Pillage"}


def roll_condition(dice: Dice) -> tuple[str, int]:
    """Victory condition on a D6: 1-2 Kill, 3-4 Pillage, 5-6 Kill and Pillage (seed 003 §12)."""
    roll = dice.d6()
    return CONDITIONS[(roll - 1) // 2], roll


def place_objectives(dice: Dice, first: str) -> list[tuple[float, float]]:
    """D6+1 objectives, players alternating from the roll-off winner, each more than 12"
    from every other (seed 003 §12 Pillage)."""
    count = dice.d6() + 1
    points: list[tuple[float, float]] = []
    side = first
    for _ in range(count):
        for _attempt in range(60):
            x = round(dice.uniform(6.0, C.TABLE_WIDTH - 6.0), 2)
            low, high = (8.0, C.CENTRE_LINE_Y) if side == "a" else (C.CENTRE_LINE_Y, 40.0)
            y = round(dice.uniform(low, high), 2)
            if all(math.hypot(x - px, y - py) > C.OBJECTIVE_SPACING for px, py in points):
                points.append((x, y))
                break
        side = "b" if side == "a" else "a"
    return points


def deployment_slots(units: list[Unit], side: str) -> list[tuple[Unit, Footprint]]:
    """Battle line more than 12" from the centre line: infantry in the middle, cavalry on
    the wings, heroes, monsters and war engines in a second line (seed 003 §12 step 6)."""
    facing = 90.0 if side == "a" else 270.0
    front_edge = C.CENTRE_LINE_Y - C.DEPLOY_GAP - 0.5

    def y_for(depth: float, back: float) -> float:
        dist = front_edge - back - depth / 2
        return dist if side == "a" else C.TABLE_DEPTH - dist

    line = sorted([u for u in units if u.unit_type == "infantry"], key=lambda u: (-u.points, u.id))
    wings = sorted([u for u in units if u.unit_type == "cavalry"], key=lambda u: u.id)
    rear = sorted(
        [u for u in units if u.unit_type in ("hero", "monster", "war_engine")],
        key=lambda u: (u.unit_type != "monster", u.unit_type, u.id),
    )
    gap = 1.5
    row: list[Unit] = []
    for index, unit in enumerate(line):
        row.insert(len(row) if index % 2 == 0 else 0, unit)
    for index, unit in enumerate(wings):
        row.insert(len(row) if index % 2 == 0 else 0, unit)
    rows = [row[:], []]
    while sum(u.fp.width + gap for u in rows[0]) > C.TABLE_WIDTH - 4:
        rows[1].append(rows[0].pop())
    out: list[tuple[Unit, Footprint]] = []
    depth_front = max((u.fp.depth for u in rows[0]), default=0.0)
    back_rows = [(rows[0], 0.0), (rows[1] + rear, depth_front + 2.0)]
    for members, back in back_rows:
        total = sum(u.fp.width for u in members) + gap * max(len(members) - 1, 0)
        if total > C.TABLE_WIDTH - 2:
            gap_row = max(
                1.1,
                (C.TABLE_WIDTH - 2 - sum(u.fp.width for u in members)) / max(len(members) - 1, 1),
            )
        else:
            gap_row = (
                gap
                if back == 0.0
                else max(gap, (C.TABLE_WIDTH * 0.6 - total) / max(len(members), 1))
            )
        total = sum(u.fp.width for u in members) + gap_row * max(len(members) - 1, 0)
        x = C.TABLE_WIDTH / 2 - total / 2
        for unit in members:
            cx = x + unit.fp.width / 2
            out.append(
                (
                    unit,
                    Footprint(
                        round(cx, 3),
                        round(y_for(unit.fp.depth, back), 3),
                        facing,
                        unit.fp.width,
                        unit.fp.depth,
                    ),
                )
            )
            x += unit.fp.width + gap_row
    return out


def deploy(state: BattleState, first: str) -> None:
    """Alternate deploying one unit at a time, the roll-off winner first (seed 003 §12 step
    6); a slot on blocking terrain or another unit is shifted sideways."""
    plans = {s: deployment_slots([u for u in state.units if u.side == s], s) for s in "ab"}
    order = [first, "b" if first == "a" else "a"]
    index = {"a": 0, "b": 0}
    while any(index[s] < len(plans[s]) for s in "ab"):
        for side in order:
            if index[side] >= len(plans[side]):
                continue
            unit, fp = plans[side][index[side]]
            index[side] += 1
            unit.fp = _free_spot(state, unit, fp)
            unit.placed = True
            state.event(side, unit.id, f"{unit.name} deploys", x=unit.fp.x, y=unit.fp.y)


def _free_spot(state: BattleState, unit: Unit, fp: Footprint) -> Footprint:
    for shift in (0.0, 2.0, -2.0, 4.0, -4.0, 6.0, -6.0, 8.0, -8.0, 12.0, -12.0):
        cand = fp.at(fp.x + shift, fp.y)
        if cand.x - cand.width / 2 < 0 or cand.x + cand.width / 2 > C.TABLE_WIDTH:
            continue
        if any(p.kind == "blocking" and overlaps(cand, p.fp) for p in state.terrain):
            continue
        if any(o is not unit and o.placed and overlaps(cand, o.fp, 0.99) for o in state.units):
            continue
        return cand
    return fp


def objective_holders(state: BattleState) -> dict[str, int]:
    """A side holds an objective with a unit within 3" and no enemy within 3" (seed 003 §12)."""
    held = {"a": 0, "b": 0}
    for x, y in state.objectives:
        near = {u.side for u in state.alive() if within_point(u.fp, x, y, C.OBJECTIVE_RADIUS)}
        if len(near) == 1:
            held[near.pop()] += 1
    return held


def kill_points(state: BattleState) -> dict[str, int]:
    """Points cost of the enemy units each side destroyed (seed 003 §12 Kill)."""
    out = {"a": 0, "b": 0}
    for unit in state.units:
        if not unit.alive:
            out["b" if unit.side == "a" else "a"] += unit.points
    return out


def kill_winner(scores: dict[str, int], army_points: int, inclusive: bool = True) -> str | None:
    """Kill: a lead of 20 % of the army points wins (>= by the seed's example; ``inclusive``
    is ``MassBattleSettings.kill_margin_inclusive``), else a draw (seed 003 §12; §18.4)."""
    margin = C.KILL_MARGIN_FRACTION * army_points
    lead = scores["a"] - scores["b"]
    wins = abs(lead) >= margin and lead != 0 if inclusive else abs(lead) > margin
    if not wins:
        return None
    return "a" if lead > 0 else "b"


def pillage_winner(held: dict[str, int]) -> str | None:
    """Pillage: control at least 2 more objectives than the opponent (seed 003 §12)."""
    if held["a"] - held["b"] >= C.PILLAGE_MARGIN:
        return "a"
    if held["b"] - held["a"] >= C.PILLAGE_MARGIN:
        return "b"
    return None


def score(state: BattleState) -> tuple[str | None, dict[str, int], dict[str, int]]:
    """(winner, scores, objectives held) for the battle's victory condition (seed 003 §12)."""
    kills = kill_points(state)
    inclusive = state.settings.kill_margin_inclusive
    held = objective_holders(state) if state.objectives else {"a": 0, "b": 0}
    if state.condition == "pillage":
        return pillage_winner(held), dict(held), held
    if state.condition == "kill-and-pillage":
        scores = {s: kills[s] + C.KILL_PILLAGE_BONUS * held[s] for s in "ab"}
        return kill_winner(scores, state.points_limit, inclusive), scores, held
    return kill_winner(kills, state.points_limit, inclusive), kills, held


def _figure(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.1f}"


def result_summary(
    condition: str,
    winner: str | None,
    scores: dict[str, int],
    points_limit: int,
    turns: int,
    inclusive: bool = True,
) -> str:
    """The report's one-line result; a draw says what a win needed: in Kill (and Kill and
    Pillage) a lead of 20 % of the points limit, in Pillage 2 more objectives (seed 003 §12)."""
    name = CONDITION_NAMES.get(condition, condition.replace("-", " ").capitalize())
    result = "draw" if winner is None else f"side {winner} wins"
    line = f"{name}: {result} ({scores['a']}–{scores['b']})"
    if winner is None and condition == "pillage":
        line += f"; a win needs {C.PILLAGE_MARGIN} more objectives held than the opponent"
    elif winner is None:
        margin = C.KILL_MARGIN_FRACTION * points_limit
        lead = "a lead of" if inclusive else "a lead of more than"
        line += (
            f"; a win needs {lead} {_figure(margin)}, "
            f"{_figure(C.KILL_MARGIN_FRACTION * 100)}% of the {points_limit}-point limit"
        )
    return f"{line}, after {turns} turns"
