"""GURPS character points: attributes, secondary characteristics, skills and templates.

Pure functions shared by the army builder (pricing a template) and the engine (building a
combatant). NOT IN SEED: GURPS 4e Basic Set rule — the seed (004) covers hex tactics only; the
costs and formulas below are the standard Basic Set ones (not in seed 004: GURPS Basic Set, Turn
sequence and basic attributes, Active defences).

Profile keys: ``ST DX IQ HT`` are absolute scores (default 10). ``HP Will Per FP BasicSpeed
BasicMove`` are optional **bought adjustments** (+/−) from the computed value, e.g.
``{"ST": 11, "HP": 2}`` means HP 13. ``DR`` (armour) is not an attribute and costs nothing here.
"""

from __future__ import annotations

import math
from typing import Any

from rules.engine.systems.base import EngineError

#: Cost per level of each primary attribute above (or refund below) 10.
PRIMARY_COST: dict[str, int] = {"ST": 10, "DX": 20, "IQ": 20, "HT": 10}
#: Cost per level of each secondary characteristic adjustment.
SECONDARY_COST: dict[str, int] = {"HP": 2, "Will": 5, "Per": 5, "FP": 3, "BasicMove": 5}
#: Basic Speed is bought in steps of 0.25 at 5 points each.
BASIC_SPEED_STEP = 0.25
BASIC_SPEED_STEP_COST = 5

#: How many levels below the controlling attribute one point buys, by difficulty.
DIFFICULTY_OFFSET: dict[str, int] = {"E": 0, "A": 1, "H": 2, "VH": 3}
_DIFFICULTY_ALIASES: dict[str, str] = {
    "e": "E",
    "easy": "E",
    "a": "A",
    "average": "A",
    "h": "H",
    "hard": "H",
    "vh": "VH",
    "very hard": "VH",
    "very_hard": "VH",
    "veryhard": "VH",
}


def _number(profile: dict[str, Any], key: str, default: float) -> float:
    value = profile.get(key, default)
    if value is None:
        return default
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise EngineError(f"profile.{key}", f"Profile value {key} must be a number, got {value!r}.")
    return value


def normalise_difficulty(difficulty: str) -> str:
    """E, A, H or VH from a difficulty word or letter; EngineError ``skill.difficulty``."""
    key = _DIFFICULTY_ALIASES.get(str(difficulty).strip().lower())
    if key is None:
        raise EngineError("skill.difficulty", f"Unknown skill difficulty {difficulty!r}.")
    return key


def attribute_cost(profile: dict[str, Any]) -> int:
    """Points spent on attributes and bought secondary characteristics.

    NOT IN SEED: GURPS 4e Basic Set rule — ST ±10/level from 10, DX ±20, IQ ±20, HT ±10;
    HP ±2, Will ±5, Per ±5, FP ±3, Basic Move ±5 per level of adjustment; Basic Speed ±5 per
    0.25 of adjustment.
    """
    total = 0.0
    for key, per_level in PRIMARY_COST.items():
        total += (_number(profile, key, 10) - 10) * per_level
    for key, per_level in SECONDARY_COST.items():
        total += _number(profile, key, 0) * per_level
    speed_steps = _number(profile, "BasicSpeed", 0) / BASIC_SPEED_STEP
    if abs(speed_steps - round(speed_steps)) > 1e-9:
        raise EngineError("profile.BasicSpeed", "Basic Speed is bought in steps of 0.25.")
    total += round(speed_steps) * BASIC_SPEED_STEP_COST
    return round(total)


def _steps_for_points(points: int) -> int:
    """Improvement steps bought by ``points``: 1→0, 2→1, 4→2, 8→3, then +1 per 4 points."""
    if points >= 4:
        return points // 4 + 1
    if points >= 2:
        return 1
    return 0


def skill_cost(difficulty: str, relative_level: int) -> int:
    """Points for a skill at ``relative_level`` (level − attribute).

    NOT IN SEED: GURPS 4e Basic Set rule — Easy: 1 pt Attr+0, 2 pts +1, 4 pts +2, then +4 pts
    per level; Average starts at −1, Hard at −2, Very Hard at −3.
    """
    steps = int(relative_level) + DIFFICULTY_OFFSET[normalise_difficulty(difficulty)]
    if steps < 0:
        raise EngineError(
            "skill.relative_level",
            f"Relative level {relative_level} is below the 1-point level for {difficulty}.",
        )
    if steps == 0:
        return 1
    if steps == 1:
        return 2
    return 4 * (steps - 1)


def skill_relative_level(difficulty: str, points: int) -> int:
    """Relative level (skill − attribute) bought with ``points`` (at least 1).

    NOT IN SEED: GURPS 4e Basic Set rule — the progression of :func:`skill_cost`; points between
    two levels buy the lower one.
    """
    if isinstance(points, bool) or not isinstance(points, int) or points < 1:
        raise EngineError(
            "skill.points", f"Skill points must be a whole number ≥ 1, got {points!r}."
        )
    return _steps_for_points(points) - DIFFICULTY_OFFSET[normalise_difficulty(difficulty)]


def skill_level(attribute_value: int, difficulty: str, points: int) -> int:
    """Skill level = controlling attribute + relative level bought with ``points``.

    NOT IN SEED: GURPS 4e Basic Set rule (skill cost table).
    """
    return int(attribute_value) + skill_relative_level(difficulty, points)


def basic_speed(profile: dict[str, Any]) -> float:
    """Basic Speed = (HT + DX) / 4, fractions kept, plus any bought adjustment.

    NOT IN SEED: GURPS 4e Basic Set rule (not in seed 004: GURPS Basic Set, Turn sequence and basic
    attributes).
    """
    return (_number(profile, "HT", 10) + _number(profile, "DX", 10)) / 4 + _number(
        profile, "BasicSpeed", 0
    )


def derived_stats(profile: dict[str, Any]) -> dict[str, Any]:
    """Secondary characteristics with bought adjustments applied.

    NOT IN SEED: GURPS 4e Basic Set rule — HP = ST, Will = IQ, Per = IQ, FP = HT,
    Basic Speed = (HT + DX) / 4, Basic Move = floor(Basic Speed), Dodge = floor(Basic Speed) + 3.
    """
    st = int(_number(profile, "ST", 10))
    iq = int(_number(profile, "IQ", 10))
    ht = int(_number(profile, "HT", 10))
    speed = basic_speed(profile)
    move = math.floor(speed) + int(_number(profile, "BasicMove", 0))
    return {
        "ST": st,
        "DX": int(_number(profile, "DX", 10)),
        "IQ": iq,
        "HT": ht,
        "HP": st + int(_number(profile, "HP", 0)),
        "Will": iq + int(_number(profile, "Will", 0)),
        "Per": iq + int(_number(profile, "Per", 0)),
        "FP": ht + int(_number(profile, "FP", 0)),
        "BasicSpeed": speed,
        "BasicMove": move,
        "Dodge": math.floor(speed) + 3,
    }


def parry(skill: int, parry_modifier: int = 0) -> int:
    """Parry = 3 + skill // 2 + the weapon's parry modifier.

    NOT IN SEED: GURPS 4e Basic Set rule (not in seed 004: GURPS Basic Set, Active defences).
    """
    return 3 + int(skill) // 2 + int(parry_modifier)


def block(shield_skill: int) -> int:
    """Block = 3 + Shield skill // 2. NOT IN SEED: GURPS 4e Basic Set rule (not in seed 004: GURPS
    Basic Set, Active defences)."""
    return 3 + int(shield_skill) // 2


def skills_cost(skills: list[dict[str, Any]]) -> int:
    """Points spent on a template's skills (each entry lists its own ``points``)."""
    total = 0
    for index, skill in enumerate(skills):
        points = skill.get("points")
        if isinstance(points, bool) or not isinstance(points, int) or points < 1:
            raise EngineError(
                f"extra.skills[{index}].points", f"Skill {skill.get('name')!r} needs points ≥ 1."
            )
        normalise_difficulty(skill.get("difficulty", ""))
        total += points
    return total


def traits_cost(traits: list[dict[str, Any]], key: str = "traits") -> int:
    """Points of advantages (positive) and disadvantages (negative) listed on a template (or,
    with ``key="techniques"``, of its techniques)."""
    total = 0
    for index, trait in enumerate(traits):
        points = trait.get("points")
        if isinstance(points, bool) or not isinstance(points, int):
            raise EngineError(
                f"extra.{key}[{index}].points", f"{trait.get('name')!r} needs points."
            )
        total += points
    return total


def template_points(unit: dict[str, Any]) -> int:
    """Total character points of a catalogue unit template (before options).

    Attributes and secondary characteristics (:func:`attribute_cost`) + ``extra.skills`` points
    + ``extra.traits`` points (disadvantages negative) + ``extra.techniques`` points. Weapons
    and armour cost no CP; options carry their own ``cost``. NOT IN SEED: GURPS 4e Basic Set
    rule (character points).
    """
    extra = unit.get("extra") or {}
    return (
        attribute_cost(unit.get("profile") or {})
        + skills_cost(extra.get("skills") or [])
        + traits_cost(extra.get("traits") or [])
        + traits_cost(extra.get("techniques") or [], "techniques")
    )
