"""What the character-sheet editor shows (``CatalogueCapability.sheets``): the lists a player
buys from, each entry with its Basic Set cost, and a sheet reviewed line by line — points per
attribute, trait, skill and technique, $ and weight per item, the totals by heading
(:func:`.sheet.price`), the derived values (:func:`.derived.derive`) and the first bad field.

Nothing here prices anything itself: every figure comes from :mod:`.costs`, :mod:`.sheet` and
:mod:`.derived`, which also price the catalogue unit the validator checks.
"""

from __future__ import annotations

from typing import Any

from rules.engine.systems.base import EngineError
from rules.engine.systems.hextactical.character import PRIMARY_COST, SECONDARY_COST
from rules.engine.systems.hextactical.pointbuy.costs import secondary_points
from rules.engine.systems.hextactical.pointbuy.derived import derive
from rules.engine.systems.hextactical.pointbuy.equipment import ITEMS
from rules.engine.systems.hextactical.pointbuy.sheet import SECONDARY, Sheet, price, read_sheet
from rules.engine.systems.hextactical.pointbuy.skills import SKILLS
from rules.engine.systems.hextactical.pointbuy.traits import (
    ADVANTAGE,
    DISADVANTAGE,
    SELF_CONTROL,
    TRAITS,
)
from rules.engine.systems.hextactical.pointbuy.unit import sheet_unit

#: What each secondary characteristic is bought in and costs per step (p.B16–17).
_SECONDARY_STEP = {"BasicSpeed": (0.25, 5)}


def sheet_lists() -> dict[str, Any]:
    """The attributes, secondary characteristics, traits, skills and equipment a sheet may
    buy, with their costs (p.B14–17, the trait's page, p.B170, the equipment tables)."""
    return {
        "attributes": [{"name": k, "per_level": v, "base": 10} for k, v in PRIMARY_COST.items()],
        "secondary": [
            {
                "name": k,
                "step": _SECONDARY_STEP.get(k, (1, 0))[0],
                "per_step": _SECONDARY_STEP.get(k, (1, SECONDARY_COST.get(k, 0)))[1],
            }
            for k in SECONDARY
        ],
        "traits": [
            {
                "name": t.name,
                "kind": t.kind,
                "page": t.page,
                "text": t.text,
                "points": t.points,
                "per_level": t.per_level,
                "max_level": t.max_level,
                "variants": dict(t.variants),
                "self_control": sorted(SELF_CONTROL) if t.self_control else [],
                "combat": t.combat,
                "played": t.played,
                # Enhanced Parry is bought for one weapon skill (p.B51)
                "takes_skill": t.name == "Enhanced Parry",
            }
            for t in TRAITS
        ],
        "skills": [
            {"name": s.name, "attribute": s.attribute, "difficulty": s.difficulty, "page": s.page}
            for s in SKILLS
        ],
        "equipment": [
            {
                "slug": slug,
                "name": i["name"],
                "kind": i["kind"],
                "cost": i["cost"],
                "weight": i["weight"],
            }
            for slug, i in ITEMS.items()
        ],
    }


def _trait_lines(sheet: Sheet, data: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Each trait's points at its index in ``data``; Increased/Decreased Basic Move are read
    into the Basic Move adjustment (p.B17), so they are priced as that many yards."""
    picks = iter(sheet.traits)
    lines = {}
    for index, entry in enumerate(data.get("traits") or []):
        name = str(entry.get("name", "")).strip().lower()
        if name in ("increased basic move", "decreased basic move"):
            yards = int(entry.get("level") or 1) * (1 if name.startswith("increased") else -1)
            lines[f"traits[{index}]"] = {
                "points": secondary_points("BasicMove", yards),
                "kind": ADVANTAGE if yards > 0 else DISADVANTAGE,
            }
            continue
        pick = next(picks)
        lines[f"traits[{index}]"] = {"points": pick.points, "kind": pick.kind}
    return lines


def _lines(sheet: Sheet, data: dict[str, Any], scores: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Each bought line's figures keyed by its path in the sheet."""
    priced = price(sheet)
    own_move = float((data.get("secondary") or {}).get("BasicMove") or 0)
    per_attribute = {**priced.per_attribute, "BasicMove": secondary_points("BasicMove", own_move)}
    lines: dict[str, dict[str, Any]] = {
        f"{'attributes' if k in PRIMARY_COST else 'secondary'}.{k}": {"points": v}
        for k, v in per_attribute.items()
    }
    lines.update(_trait_lines(sheet, data))
    for index, skill in enumerate(sheet.skills):
        lines[f"skills[{index}]"] = {
            "points": skill.points,
            "level": scores["skills"].get(skill.name),
            "attribute": skill.attribute,
            "difficulty": skill.difficulty,
        }
    for index, technique in enumerate(sheet.techniques):
        lines[f"techniques[{index}]"] = {"points": technique.points}
    for index, item in enumerate(sheet.equipment):
        lines[f"equipment[{index}]"] = {"cost": item["cost"], "weight": item["weight"]}
    return lines


def _error_path(error: EngineError) -> str:
    code = error.field or error.code
    return code if code.startswith("sheet") else f"sheet.{code}"


def sheet_review(data: dict[str, Any]) -> dict[str, Any]:
    """The sheet ``data`` priced line by line with its totals and derived values, or the
    first bad field (``error``: its path in the sheet, ``sheet.traits[2].level``, and why)."""
    try:
        sheet = read_sheet(data)
        derived = derive(sheet)
        totals = price(sheet).as_dict()
    except EngineError as error:
        return {
            "error": {"path": _error_path(error), "message": error.message},
            "lines": {},
            "price": None,
            "derived": None,
            "not_played": [],
        }
    return {
        "error": None,
        "lines": _lines(sheet, data, derived),
        "price": totals,
        "derived": derived,
        "not_played": sorted(
            {t.name for t in sheet.traits if t.trait and t.trait.combat and not t.trait.played}
        ),
    }


def sheet_build(data: dict[str, Any], slug: str, category: str) -> dict[str, Any]:
    """The catalogue unit of the sheet ``data`` (:func:`.unit.sheet_unit`)."""
    return sheet_unit(data, slug=slug, category=category)
