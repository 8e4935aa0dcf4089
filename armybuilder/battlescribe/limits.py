"""BattleScribe constraints and modifiers read as Muster limits.

A ``constraint`` is ``type`` (min | max), ``value``, ``field`` (``selections`` or a cost type
id), ``scope`` (parent | force | roster | self | an entry id) and ``percentValue``. A
``modifier`` changes one (``field`` = the constraint's id) or a cost (``field`` = the cost
type id) by ``set`` or ``increment`` ``value``, when its ``conditions`` hold, ``repeats``
times per a counted selection.

Muster's constraints are static, so a modifier is applied at import when it holds for every
roster of the catalogue: no conditions, or only ``instanceOf``/``notInstanceOf`` conditions
about the catalogue's own force or catalogue (always true, or always false, inside it). A
modifier that raises a maximum depending on the roster is kept for
armybuilder/battlescribe/unlocks.py, which maps it to a Muster ``ratio``: an ``increment``
repeated per selection of a unit or category (a ``Repeat``), or a ``set``/``increment`` while
the roster or force holds at least one of them (an ``Unlock``: ``atLeast 1``/``greaterThan
0``). Anything else (another count condition, ``hidden``, ``name``, ``category`` modifiers)
is listed in the report with its reason.
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
    """``increment`` of constraint ``target`` by ``step`` for every ``per`` selections of
    ``child`` (an entry or category id) counted in ``scope`` — a per-selection allowance."""

    target: str
    step: int
    per: int
    child: str
    scope: str
    element: Element


@dataclass(frozen=True, slots=True)
class Unlock:
    """Constraint ``target`` (a maximum) becomes ``value`` while ``scope`` (``roster`` or
    ``force``) holds at least one ``child`` (an entry or category id)."""

    target: str
    value: int
    child: str
    scope: str
    element: Element


@dataclass(frozen=True, slots=True)
class Limits:
    """An entry's limits with static modifiers applied, its roster-dependent allowances and
    the modifiers that could not be used (with why)."""

    found: list[Limit]
    repeats: list[Repeat]
    unlocks: list[Unlock]
    refused: list[tuple[Element, str]]


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


COUNTING_SCOPES = {"roster": "roster", "force": "force", "parent": "force"}


def unlock_of(modifier: Element, own: set[str], kind: str, base: int) -> Unlock | str | None:
    """A ``set``/``increment`` of a maximum while the roster (or force) holds at least one of
    an entry or category, as an :class:`Unlock`; why not, when its conditions say something
    else; None when a static condition makes it never apply. A root entry's ``parent`` is
    its force."""
    node = modifier.node
    if any(g.get("type") == "or" for g in node.each("conditionGroups", "conditionGroup")):
        return "its conditions are an 'or' of counts; Muster's ratio unlocks by one count"
    counting = []
    for condition in _conditions(node):
        if condition.get("type") in STATIC_CONDITIONS:
            holds = condition.get("childId") in own
            if holds != (condition.get("type") == "instanceOf"):
                return None
        else:
            counting.append(condition)
    if len(counting) != 1:
        kinds = ", ".join(sorted({c.get("type") for c in counting}))
        return f"its conditions ({kinds}) combine counts of the roster; Muster has no such kind"
    [condition] = counting
    test, threshold = condition.get("type"), number(condition.get("value"))
    child = condition.get("childId")
    if kind != "max":
        return f"a minimum that depends on the roster ({test} {child}) has no Muster kind"
    if condition.get("field") != "selections" or condition.get("percentValue") == "true":
        return f"its condition counts '{condition.get('field')}', not selections"
    if condition.get("scope") not in COUNTING_SCOPES:
        scope = condition.get("scope")
        return f"its condition counts in scope '{scope}'; Muster counts the roster or a force"
    if (test, threshold) in (("equalTo", 0), ("lessThan", 1), ("atMost", 0)):
        return f"it holds while the roster has no '{child}'; Muster has no 'unless' kind"
    if (test, threshold) not in (("atLeast", 1), ("greaterThan", 0)):
        return (
            f"it holds when the roster has {test} {threshold} of '{child}'; Muster's ratio "
            "unlocks from the first selection on"
        )
    value = modified(base, node)
    if value <= base:
        return f"it lowers the limit when '{child}' is taken; Muster has no exclusion kind"
    return Unlock(
        node.get("field"), value, child, COUNTING_SCOPES[condition.get("scope")], modifier
    )


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


def limits(constraints: list[Element], modifiers: list[Element], own: set[str]) -> Limits:
    """The entry's limits with static modifiers applied, its per-selection increments and
    roster-dependent unlocks, and the modifiers that could not be used (with why).
    Modifiers of other fields (costs, hidden…) are left to their callers."""
    values = {c.node.get("id"): number(c.node.get("value")) for c in constraints}
    kinds = {c.node.get("id"): c.node.get("type") for c in constraints}
    repeats: list[Repeat] = []
    pending: list[Element] = []
    refused: list[tuple[Element, str]] = []
    for modifier in modifiers:
        target = modifier.node.get("field")
        if target not in values:
            continue
        repeat = modifier.node.each("repeats", "repeat")
        if repeat:
            if (
                modifier.node.get("type") != "increment"
                or len(repeat) > 1
                or _conditions(modifier.node)
                or kinds[target] != "max"
            ):
                refused.append(
                    (modifier, "only a plain increment of a maximum per selection maps (ratio)")
                )
                continue
            per = max(1, number(repeat[0].get("value"), default=1))
            step = number(modifier.node.get("value")) * max(1, number(repeat[0].get("repeats")))
            child, scope = repeat[0].get("childId"), repeat[0].get("scope")
            repeats.append(Repeat(target, step, per, child, scope, modifier))
            continue
        problem = modifier_problem(modifier.node, own)
        if problem and modifier.node.get("type") in ("set", "increment"):
            pending.append(modifier)
        elif problem:
            refused.append((modifier, problem))
        elif static_truth(modifier.node, own):
            values[target] = modified(values[target], modifier.node)
    unlocks: list[Unlock] = []
    for modifier in pending:
        target = modifier.node.get("field")
        found = unlock_of(modifier, own, kinds[target], values[target])
        if isinstance(found, str):
            refused.append((modifier, found))
        elif found is not None:
            unlocks.append(found)
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
    return Limits(found, repeats, unlocks, refused)


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
