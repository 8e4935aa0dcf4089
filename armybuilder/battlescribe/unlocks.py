"""Limits that depend on the roster, as Muster constraints (docs/battlescribe.md).

BattleScribe raises a maximum while the roster holds something: per selection (a
``repeat``: one more hero per infantry unit) or once it holds one (an ``atLeast 1``
condition: a second lord once a standard bearer is taken). Muster's ``ratio`` allows
``free + count × (units matching per)`` of the ``limited`` units, so

- an increment of ``step`` per selection is a ratio with ``free`` the base maximum and
  ``count`` the step (the plain maximum goes: the ratio is the limit);
- a ``set``/``increment`` to N while at least one is taken is a ratio with ``free`` the base
  and ``count`` N − base, and the plain maximum becomes N: none taken allows the base, one
  or more allow exactly N.

The unlocking entry must be a unit or category Muster knows (the units are mapped first);
any other is listed in the report, and the base maximum stays.
"""

from __future__ import annotations

from typing import Any

from armybuilder.battlescribe.limits import Limit, Limits
from armybuilder.battlescribe.mapping import Context

RATIO_SCOPES = {"roster": "roster"}  # anything else counts the unit's own force (faction)


def _selector(ctx: Context, child: str) -> dict[str, Any] | None:
    if child in ctx.slugs:
        return {"units": [ctx.slugs[child]]}
    target = ctx.scope.find(child)
    if target is not None and target.node.tag == "categoryEntry":
        return {"categories": [target.node.get("name")]}
    return None


def _ratio(code: str, label: str, per: dict, limited: dict, count: int, free: int, scope: str):
    return {
        "code": code,
        "kind": "ratio",
        "severity": "error",
        "label": label,
        "per": [per],
        "limited": limited,
        "count": count,
        "free": max(0, free),
        "scope": RATIO_SCOPES.get(scope, "faction"),
    }


def raised(
    ctx: Context, limit: Limit, found: Limits, *, label: str, limited: dict[str, Any]
) -> tuple[int | None, list[dict[str, Any]]]:
    """The maximum ``limit`` keeps (None: the ratios replace it) and the ratios that raise it."""
    ratios: list[dict[str, Any]] = []
    repeated = False
    cap = limit.value
    for repeat in (r for r in found.repeats if r.target == limit.id):
        per = _selector(ctx, repeat.child)
        if per is None or repeat.per != 1:
            ctx.skip(
                repeat.element,
                repeat.element.node.get("id"),
                "modifier",
                "the increment counts an entry Muster does not know, or per more than one",
            )
            continue
        code = f"bs.{limit.id}.per.{repeat.child}"
        ratios.append(_ratio(code, label, per, limited, repeat.step, limit.value, repeat.scope))
        repeated = True
    for unlock in (u for u in found.unlocks if u.target == limit.id):
        per = _selector(ctx, unlock.child)
        if per is None:
            ctx.skip(
                unlock.element,
                unlock.element.node.get("id"),
                "modifier",
                f"its condition counts '{unlock.child}', an entry Muster does not know",
            )
            continue
        step = unlock.value - limit.value
        code = f"bs.{limit.id}.if.{unlock.child}"
        ratios.append(_ratio(code, label, per, limited, step, limit.value, unlock.scope))
        cap += step
    return (None if repeated else cap), ratios


def unit_constraints(ctx: Context, slug: str, name: str, found: Limits) -> list[dict[str, Any]]:
    """A mapped unit's own limits: ``unit_count``, raised by ratios where the roster says."""
    out: list[dict[str, Any]] = []
    for limit in found.found:
        if limit.field != "selections" or limit.percent:
            ctx.skip(
                limit.element,
                limit.id,
                "constraint",
                "a unit limit on points or a percentage has no Muster kind (Muster limits "
                "points by category)",
            )
            continue
        if limit.scope not in ("parent", "force", "roster", "self") or limit.value < 0:
            ctx.skip(
                limit.element,
                limit.id,
                "constraint",
                f"scope '{limit.scope}' has no Muster equivalent",
            )
            continue
        value: int | None = limit.value
        if limit.kind == "max":
            value, ratios = raised(ctx, limit, found, label=name, limited={"units": [slug]})
            out += ratios
        if value is not None:
            out.append(
                {
                    "code": f"bs.{limit.id}",
                    "kind": "unit_count",
                    "severity": "error",
                    "unit": slug,
                    limit.kind: value,
                }
            )
    return out
