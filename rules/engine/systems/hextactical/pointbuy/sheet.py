"""A GURPS character sheet bought point by point, read from plain data and priced.

The sheet (a catalogue unit's ``extra.sheet``, or what a ``.gcs`` import gives) holds::

    attributes: {ST: 13, DX: 14, IQ: 10, HT: 12}          # absolute scores, default 10
    secondary: {HP: 2, BasicSpeed: 0.25, BasicMove: 0}   # bought adjustments (also Will, Per, FP)
    traits: [{name: Combat Reflexes}, {name: Enhanced Parry, level: 1, skill: Broadsword},
             {name: Code of Honour, variant: soldier's}, {name: Bad Temper, self_control: 12},
             {name: Quirk, note: Hums on watch}, {name: Lucky charm, points: 1}]
    skills: [{name: Broadsword, level: 2}]               # level relative to the attribute
    techniques: [{name: Feint, skill: Broadsword, difficulty: H, default: 0, levels: 2}]
    equipment: [broadsword, medium-shield, {item: mail}]
    wealth: 1000                                         # starting $ (default by tech level)

A trait or skill missing from the lists is kept when the entry says what it costs (a trait's
``points``, a skill's ``attribute`` and ``difficulty``) and is flagged ``known: False``; costs
follow GURPS 4e Basic Set (p.B14–17 attributes, p.B170 skills, p.B230 techniques, the trait's
own page).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rules.engine.systems.base import EngineError
from rules.engine.systems.hextactical.character import PRIMARY_COST, normalise_difficulty
from rules.engine.systems.hextactical.pointbuy import costs
from rules.engine.systems.hextactical.pointbuy.equipment import find_item
from rules.engine.systems.hextactical.pointbuy.skills import find_skill
from rules.engine.systems.hextactical.pointbuy.traits import (
    ADVANTAGE,
    DISADVANTAGE,
    PER_SKILL,
    QUIRK,
    Trait,
    find_trait,
    specialty,
)

SECONDARY = ("HP", "Will", "Per", "FP", "BasicSpeed", "BasicMove")
#: Starting wealth by tech level (p.B27); the sheet's default is TL3, $1,000.
STARTING_WEALTH: dict[int, int] = {0: 250, 1: 500, 2: 750, 3: 1000, 4: 2000}
DEFAULT_TECH_LEVEL = 3


@dataclass(frozen=True, slots=True)
class TraitPick:
    """One advantage, disadvantage or quirk taken, with its price."""

    name: str
    kind: str
    points: int
    level: int = 0
    variant: str = ""
    skill: str = ""
    trait: Trait | None = None
    note: str = ""
    self_control: int | None = None

    @property
    def known(self) -> bool:
        return self.trait is not None


@dataclass(frozen=True, slots=True)
class SkillPick:
    """One skill bought at ``relative`` levels above its attribute."""

    name: str
    attribute: str
    difficulty: str
    relative: int
    points: int
    known: bool = True


@dataclass(frozen=True, slots=True)
class TechniquePick:
    """One technique bought ``levels`` above its default (``default``: skill + n)."""

    name: str
    skill: str
    difficulty: str
    default: int
    levels: int
    points: int


@dataclass(frozen=True, slots=True)
class Sheet:
    """A character sheet read and priced (see the module docstring for the keys)."""

    name: str
    attributes: dict[str, int]
    secondary: dict[str, float]
    traits: tuple[TraitPick, ...]
    skills: tuple[SkillPick, ...]
    techniques: tuple[TechniquePick, ...]
    equipment: tuple[dict[str, Any], ...]
    wealth: int

    def levels(self, trait: str) -> int:
        """Levels (1 for an unlevelled trait) of every pick of ``trait`` taken; 0 if none."""
        return sum(max(1, t.level) for t in self.traits if t.trait and t.trait.name == trait)


@dataclass(frozen=True, slots=True)
class Price:
    """A sheet's points by heading (p.B10 "Character points") and its equipment."""

    attributes: int
    secondary: int
    advantages: int
    disadvantages: int
    quirks: int
    skills: int
    techniques: int
    equipment_cost: int
    equipment_weight: float
    wealth: int
    per_attribute: dict[str, int] = field(default_factory=dict)

    @property
    def total(self) -> int:
        return (
            self.attributes
            + self.secondary
            + self.advantages
            + self.disadvantages
            + self.quirks
            + self.skills
            + self.techniques
        )

    def as_dict(self) -> dict[str, Any]:
        return {
            "attributes": self.attributes,
            "secondary": self.secondary,
            "advantages": self.advantages,
            "disadvantages": self.disadvantages,
            "quirks": self.quirks,
            "skills": self.skills,
            "techniques": self.techniques,
            "total": self.total,
            "equipment_cost": self.equipment_cost,
            "equipment_weight": self.equipment_weight,
            "wealth": self.wealth,
            "per_attribute": dict(self.per_attribute),
        }


def _int(value: Any, path: str, default: int | None = None) -> int:
    if value is None and default is not None:
        return default
    if isinstance(value, bool) or not isinstance(value, int | float) or int(value) != value:
        raise EngineError(path, f"{path} must be a whole number, got {value!r}.")
    return int(value)


def _list(data: dict[str, Any], key: str) -> list[Any]:
    value = data.get(key) or []
    if not isinstance(value, list):
        raise EngineError(f"sheet.{key}", f"sheet.{key} must be a list.")
    return value


def _mapping(entry: Any, path: str) -> dict[str, Any]:
    if not isinstance(entry, dict) or not str(entry.get("name", "")).strip():
        raise EngineError(f"{path}.name", f"{path} needs a name.")
    return entry


def _trait(entry: Any, path: str) -> TraitPick:
    entry = _mapping(entry, path)
    name = str(entry["name"]).strip()
    trait = find_trait(name)
    skill = str(entry.get("skill", ""))
    base, what = specialty(name)
    per_skill = find_trait(base) if trait is None else None
    if per_skill is not None and per_skill.name in PER_SKILL:
        # "Enhanced Parry (Broadsword)": the trait bought for one skill (p.B51, p.B99)
        trait, skill = per_skill, skill or what
    note = str(entry.get("note", ""))
    if trait is None:
        points = _int(entry.get("points"), f"{path}.points")
        kind = QUIRK if points == -1 else (ADVANTAGE if points >= 0 else DISADVANTAGE)
        return TraitPick(
            name, kind, points, _int(entry.get("level"), f"{path}.level", 0), note=note
        )
    level = _int(entry.get("level"), f"{path}.level", 1 if trait.leveled else 0)
    roll = entry.get("self_control")
    self_control = None if roll is None else _int(roll, f"{path}.self_control")
    try:
        points = trait.cost(level, str(entry.get("variant", "")).lower(), self_control)
    except EngineError as error:
        raise EngineError(f"{path}.{error.code}", error.message) from error
    return TraitPick(
        trait.name,
        trait.kind,
        points,
        level if trait.leveled else 0,
        str(entry.get("variant", "")).lower(),
        skill,
        trait,
        note,
        self_control,
    )


def _skill(entry: Any, path: str) -> SkillPick:
    entry = _mapping(entry, path)
    name = str(entry["name"]).strip()
    listed = find_skill(name)
    attribute = str(entry.get("attribute") or (listed.attribute if listed else ""))
    difficulty = entry.get("difficulty") or (listed.difficulty if listed else "")
    if attribute not in PRIMARY_COST and attribute not in ("Will", "Per"):
        raise EngineError(f"{path}.attribute", f"{name}: unknown attribute {attribute!r}.")
    try:
        difficulty = normalise_difficulty(difficulty)
        relative = _int(entry.get("level"), f"{path}.level")
        points = costs.skill_points(difficulty, relative)
    except EngineError as error:
        field_name = error.code.rsplit(".", 1)[-1].replace("relative_level", "level")
        raise EngineError(f"{path}.{field_name}", f"{name}: {error.message}") from error
    return SkillPick(
        listed.name if listed else name, attribute, difficulty, relative, points, listed is not None
    )


def _technique(entry: Any, path: str) -> TechniquePick:
    entry = _mapping(entry, path)
    difficulty = str(entry.get("difficulty", "A"))
    levels = _int(entry.get("levels"), f"{path}.levels", 0)
    try:
        points = costs.technique_points(difficulty, levels)
    except EngineError as error:
        raise EngineError(f"{path}.{error.code.rsplit('.', 1)[-1]}", error.message) from error
    return TechniquePick(
        str(entry["name"]),
        str(entry.get("skill", "")),
        normalise_difficulty(difficulty),
        _int(entry.get("default"), f"{path}.default", 0),
        levels,
        points,
    )


def _equipment(entry: Any, path: str) -> dict[str, Any]:
    slug = entry.get("item") if isinstance(entry, dict) else entry
    return find_item(str(slug), f"{path}.item")


def read_sheet(data: Any) -> Sheet:
    """A :class:`Sheet` from plain data; EngineError whose code is the bad field's path
    (``sheet.traits[2].level``)."""
    if not isinstance(data, dict):
        raise EngineError("sheet", "A character sheet must be a mapping.")
    attributes_in = data.get("attributes") or {}
    secondary_in = data.get("secondary") or {}
    if not isinstance(attributes_in, dict) or not isinstance(secondary_in, dict):
        raise EngineError("sheet.attributes", "attributes and secondary must be mappings.")
    for key in (*attributes_in, *secondary_in):
        if key not in PRIMARY_COST and key not in SECONDARY:
            raise EngineError(f"sheet.attributes.{key}", f"Unknown attribute {key!r}.")
    attributes = {
        key: _int(attributes_in.get(key), f"sheet.attributes.{key}", 10) for key in PRIMARY_COST
    }
    secondary: dict[str, float] = {}
    for key in SECONDARY:
        value = secondary_in.get(key, 0) or 0
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise EngineError(f"sheet.secondary.{key}", f"{key} must be a number.")
        secondary[key] = value
    traits = tuple(_trait(e, f"sheet.traits[{i}]") for i, e in enumerate(_list(data, "traits")))
    moved = sum(
        t.level if t.name == "Increased Basic Move" else -t.level
        for t in traits
        if t.name in ("Increased Basic Move", "Decreased Basic Move")
    )
    secondary["BasicMove"] += moved
    tech = _int(data.get("tech_level"), "sheet.tech_level", DEFAULT_TECH_LEVEL)
    return Sheet(
        name=str(data.get("name", "")),
        attributes=attributes,
        secondary=secondary,
        traits=tuple(t for t in traits if "Basic Move" not in t.name),
        skills=tuple(_skill(e, f"sheet.skills[{i}]") for i, e in enumerate(_list(data, "skills"))),
        techniques=tuple(
            _technique(e, f"sheet.techniques[{i}]") for i, e in enumerate(_list(data, "techniques"))
        ),
        equipment=tuple(
            _equipment(e, f"sheet.equipment[{i}]") for i, e in enumerate(_list(data, "equipment"))
        ),
        wealth=_int(data.get("wealth"), "sheet.wealth", STARTING_WEALTH.get(tech, 1000)),
    )


def price(sheet: Sheet) -> Price:
    """The sheet's points by heading and its equipment's cost and weight."""
    per_attribute = {k: costs.attribute_points(k, v) for k, v in sheet.attributes.items()}
    per_attribute.update({k: costs.secondary_points(k, v) for k, v in sheet.secondary.items()})
    return Price(
        attributes=sum(per_attribute[k] for k in sheet.attributes),
        secondary=sum(per_attribute[k] for k in sheet.secondary),
        advantages=sum(t.points for t in sheet.traits if t.kind == ADVANTAGE),
        disadvantages=sum(t.points for t in sheet.traits if t.kind == DISADVANTAGE),
        quirks=sum(t.points for t in sheet.traits if t.kind == QUIRK),
        skills=sum(s.points for s in sheet.skills),
        techniques=sum(t.points for t in sheet.techniques),
        equipment_cost=sum(int(item["cost"]) for item in sheet.equipment),
        equipment_weight=float(sum(item["weight"] for item in sheet.equipment)),
        wealth=sheet.wealth,
        per_attribute=per_attribute,
    )
