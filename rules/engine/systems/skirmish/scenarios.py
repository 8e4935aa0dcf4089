"""Scenarios: set-up and victory conditions on a 4'×4' ruined town (NOT IN SEED: published
Mordheim scenarios 1 Skirmish, 2 Wyrdstone Hunt, 3 Breakthrough; not in seed 001: published Mordheim
rules, Scenarios)."""

from __future__ import annotations

import math

from rules.engine.dice import Dice
from rules.engine.geometry import CLEAR, Rect, Table, TerrainArea
from rules.engine.kernel.sides import other
from rules.engine.systems.base import Mission
from rules.engine.systems.skirmish.fighters import Fighter
from rules.engine.systems.skirmish.state import BattleState, Objective, face

TABLE_SIZE = 48.0
DEPLOY_DEPTH = 8.0
"""Each warband deploys within 8" of its table edge (not in seed 001: published Mordheim rules,
Scenarios)."""
BREAKTHROUGH_DEFENDER_MIN = 14.0
BREAKTHROUGH_NEEDED = 2
"""The attacker wins by getting two fighters to the defender's table edge (published)."""
PICKUP_RANGE = 1.0

MISSIONS: dict[str, Mission] = {
    "skirmish": Mission(
        "skirmish",
        "Skirmish",
        20,
        'Deploy within 8" of opposite edges; the battle ends when a warband fails its rout test.',
    ),
    "wyrdstone-hunt": Mission(
        "wyrdstone-hunt",
        "Wyrdstone Hunt",
        20,
        "D3+1 wyrdstone counters lie in the ruins; a fighter moving into contact picks one up. "
        "Ends on a rout; each counter carried at the end is a shard.",
    ),
    "breakthrough": Mission(
        "breakthrough",
        "Breakthrough",
        12,
        "The attacker must get two fighters off the defender's table edge; the defender sets "
        "up at least 14\" from the attacker's edge.",
    ),
}
DEFAULT_MISSION = "skirmish"


def ruined_town(dice: Dice) -> Table:
    """A 4'×4' table with ruined buildings (terrain areas giving cover, each with an upper
    floor: 2-6" up for the nine large ones, 2" for the four small, ``climbing``), placed from
    the battle's dice (not in seed 001: published Mordheim rules, Scenarios typical set-up)."""
    areas: list[TerrainArea] = []
    n = 0
    for cy in (15.0, 24.0, 33.0):
        for cx in (8.0, 24.0, 40.0):
            w, h = dice.uniform(4.0, 8.0), dice.uniform(3.0, 6.0)
            x = cx + dice.uniform(-3.0, 3.0) - w / 2
            y = cy + dice.uniform(-2.0, 2.0) - h / 2
            n += 1
            areas.append(
                TerrainArea(
                    f"ruin {n}",
                    Rect(round(x, 2), round(y, 2), round(w, 2), round(h, 2)),
                    CLEAR,
                    None,
                    dice.randint(1, 3),  # the upper floor's level (``climbing``)
                )
            )
    for cy in (4.0, 44.0):
        for cx in (14.0, 34.0):
            w, h = dice.uniform(3.0, 5.0), dice.uniform(2.0, 3.0)
            n += 1
            areas.append(
                TerrainArea(
                    f"ruin {n}",
                    Rect(round(cx - w / 2, 2), round(cy - h / 2, 2), round(w, 2), round(h, 2)),
                    CLEAR,
                    None,
                    1,
                )
            )
    return Table(TABLE_SIZE, TABLE_SIZE, areas)


def home_edge_y(side: str) -> float:
    """Side "a" deploys on the southern edge (y = 0), side "b" on the northern (y = 48)."""
    return 0.0 if side == "a" else TABLE_SIZE


def deploy_line(dice: Dice, fighters: list[Fighter], rows: tuple[float, float]) -> None:
    """Place fighters in two rows centred on the table, heroes and close fighters in front."""
    ordered = sorted(fighters, key=lambda f: (f.missile is not None and not f.hero, f.id))
    front = ordered[: (len(ordered) + 1) // 2]
    back = ordered[(len(ordered) + 1) // 2 :]
    for row, y in ((front, rows[0]), (back, rows[1])):
        spacing = 2.5
        start = TABLE_SIZE / 2 - spacing * (len(row) - 1) / 2
        for index, fighter in enumerate(row):
            fighter.x = round(start + spacing * index + dice.uniform(-0.5, 0.5), 2)
            fighter.y = round(y + dice.uniform(-0.5, 0.5), 2)


def zone_rows(side: str, near: float, far: float) -> tuple[float, float]:
    """Front and back row for ``side`` between ``near`` and ``far`` inches from its edge."""
    if side == "a":
        return far - 1.0, near + 1.5
    return TABLE_SIZE - far + 1.0, TABLE_SIZE - near - 1.5


def deploy(state: BattleState) -> None:
    """Set up both warbands and the scenario's objectives (published set-up rules)."""
    dice = state.dice
    if state.mission == "breakthrough":
        attacker = state.attacker
        defender = other(attacker)
        deploy_line(dice, state.fighters(attacker), zone_rows(attacker, 0.0, DEPLOY_DEPTH))
        near = BREAKTHROUGH_DEFENDER_MIN
        # the defender's rows are measured from the attacker's edge
        if attacker == "a":
            def_rows = (near + 2.0, near + 5.0)
        else:
            def_rows = (TABLE_SIZE - near - 2.0, TABLE_SIZE - near - 5.0)
        deploy_line(dice, state.fighters(defender), def_rows)
    else:
        for side in ("a", "b"):
            deploy_line(dice, state.fighters(side), zone_rows(side, 0.0, DEPLOY_DEPTH))
    for side in ("a", "b"):
        enemies = state.fighters(other(side))
        cx = sum(e.x for e in enemies) / len(enemies)
        cy = sum(e.y for e in enemies) / len(enemies)
        for fighter in state.fighters(side):
            face(fighter, cx, cy)
    if state.mission == "wyrdstone-hunt":
        place_wyrdstone(state)


def place_wyrdstone(state: BattleState) -> None:
    """D3+1 counters more than 10" from the table edges and 6" apart (published Wyrdstone
    Hunt; placement by dice instead of by the players)."""
    count = state.dice.d3() + 1
    placed: list[Objective] = []
    for index in range(count):
        x = y = 0.0
        for _ in range(30):
            x = round(state.dice.uniform(10.5, TABLE_SIZE - 10.5), 2)
            y = round(state.dice.uniform(10.5, TABLE_SIZE - 10.5), 2)
            if all(math.hypot(o.x - x, o.y - y) >= 6.0 for o in placed):
                break
        placed.append(Objective(f"wyrdstone-{index + 1}", x, y))
    state.objectives = placed
    state.extra["objectives_start"] = [{"id": o.id, "x": o.x, "y": o.y} for o in placed]


def pick_up(state: BattleState, fighter: Fighter) -> None:
    """A standing fighter in contact with a free counter picks it up (published)."""
    for objective in state.objectives:
        if (
            objective.carrier is None
            and math.hypot(objective.x - fighter.x, objective.y - fighter.y) <= PICKUP_RANGE
        ):
            objective.carrier = fighter.key
            fighter.carrying += 1
            state.event(fighter.side, fighter.id, "picks up a wyrdstone counter", objective.id)


def breakthrough_check(state: BattleState, side: str) -> None:
    """Attacking fighters that reach the defender's edge leave the table as broken through;
    two of them win the battle (published Breakthrough)."""
    if state.mission != "breakthrough" or side != state.attacker:
        return
    edge = home_edge_y(other(side))
    for fighter in state.fighters(side):
        if fighter.can_act and not fighter.engaged and abs(fighter.y - edge) <= 1.0:
            fighter.broke_through = True
            state.event(side, fighter.id, "breaks through")
    if sum(1 for f in state.fighters(side) if f.broke_through) >= BREAKTHROUGH_NEEDED:
        state.winner = side
        state.end_reason = "breakthrough"


def scores(state: BattleState) -> dict[str, int]:
    """Wyrdstone Hunt: counters carried; Breakthrough: the attacker's fighters through and the
    defender's enemies taken out; otherwise enemies taken out of action."""
    out: dict[str, int] = {}
    for side in ("a", "b"):
        fighters = state.fighters(side)
        if state.mission == "wyrdstone-hunt":
            out[side] = sum(f.carrying for f in fighters)
        elif state.mission == "breakthrough" and side == state.attacker:
            out[side] = sum(1 for f in fighters if f.broke_through)
        else:
            out[side] = sum(len(f.enemies_taken_out) for f in fighters)
    return out


def winner_at_turn_limit(state: BattleState) -> str | None:
    """No rout by the last turn: Breakthrough goes to the defender, Wyrdstone Hunt to the side
    carrying more counters, Skirmish is a draw (this engine's turn limit, documented)."""
    if state.mission == "breakthrough":
        return other(state.attacker)
    if state.mission == "wyrdstone-hunt":
        s = scores(state)
        if s["a"] != s["b"]:
            return "a" if s["a"] > s["b"] else "b"
    return None
