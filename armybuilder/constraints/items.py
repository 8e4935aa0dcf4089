"""Constraint kinds over magic items (options marked ``item: true``, armybuilder/magic_items.py):
``items_per_unit`` (at most N items in one unit) and ``unique_items`` (each item at most once
in the army). The 2010 rules have no item list (seed 003); "one per unit, each unique" is the
usual Kings of War army-list convention, kept as data so a house rule can change it."""

from __future__ import annotations

from typing import Any

from armybuilder.constraints.view import PricedUnit, RosterView, Violation, violation


def _items(unit: PricedUnit) -> list[tuple[int, dict[str, Any]]]:
    """The unit's chosen magic items with their index among its options."""
    offered = {o["slug"]: o for o in (unit.unit or {}).get("options", []) or []}
    return [
        (index, offered[slug])
        for index, slug in enumerate(unit.options)
        if (offered.get(slug) or {}).get("item")
    ]


def check_items_per_unit(constraint: dict[str, Any], view: RosterView) -> list[Violation]:
    """A unit carries at most ``max`` magic items (default 1). Message fields: name, count,
    max, items."""
    high = int(constraint.get("max", 1))
    out = []
    for unit in view.units:
        items = _items(unit)
        if len(items) <= high:
            continue
        names = ", ".join(item["name"] for _index, item in items)
        out.append(
            violation(
                constraint,
                f"{unit.name}: {len(items)} magic items ({names}), at most {high} per unit",
                f"{unit.path}.options[{items[high][0]}]",
                name=unit.name,
                count=len(items),
                max=high,
                items=names,
            )
        )
    return out


def check_unique_items(constraint: dict[str, Any], view: RosterView) -> list[Violation]:
    """Each magic item at most once in the army (items of allied factions are told apart by
    faction; a repeat within one unit is ``option.max``). Message fields: item, holder,
    name."""
    holders: dict[tuple[str, str], PricedUnit] = {}
    out = []
    for unit in view.units:
        for index, item in _items(unit):
            key = (unit.faction, item["slug"])
            holder = holders.setdefault(key, unit)
            if holder is unit:
                continue  # a repeat within one unit is option.max
            out.append(
                violation(
                    constraint,
                    f"{unit.name}: the {item['name']} is already taken by {holder.name}",
                    f"{unit.path}.options[{index}]",
                    item=item["name"],
                    holder=holder.name,
                    name=unit.name,
                )
            )
    return out
