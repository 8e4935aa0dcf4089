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

from armybuilder.errors import NotFoundError
from armybuilder.models import RulesVariant
from armybuilder.rules_variant_selectors import (
    rules_variant_for,
    rules_variant_list,
    rules_variant_revision_list,
)

#: A constraint's keys shown as its name and kind; the others are its parameters.
CONSTRAINT_NAMED = ("code", "kind", "severity")

#: The parameters shown first, in the shipped files' order (the stored JSON keeps none);
#: the others follow in alphabetical order.
PARAMETER_ORDER = ("category", "select", "min", "max", "label")

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
        rank = {key: index for index, key in enumerate(PARAMETER_ORDER)}
        for key in sorted(constraint, key=lambda k: (rank.get(k, len(rank)), k)):
            value = constraint[key]
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


def variant_choices(
    *, user: Any, system: str, current: RulesVariant | None = None
) -> list[tuple[str, str]]:
    """A roster form's rules choice for ``system``: the system's own rules, then the
    variants of that system the user may read (their own, others' public ones) and the one
    ``current`` names even when no longer listed."""
    choices = [("", "The system's own rules")]
    owner_id = getattr(user, "pk", None)
    listed = list(rules_variant_list(user=user, scope="all", system=system)) if system else []
    if current is not None and current.pk not in {v.pk for v in listed}:
        listed.append(current)
    for variant in listed:
        by = "" if variant.owner_id == owner_id else f" by {variant.owner}"
        choices.append((str(variant.pk), f"{variant.name}{by} (r{variant.revision})"))
    return choices


def campaign_variant_choices(*, user: Any) -> list[tuple[str, str]]:
    """A new campaign's rules choice: the system's own rules, or a variant the organiser
    may read, named with its system (one of another system than the campaign's is
    refused by the service, naming both)."""
    choices = [("", "The system's own rules")]
    for variant in rules_variant_list(user=user, scope="all"):
        choices.append((str(variant.pk), f"{variant.system.name}: {variant.name}"))
    return choices


def chosen_variant(*, user: Any, system: str, raw: str) -> RulesVariant | None:
    """The variant a form's rules choice names ("": the system's own rules): one of
    ``system`` the user may read; NotFoundError or ``variant.system_mismatch`` otherwise."""
    if not raw:
        return None
    if not (raw.isascii() and raw.isdigit() and len(raw) < 10):
        raise NotFoundError("variant.not_found", "No such rules variant", "rules_variant")
    return rules_variant_for(user=user, variant_id=int(raw), system=system)
