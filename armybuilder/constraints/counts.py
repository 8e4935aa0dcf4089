"""Constraint kinds that count units: ``category_count`` (force organisation), ``unique_units``,
``unit_count``, ``ratio`` (units unlocked per unlocking unit) and ``model_count``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from armybuilder.constraints.view import (
    RosterView,
    Violation,
    categories_of,
    count_limits,
    in_categories,
    label_of,
    matches,
    plural,
    violation,
)


def check_category_count(constraint: dict[str, Any], view: RosterView) -> list[Violation]:
    """Units of a category between min and max (force organisation chart, 4e pp.77-80;
    Mordheim heroes §15.7). Message fields: label, count, min, max."""
    categories = categories_of(constraint)
    chosen = [u for u in view.units if u.category.lower() in categories]
    label = label_of(constraint)
    count = len(chosen)
    return count_limits(constraint, count, f"{label}: {plural(count, 'unit')}", chosen, label=label)


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
                violation(
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
    return count_limits(constraint, count, f"{name}: {count} taken", chosen, name=name)


@dataclass(frozen=True, slots=True)
class RatioStanding:
    """Where one ``ratio`` constraint stands for one faction (or the whole roster): how many
    limited units are taken, how many the unlocking units allow, and how many of those."""

    code: str
    label: str
    faction: str
    faction_name: str
    taken: int
    allowed: int
    core: int
    paths: tuple[str, ...]
    several: bool
    """Whether the roster has more factions, each counted on its own (allies)."""

    @property
    def text(self) -> str:
        """``Heroes and monsters: 2 of 3 unlocked by 3 core units`` (the faction named when
        allies are counted apart)."""
        scope = f" ({self.faction_name})" if self.faction and self.several else ""
        return (
            f"{self.label}{scope}: {self.taken} of {self.allowed} unlocked by "
            f"{plural(self.core, 'core unit')}"
        )


def ratio_standings(constraint: dict[str, Any], view: RosterView) -> list[RatioStanding]:
    """Each unlocking unit allows ``count`` limited units, plus ``free`` (KoW §14.3: per core
    unit one war engine and one hero or monster; §14.5 per race = ``scope: faction``)."""
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
    standings = []
    for faction in sorted(groups):
        units = groups[faction]
        core = sum(1 for u in units if matches(u, per))
        chosen = [u for u in units if matches(u, limited)]
        standings.append(
            RatioStanding(
                code=str(constraint.get("code", "")),
                label=label,
                faction=faction,
                faction_name=str(view.factions.get(faction, {}).get("name", faction)),
                taken=len(chosen),
                allowed=free + each * core,
                core=core,
                paths=tuple(u.path for u in chosen),
                several=len(groups) > 1,
            )
        )
    return standings


def check_ratio(constraint: dict[str, Any], view: RosterView) -> list[Violation]:
    """More limited units than the unlocking units allow (:func:`ratio_standings`). Message
    fields: label, limited, allowed, core, faction."""
    out = []
    for standing in ratio_standings(constraint, view):
        if standing.taken <= standing.allowed:
            continue
        scope = f" ({standing.faction_name})" if standing.faction else ""
        out.append(
            violation(
                constraint,
                f"{standing.label}{scope}: {standing.taken} taken, {standing.allowed} allowed "
                f"by {plural(standing.core, 'core unit')}",
                standing.paths[standing.allowed],
                label=standing.label,
                limited=standing.taken,
                allowed=standing.allowed,
                core=standing.core,
                faction=standing.faction,
            )
        )
    return out


def check_model_count(constraint: dict[str, Any], view: RosterView) -> list[Violation]:
    """Models (fighters) in the roster between min and max (Mordheim: at least 3 warriors,
    the list's maximum warband size, §15.7). Message fields: label, count, min, max."""
    categories = categories_of(constraint)
    count = sum(u.size for u in view.units if in_categories(u, categories))
    label = str(constraint.get("label", "Models"))
    return count_limits(constraint, count, f"{label}: {count}", label=label)
