"""Army constraints as data: each kind is a check over a priced roster (pure Python).

A constraint is a mapping from a catalogue (``_system.yaml`` or a faction file)::

    {code: foc.heavy_support, kind: category_count, severity: error,
     category: Heavy Support, min: 0, max: 3, message: optional format string}

``code`` is stable, ``severity`` is ``error`` or ``warning``; a house rule changes a severity
or a number in the data (or through ``overrides``) without touching code. ``message`` may be
a ``str.format`` template over the fields each kind passes (listed in its docstring).

Unit selectors (``ratio``): a list of alternatives, a unit matches when it matches any one;
an alternative is ``{unit_types: [...], categories: [...], units: [...], rules: [...],
min_size: N}``, every given key must hold (categories compare case-insensitively; ``rules``
matches when the catalogue unit has any of those rules).

Kinds and their fields (``KIND_FIELDS`` is the JSON Schema of each, used on load):

- ``points_limit``: optional ``max`` (else the roster's points limit).
- ``category_count``: ``category`` or ``categories``, ``min``, ``max``, optional ``label``.
- ``unique_units``: no fields; units flagged ``unique: true`` ([1]) at most once.
- ``unit_count``: ``unit`` (slug), optional ``faction``, ``min``, ``max``.
- ``ratio``: ``per`` (selector of the unlocking units), ``limited`` (selector), ``count``
  (how many limited units each unlocking unit allows, default 1), ``free`` (allowed without
  any, default 0), ``scope`` (``faction``: each faction's units are unlocked by its own
  units; ``roster``: pooled), ``label``.
- ``category_points_percent``: ``category``/``categories``, ``min_percent``,
  ``max_percent``, ``of`` (``limit`` or ``total``).
- ``model_count``: ``min``, ``max``, optional ``categories`` to count only those.
- ``alignment``: ``compatible`` (alignment → alignments it may ally with).
- ``unit_points_limit``: ``max``, optional ``min``, optional ``categories``.
- ``option_group_points``: ``group`` (option group), ``min``, ``max``, optional
  ``traits`` (``negative`` | ``positive``: add the template's ``extra.traits`` points of that
  sign, e.g. GURPS disadvantages), ``label``.
- ``category_size``: ``category``/``categories``, ``min``, ``max`` — every unit of those
  categories has a size in range (Mordheim henchmen groups of 1–5).
- ``unit_size``: ``select`` (selector), ``min``, ``max``, ``label`` — every matching unit has
  a size in range (independent characters are one-model units).
- ``per_model_options``: ``category``/``categories`` — every option chosen for those units
  must be ``per_model`` (Mordheim henchmen of a group carry identical equipment).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from armybuilder.rosterdata import apply_options

ERROR = "error"
WARNING = "warning"
SEVERITIES: tuple[str, ...] = (ERROR, WARNING)


@dataclass(frozen=True, slots=True)
class Violation:
    """One broken rule: severity, stable code, message in the system's words, path."""

    severity: str
    code: str
    message: str
    path: str

    def as_dict(self) -> dict[str, str]:
        return {
            "severity": self.severity,
            "code": self.code,
            "message": self.message,
            "path": self.path,
        }


@dataclass(frozen=True, slots=True)
class PricedUnit:
    """A roster entry as the checks see it: catalogue unit (None when unknown) and points."""

    index: int
    id: str
    name: str
    slug: str
    faction: str
    unit: dict[str, Any] | None
    category: str
    unit_type: str
    size: int
    options: tuple[str, ...]
    points: int

    @property
    def path(self) -> str:
        return f"units[{self.index}]"

    def matches(self, selector: list[dict[str, Any]] | dict[str, Any]) -> bool:
        """Whether the unit matches a selector (:func:`matches`)."""
        return matches(self, selector)

    def applied(self) -> tuple[dict[str, Any], list[dict[str, Any]], list[str]]:
        """Profile, weapons and rules with the chosen options applied (none when unknown)."""
        if self.unit is None:
            return {}, [], []
        return apply_options(self.unit, self.size, list(self.options))


@dataclass(frozen=True, slots=True)
class RosterView:
    """A roster priced against its catalogues: what every constraint check reads."""

    system: dict[str, Any]
    factions: dict[str, dict[str, Any]]
    faction: str
    allies: tuple[str, ...]
    points_limit: int
    points: int
    units: tuple[PricedUnit, ...]

    @property
    def points_name(self) -> str:
        return str(self.system.get("points_name", "pts"))


Check = Callable[[dict[str, Any], RosterView], list[Violation]]


def _categories(constraint: dict[str, Any]) -> tuple[str, ...]:
    if "categories" in constraint:
        return tuple(str(c).lower() for c in constraint["categories"])
    if "category" in constraint:
        return (str(constraint["category"]).lower(),)
    return ()


def _label(constraint: dict[str, Any]) -> str:
    if constraint.get("label"):
        return str(constraint["label"])
    if "category" in constraint:
        return str(constraint["category"])
    return " or ".join(str(c) for c in constraint.get("categories", [])) or "Units"


def _violation(constraint: dict[str, Any], default: str, path: str, **fields: Any) -> Violation:
    template = constraint.get("message")
    message = default
    if template:
        try:
            message = str(template).format(**fields)
        except (KeyError, IndexError, ValueError):
            message = default
    return Violation(constraint.get("severity", ERROR), constraint["code"], message, path)


def _count_limits(
    constraint: dict[str, Any],
    count: int,
    counted: str,
    chosen: Sequence[PricedUnit] | None = None,
    **names: Any,
) -> list[Violation]:
    """``count`` between the constraint's min and max, else one violation whose default
    message starts with ``counted``; one too many is pointed at (the first entry over the
    limit among ``chosen``, else "units"), one too few at "units". Message fields:
    ``names``, count, min, max."""
    low, high = constraint.get("min"), constraint.get("max")
    fields = {**names, "count": count, "min": low, "max": high}
    if high is not None and count > int(high):
        path = chosen[int(high)].path if chosen is not None else "units"
        return [_violation(constraint, f"{counted}, at most {high} allowed", path, **fields)]
    if low is not None and count < int(low):
        return [_violation(constraint, f"{counted}, at least {low} required", "units", **fields)]
    return []


def _in_categories(unit: PricedUnit, categories: tuple[str, ...]) -> bool:
    return not categories or unit.category.lower() in categories


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def _range_words(low: Any, high: Any) -> str:
    if low is None:
        return f"at most {high}"
    if high is None:
        return f"at least {low}"
    return str(low) if low == high else f"{low}–{high}"


def matches(unit: PricedUnit, selector: list[dict[str, Any]] | dict[str, Any]) -> bool:
    """Whether ``unit`` matches a selector (any alternative; every key of it must hold)."""
    alternatives = [selector] if isinstance(selector, dict) else selector
    for alt in alternatives:
        if "unit_types" in alt and unit.unit_type not in alt["unit_types"]:
            continue
        if "categories" in alt and unit.category.lower() not in {
            str(c).lower() for c in alt["categories"]
        }:
            continue
        if "units" in alt and unit.slug not in alt["units"]:
            continue
        if "min_size" in alt and unit.size < int(alt["min_size"]):
            continue
        if "rules" in alt:
            own = {str(r).split("(")[0] for r in (unit.unit or {}).get("rules", []) or []}
            if not own & set(alt["rules"]):
                continue
        return True
    return False


def check_points_limit(constraint: dict[str, Any], view: RosterView) -> list[Violation]:
    """Points total ≤ the limit (seed 003 §11 / KoW §14.1; grimdark §36.8; Mordheim 500 gc
    §15.7). Message fields: points, limit, over, unit."""
    limit = int(constraint.get("max", view.points_limit))
    if view.points <= limit:
        return []
    unit = view.points_name
    return [
        _violation(
            constraint,
            f"Points: {view.points}/{limit} {unit}, {view.points - limit} {unit} over the limit",
            "points",
            points=view.points,
            limit=limit,
            over=view.points - limit,
            unit=unit,
        )
    ]


def check_category_count(constraint: dict[str, Any], view: RosterView) -> list[Violation]:
    """Units of a category between min and max (force organisation chart, digest §36.8;
    Mordheim heroes §15.7). Message fields: label, count, min, max."""
    categories = _categories(constraint)
    chosen = [u for u in view.units if u.category.lower() in categories]
    label = _label(constraint)
    count = len(chosen)
    return _count_limits(
        constraint, count, f"{label}: {_plural(count, 'unit')}", chosen, label=label
    )


def check_unique_units(constraint: dict[str, Any], view: RosterView) -> list[Violation]:
    """A unit marked [1] appears at most once per army (seed 003 §11 / KoW §14.4).
    Message fields: name, count."""
    seen: dict[tuple[str, str], int] = {}
    out = []
    for unit in view.units:
        if not unit.unit or not unit.unit.get("unique"):
            continue
        key = (unit.faction, unit.slug)
        seen[key] = seen.get(key, 0) + 1
        if seen[key] == 2:
            name = unit.unit.get("name", unit.slug)
            total = sum(1 for u in view.units if (u.faction, u.slug) == key)
            out.append(
                _violation(
                    constraint,
                    f"{name} [1]: taken {total} times, at most once per army",
                    unit.path,
                    name=name,
                    count=total,
                )
            )
    return out


def check_unit_count(constraint: dict[str, Any], view: RosterView) -> list[Violation]:
    """Entries of one unit type between min and max (per-type limits of a list, e.g. Mordheim
    hero types §15.7). Message fields: name, count, min, max."""
    slug = constraint["unit"]
    faction = constraint.get("faction")
    chosen = [u for u in view.units if u.slug == slug and (not faction or u.faction == faction)]
    name = chosen[0].unit.get("name", slug) if chosen and chosen[0].unit else slug
    count = len(chosen)
    return _count_limits(constraint, count, f"{name}: {count} taken", chosen, name=name)


def check_ratio(constraint: dict[str, Any], view: RosterView) -> list[Violation]:
    """Each unlocking unit allows ``count`` limited units (KoW §14.3: per core unit one war
    engine and one hero or monster; §14.5 per race = ``scope: faction``). Message fields:
    label, limited, allowed, core, faction."""
    per, limited = constraint["per"], constraint["limited"]
    each = int(constraint.get("count", 1))
    free = int(constraint.get("free", 0))
    label = str(constraint.get("label", "Limited units"))
    if constraint.get("scope", "faction") == "roster":
        groups = {"": list(view.units)}
    else:
        groups = {}
        for unit in view.units:
            groups.setdefault(unit.faction, []).append(unit)
    out = []
    for faction in sorted(groups):
        units = groups[faction]
        core = sum(1 for u in units if matches(u, per))
        chosen = [u for u in units if matches(u, limited)]
        allowed = free + each * core
        if len(chosen) <= allowed:
            continue
        scope = f" ({view.factions.get(faction, {}).get('name', faction)})" if faction else ""
        out.append(
            _violation(
                constraint,
                f"{label}{scope}: {len(chosen)} taken, {allowed} allowed by "
                f"{_plural(core, 'core unit')}",
                chosen[allowed].path,
                label=label,
                limited=len(chosen),
                allowed=allowed,
                core=core,
                faction=faction,
            )
        )
    return out


def check_category_points_percent(constraint: dict[str, Any], view: RosterView) -> list[Violation]:
    """Points spent on categories within a percentage of the limit or total (list-building
    rule of many editions; no seed section). Message fields: label, points, percent, min, max."""
    categories = _categories(constraint)
    spent = sum(u.points for u in view.units if u.category.lower() in categories)
    base = view.points_limit if constraint.get("of", "limit") == "limit" else view.points
    percent = 0.0 if base <= 0 else 100.0 * spent / base
    label = _label(constraint)
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
            _violation(
                constraint,
                f"{label}: {spent} {unit} ({percent:.1f}%), at most {high}% allowed",
                "units",
                **fields,
            )
        ]
    if low is not None and percent < float(low):
        return [
            _violation(
                constraint,
                f"{label}: {spent} {unit} ({percent:.1f}%), at least {low}% required",
                "units",
                **fields,
            )
        ]
    return []


def check_model_count(constraint: dict[str, Any], view: RosterView) -> list[Violation]:
    """Models (fighters) in the roster between min and max (Mordheim: at least 3 warriors,
    the list's maximum warband size, §15.7). Message fields: label, count, min, max."""
    categories = _categories(constraint)
    count = sum(u.size for u in view.units if _in_categories(u, categories))
    label = str(constraint.get("label", "Models"))
    return _count_limits(constraint, count, f"{label}: {count}", label=label)


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
            _violation(
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


def check_unit_points_limit(constraint: dict[str, Any], view: RosterView) -> list[Violation]:
    """Each unit's points within a budget (GURPS: each combatant built from a point budget).
    Message fields: name, points, min, max."""
    categories = _categories(constraint)
    low, high = constraint.get("min"), constraint.get("max")
    unit_word = view.points_name
    out = []
    for unit in view.units:
        if not _in_categories(unit, categories):
            continue
        fields = {"name": unit.name, "points": unit.points, "min": low, "max": high}
        if high is not None and unit.points > int(high):
            out.append(
                _violation(
                    constraint,
                    f"{unit.name}: {unit.points} {unit_word}, at most {high} {unit_word} per unit",
                    unit.path,
                    **fields,
                )
            )
        elif low is not None and unit.points < int(low):
            out.append(
                _violation(
                    constraint,
                    f"{unit.name}: {unit.points} {unit_word}, at least {low} {unit_word} per unit",
                    unit.path,
                    **fields,
                )
            )
    return out


def group_points(unit: PricedUnit, group: str, traits: str | None) -> int:
    """Points of a unit's chosen options in ``group`` plus template traits of a sign."""
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
            if (traits == "negative" and points < 0) or (traits == "positive" and points > 0):
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
                _violation(
                    constraint,
                    f"{unit.name}: {label} {points}, the cap is {low}",
                    unit.path,
                    **fields,
                )
            )
        elif high is not None and points > int(high):
            out.append(
                _violation(
                    constraint,
                    f"{unit.name}: {label} {points}, the cap is {high}",
                    unit.path,
                    **fields,
                )
            )
    return out


def check_category_size(constraint: dict[str, Any], view: RosterView) -> list[Violation]:
    """Every unit of the categories has a size in range (Mordheim: henchmen in groups of 1–5,
    §15.7). Message fields: name, size, min, max."""
    categories = _categories(constraint)
    low, high = constraint.get("min"), constraint.get("max")
    out = []
    for unit in view.units:
        if unit.category.lower() not in categories:
            continue
        if (high is not None and unit.size > int(high)) or (
            low is not None and unit.size < int(low)
        ):
            out.append(
                _violation(
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
    one-model units, digest §36.3). Message fields: name, size, min, max, label."""
    low, high = constraint.get("min"), constraint.get("max")
    label = str(constraint.get("label", "Unit"))
    out = []
    for unit in view.units:
        if not matches(unit, constraint["select"]):
            continue
        if (high is not None and unit.size > int(high)) or (
            low is not None and unit.size < int(low)
        ):
            allowed = _range_words(low, high)
            out.append(
                _violation(
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
    categories = _categories(constraint)
    out = []
    for unit in view.units:
        if unit.unit is None or unit.category.lower() not in categories:
            continue
        by_slug = {o["slug"]: o for o in unit.unit.get("options", [])}
        for index, slug in enumerate(unit.options):
            option = by_slug.get(slug)
            if option is not None and not option.get("per_model") and unit.size > 1:
                out.append(
                    _violation(
                        constraint,
                        f"{unit.name}: {option['name']} for one fighter only; a group of "
                        f"{unit.size} carries identical equipment",
                        f"{unit.path}.options[{index}]",
                        name=unit.name,
                        option=option["name"],
                    )
                )
    return out


KINDS: dict[str, Check] = {
    "points_limit": check_points_limit,
    "category_count": check_category_count,
    "unique_units": check_unique_units,
    "unit_count": check_unit_count,
    "ratio": check_ratio,
    "category_points_percent": check_category_points_percent,
    "model_count": check_model_count,
    "alignment": check_alignment,
    "unit_points_limit": check_unit_points_limit,
    "option_group_points": check_option_group_points,
    "category_size": check_category_size,
    "unit_size": check_unit_size,
    "per_model_options": check_per_model_options,
}

_INT = {"type": "integer"}
_NUMBER = {"type": "number"}
_STRINGS = {"type": "array", "items": {"type": "string"}}
_SELECTOR_ALT = {
    "type": "object",
    "properties": {
        "unit_types": _STRINGS,
        "categories": _STRINGS,
        "units": _STRINGS,
        "rules": _STRINGS,
        "min_size": _INT,
    },
    "additionalProperties": False,
}
_SELECTOR = {"oneOf": [_SELECTOR_ALT, {"type": "array", "items": _SELECTOR_ALT, "minItems": 1}]}
_CATEGORY = {"category": {"type": "string"}, "categories": _STRINGS}

#: JSON Schema properties of each kind (besides code, kind, severity, message).
KIND_FIELDS: dict[str, dict[str, Any]] = {
    "points_limit": {"properties": {"max": _INT}},
    "category_count": {
        "properties": {**_CATEGORY, "min": _INT, "max": _INT, "label": {"type": "string"}},
        "anyOf": [{"required": ["category"]}, {"required": ["categories"]}],
    },
    "unique_units": {"properties": {}},
    "unit_count": {
        "properties": {
            "unit": {"type": "string"},
            "faction": {"type": "string"},
            "min": _INT,
            "max": _INT,
        },
        "required": ["unit"],
    },
    "ratio": {
        "properties": {
            "per": _SELECTOR,
            "limited": _SELECTOR,
            "count": _INT,
            "free": _INT,
            "scope": {"enum": ["faction", "roster"]},
            "label": {"type": "string"},
        },
        "required": ["per", "limited"],
    },
    "category_points_percent": {
        "properties": {
            **_CATEGORY,
            "min_percent": _NUMBER,
            "max_percent": _NUMBER,
            "of": {"enum": ["limit", "total"]},
            "label": {"type": "string"},
        },
        "anyOf": [{"required": ["category"]}, {"required": ["categories"]}],
    },
    "model_count": {
        "properties": {
            "min": _INT,
            "max": _INT,
            "categories": _STRINGS,
            "label": {"type": "string"},
        },
    },
    "alignment": {
        "properties": {
            "compatible": {"type": "object", "additionalProperties": _STRINGS},
        },
        "required": ["compatible"],
    },
    "unit_points_limit": {
        "properties": {"min": _INT, "max": _INT, **_CATEGORY},
    },
    "option_group_points": {
        "properties": {
            "group": {"type": "string"},
            "min": _INT,
            "max": _INT,
            "traits": {"enum": ["negative", "positive"]},
            "label": {"type": "string"},
        },
        "required": ["group"],
    },
    "category_size": {
        "properties": {**_CATEGORY, "min": _INT, "max": _INT},
        "anyOf": [{"required": ["category"]}, {"required": ["categories"]}],
    },
    "unit_size": {
        "properties": {"select": _SELECTOR, "min": _INT, "max": _INT, "label": {"type": "string"}},
        "required": ["select"],
    },
    "per_model_options": {
        "properties": {**_CATEGORY},
        "anyOf": [{"required": ["category"]}, {"required": ["categories"]}],
    },
}


def constraint_schema() -> dict[str, Any]:
    """JSON Schema of one constraint: common fields plus the fields of its kind."""
    common = {
        "code": {"type": "string", "pattern": r"^[a-z0-9_.\-]+$"},
        "kind": {"enum": sorted(KINDS)},
        "severity": {"enum": list(SEVERITIES)},
        "message": {"type": "string"},
        "note": {"type": "string"},
    }
    branches = []
    for kind, spec in sorted(KIND_FIELDS.items()):
        branch: dict[str, Any] = {
            "if": {"properties": {"kind": {"const": kind}}},
            "then": {
                "properties": {**common, **spec["properties"]},
                "additionalProperties": False,
            },
        }
        extra = {k: v for k, v in spec.items() if k != "properties"}
        branch["then"].update(extra)
        branches.append(branch)
    return {
        "type": "object",
        "properties": common,
        "required": ["code", "kind", "severity"],
        "allOf": branches,
    }


def apply_overrides(
    constraint: dict[str, Any], overrides: dict[str, dict[str, Any]] | None
) -> dict[str, Any] | None:
    """The constraint with a house rule applied (``{"severity": …}``, numbers, or
    ``{"enabled": false}``); None when the house rule switches it off."""
    if not overrides or constraint["code"] not in overrides:
        return constraint
    change = overrides[constraint["code"]]
    if change.get("enabled", True) is False:
        return None
    return {**constraint, **{k: v for k, v in change.items() if k != "enabled"}}


def run_constraint(constraint: dict[str, Any], view: RosterView) -> list[Violation]:
    """Apply one constraint to a priced roster."""
    return KINDS[constraint["kind"]](constraint, view)
