"""Constraint kinds over what a roster and its units are made of: ``alignment`` (allied
factions), ``category_size``, ``unit_size`` and ``per_model_options``."""

from __future__ import annotations

from typing import Any

from armybuilder.constraints.view import (
    RosterView,
    Violation,
    categories_of,
    matches,
    range_words,
    violation,
)


def check_alignment(constraint: dict[str, Any], view: RosterView) -> list[Violation]:
    """Allies only between compatible alignments: good with good or neutral, evil with evil or
    neutral (seed 003 §11 / KoW §14.7). Message fields: ally, alignment, primary."""
    compatible = constraint.get("compatible", {})
    primary = view.factions.get(view.faction, {})
    primary_alignment = primary.get("alignment") or "neutral"
    out = []
    for index, ally in enumerate(view.allies):
        catalogue = view.factions.get(ally)
        if catalogue is None:
            continue
        alignment = catalogue.get("alignment") or "neutral"
        if alignment in compatible.get(primary_alignment, []):
            continue
        out.append(
            violation(
                constraint,
                f"{catalogue.get('name', ally)} ({alignment}) may not ally with "
                f"{primary.get('name', view.faction)} ({primary_alignment})",
                f"allies[{index}]",
                ally=ally,
                alignment=alignment,
                primary=primary_alignment,
            )
        )
    return out


def check_category_size(constraint: dict[str, Any], view: RosterView) -> list[Violation]:
    """Every unit of the categories has a size in range (Mordheim: henchmen in groups of 1–5,
    §15.7). Message fields: name, size, min, max."""
    categories = categories_of(constraint)
    low, high = constraint.get("min"), constraint.get("max")
    out = []
    for unit in view.units:
        if unit.category.lower() not in categories:
            continue
        if (high is not None and unit.size > int(high)) or (
            low is not None and unit.size < int(low)
        ):
            out.append(
                violation(
                    constraint,
                    f"{unit.name}: group of {unit.size}, groups of {low}–{high} allowed",
                    unit.path,
                    name=unit.name,
                    size=unit.size,
                    min=low,
                    max=high,
                )
            )
    return out


def check_unit_size(constraint: dict[str, Any], view: RosterView) -> list[Violation]:
    """Every unit matching ``select`` has a size in range (independent characters fight as
    one-model units; 4e pp.50-51). Message fields: name, size, min, max, label."""
    low, high = constraint.get("min"), constraint.get("max")
    label = str(constraint.get("label", "Unit"))
    out = []
    for unit in view.units:
        if not matches(unit, constraint["select"]):
            continue
        if (high is not None and unit.size > int(high)) or (
            low is not None and unit.size < int(low)
        ):
            allowed = range_words(low, high)
            out.append(
                violation(
                    constraint,
                    f"{unit.name}: {label} of {unit.size} models, {allowed} allowed",
                    unit.path,
                    name=unit.name,
                    size=unit.size,
                    min=low,
                    max=high,
                    label=label,
                )
            )
    return out


def check_per_model_options(constraint: dict[str, Any], view: RosterView) -> list[Violation]:
    """Units of the categories take only per-model options: a henchmen group's fighters carry
    identical equipment (Mordheim §15.7). Message fields: name, option."""
    categories = categories_of(constraint)
    out = []
    for unit in view.units:
        if unit.unit is None or unit.category.lower() not in categories:
            continue
        by_slug = {o["slug"]: o for o in unit.unit.get("options", [])}
        for index, slug in enumerate(unit.options):
            option = by_slug.get(slug)
            if option is not None and not option.get("per_model") and unit.size > 1:
                out.append(
                    violation(
                        constraint,
                        f"{unit.name}: {option['name']} for one fighter only; a group of "
                        f"{unit.size} carries identical equipment",
                        f"{unit.path}.options[{index}]",
                        name=unit.name,
                        option=option["name"],
                    )
                )
    return out
