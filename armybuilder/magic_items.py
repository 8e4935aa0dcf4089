"""Magic items: catalogue data a faction offers to its units as options (pure Python).

A faction file lists ``magic_items`` once (docs/catalogue-format.md): slug, name, points,
effect text, the units that may take one (``allowed``, a unit selector as in constraints) and
``effects`` (``add_rules``: an existing special rule granted; ``modify``: stat changes the
engine applies after the unit's size profile). Every unit of the faction is offered every
item as an option marked ``item: true`` (the roster stores the item's slug among the entry's
options, priced, shown and applied like any option); the validator's ``option.not_allowed``
refuses an item on a unit ``allowed`` does not match, and the ``items_per_unit`` and
``unique_items`` constraint kinds hold "one per unit" and "each item once per army".

The 2010 rules (seed 003) have no magic item list: they mention magic weapons (p.9,
Crushing Strength), magic banners (p.10, Inspiring) and magic shots (p.6); the items are
ours, their mechanics are the seed's numbers and rules.
"""

from __future__ import annotations

from typing import Any


def item_option(item: dict[str, Any]) -> dict[str, Any]:
    """One magic item as the option a unit is offered."""
    option: dict[str, Any] = {
        "slug": item["slug"],
        "name": item["name"],
        "cost": int(item.get("cost", 0)),
        "item": True,
        "effects": dict(item.get("effects") or {}),
    }
    if item.get("allowed"):
        option["allowed"] = item["allowed"]
    if item.get("text"):
        option["text"] = item["text"]
    return option


def offered_units(catalogue: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The faction's units by slug, each with the faction's magic items after its own
    options (the catalogue itself is left unchanged: cached catalogues are shared)."""
    units = catalogue.get("units", []) or []
    items = catalogue.get("magic_items") or []
    if not items:
        return {u["slug"]: u for u in units}
    offered = [item_option(item) for item in items]
    return {u["slug"]: {**u, "options": [*(u.get("options") or []), *offered]} for u in units}


def is_item(option: dict[str, Any] | None) -> bool:
    """Whether an offered option is a magic item."""
    return bool(option and option.get("item"))
