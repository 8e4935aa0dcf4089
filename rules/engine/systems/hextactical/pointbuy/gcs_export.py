"""Export a Muster sheet as a GURPS Character Sheet file (``.gcs``, JSON version 5): the same
keys :mod:`.gcs` reads, with each element's points in ``calc`` so GCS and Muster agree on the
total (GURPS 4e Basic Set costs, :mod:`.costs`)."""

from __future__ import annotations

import json
from typing import Any

from rules.engine.systems.hextactical.pointbuy.gcs import GCS_VERSION
from rules.engine.systems.hextactical.pointbuy.sheet import (
    SECONDARY,
    SkillPick,
    TechniquePick,
    TraitPick,
    price,
    read_sheet,
)
from rules.engine.systems.hextactical.pointbuy.traits import QUIRK

_ATTR_IDS = {
    "ST": "st",
    "DX": "dx",
    "IQ": "iq",
    "HT": "ht",
    "HP": "hp",
    "Will": "will",
    "Per": "per",
    "FP": "fp",
    "BasicSpeed": "basic_speed",
    "BasicMove": "basic_move",
}


def _id(prefix: str, index: int) -> str:
    """A stable GCS-style id: the kind's letter and a zero-padded index."""
    return f"{prefix}{index:015d}"


def _trait(pick: TraitPick, index: int) -> dict[str, Any]:
    name = pick.name if pick.kind != QUIRK else (pick.note or "Quirk")
    if pick.variant:
        name = f"{name} ({pick.variant.title()})"
    elif pick.skill:
        name = f"{name} ({pick.skill})"
    entry: dict[str, Any] = {"id": _id("t", index), "name": name}
    trait = pick.trait
    if trait is not None and trait.leveled:
        entry.update(
            {
                "base_points": trait.points,
                "levels": pick.level,
                "points_per_level": trait.per_level,
                "can_level": True,
            }
        )
    else:
        entry["base_points"] = pick.points
    if pick.kind == QUIRK:
        entry["tags"] = ["Quirk"]
    if trait is not None:
        entry["reference"] = trait.page
        if pick.self_control is not None:
            entry["base_points"] = trait.points
            entry["cr"] = pick.self_control
    entry["calc"] = {"points": pick.points}
    return entry


def _skill(pick: SkillPick, index: int) -> dict[str, Any]:
    return {
        "id": _id("s", index),
        "name": pick.name,
        "difficulty": f"{pick.attribute.lower()}/{pick.difficulty.lower()}",
        "points": pick.points,
    }


def _technique(pick: TechniquePick, index: int) -> dict[str, Any]:
    return {
        "id": _id("q", index),
        "name": pick.name,
        "difficulty": pick.difficulty.lower(),
        "points": pick.points,
        "default": {"type": "skill", "name": pick.skill, "modifier": pick.default},
    }


def sheet_gcs(data: dict[str, Any]) -> dict[str, Any]:
    """The ``.gcs`` document (a JSON-ready dict) of the sheet ``data``."""
    sheet = read_sheet(data)
    priced = price(sheet)
    values = {**sheet.attributes, **sheet.secondary}
    attributes = [
        {
            "attr_id": attr_id,
            "adj": values[key] - 10 if key in sheet.attributes else values[key],
            "calc": {"points": priced.per_attribute[key]},
        }
        for key, attr_id in _ATTR_IDS.items()
        if key in sheet.attributes or key in SECONDARY
    ]
    return {
        "version": GCS_VERSION,
        "id": _id("c", 0),
        "total_points": priced.total,
        "profile": {"name": sheet.name},
        "attributes": attributes,
        "traits": [_trait(t, i) for i, t in enumerate(sheet.traits)],
        "skills": [_skill(s, i) for i, s in enumerate(sheet.skills)]
        + [_technique(t, i) for i, t in enumerate(sheet.techniques)],
        "equipment": [
            {
                "id": _id("e", i),
                "description": item["name"],
                "quantity": 1,
                "value": item["cost"],
                "weight": f"{item['weight']} lb",
                "equipped": True,
            }
            for i, item in enumerate(sheet.equipment)
        ],
    }


def sheet_gcs_bytes(data: dict[str, Any]) -> bytes:
    """The ``.gcs`` file of the sheet ``data`` (UTF-8 JSON, indented as GCS writes it)."""
    return json.dumps(sheet_gcs(data), indent="\t", ensure_ascii=False).encode("utf-8")
