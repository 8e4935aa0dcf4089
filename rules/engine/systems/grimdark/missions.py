"""Standard missions, deployment, terrain set-up, scoring units and victory (NOT IN SEED:
published 4e pp.77-87, 4e pp.77-80, pp.84-87; game length seed 000 [14])."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rules.engine.geometry import (
    DANGEROUS,
    DIFFICULT,
    IMPASSABLE,
    Point,
    Rect,
    Table,
    TerrainArea,
)
from rules.engine.systems.base import Mission
from rules.engine.systems.grimdark.army import VEHICLE, Unit
from rules.engine.systems.grimdark.battle import Battle

TABLE_WIDTH = 72.0  # 6' × 4' (seed 000 [4])
TABLE_HEIGHT = 48.0
GAME_TURNS = 6  # seed 000 [14]; 4e pp.80-83
DEPLOYMENT_ORDER: tuple[str, ...] = ("Heavy Support", "Troops", "Elites", "HQ", "Fast Attack")
OBJECTIVE_RADIUS = 6.0  # loot counters are held within 6" (4e pp.80-83)
CENTRE_RADIUS = 12.0  # Take and Hold: within 12" of the centre (4e pp.80-83)

MISSIONS: dict[str, Mission] = {
    m.slug: m
    for m in (
        Mission(
            "cleanse",
            "Cleanse",
            GAME_TURNS,
            "Table quarters: control most quarters with scoring units.",
        ),
        Mission(
            "secure-and-control",
            "Secure and Control",
            GAME_TURNS,
            'D3+2 loot counters: hold most with a scoring unit within 6".',
        ),
        Mission(
            "seek-and-destroy",
            "Seek and Destroy",
            GAME_TURNS,
            "Annihilation: have the most scoring units left.",
        ),
        Mission(
            "recon",
            "Recon",
            GAME_TURNS,
            "Have the most scoring units in the enemy's half at the end.",
        ),
        Mission(
            "take-and-hold",
            "Take and Hold",
            GAME_TURNS,
            'Have the most scoring units within 12" of the table centre.',
        ),
        Mission(
            "annihilation",
            "Annihilation",
            GAME_TURNS,
            "Victory points only: destroy more of the enemy's points.",
        ),
    )
}
DEFAULT_MISSION = "annihilation"

LEVEL_RULES: dict[str, frozenset[str]] = {
    "alpha": frozenset(),
    "gamma": frozenset({"infiltrate", "deep_strike", "dusk_and_dawn", "victory_points"}),
    "omega": frozenset(
        {
            "infiltrate",
            "deep_strike",
            "dusk_and_dawn",
            "victory_points",
            "escalation",
            "concealment",
            "random_game_length",
        }
    ),
}
"""The special rules of each level of the standard missions, as every mission page lists
them (4e pp.80-83 ✓; ``settings.mission_level``). What the engine does with each:

- ``infiltrate`` and ``deep_strike``: the units' own rules are played at every level (the
  published Deep Strike text: "some units always have the option"), so these add nothing,
  unless ``settings.level_gates_deployment_rules`` plays them only where listed
  (:func:`deploys_by_own_rule`);
- ``dusk_and_dawn``: the night-fight rules in game turn 1 (≈, as ``settings.night_fighting``);
- ``victory_points``: the battle is won on VPs, objectives adding
  ``settings.objective_victory_points`` each;
- ``escalation``: only Troops and HQ (and transports, standing in for dedicated ones) deploy,
  everything else starts in reserve (≈, digest §36.10; ``reserves``);
- ``concealment``: no effect here: concealment is ignored in night-fight turns and always
  ends after the first turn (4e pp.84-87 ✓), and Dusk & Dawn makes that turn a night fight;
- ``random_game_length``: as ``settings.random_game_length``."""
ESCALATION_DEPLOYS: tuple[str, ...] = ("Troops", "HQ")


def level_rules(battle: Battle) -> frozenset[str]:
    """The special rules of the battle's mission level (``LEVEL_RULES``)."""
    return LEVEL_RULES[battle.settings.mission_level]


def deploys_by_own_rule(battle: Battle, unit: Unit, rule: str) -> bool:
    """Whether ``unit`` may use its own ``rule`` (``"infiltrate"`` or ``"deep_strike"``) to
    deploy: always, or, with ``settings.level_gates_deployment_rules``, only at a mission
    level that lists the rule (Gamma, Omega; 4e pp.80-83)."""
    if rule not in unit.rules:
        return False
    return not battle.settings.level_gates_deployment_rules or rule in level_rules(battle)


def night_fight(battle: Battle) -> bool:
    """Whether this turn is fought by night: game turn 1 with ``settings.night_fighting`` or
    at a level with Dusk & Dawn (4e pp.84-87)."""
    if battle.turn != 1:
        return False
    return battle.settings.night_fighting or "dusk_and_dawn" in level_rules(battle)


@dataclass(frozen=True, slots=True)
class Deployment:
    """Deployment zone per side and who deploys first ("high" or "low" roller)."""

    zones: dict[str, Rect]
    first: str


def deployment(mission: str) -> Deployment:
    """Zones by mission (4e pp.80-83): Cleanse opposite quarters kept 18" apart and 6" off
    the centre; the others long edges, ≤ 12" (Seek and Destroy ≤ 15" and 24" apart)."""
    if mission == "cleanse":
        return Deployment({"a": Rect(0, 0, 27, 18), "b": Rect(45, 30, 27, 18)}, "low")
    if mission == "seek-and-destroy":
        return Deployment({"a": Rect(0, 0, 72, 12), "b": Rect(0, 36, 72, 12)}, "low")
    return Deployment({"a": Rect(0, 0, 72, 12), "b": Rect(0, 36, 72, 12)}, "high")


TERRAIN_KINDS: tuple[tuple[str, str, int | None, int], ...] = (
    ("Woods", DIFFICULT, 5, 3),
    ("Ruins", DIFFICULT, 4, 2),
    ("Crater field", DIFFICULT, 4, 1),
    ("Toxic vents", DANGEROUS, None, 0),
    ("Rock spire", IMPASSABLE, 4, 3),
    ("Hedges", DIFFICULT, 6, 1),
)


def make_table(battle_dice) -> Table:
    """Six to eight seeded terrain areas in the middle 24" band and the flanks."""
    table = Table(TABLE_WIDTH, TABLE_HEIGHT)
    count = 6 + battle_dice.randint(0, 2)
    for k in range(count):
        name, kind, cover, height = TERRAIN_KINDS[battle_dice.randint(0, len(TERRAIN_KINDS) - 1)]
        width = float(battle_dice.randint(4, 9))
        depth = float(battle_dice.randint(4, 7))
        if kind == IMPASSABLE:
            width, depth = min(width, 5.0), min(depth, 5.0)
        x = battle_dice.uniform(2.0, TABLE_WIDTH - width - 2.0)
        y = battle_dice.uniform(8.0, TABLE_HEIGHT - depth - 8.0)
        table.terrain.append(
            TerrainArea(f"{name} {k + 1}", Rect(x, y, width, depth), kind, cover, height)
        )
    return table


def place_objectives(battle: Battle) -> list[Point]:
    """Secure and Control: D3+2 counters, none in impassable terrain, within 12" of an edge
    or of another counter (4e pp.80-83); Take and Hold: the centre."""
    slug = battle.mission.slug
    if slug == "take-and-hold":
        return [battle.table.centre]
    if slug != "secure-and-control":
        return []
    dice = battle.dice
    wanted = dice.d3() + 2
    points: list[Point] = []
    attempts = 0
    while len(points) < wanted and attempts < 200:
        attempts += 1
        p = Point(dice.uniform(12.0, TABLE_WIDTH - 12.0), dice.uniform(12.0, TABLE_HEIGHT - 12.0))
        if any(a.kind == IMPASSABLE for a in battle.table.areas_at(p)):
            continue
        if any(p.distance(q) < 12.0 for q in points):
            continue
        points.append(p)
    return points


def is_scoring(unit: Unit) -> bool:
    """Scoring units: on the table, not falling back, at least half strength, not vehicles
    and not lone independent characters (4e pp.80-83 ✓/≈)."""
    if not unit.on_table or unit.falling_back or unit.unit_type == VEHICLE:
        return False
    if "independent_character" in unit.rules and not unit.members:
        return False
    return unit.count * 2 >= unit.start_models


def quarter_of(battle: Battle, p: Point) -> int:
    """Table quarter index 0-3 (Cleanse)."""
    return (1 if p.x >= battle.table.width / 2 else 0) + (
        2 if p.y >= battle.table.height / 2 else 0
    )


def controllers(
    battle: Battle, areas: int, inside: Callable[[Unit, int], bool]
) -> list[str | None]:
    """For each of ``areas`` areas, the side with at least one scoring unit in it and no
    enemy scoring unit in it, else None (4e pp.80-83 ✓). ``inside(unit, k)`` tells
    whether a unit is in area ``k``."""
    scoring = {s: [u for u in battle.side_units(s) if is_scoring(u)] for s in ("a", "b")}
    out: list[str | None] = []
    for k in range(areas):
        present = [s for s in ("a", "b") if any(inside(u, k) for u in scoring[s])]
        out.append(present[0] if len(present) == 1 else None)
    return out


def quarter_controllers(battle: Battle) -> list[str | None]:
    """Cleanse: who controls each table quarter — own scoring unit in it and no enemy
    scoring unit (4e pp.80-83 ✓; a unit counts in the quarter of its centre)."""
    return controllers(battle, 4, lambda u, k: quarter_of(battle, u.position) == k)


def within_objective(battle: Battle, unit: Unit, k: int) -> bool:
    """Secure and Control: a unit within 6" of loot counter ``k`` (4e pp.80-83 ✓)."""
    point = battle.objectives[k]
    return unit.position.distance(point) - unit.radius <= OBJECTIVE_RADIUS


def counter_controllers(battle: Battle) -> list[str | None]:
    """Secure and Control: who controls each loot counter (4e pp.80-83 ✓)."""
    return controllers(battle, len(battle.objectives), lambda u, k: within_objective(battle, u, k))


def objective_scores(battle: Battle) -> dict[str, int]:
    """Objectives held per side at the game's end (4e pp.80-83)."""
    slug = battle.mission.slug
    scoring = {s: [u for u in battle.side_units(s) if is_scoring(u)] for s in ("a", "b")}
    out = {"a": 0, "b": 0}
    if slug in ("cleanse", "secure-and-control"):
        held = quarter_controllers(battle) if slug == "cleanse" else counter_controllers(battle)
        for side in held:
            if side is not None:
                out[side] += 1
    elif slug == "seek-and-destroy":
        out = {s: len(scoring[s]) for s in ("a", "b")}
    elif slug == "recon":
        half = battle.table.height / 2
        out = {
            "a": sum(1 for u in scoring["a"] if u.position.y > half),
            "b": sum(1 for u in scoring["b"] if u.position.y < half),
        }
    elif slug == "take-and-hold":
        centre = battle.table.centre
        out = {
            s: sum(1 for u in scoring[s] if u.position.distance(centre) - u.radius <= CENTRE_RADIUS)
            for s in ("a", "b")
        }
    return out


def victory_points(battle: Battle, side: str) -> int:
    """VPs scored by ``side``: each enemy unit destroyed, fled, falling back or still in
    reserve at the end gives its points, one below half strength half its points (4e pp.84-87
    ≈). A joined character counts as its own unit, by its own model."""
    total = 0
    for unit in battle.units:
        if unit.side == side:
            continue
        holder = battle.by_id[unit.joined_to] if unit.joined_to else unit
        models = battle.models_of(unit.id)
        alive = sum(1 for m in models if m.wounds > 0)
        if alive == 0 or holder.fled or holder.falling_back or holder.reserve:
            total += unit.points
        elif alive * 2 < len(models):
            total += unit.points // 2
    return total


def level_victory_points(
    battle: Battle, vps: dict[str, int], objectives: dict[str, int]
) -> dict[str, int]:
    """Victory points with the objectives' worth added at the Gamma and Omega levels
    (``settings.objective_victory_points`` per objective held, 4e pp.84-87 ≈); unchanged at
    the Alpha level and in Annihilation."""
    if "victory_points" not in level_rules(battle) or battle.mission.slug == "annihilation":
        return vps
    worth = battle.settings.objective_victory_points
    return {s: vps[s] + worth * objectives[s] for s in vps}


def winner(battle: Battle, vps: dict[str, int], objectives: dict[str, int]) -> str | None:
    """Objective missions at the Alpha level are won on objectives; Annihilation and the
    Gamma and Omega levels on victory points (``vps`` already holding the objectives' worth,
    :func:`level_victory_points`); equal is a draw (4e pp.80-83)."""
    by_vps = battle.mission.slug == "annihilation" or "victory_points" in level_rules(battle)
    measure = vps if by_vps else objectives
    if measure["a"] == measure["b"]:
        return None
    return "a" if measure["a"] > measure["b"] else "b"
