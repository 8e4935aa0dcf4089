"""What every constraint check reads (a roster priced against its catalogues: ``RosterView``
of ``PricedUnit``) and returns (``Violation``), and the helpers the kinds share: category
lists, labels, message templates, min/max counts and unit selectors."""

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
    skills: tuple[str, ...] = ()  # the entry's hero skills (``validation.check_skills``)

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


def categories_of(constraint: dict[str, Any]) -> tuple[str, ...]:
    """The constraint's ``category`` or ``categories``, lower-cased (empty: every unit)."""
    if "categories" in constraint:
        return tuple(str(c).lower() for c in constraint["categories"])
    if "category" in constraint:
        return (str(constraint["category"]).lower(),)
    return ()


def label_of(constraint: dict[str, Any]) -> str:
    """What a message calls the counted units: ``label``, else the categories, else "Units"."""
    if constraint.get("label"):
        return str(constraint["label"])
    if "category" in constraint:
        return str(constraint["category"])
    return " or ".join(str(c) for c in constraint.get("categories", [])) or "Units"


def violation(constraint: dict[str, Any], default: str, path: str, **fields: Any) -> Violation:
    """A Violation of ``constraint`` at ``path``: its ``message`` template filled with
    ``fields``, or ``default`` when it has none or the template does not fit."""
    template = constraint.get("message")
    message = default
    if template:
        try:
            message = str(template).format(**fields)
        except (KeyError, IndexError, ValueError):
            message = default
    return Violation(constraint.get("severity", ERROR), constraint["code"], message, path)


def count_limits(
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
        return [violation(constraint, f"{counted}, at most {high} allowed", path, **fields)]
    if low is not None and count < int(low):
        return [violation(constraint, f"{counted}, at least {low} required", "units", **fields)]
    return []


def in_categories(unit: PricedUnit, categories: tuple[str, ...]) -> bool:
    """Whether the unit is of one of ``categories`` (no categories: every unit is)."""
    return not categories or unit.category.lower() in categories


def plural(count: int, word: str) -> str:
    """``1 unit``, ``3 units``."""
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def range_words(low: Any, high: Any) -> str:
    """A min/max pair in words: ``at most 3``, ``at least 1``, ``2``, ``1–5``."""
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


def unit_matches(unit: dict[str, Any], size: int, selector: Any) -> bool:
    """Whether a catalogue unit of ``size`` models matches a selector (:func:`matches`)."""
    candidate = PricedUnit(
        index=0,
        id="",
        name=str(unit.get("name", "")),
        slug=str(unit.get("slug", "")),
        faction="",
        unit=unit,
        category=str(unit.get("category", "")),
        unit_type=str(unit.get("unit_type", "")),
        size=size,
        options=(),
        points=0,
    )
    return matches(candidate, selector)
