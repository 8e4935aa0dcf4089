"""Check an uploaded rules variant (a league's own version of a system's ``_system.yaml``):
the variant schema, then the system document with the variant laid over it against the
system schema, then constraints naming categories the rules do not list; each issue names
its path and line (docs/catalogue-format.md "Rules variants")."""

from __future__ import annotations

from typing import Any

from jsonschema import Draft202012Validator

from armybuilder.catalogue_checks import schema_issues
from armybuilder.catalogue_issues import CatalogueIssue, issue
from armybuilder.catalogue_upload import ParsedDocument
from armybuilder.schema import SYSTEM_SCHEMA, VARIANT_SCHEMA

VARIANT_VALIDATOR = Draft202012Validator(VARIANT_SCHEMA)
SYSTEM_VALIDATOR = Draft202012Validator(SYSTEM_SCHEMA)


def merged_rules(system: dict[str, Any], own: dict[str, Any], *, revision: int) -> dict[str, Any]:
    """The system document with the variant's top-level keys in place of its own (a key the
    variant gives replaces the system's whole value: ``constraints`` is the full list)."""
    merged = {**system, **{k: v for k, v in own.items() if k != "variant"}}
    merged["revision"] = revision
    return merged


def category_issues(document: ParsedDocument, merged: dict[str, Any]) -> list[CatalogueIssue]:
    """Constraints counting a category the rules do not list (they could never match)."""
    listed = {str(c).lower() for c in merged.get("categories") or []}
    found = []
    if not listed:
        return found
    for index, constraint in enumerate(merged.get("constraints") or []):
        named = constraint.get("categories") or [constraint.get("category")]
        for name in [n for n in named if n is not None]:
            if str(name).lower() not in listed:
                path = f"constraints[{index}]"
                found.append(
                    issue(
                        "constraint.category_unknown",
                        path,
                        f"Constraint {constraint.get('code')} counts category '{name}', "
                        "which these rules do not list.",
                        f"Use one of: {', '.join(merged['categories'])}, or add it to categories.",
                        line=document.line_of(path),
                    )
                )
    return found


def rules_variant_issues(
    document: ParsedDocument, system: dict[str, Any], *, revision: int
) -> tuple[dict[str, Any], list[CatalogueIssue]]:
    """The merged rules document and every error of the variant (none: it may be saved)."""
    found = schema_issues(document, VARIANT_VALIDATOR)
    if found:
        return {}, found
    merged = merged_rules(system, document.data, revision=revision)
    found = schema_issues(ParsedDocument(merged, document.lines), SYSTEM_VALIDATOR)
    return merged, found or category_issues(document, merged)
