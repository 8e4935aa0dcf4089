"""A catalogue's force organisation: the first force entry's category limits as Muster
constraints (``category_count``, ``category_points_percent``, ``ratio``).

Muster plays one force organisation per roster, so only the first force entry (of the
catalogue, else of the game system) is mapped; the others are listed in the report.
"""

from __future__ import annotations

from typing import Any

from armybuilder.battlescribe.documents import Document
from armybuilder.battlescribe.limits import limits
from armybuilder.battlescribe.mapping import Context
from armybuilder.battlescribe.resolve import Element


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


def _selector(ctx: Context, child: str) -> dict[str, Any] | None:
    if child in ctx.slugs:
        return {"units": [ctx.slugs[child]]}
    target = ctx.scope.find(child)
    if target is not None and target.node.tag == "categoryEntry":
        return {"categories": [target.node.get("name")]}
    return None


def force_constraints(ctx: Context) -> list[dict[str, Any]]:
    """The first force entry's category limits as Muster constraints."""
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
    found: list[dict[str, Any]] = []
    for link in force.node.each("categoryLinks", "categoryLink"):
        target = ctx.scope.find(link.get("targetId"))
        category = target.node.get("name") if target else link.get("name")
        path = f"{force.path}/categoryLinks/categoryLink[{link.get('name')}]"
        constraints = [
            Element(c, document.file, f"{path}/constraints/constraint[{c.get('id')}]")
            for c in link.each("constraints", "constraint")
        ]
        modifiers = [
            Element(m, document.file, f"{path}/modifiers/modifier[{i}]")
            for i, m in enumerate(link.each("modifiers", "modifier"), start=1)
        ]
        bounded, repeats, refused = limits(constraints, modifiers, ctx.own)
        ctx.refused(refused)
        maximum = next((b.value for b in bounded if b.kind == "max" and not b.percent), None)
        for limit in bounded:
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
                if limit.kind == "max" and repeats:
                    continue
                found.append(
                    {
                        "code": code,
                        "kind": "category_count",
                        "severity": "error",
                        "category": category,
                        limit.kind: limit.value,
                    }
                )
            else:
                ctx.skip(
                    limit.element,
                    limit.id,
                    "constraint",
                    f"a limit on '{limit.field}' has no Muster kind",
                )
        for repeat in repeats:
            per = _selector(ctx, repeat.child)
            if per is None or repeat.per != 1:
                ctx.skip(
                    repeat.element,
                    repeat.element.node.get("id"),
                    "modifier",
                    "the increment counts an entry Muster does not know, or per more than one",
                )
                continue
            found.append(
                {
                    "code": f"bs.{repeat.element.node.get('field')}.per.{repeat.child}",
                    "kind": "ratio",
                    "severity": "error",
                    "label": category,
                    "per": [per],
                    "limited": {"categories": [category]},
                    "count": repeat.step,
                    "free": max(0, maximum or 0),
                    "scope": "faction",
                }
            )
    ctx.counts.counts["constraints"] += len(found)
    return found
