"""Map resolved BattleScribe catalogues onto Muster faction data (docs/catalogue-format.md).

The shared part lives here: sizes, costs, option groups, unit and category limits, the
force organisation; each system's ``importers["battlescribe"]`` callable reads the profile
and rule records of one unit and answers its stat line, unit type, category, weapons,
rules and option effects (rules/engine/systems/<slug>/battlescribe.py).

- a root entry of type ``unit`` or ``model`` is a unit; its ``model`` children give the size
  (their min/max with scope parent) and the cost per model; a group whose entries are each
  named ``Label (N)`` lists the unit's sizes (Kings of War troop/regiment/horde);
- a child entry with a minimum of one is part of the unit (wargear it always has); other
  children are options (``max`` from their max), a group's entries an option group
  (``group_max`` from the group's max); those of model children apply per model;
- limits on root entries become ``unit_count``; limits on the force entry's category links
  ``category_count`` (``category_points_percent`` with ``percentValue``), maxima raised by
  the roster ``ratio`` (armybuilder/battlescribe/limits.py, unlocks.py).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from armybuilder.battlescribe.documents import Document
from armybuilder.battlescribe.limits import Limit, Limits, cost_of, limits
from armybuilder.battlescribe.records import profile_record, rule_record, slugify
from armybuilder.battlescribe.report import CatalogueReport, ImportReport
from armybuilder.battlescribe.resolve import Element, Entry, Group, Scope

Importer = Callable[[Mapping[str, Any]], dict[str, Any]]
_SIZED = re.compile(r"^(?P<label>.*?)\s*\((?P<size>\d+)\)\s*$")
UNIT_TYPES = ("unit", "model")


@dataclass(slots=True)
class Context:
    """One faction catalogue being mapped."""

    document: Document
    scope: Scope
    cost_type: str
    own: set[str]
    report: ImportReport
    counts: CatalogueReport
    importer: Importer
    slugs: dict[str, str] = field(default_factory=dict)
    glossary: dict[str, dict[str, Any]] = field(default_factory=dict)

    def skip(self, element: Element | Entry | Group, ident: str, kind: str, why: str) -> None:
        self.report.skip(element.file, ident, element.path, kind, why)

    def refused(self, refused: list[tuple[Element, str]]) -> None:
        for modifier, why in refused:
            self.skip(modifier, modifier.node.get("id"), "modifier", why)


def _unique(slug: str, taken: set[str]) -> str:
    candidate, n = slug, 2
    while candidate in taken:
        candidate, n = f"{slug}-{n}", n + 1
    taken.add(candidate)
    return candidate


def _bounds(found: list[Limit], default_min: int = 0) -> tuple[int, int | None]:
    """min and max (None: unbounded) of the ``selections`` limits with scope parent."""
    low, high = default_min, None
    for limit in found:
        if limit.field != "selections" or limit.percent or limit.scope not in ("parent", "self"):
            continue
        if limit.kind == "min":
            low = max(low, limit.value)
        elif limit.kind == "max" and limit.value >= 0:
            high = limit.value if high is None else min(high, limit.value)
    return low, high


def _entry_limits(ctx: Context, item: Entry | Group) -> list[Limit]:
    """The limits of an entry below a unit (an option, a model, a group): an allowance that
    depends on the roster maps only on a unit or a force entry's category (unlocks.py)."""
    found = limits(item.constraints, item.modifiers, ctx.own)
    ctx.refused(found.refused)
    for allowance in [*found.repeats, *found.unlocks]:
        ctx.skip(
            allowance.element,
            allowance.element.node.get("id"),
            "modifier",
            "a limit raised by the roster maps only on a unit or a force entry's category",
        )
    return found.found


def _cost(ctx: Context, entry: Entry) -> int:
    value, refused = cost_of(entry.costs, entry.modifiers, ctx.cost_type, ctx.own)
    ctx.refused(refused)
    for modifier in entry.modifiers:
        target = modifier.node.get("field")
        if target in ("hidden", "name", "category", "annotation", "page"):
            ctx.skip(
                modifier,
                modifier.node.get("id"),
                "modifier",
                f"a '{target}' modifier changes presentation only; Muster shows every entry",
            )
    return value


def _option(ctx: Context, entry: Entry, taken: set[str], **fields: Any) -> dict[str, Any]:
    _, high = _bounds(_entry_limits(ctx, entry))
    option: dict[str, Any] = {
        "slug": _unique(slugify(entry.name), taken),
        "name": entry.name,
        "cost": _cost(ctx, entry),
        "battlescribe_id": entry.id,
        **fields,
    }
    if high is not None and high > 1:
        option["max"] = high
    option["_records"] = {**_records(entry), "items": [entry.name]}
    option["_where"] = {"file": entry.file, "path": entry.path, "id": entry.id}
    return option


def _records(entry: Entry, model: str = "") -> dict[str, Any]:
    """The entry's profiles and rules with its models'; of several model kinds only
    ``model``'s profiles (the others' rules still count)."""
    profiles = [profile_record(p) for p in entry.profiles]
    rules = [rule_record(r) for r in entry.rules]
    for child in entry.entries:
        if child.type != "model":
            continue
        nested = _records(child)
        if not model or child.id == model:
            profiles += nested["profiles"]
        rules += nested["rules"]
    return {"profiles": profiles, "rules": rules, "items": []}


def _sized(name: str) -> tuple[int, str]:
    """``Regiment (20)`` → (20, ``Regiment``); (0, name) when the name gives no size."""
    match = _SIZED.match(name)
    return (int(match.group("size")), match.group("label")) if match else (0, name)


def _size_group(group: Group) -> bool:
    return bool(group.entries) and all(_SIZED.match(e.name) for e in group.entries)


def _walk_group(ctx: Context, group: Group, taken: set[str], per_model: bool, out: list) -> None:
    low, high = _bounds(_entry_limits(ctx, group))
    slug = slugify(group.name)
    if low >= 1:
        ctx.skip(
            group,
            group.id,
            "selectionEntryGroup",
            f"a choice of at least {low} becomes optional in Muster (option groups have "
            "no minimum)",
        )
    extra = {"group": slug, **({"group_max": high} if high and high > 1 else {})}
    for entry in group.entries:
        out.append(_option(ctx, entry, taken, per_model=per_model, **extra))
    for inner in group.groups:
        _walk_group(ctx, inner, taken, per_model, out)


def _options(ctx: Context, entry: Entry, base: dict, per_model: bool, taken: set[str], out: list):
    for child in entry.entries:
        if child.type == "model":
            _options(ctx, child, base, True, taken, out)
            continue
        low, _ = _bounds(_entry_limits(ctx, child))
        if low >= 1:
            nested = _records(child)
            base["profiles"] += nested["profiles"]
            base["rules"] += nested["rules"]
            base["items"].append(child.name)
            _options(ctx, child, base, per_model, taken, out)
            continue
        out.append(_option(ctx, child, taken, per_model=per_model))
    for group in entry.groups:
        if not _size_group(group):
            _walk_group(ctx, group, taken, per_model, out)


def _sizing(ctx: Context, entry: Entry, unit: dict[str, Any]) -> list[dict[str, Any]]:
    """Set the unit's size and cost; answer the listed sizes (each with its records)."""
    own = _cost(ctx, entry)
    for group in entry.groups:
        if _size_group(group):
            sizes = []
            for option in group.entries:
                size, label = _sized(option.name)
                sizes.append(
                    {
                        "size": size,
                        "cost": own + _cost(ctx, option),
                        "label": label,
                        "_records": _records(option),
                    }
                )
            sizes.sort(key=lambda s: s["size"])
            unit["extra"]["battlescribe"]["sizes"] = {
                str(_sized(o.name)[0]): o.id for o in group.entries
            }
            low, high = sizes[0], sizes[-1]
            per = (high["cost"] - low["cost"]) // max(1, high["size"] - low["size"])
            unit.update(
                size={"min": low["size"], "max": high["size"]}, cost=low["cost"], cost_per_model=per
            )
            return sizes
    models = [c for c in entry.entries if c.type == "model"]
    if entry.type == "model" or not models:
        unit.update(size={"min": 1, "max": 1}, cost=own)
        return []
    kinds: list[dict[str, Any]] = []
    low_total, high_total, cost = 0, 0, own
    for model in models:
        low, high = _bounds(_entry_limits(ctx, model))
        if high is None:
            ctx.skip(
                model,
                model.id,
                "selectionEntry",
                "no maximum number of models; the unit is capped at its minimum",
            )
        kinds.append({"id": model.id, "name": model.name, "min": low, "max": max(low, high or 0)})
        low_total += low
        high_total += kinds[-1]["max"]
        cost += low * _cost(ctx, model)
    growing = [m for m, k in zip(models, kinds, strict=True) if k["max"] > k["min"]] or models
    if len({_cost(ctx, m) for m in growing}) > 1:
        ctx.skip(
            entry,
            entry.id,
            "selectionEntry",
            f"several model kinds of different costs grow; extra models are priced as "
            f"'{growing[0].name}'",
        )
    unit["extra"]["battlescribe"]["model"] = growing[0].id
    if len(models) > 1:
        unit["extra"]["battlescribe"]["models"] = kinds
        kept = {p.node.get("id") for p in growing[0].profiles}
        for model in models:
            for profile in [] if model is growing[0] else model.profiles:
                if profile.node.get("id") in kept:
                    continue
                ctx.skip(
                    profile,
                    profile.node.get("id"),
                    "profile",
                    f"'{model.name}' is one of several model kinds; a Muster unit has one stat "
                    f"line and wargear for all its models ('{growing[0].name}')",
                )
    unit.update(
        size={"min": max(1, low_total), "max": max(1, low_total, high_total)},
        cost=cost,
        cost_per_model=_cost(ctx, growing[0]),
    )
    return []


def map_unit(ctx: Context, entry: Entry, taken: set[str]) -> tuple[dict, Limits] | None:
    """The Muster unit of a root entry and its own limits (made constraints by unlocks.py
    once every unit is mapped: a limit may be raised by another unit); None when the
    system cannot play it (reported)."""
    slug = _unique(slugify(entry.name), taken)
    unit: dict[str, Any] = {
        "slug": slug,
        "name": entry.name,
        "extra": {"battlescribe": {"id": entry.id, "entry_id": entry.entry_id}},
    }
    sizes = _sizing(ctx, entry, unit)
    base = _records(entry, unit["extra"]["battlescribe"].get("model", ""))
    options: list[dict[str, Any]] = []
    _options(ctx, entry, base, False, set(), options)
    own_limits = limits(entry.constraints, entry.modifiers, ctx.own)
    ctx.refused(own_limits.refused)
    record = {
        "id": entry.id,
        "name": entry.name,
        "file": entry.file,
        "path": entry.path,
        "type": entry.type,
        "categories": [c.name for c in entry.categories],
        "primary": next(
            (c.name for c in entry.categories if c.primary),
            entry.categories[0].name if entry.categories else "",
        ),
        **base,
        "sizes": sizes,
        "options": options,
        "unit": unit,
    }
    answer = ctx.importer(record)
    for skipped in answer.get("unmapped", []):
        ctx.report.skip(
            skipped["file"], skipped["id"], skipped["path"], skipped["element"], skipped["reason"]
        )
    for rule in answer.get("glossary", []):
        ctx.glossary.setdefault(rule["slug"], rule)
    mapped = answer.get("unit")
    if mapped is None:
        return None
    ctx.counts.counts["units"] += 1
    ctx.counts.counts["options"] += len(mapped.get("options", []))
    ctx.counts.counts["rules"] += len(mapped.get("rules", []))
    ctx.slugs[entry.id] = slug
    return mapped, own_limits
