"""BattleScribe constraints and modifiers read as Muster limits.

A ``constraint`` is ``type`` (min | max), ``value``, ``field`` (``selections`` or a cost type
id), ``scope`` (parent | force | roster | self | an entry id) and ``percentValue``. A
``modifier`` changes one (``field`` = the constraint's id) or a cost (``field`` = the cost
type id) by ``set`` or ``increment`` ``value``, when its ``conditions`` hold, ``repeats``
times per a counted selection.

Muster's constraints are static, so a modifier is applied at import when it holds for every
roster of the catalogue: no conditions, or only ``instanceOf``/``notInstanceOf`` conditions
about the catalogue's own force or catalogue (always true, or always false, inside it). An
``increment`` of a category maximum repeated per selection of a unit or category becomes a
Muster ``ratio`` (per unlocking unit, ``count`` more; ``free`` the base maximum). Anything else
(a condition on counts such as ``atLeast``/``equalTo`` of another entry, ``hidden``,
``name``, ``category`` modifiers) is listed in the report with its reason.
"""

from __future__ import annotations

from dataclasses import dataclass

from armybuilder.battlescribe.documents import number
from armybuilder.battlescribe.resolve import Element
from armybuilder.battlescribe.xmlsafe import Node

STATIC_CONDITIONS = ("instanceOf", "notInstanceOf")


@dataclass(frozen=True, slots=True)
class Limit:
    """A constraint with the static modifiers applied."""

    id: str
    kind: str  # min | max
    value: int
    field: str
    scope: str
    percent: bool
    element: Element


@dataclass(frozen=True, slots=True)
class Repeat:
    """``increment`` by ``step`` for every ``per`` selections of ``child`` (an entry or
    category id) — a per-selection allowance."""

    step: int
    per: int
    child: str
    element: Element


def _conditions(node: Node) -> list[Node]:
    found = node.each("conditions", "condition")
    for group in node.each("conditionGroups", "conditionGroup"):
        found.extend(_conditions(group))
    return found


def static_truth(node: Node, own: set[str]) -> bool | None:
    """Whether a modifier's conditions hold in every roster (``own``: the catalogue's and
    its force entries' ids); None when they depend on the roster. An ``or`` group is not
    decided statically unless it holds no condition."""
    conditions = _conditions(node)
    if not conditions:
        return True
    if any(g.get("type") == "or" for g in node.each("conditionGroups", "conditionGroup")):
        return None
    result = True
    for condition in conditions:
        if condition.get("type") not in STATIC_CONDITIONS:
            return None
        holds = condition.get("childId") in own
        result &= holds if condition.get("type") == "instanceOf" else not holds
    return result


def modifier_problem(node: Node, own: set[str]) -> str:
    """Why a modifier cannot be applied at import ('' when it can)."""
    kind = node.get("type")
    if kind not in ("set", "increment", "decrement"):
        return f"'{kind}' modifiers have no Muster equivalent"
    if node.each("repeats", "repeat"):
        return ""
    truth = static_truth(node, own)
    if truth is None:
        kinds = sorted({c.get("type") for c in _conditions(node)})
        return (
            f"its condition ({', '.join(kinds)}) depends on the roster; Muster's limits and "
            "costs are fixed"
        )
    return ""


def modified(value: int, node: Node) -> int:
    """``value`` after a static set / increment / decrement modifier."""
    amount = number(node.get("value"))
    kind = node.get("type")
    if kind == "set":
        return amount
    return value + amount if kind == "increment" else value - amount


def limits(
    constraints: list[Element], modifiers: list[Element], own: set[str]
) -> tuple[list[Limit], list[Repeat], list[tuple[Element, str]]]:
    """The entry's limits with static modifiers applied, its per-selection increments and
    the modifiers that could not be used (with why). Modifiers of other fields (costs,
    hidden…) are left to their callers."""
    values = {c.node.get("id"): number(c.node.get("value")) for c in constraints}
    repeats: list[Repeat] = []
    refused: list[tuple[Element, str]] = []
    for modifier in modifiers:
        target = modifier.node.get("field")
        if target not in values:
            continue
        problem = modifier_problem(modifier.node, own)
        if problem:
            refused.append((modifier, problem))
            continue
        repeat = modifier.node.each("repeats", "repeat")
        if repeat:
            if (
                modifier.node.get("type") != "increment"
                or len(repeat) > 1
                or _conditions(modifier.node)
            ):
                refused.append((modifier, "only a plain increment per selection maps (ratio)"))
                continue
            per = max(1, number(repeat[0].get("value"), default=1))
            step = number(modifier.node.get("value")) * max(1, number(repeat[0].get("repeats")))
            repeats.append(Repeat(step, per, repeat[0].get("childId"), modifier))
            continue
        if static_truth(modifier.node, own):
            values[target] = modified(values[target], modifier.node)
    found = [
        Limit(
            c.node.get("id"),
            c.node.get("type"),
            values[c.node.get("id")],
            c.node.get("field"),
            c.node.get("scope"),
            c.node.get("percentValue") == "true",
            c,
        )
        for c in constraints
    ]
    return found, repeats, refused


def cost_of(
    costs: dict[str, int], modifiers: list[Element], cost_type: str, own: set[str]
) -> tuple[int, list[tuple[Element, str]]]:
    """The entry's cost of ``cost_type`` with static cost modifiers applied, and the cost
    modifiers that depend on the roster."""
    value = costs.get(cost_type, 0)
    refused: list[tuple[Element, str]] = []
    for modifier in modifiers:
        if modifier.node.get("field") != cost_type:
            continue
        problem = modifier_problem(modifier.node, own) or (
            "a cost that grows per selection has no Muster equivalent"
            if modifier.node.each("repeats", "repeat")
            else ""
        )
        if problem:
            refused.append((modifier, problem))
        elif static_truth(modifier.node, own):
            value = modified(value, modifier.node)
    return value, refused
