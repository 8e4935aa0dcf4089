"""What the rules variant pages show: the merged rules read for people (the force
organisation chart, the points defaults, every constraint in words), the text the editor
and the downloads start from, who uses a variant, and the variants a roster or campaign of a
system may choose (catalogue_access: exactly those the user may read).

Reads go through ``armybuilder.rules_variant_selectors``, so a page shows what the API
would.
"""

from __future__ import annotations

import json
from typing import Any

import yaml

from armybuilder.models import Roster, RulesVariant
from armybuilder.rules_variant_selectors import rules_variant_list, rules_variant_revision_list

#: A constraint's keys shown as its name and kind; the others are its parameters.
CONSTRAINT_NAMED = ("code", "kind", "severity")

STARTER = """\
system: {system}
variant: my-league
name: My league's rules
default_points_limit: {limit}
"""


def _bounds(low: Any, high: Any) -> str:
    if high is None:
        return f"at least {low or 0}"
    return f"{low or 0}–{high}" if (low or 0) != high else str(high)


def force_organisation(data: dict[str, Any]) -> list[dict[str, Any]]:
    """Each category of the rules with how many units it takes (its ``category_count``
    constraints; "any number" when none counts it)."""
    counts = {
        str(c.get("category")): c
        for c in data.get("constraints") or []
        if c.get("kind") == "category_count"
    }
    rows = []
    for category in data.get("categories") or []:
        counted = counts.get(str(category))
        rows.append(
            {
                "category": category,
                "units": _bounds(counted.get("min"), counted.get("max"))
                if counted
                else "any number",
                "severity": counted.get("severity", "") if counted else "",
            }
        )
    return rows


def constraint_rows(data: dict[str, Any]) -> list[dict[str, Any]]:
    """Every constraint as ``{code, kind, severity, params}``, its parameters in words
    (``category HQ · min 1 · max 1``)."""
    rows = []
    for constraint in data.get("constraints") or []:
        params = []
        for key, value in constraint.items():
            if key in CONSTRAINT_NAMED:
                continue
            shown = (
                json.dumps(value, ensure_ascii=False) if isinstance(value, dict | list) else value
            )
            params.append(f"{key} {shown}")
        rows.append(
            {
                "code": constraint.get("code", ""),
                "kind": str(constraint.get("kind", "")).replace("_", " "),
                "severity": constraint.get("severity", ""),
                "params": " · ".join(params),
            }
        )
    return rows


def variant_text(variant: RulesVariant, fmt: str) -> str:
    """The latest revision as ``fmt``: its uploaded text when it was uploaded so, else the
    variant's own keys written out."""
    latest = rules_variant_revision_list(variant=variant).first()
    if latest is not None and latest.source_format == fmt:
        return latest.source
    if fmt == "json":
        return json.dumps(variant.document, indent=2, ensure_ascii=False) + "\n"
    return yaml.safe_dump(variant.document, sort_keys=False, allow_unicode=True, width=100)


def variant_editor_text(variant: RulesVariant) -> tuple[str, str]:
    """The editor's text and format: the latest upload as it was written."""
    latest = rules_variant_revision_list(variant=variant).first()
    fmt = latest.source_format if latest is not None else "yaml"
    return variant_text(variant, fmt), fmt


def starter_variant(system: Any) -> str:
    """A small variant document to start from (it passes every check)."""
    return STARTER.format(system=system.slug, limit=system.default_points_limit)


def variant_usage(variant: RulesVariant, *, user: Any) -> dict[str, Any]:
    """Who uses the variant: how many rosters and campaigns name it (anyone's), how many
    copies, and which of the reader's own rosters and campaigns."""
    mine = getattr(user, "is_authenticated", False)
    return {
        "roster_count": variant.rosters.count(),
        "campaign_count": variant.campaigns.count(),
        "fork_count": variant.forks.count(),
        "my_rosters": list(variant.rosters.filter(owner=user)[:20]) if mine else [],
        "my_campaigns": list(variant.campaigns.filter(organisers=user)[:20]) if mine else [],
    }


def variant_choices(*, user: Any, system: str) -> list[tuple[str, str]]:
    """A roster or campaign form's rules choice for ``system``: the system's own rules,
    then the user's variants and others' public ones."""
    choices = [("", "The system's own rules")]
    owner_id = getattr(user, "pk", None)
    for variant in rules_variant_list(user=user, scope="all", system=system):
        by = "" if variant.owner_id == owner_id else f" by {variant.owner}"
        choices.append((str(variant.pk), f"{variant.name}{by} (r{variant.revision})"))
    return choices


def roster_uses(roster: Roster) -> str:
    """The rules variant id a roster form starts from ("" for the system's own rules)."""
    return str(roster.rules_variant_id or "")
