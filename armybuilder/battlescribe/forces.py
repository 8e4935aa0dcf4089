"""A catalogue's force organisation: the first force entry's category limits (and those on
category entries themselves) as Muster constraints (``category_count``,
``category_points_percent``, ``ratio``).

Muster plays one force organisation per roster, so only the first force entry (of the
catalogue, else of the game system) is mapped; the others are listed in the report.
"""

from __future__ import annotations

from typing import Any

from armybuilder.battlescribe.documents import Document
from armybuilder.battlescribe.limits import limits
from armybuilder.battlescribe.mapping import Context
from armybuilder.battlescribe.resolve import Element
from armybuilder.battlescribe.unlocks import raised
from armybuilder.battlescribe.xmlsafe import Node


def force_entries(ctx: Context) -> list[tuple[Document, Element]]:
    found = []
    for document in (ctx.document, ctx.scope.system):
        root = document.root
        for node in root.each("forceEntries", "forceEntry"):
            found.append(
                (
                    document,
                    Element(
                        node,
                        document.file,
                        f"{root.tag}/forceEntries/forceEntry[{node.get('name')}]",
                    ),
                )
            )
    return found


def _category_limits(
    ctx: Context, category: str, node: Node, file: str, path: str
) -> list[dict[str, Any]]:
    """A category's limits (on a force entry's category link, or on the category entry
    itself: the roster's) as ``category_count``, ``category_points_percent`` and ``ratio``."""
    constraints = [
        Element(c, file, f"{path}/constraints/constraint[{c.get('id')}]")
        for c in node.each("constraints", "constraint")
    ]
    modifiers = [
        Element(m, file, f"{path}/modifiers/modifier[{i}]")
        for i, m in enumerate(node.each("modifiers", "modifier"), start=1)
    ]
    ids = {c.node.get("id") for c in constraints}
    for modifier in modifiers:
        if modifier.node.get("field") not in ids:
            ctx.skip(
                modifier,
                modifier.node.get("id"),
                "modifier",
                f"a '{modifier.node.get('field')}' modifier of a category has no Muster equivalent",
            )
    bounded = limits(constraints, modifiers, ctx.own)
    ctx.refused(bounded.refused)
    found: list[dict[str, Any]] = []
    for limit in bounded.found:
        code = f"bs.{limit.id}"
        if limit.percent and limit.field == ctx.cost_type:
            key = "min_percent" if limit.kind == "min" else "max_percent"
            found.append(
                {
                    "code": code,
                    "kind": "category_points_percent",
                    "severity": "error",
                    "category": category,
                    key: limit.value,
                    "of": "limit",
                }
            )
        elif limit.field == "selections" and not limit.percent and limit.value >= 0:
            value: int | None = limit.value
            if limit.kind == "max":
                value, ratios = raised(
                    ctx, limit, bounded, label=category, limited={"categories": [category]}
                )
                found += ratios
            if value is not None:
                found.append(
                    {
                        "code": code,
                        "kind": "category_count",
                        "severity": "error",
                        "category": category,
                        limit.kind: value,
                    }
                )
        else:
            ctx.skip(
                limit.element,
                limit.id,
                "constraint",
                f"a limit on '{limit.field}'"
                + (" as a percentage" if limit.percent else "")
                + " has no Muster kind",
            )
    return found


def force_constraints(ctx: Context) -> list[dict[str, Any]]:
    """The first force entry's category limits, and limits on category entries themselves
    (across the roster), as Muster constraints."""
    entries = force_entries(ctx)
    if not entries:
        return []
    for _, other in entries[1:]:
        ctx.skip(
            other,
            other.node.get("id"),
            "forceEntry",
            f"Muster plays one force organisation; '{entries[0][1].node.get('name')}' "
            "is the one mapped",
        )
    document, force = entries[0]
    for constraint in force.node.each("constraints", "constraint"):
        ctx.skip(
            Element(constraint, document.file, f"{force.path}/constraints/constraint"),
            constraint.get("id"),
            "constraint",
            "a limit on how many forces a roster holds; a Muster roster has one force per "
            "faction (its allies)",
        )
    for i, modifier in enumerate(force.node.each("modifiers", "modifier"), start=1):
        ctx.skip(
            Element(modifier, document.file, f"{force.path}/modifiers/modifier[{i}]"),
            modifier.get("id"),
            "modifier",
            "a modifier of the force entry itself has no Muster equivalent",
        )
    found: list[dict[str, Any]] = []
    for link in force.node.each("categoryLinks", "categoryLink"):
        target = ctx.scope.find(link.get("targetId"))
        category = target.node.get("name") if target else link.get("name")
        path = f"{force.path}/categoryLinks/categoryLink[{link.get('name')}]"
        found += _category_limits(ctx, category, link, document.file, path)
    for document in (ctx.document, ctx.scope.system):
        root = document.root
        for entry in root.each("categoryEntries", "categoryEntry"):
            path = f"{root.tag}/categoryEntries/categoryEntry[{entry.get('name')}]"
            found += _category_limits(ctx, entry.get("name"), entry, document.file, path)
    ctx.counts.counts["constraints"] += len(found)
    return found
