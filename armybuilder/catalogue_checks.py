"""Check an uploaded faction catalogue: every error and warning, each naming its path and
line and saying how to fix it (docs/catalogue-format.md "Uploading a catalogue").

In order: the JSON schema; the consistency the file loader checks (unique slugs, option
references, the system's own unit checks); constraints naming units or categories the
faction lacks; options that can never be taken; each unit (alone, then with each option)
built by the system's engine, whose ``EngineError`` (an unknown weapon type, a missing
characteristic) is reported; and, as warnings, special rules the engine does not play.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from jsonschema import Draft202012Validator

from armybuilder import rosterdata
from armybuilder.catalogue_files import FACTION_VALIDATOR, faction_findings, item_findings
from armybuilder.catalogue_issues import WARNING, CatalogueIssue, issue
from armybuilder.catalogue_upload import ParsedDocument, join
from armybuilder.constraints import unit_matches
from rules.engine.errors import EngineError
from rules.engine.systems import get_system

SCHEMA_HINTS: dict[str, str] = {
    "required": "Add the missing field.",
    "enum": "Use one of the listed values.",
    "type": "Change the value to the type named.",
    "pattern": "Slugs use lower-case letters, digits, '-' and '_'.",
    "oneOf": "A unit needs either size {min, max} with cost, or a list of sizes (not both).",
    "minItems": "Add at least one entry.",
    "minimum": "Use a larger number.",
    "minLength": "Write at least one character.",
    "additionalProperties": "Remove the key this entry does not take.",
}


def catalogue_issues(document: ParsedDocument) -> list[CatalogueIssue]:
    """Every error and warning of a parsed faction document (errors first)."""
    schema = schema_issues(document)
    if schema:
        return schema
    data = document.data
    found = [
        issue("catalogue.inconsistent", path, message, line=document.line_of(path))
        for path, message in [
            *((f"units[{index}]", message) for index, message in faction_findings(data)),
            *((f"magic_items[{index}]", message) for index, message in item_findings(data)),
        ]
    ]
    found += constraint_issues(document)
    found += option_issues(document)
    if not found:
        found += engine_issues(document)
    found += rule_warnings(document)
    return sorted(found, key=lambda i: i.severity == WARNING)


def schema_issues(
    document: ParsedDocument, validator: Draft202012Validator = FACTION_VALIDATOR
) -> list[CatalogueIssue]:
    """The JSON schema's errors (at most 20), each at its path (``validator``: the faction
    schema unless another document kind is checked)."""
    errors = sorted(validator.iter_errors(document.data), key=lambda e: list(map(str, e.path)))
    found = []
    for error in errors[:20]:
        path = ""
        for part in error.absolute_path:
            path = join(path, part)
        found.append(
            issue(
                f"schema.{error.validator}",
                path,
                error.message[:300],
                SCHEMA_HINTS.get(str(error.validator), "See docs/catalogue-format.md."),
                line=document.line_of(path),
            )
        )
    return found


def _references(value: Any, key: str = "") -> Iterator[tuple[str, str]]:
    """Every (field, name) a constraint refers to: ``unit``/``units`` and
    ``category``/``categories`` values at any depth."""
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _references(v, k)
    elif isinstance(value, list):
        for item in value:
            yield from _references(item, key)
    elif isinstance(value, str) and key in ("unit", "units", "category", "categories"):
        yield key, value


def constraint_issues(document: ParsedDocument) -> list[CatalogueIssue]:
    """A faction constraint naming a unit the faction lacks is an error; one requiring at
    least one unit of a category no unit has can never be satisfied."""
    data = document.data
    units = {u["slug"] for u in data["units"]}
    categories = {str(u["category"]).lower() for u in data["units"]}
    found = []
    for index, constraint in enumerate(data.get("constraints") or []):
        path = f"constraints[{index}]"
        line = document.line_of(path)
        for key, name in _references(constraint):
            if key in ("unit", "units") and name not in units:
                found.append(
                    issue(
                        "constraint.unit_unknown",
                        path,
                        f"Constraint {constraint['code']} names unit '{name}', which this "
                        "faction does not have.",
                        f"Use one of: {', '.join(sorted(units))}.",
                        line=line,
                    )
                )
        wanted = [c for k, c in _references(constraint) if k in ("category", "categories")]
        if (
            constraint["kind"] == "category_count"
            and int(constraint.get("min") or 0) > 0
            and wanted
            and not any(c.lower() in categories for c in wanted)
        ):
            found.append(
                issue(
                    "constraint.unsatisfiable",
                    path,
                    f"Constraint {constraint['code']} needs at least {constraint['min']} "
                    f"{' or '.join(wanted)} but no unit has that category, so no roster can "
                    "ever be valid.",
                    "Add such a unit, lower min to 0, or fix the category's spelling.",
                    line=line,
                )
            )
    return found


def option_issues(document: ParsedDocument) -> list[CatalogueIssue]:
    """Options that can never be taken: one that requires an option it excludes (or that
    excludes it), or requires another of its own one-of group (at most one per group)."""
    found = []
    for u, unit in enumerate(document.data["units"]):
        options = {o["slug"]: o for o in unit.get("options") or []}
        for o, option in enumerate(unit.get("options") or []):
            path = f"units[{u}].options[{o}]"
            requires = set(option.get("requires") or [])
            excludes = set(option.get("excludes") or [])
            clash = sorted(
                r
                for r in requires
                if r in excludes or option["slug"] in (options.get(r, {}).get("excludes") or [])
            )
            group = option.get("group")
            same_group = sorted(
                r
                for r in requires
                if group
                and options.get(r, {}).get("group") == group
                and int(option.get("group_max") or 1) < 2
            )
            for reason, names in (("excluded", clash), ("in its own one-of group", same_group)):
                if names:
                    found.append(
                        issue(
                            "option.unsatisfiable",
                            path,
                            f"Option {option['slug']} requires {', '.join(names)}, which is "
                            f"{reason}, so it can never be taken.",
                            "Remove the requirement or the conflicting rule.",
                            line=document.line_of(path),
                        )
                    )
    return found


def _roster(data: dict[str, Any], entries: list[tuple[dict[str, Any], list[str]]]) -> Any:
    """RosterData of ``entries`` (unit, option slugs), each at its default size."""
    roster = {
        "system": data["system"],
        "name": "catalogue check",
        "faction": data["faction"],
        "points_limit": None,
        "units": [
            {
                "id": f"u{index}",
                "unit": unit["slug"],
                "size": rosterdata.default_size(unit),
                "options": options,
                "name": "",
            }
            for index, (unit, options) in enumerate(entries, start=1)
        ],
    }
    return rosterdata.roster_to_engine(roster, {data["faction"]: data})


def _build_error(system: Any, roster: Any) -> tuple[str, str] | None:
    """(code, message) of the engine's refusal to build ``roster``, None when it builds.

    Data the engine does not even expect (a number where it reads a list) surfaces as
    ``KeyError``/``TypeError``/``ValueError`` rather than EngineError: reported the same
    way, since the alternative is a 500 at battle time."""
    try:
        system.build_army(roster)
    except EngineError as error:
        return f"engine.{error.code}", error.message
    except (KeyError, TypeError, ValueError) as error:
        return "engine.unreadable", f"the engine cannot read it ({error!r})"
    return None


def engine_issues(document: ParsedDocument) -> list[CatalogueIssue]:
    """Each unit built by the engine on a one-unit roster, first bare, then with each
    option (and the options it requires); the first EngineError of each unit is reported.

    A refusal about the whole roster (code ``roster.*``, e.g. a Mordheim warband needs a
    leader) says nothing about the unit: the unit is then built beside the first unit that
    builds alone, and roster-level refusals that remain are left to the roster validator."""
    data = document.data
    system = get_system(data["system"])
    anchor = next(
        (u for u in data["units"] if _build_error(system, _roster(data, [(u, [])])) is None),
        None,
    )
    found = []
    for u, unit in enumerate(data["units"]):
        attempts = [("", [])] + [
            (f".options[{o}]", [*(option.get("requires") or []), option["slug"]])
            for o, option in enumerate(unit.get("options") or [])
        ]
        for suffix, options in attempts:
            error = _build_error(system, _roster(data, [(unit, options)]))
            if error and error[0].startswith("engine.roster.") and anchor is not None:
                error = _build_error(system, _roster(data, [(anchor, []), (unit, options)]))
            if error is None or error[0].startswith("engine.roster."):
                continue
            path = f"units[{u}]{suffix}"
            found.append(
                issue(
                    error[0],
                    path,
                    f"The {system.name} engine cannot play unit {unit['slug']}"
                    + (f" with option {options[-1]}" if options else "")
                    + f": {error[1]}",
                    f"See rules/engine/systems/{system.slug}/README.md for the keys it reads.",
                    line=document.line_of(path),
                )
            )
            break
    return found + item_engine_issues(document, system)


def item_engine_issues(document: ParsedDocument, system: Any) -> list[CatalogueIssue]:
    """Each magic item built by the engine on every unit it allows (at the unit's first
    size); the first refusal of each item is reported at ``magic_items[i]``."""
    data = document.data
    found = []
    for i, item in enumerate(data.get("magic_items") or []):
        for unit in data["units"]:
            size = rosterdata.default_size(unit)
            if item.get("allowed") and not unit_matches(unit, size, item["allowed"]):
                continue
            error = _build_error(system, _roster(data, [(unit, [item["slug"]])]))
            if error is None or error[0].startswith("engine.roster."):
                continue
            path = f"magic_items[{i}]"
            found.append(
                issue(
                    error[0],
                    path,
                    f"The {system.name} engine cannot play {unit['slug']} with the "
                    f"{item['name']}: {error[1]}",
                    "Change the item's effects or the units it is allowed for.",
                    line=document.line_of(path),
                )
            )
            break
    return found


def rule_warnings(document: ParsedDocument) -> list[CatalogueIssue]:
    """A warning per special rule (unit ``rules``, option ``add_rules``) the system's engine
    does not read (its ``catalogue.known_rules``): it has no effect in battles."""
    data = document.data
    catalogue = get_system(data["system"]).catalogue
    found = []
    for u, unit in enumerate(data["units"]):
        sources = [(f"units[{u}].rules", unit.get("rules") or [])] + [
            (
                f"units[{u}].options[{o}].effects.add_rules",
                (option.get("effects") or {}).get("add_rules") or [],
            )
            for o, option in enumerate(unit.get("options") or [])
        ]
        for path, rules in sources:
            for r, rule in enumerate(rules):
                for slug in catalogue.rules_without_effect([rule]):
                    found.append(
                        issue(
                            "rule.no_effect",
                            f"{path}[{r}]",
                            f"`{slug}` has no effect in battles yet.",
                            "It is shown to players but the engine does not play it.",
                            line=document.line_of(f"{path}[{r}]"),
                            severity=WARNING,
                        )
                    )
    return found
