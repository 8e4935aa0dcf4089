"""Constraint kinds over points: ``points_limit``, ``category_points_percent``,
``unit_points_limit`` and ``option_group_points`` (the points of one option group)."""

from __future__ import annotations

from typing import Any

from armybuilder.constraints.view import (
    PricedUnit,
    RosterView,
    Violation,
    categories_of,
    in_categories,
    label_of,
    violation,
)


def check_points_limit(constraint: dict[str, Any], view: RosterView) -> list[Violation]:
    """Points total ≤ the limit (seed 003 §11 / KoW §14.1; grimdark §36.8; Mordheim 500 gc
    §15.7). Message fields: points, limit, over, unit."""
    limit = int(constraint.get("max", view.points_limit))
    if view.points <= limit:
        return []
    unit = view.points_name
    return [
        violation(
            constraint,
            f"Points: {view.points}/{limit} {unit}, {view.points - limit} {unit} over the limit",
            "points",
            points=view.points,
            limit=limit,
            over=view.points - limit,
            unit=unit,
        )
    ]


def check_category_points_percent(constraint: dict[str, Any], view: RosterView) -> list[Violation]:
    """Points spent on categories within a percentage of the limit or total (list-building
    rule of many editions; no seed section). Message fields: label, points, percent, min, max."""
    categories = categories_of(constraint)
    spent = sum(u.points for u in view.units if u.category.lower() in categories)
    base = view.points_limit if constraint.get("of", "limit") == "limit" else view.points
    percent = 0.0 if base <= 0 else 100.0 * spent / base
    label = label_of(constraint)
    low, high = constraint.get("min_percent"), constraint.get("max_percent")
    fields = {
        "label": label,
        "points": spent,
        "percent": round(percent, 1),
        "min": low,
        "max": high,
    }
    unit = view.points_name
    if high is not None and percent > float(high):
        return [
            violation(
                constraint,
                f"{label}: {spent} {unit} ({percent:.1f}%), at most {high}% allowed",
                "units",
                **fields,
            )
        ]
    if low is not None and percent < float(low):
        return [
            violation(
                constraint,
                f"{label}: {spent} {unit} ({percent:.1f}%), at least {low}% required",
                "units",
                **fields,
            )
        ]
    return []


def check_unit_points_limit(constraint: dict[str, Any], view: RosterView) -> list[Violation]:
    """Each unit's points within a budget (GURPS: each combatant built from a point budget).
    Message fields: name, points, min, max."""
    categories = categories_of(constraint)
    low, high = constraint.get("min"), constraint.get("max")
    unit_word = view.points_name
    out = []
    for unit in view.units:
        if not in_categories(unit, categories):
            continue
        fields = {"name": unit.name, "points": unit.points, "min": low, "max": high}
        if high is not None and unit.points > int(high):
            out.append(
                violation(
                    constraint,
                    f"{unit.name}: {unit.points} {unit_word}, at most {high} {unit_word} per unit",
                    unit.path,
                    **fields,
                )
            )
        elif low is not None and unit.points < int(low):
            out.append(
                violation(
                    constraint,
                    f"{unit.name}: {unit.points} {unit_word}, at least {low} {unit_word} per unit",
                    unit.path,
                    **fields,
                )
            )
    return out


def group_points(unit: PricedUnit, group: str, traits: str | None) -> int:
    """Points of a unit's chosen options in ``group`` plus template traits of a sign
    (``negative`` leaves out quirks, which have their own cap: GURPS 4e Basic Set p.B11 and
    p.B162) or the template's ``quirks`` (traits typed ``quirk``)."""
    if unit.unit is None:
        return 0
    by_slug = {o["slug"]: o for o in unit.unit.get("options", [])}
    total = sum(
        int(by_slug[s].get("cost", 0))
        for s in unit.options
        if s in by_slug and by_slug[s].get("group") == group
    )
    if traits:
        for trait in (unit.unit.get("extra") or {}).get("traits", []) or []:
            points = int(trait.get("points", 0))
            quirk = trait.get("type") == "quirk"
            if traits == "quirks":
                total += points if quirk else 0
            elif (traits == "negative" and points < 0 and not quirk) or (
                traits == "positive" and points > 0
            ):
                total += points
    return total


def check_option_group_points(constraint: dict[str, Any], view: RosterView) -> list[Violation]:
    """Points in one option group per unit within min/max (GURPS disadvantage cap, a
    campaign-set limit; NOT IN SEED: GURPS 4e Basic Set rule). Message fields: name, label,
    points, min, max."""
    group = constraint["group"]
    label = str(constraint.get("label", group))
    low, high = constraint.get("min"), constraint.get("max")
    out = []
    for unit in view.units:
        points = group_points(unit, group, constraint.get("traits"))
        fields = {"name": unit.name, "label": label, "points": points, "min": low, "max": high}
        if low is not None and points < int(low):
            out.append(
                violation(
                    constraint,
                    f"{unit.name}: {label} {points}, the cap is {low}",
                    unit.path,
                    **fields,
                )
            )
        elif high is not None and points > int(high):
            out.append(
                violation(
                    constraint,
                    f"{unit.name}: {label} {points}, the cap is {high}",
                    unit.path,
                    **fields,
                )
            )
    return out
