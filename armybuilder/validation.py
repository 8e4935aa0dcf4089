"""The one roster validator: every violation with severity, code, message and path.

Pure Python over plain data (the system catalogue, the faction catalogues, the roster payload)
so the API, the pages, the verification command and the benchmark share one reading. Points
are always computed from the catalogue (``rosterdata.entry_points``), never taken from input.

Per-unit checks (codes fixed here, severities overridable like any constraint):
``unit.unknown``, ``unit.faction_not_in_roster``, ``unit.size_range``,
``unit.size_not_listed``, ``option.unknown``, ``option.group``, ``option.max``,
``option.max_per``, ``option.requires``, ``option.excludes``, ``option.not_allowed`` (a
magic item on a unit its ``allowed`` selector does not match), ``skill.unknown``,
``skill.not_allowed`` (a skill outside the lists the unit's ``extra.skill_lists`` names),
``skill.duplicate``; roster checks
``roster.faction_unknown``, ``roster.ally_unknown``, ``roster.allies_not_allowed``,
``roster.ally_duplicate``. Catalogue constraints (``constraints.py``) follow, system ones
first, then each faction's (a faction constraint with a system constraint's code replaces it).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from armybuilder.constraints import (
    ERROR,
    PricedUnit,
    RosterView,
    Violation,
    apply_overrides,
    run_constraint,
    unit_matches,
)
from armybuilder.constraints.counts import RatioStanding, ratio_standings
from armybuilder.entry_units import entry_unit, skill_tables
from armybuilder.magic_items import offered_units
from armybuilder.rosterdata import default_size, entry_points, options_by_slug
from rules.engine.systems.capabilities import SkillTables


@dataclass(frozen=True, slots=True)
class ValidationResult:
    """The validator's answer: points from the catalogue and every violation, in order."""

    points: int
    points_limit: int
    points_name: str
    unit_points: dict[str, int]
    violations: tuple[Violation, ...] = field(default_factory=tuple)

    @property
    def errors(self) -> tuple[Violation, ...]:
        return tuple(v for v in self.violations if v.severity == ERROR)

    @property
    def warnings(self) -> tuple[Violation, ...]:
        return tuple(v for v in self.violations if v.severity != ERROR)

    @property
    def is_valid(self) -> bool:
        """Legal when no violation is an error (warnings do not make a list illegal)."""
        return not self.errors

    def codes(self) -> list[str]:
        return [v.code for v in self.violations]

    def as_dict(self) -> dict[str, Any]:
        return {
            "valid": self.is_valid,
            "points": self.points,
            "points_limit": self.points_limit,
            "points_name": self.points_name,
            "unit_points": dict(self.unit_points),
            "errors": len(self.errors),
            "warnings": len(self.warnings),
            "violations": [v.as_dict() for v in self.violations],
        }


def _built_in(
    code: str, message: str, path: str, overrides: dict[str, dict[str, Any]] | None
) -> Violation | None:
    rule = apply_overrides({"code": code, "severity": ERROR}, overrides)
    if rule is None:
        return None
    return Violation(rule["severity"], code, message, path)


def _unit_name(unit: dict[str, Any]) -> str:
    return str(unit.get("name", unit.get("slug", "")))


def check_size(unit: dict[str, Any], size: int, path: str) -> list[tuple[str, str, str]]:
    """Size within min–max, or one of the listed sizes (catalogue ``size`` / ``sizes``)."""
    if "sizes" in unit:
        listed = [int(s["size"]) for s in unit["sizes"]]
        if size not in listed:
            sizes = ", ".join(str(s) for s in listed)
            name = _unit_name(unit)
            return [("unit.size_not_listed", f"{name}: {size} models, sizes {sizes} only", path)]
        return []
    bounds = unit.get("size") or {}
    low, high = int(bounds.get("min", 1)), int(bounds.get("max", bounds.get("min", 1)))
    if not low <= size <= high:
        allowed = str(low) if low == high else f"{low}–{high}"
        name = _unit_name(unit)
        return [("unit.size_range", f"{name}: {size} models, {allowed} allowed", path)]
    return []


def option_limit(option: dict[str, Any], size: int) -> tuple[int, str]:
    """How many times an option may be taken in a unit of ``size`` and the rule's wording:
    ``max_per`` gives N per M models (rounded down), else ``max`` (default once)."""
    allowed = option_allowed(option, size)
    per = option.get("max_per")
    if per:
        return allowed, (
            f"at most {per['count']} per {per['models']} models ({allowed} for {size})"
        )
    return allowed, f"at most {allowed} per unit"


def option_allowed(option: dict[str, Any], size: int) -> int:
    """The count of :func:`option_limit` alone (no wording built)."""
    per = option.get("max_per")
    if per:
        return int(per["count"]) * (size // int(per["models"]))
    return int(option.get("max", 1))


@dataclass(frozen=True, slots=True)
class OptionTable:
    """A unit's options by slug and its one-of groups in report order (by group name):
    each group's option slugs, how many it allows (the largest ``group_max``) and its
    names as reported. Built once per unit kind in one validation (a list repeats kinds)."""

    by_slug: dict[str, dict[str, Any]]
    groups: tuple[tuple[tuple[str, ...], int, str], ...]
    group_of: dict[str, int]  # option slug → its group's index in ``groups``


def option_table(unit: dict[str, Any]) -> OptionTable:
    options = unit.get("options", [])
    groups: dict[str, list[dict[str, Any]]] = {}
    for option in options:
        if option.get("group"):
            groups.setdefault(option["group"], []).append(option)
    ordered = tuple(
        (
            tuple(o["slug"] for o in members),
            max(int(o.get("group_max", 1)) for o in members),
            " / ".join(o["name"] for o in members),
        )
        for _group, members in sorted(groups.items())
    )
    return OptionTable(
        by_slug={o["slug"]: o for o in options},
        groups=ordered,
        group_of={slug: index for index, group in enumerate(ordered) for slug in group[0]},
    )


def check_options(
    unit: dict[str, Any],
    size: int,
    chosen: list[str],
    path: str,
    table: OptionTable | None = None,
) -> list[tuple[str, str, str]]:
    """Option legality: unknown option, one-of groups, max / N per M models, requires,
    excludes and the units a magic item is ``allowed`` for (catalogue option fields,
    docs/catalogue-format.md). ``table`` is ``option_table(unit)`` when already built."""
    if not chosen:
        return []
    name = _unit_name(unit)
    table = table or option_table(unit)
    by_slug = table.by_slug
    taken: dict[str, int] = {}  # in first-taken order
    for slug in chosen:
        taken[slug] = taken.get(slug, 0) + 1
    found: list[tuple[str, str, str]] = []
    reported: set[tuple[str, ...]] = set()
    for index, slug in enumerate(chosen):
        if slug not in by_slug:
            found.append(
                ("option.unknown", f"{name}: no option '{slug}'", f"{path}.options[{index}]")
            )
    group_counts: dict[int, int] = {}
    for slug, count in taken.items():
        group = table.group_of.get(slug)
        if group is not None:
            group_counts[group] = group_counts.get(group, 0) + count
        option = by_slug.get(slug)
        if option is None:
            continue
        opt_path = f"{path}.options[{chosen.index(slug)}]"
        if option.get("allowed") and not unit_matches(unit, size, option["allowed"]):
            found.append(
                ("option.not_allowed", f"{name}: may not take the {option['name']}", opt_path)
            )
        if count > option_allowed(option, size):
            allowed, wording = option_limit(option, size)
            code = "option.max_per" if option.get("max_per") else "option.max"
            found.append((code, f"{name}: {option['name']} ×{count}, {wording}", opt_path))
        for required in option.get("requires", []) or []:
            if required not in taken:
                other = by_slug.get(required, {}).get("name", required)
                found.append(
                    ("option.requires", f"{name}: {option['name']} requires {other}", opt_path)
                )
        for excluded in option.get("excludes", []) or []:
            pair = tuple(sorted((slug, excluded)))
            if excluded in taken and pair not in reported:
                reported.add(pair)
                other = by_slug.get(excluded, {}).get("name", excluded)
                found.append(
                    (
                        "option.excludes",
                        f"{name}: {option['name']} cannot be taken with {other}",
                        opt_path,
                    )
                )
    for group in sorted(group_counts):
        slugs, allowed, names = table.groups[group]
        count = group_counts[group]
        if count > allowed:
            first = next(i for i, s in enumerate(chosen) if s in slugs)
            found.append(
                (
                    "option.group",
                    f"{name}: {count} taken from {names}, at most {allowed}",
                    f"{path}.options[{first}]",
                )
            )
    return found


def check_skills(
    unit: dict[str, Any], skills: tuple[str, ...], tables: SkillTables | None, path: str
) -> list[tuple[str, str, str]]:
    """A hero has only skills his type may take: each of the entry's ``skills`` and the
    unit's starting ``extra.skills`` must be a skill of the system (``skill.unknown``), from a
    list the unit's ``extra.skill_lists`` names (``skill.not_allowed``; no lists: none at all,
    henchmen learn no skills) and learnt once (``skill.duplicate``); in a system without
    skill lists every entry skill is unknown (NOT IN SEED: published Mordheim rulebook p.122,
    "Skills")."""
    extra = unit.get("extra") or {}
    # a system without skill lists may keep its own ``extra.skills`` (GURPS skills)
    every = [*((extra.get("skills") or []) if tables else []), *skills]
    if not every:
        return []
    name = _unit_name(unit)
    allowed = set(tables.allowed(extra.get("skill_lists") or [])) if tables else set()
    found: list[tuple[str, str, str]] = []
    seen: set[str] = set()
    for index, skill in enumerate(every):
        where = f"{path}.skills[{index}]"
        slug = tables.slug(str(skill)) if tables else str(skill)
        if tables is None or slug not in tables.names:
            found.append(("skill.unknown", f"{name}: no skill '{skill}'", where))
        elif slug in seen:
            found.append(("skill.duplicate", f"{name}: {tables.names[slug]} twice", where))
        elif slug not in allowed:
            lists = ", ".join(extra.get("skill_lists") or []) or "none"
            found.append(
                (
                    "skill.not_allowed",
                    f"{name} may not learn {tables.names[slug]} (skill lists: {lists})",
                    where,
                )
            )
        seen.add(slug)
    return found


def price_roster(
    payload: dict[str, Any], system: dict[str, Any], factions: dict[str, dict[str, Any]]
) -> RosterView:
    """The roster payload priced against its catalogues (unknown units price at 0)."""
    primary = str(payload.get("faction", ""))
    indexes = {slug: offered_units(catalogue) for slug, catalogue in factions.items()}
    tables = skill_tables(str(system.get("system", "")))
    # Each unit definition's options by slug, once per call: keyed by the dict's identity,
    # which stays unique while ``units`` holds every definition (a list repeats kinds).
    option_index: dict[int, dict[str, dict[str, Any]]] = {}
    units = []
    for index, entry in enumerate(payload.get("units", []) or []):
        faction_slug = str(entry.get("faction") or primary)
        slug = str(entry.get("unit", ""))
        unit = entry_unit(
            indexes.get(faction_slug, {}).get(slug),
            entry,
            factions.get(faction_slug),
            tables,
        )
        size = int(entry.get("size") or (default_size(unit) if unit else 1))
        options = tuple(map(str, entry.get("options") or ()))
        points = 0
        known = unit or {}
        if unit is not None:
            by_slug = option_index.get(id(unit)) if options else None
            if options and by_slug is None:
                by_slug = option_index[id(unit)] = options_by_slug(unit)
            points = entry_points(unit, size, options, by_slug)
        units.append(
            PricedUnit(
                index=index,
                id=str(entry.get("id") or f"u{index + 1}"),
                name=str(entry.get("name") or known.get("name") or entry.get("unit")),
                slug=slug,
                faction=faction_slug,
                unit=unit,
                category=str(known.get("category", "")),
                unit_type=str(known.get("unit_type", "")),
                size=size,
                options=options,
                points=points,
                skills=tuple(map(str, entry.get("skills") or ())),
            )
        )
    limit = payload.get("points_limit") or system.get("default_points_limit") or 0
    return RosterView(
        system=system,
        factions=factions,
        faction=primary,
        allies=tuple(str(a) for a in payload.get("allies", []) or []),
        points_limit=int(limit),
        points=sum(u.points for u in units),
        units=tuple(units),
    )


def roster_constraints(
    system: dict[str, Any], factions: dict[str, dict[str, Any]], faction_order: list[str]
) -> list[dict[str, Any]]:
    """System constraints, then each roster faction's; a later one with the same code wins."""
    merged: dict[str, dict[str, Any]] = {}
    for constraint in system.get("constraints", []) or []:
        merged[constraint["code"]] = constraint
    for slug in faction_order:
        for constraint in (factions.get(slug) or {}).get("constraints", []) or []:
            merged[constraint["code"]] = constraint
    return list(merged.values())


def unlock_standings(
    payload: dict[str, Any],
    *,
    system: dict[str, Any],
    factions: dict[str, dict[str, Any]],
    overrides: dict[str, dict[str, Any]] | None = None,
) -> list[RatioStanding]:
    """Where each ``ratio`` constraint (units unlocked by other units, e.g. KoW heroes per
    core unit) stands for ``payload``, read from the same constraints (and house rules) as
    :func:`validate_roster`, so a running counter can be shown before the limit is broken."""
    view = price_roster(payload, system, factions)
    order = [view.faction, *[a for a in view.allies if a != view.faction]]
    standings: list[RatioStanding] = []
    for constraint in roster_constraints(system, factions, order):
        rule = apply_overrides(constraint, overrides)
        if rule is not None and rule.get("kind") == "ratio":
            standings.extend(ratio_standings(rule, view))
    return standings


def validate_roster(
    payload: dict[str, Any],
    *,
    system: dict[str, Any],
    factions: dict[str, dict[str, Any]],
    overrides: dict[str, dict[str, Any]] | None = None,
) -> ValidationResult:
    """Every violation of ``payload`` against its system and faction catalogues.

    ``factions`` maps slug → parsed catalogue for the primary faction and its allies;
    ``overrides`` are house rules by code (see ``constraints.apply_overrides``).
    """
    view = price_roster(payload, system, factions)
    raw: list[tuple[str, str, str]] = []
    if view.faction not in factions:
        raw.append(
            (
                "roster.faction_unknown",
                f"No faction '{view.faction}' in {system.get('name', system.get('system'))}",
                "faction",
            )
        )
    allowed_allies = bool(system.get("allies", False))
    seen_allies: set[str] = set()
    for index, ally in enumerate(view.allies):
        if not allowed_allies:
            raw.append(
                (
                    "roster.allies_not_allowed",
                    f"{system.get('name', 'This system')} does not allow allied factions",
                    f"allies[{index}]",
                )
            )
        elif ally not in factions:
            raw.append(("roster.ally_unknown", f"No faction '{ally}'", f"allies[{index}]"))
        elif ally in seen_allies or ally == view.faction:
            raw.append(
                ("roster.ally_duplicate", f"{ally} is already in the army", f"allies[{index}]")
            )
        seen_allies.add(ally)
    members = {view.faction, *view.allies}
    skills = skill_tables(str(system.get("system", "")))
    # One table per unit definition (by identity: ``view.units`` holds each one alive).
    option_tables: dict[int, OptionTable] = {}
    for unit in view.units:
        if unit.faction not in members:
            raw.append(
                (
                    "unit.faction_not_in_roster",
                    f"{unit.name}: faction '{unit.faction}' is not in this army",
                    unit.path,
                )
            )
            continue
        if unit.unit is None:
            raw.append(
                (
                    "unit.unknown",
                    f"No unit '{unit.slug}' in "
                    f"{factions.get(unit.faction, {}).get('name', unit.faction)}",
                    unit.path,
                )
            )
            continue
        raw.extend(check_size(unit.unit, unit.size, unit.path))
        table = option_tables.get(id(unit.unit))
        if table is None:
            table = option_tables[id(unit.unit)] = option_table(unit.unit)
        raw.extend(check_options(unit.unit, unit.size, list(unit.options), unit.path, table))
        raw.extend(check_skills(unit.unit, unit.skills, skills, unit.path))
    violations = [
        v for v in (_built_in(code, msg, path, overrides) for code, msg, path in raw) if v
    ]
    order = [view.faction, *[a for a in view.allies if a != view.faction]]
    for constraint in roster_constraints(system, factions, order):
        rule = apply_overrides(constraint, overrides)
        if rule is not None:
            violations.extend(run_constraint(rule, view))
    return ValidationResult(
        points=view.points,
        points_limit=view.points_limit,
        points_name=view.points_name,
        unit_points={u.id: u.points for u in view.units},
        violations=tuple(violations),
    )
