"""What the character-sheet editor page shows, arranged from a checked sheet
(``armybuilder.services.sheets.SheetChecked``): each bought line with its cost and the errors
at its path, the totals against the system's budget constraints (points per combatant, each
capped trait group, starting wealth) with the violations of those constraints beside them,
and the derived values.

Every figure and every error comes from the service; this module only places them.
"""

from __future__ import annotations

import re
from typing import Any

from armybuilder.models import Faction
from armybuilder.services.sheets import SheetChecked

#: Which heading of the sheet's price a capped trait group (a constraint's ``traits``) sums.
GROUP_HEADING = {"negative": "disadvantages", "quirks": "quirks", "positive": "advantages"}
LINE = re.compile(r"^(?:sheet\.)?(?P<key>(?:attributes|secondary)\.\w+|\w+\[\d+\])")
#: The code of a sheet field the sheet's reader refuses (as ``sheets.sheet_save`` raises it).
INVALID = "sheet.invalid"


def line_key(path: str) -> str:
    """The editor line a sheet path belongs to: ``sheet.traits[2].level`` → ``traits[2]``,
    ``sheet.attributes.ST`` → ``attributes.ST``; '' for the sheet as a whole."""
    match = LINE.match(path)
    return match["key"] if match else ""


def slot_id(key: str) -> str:
    """The element id of a line's cost and errors: ``traits[2]`` → ``line-traits-2``."""
    return "line-" + re.sub(r"[^A-Za-z0-9]+", "-", key).strip("-")


def _budget_rows(
    catalogue: Faction, price: dict[str, Any] | None, violations: list[dict[str, Any]]
) -> list[dict[str, Any]]:
    """Points against the per-combatant limit and each capped trait group against its cap,
    as the system's constraints state them, each with its violations."""
    rows = []
    for constraint in catalogue.system.data.get("constraints") or []:
        kind, code = constraint.get("kind"), constraint.get("code", "")
        if kind == "unit_points_limit":
            label, value = "Points", (price or {}).get("total")
            limit = f"of {constraint.get('max')}"
        elif kind == "option_group_points" and constraint.get("traits") in GROUP_HEADING:
            label = str(constraint.get("label") or constraint["traits"])
            value = (price or {}).get(GROUP_HEADING[constraint["traits"]])
            limit = f"cap {constraint.get('min')}"
        else:
            continue
        found = [v for v in violations if v["code"] == code]
        rows.append(
            {"label": label, "value": value, "limit": limit, "code": code, "violations": found}
        )
    return rows


def _rows(
    sheet: dict[str, Any], key: str, lines: dict[str, Any], errors: dict[str, list[Any]]
) -> list[dict[str, Any]]:
    return [
        {
            "index": index,
            "entry": entry,
            "line": lines.get(f"{key}[{index}]", {}),
            "errors": errors.get(f"{key}[{index}]", []),
            "slot": slot_id(f"{key}[{index}]"),
        }
        for index, entry in enumerate(sheet.get(key) or [])
    ]


def _trait_option(trait: dict[str, Any]) -> dict[str, str]:
    """A trait in the search box's list: "advantage, 15 — …", "5/level", "by version"."""
    if trait.get("per_level"):
        cost = f"{trait['per_level']}/level"
    elif trait.get("variants"):
        cost = "by version"
    else:
        cost = str(trait.get("points"))
    return {"value": trait["name"], "text": f"{trait['kind']}, {cost} — {trait['text']}"}


def sheet_context(
    *,
    catalogue: Faction,
    checked: SheetChecked,
    sheet: dict[str, Any],
    category: str,
    lists: dict[str, Any],
) -> dict[str, Any]:
    """The editor's template context for ``sheet`` as ``checked`` found it."""
    review = checked.review
    lines = review["lines"]
    derived = review["derived"] or {}
    errors: dict[str, list[dict[str, Any]]] = {}
    if review["error"]:
        error = {"code": INVALID, **review["error"]}
        errors.setdefault(line_key(error["path"]), []).append(error)
    violations = [
        {"severity": v.severity, "code": v.code, "message": v.message, "path": v.path}
        for v in checked.violations
    ]
    budget = _budget_rows(catalogue, review["price"], violations)
    placed = {row["code"] for row in budget}
    traits = {t["name"].lower(): t for t in lists["traits"]}
    items = {i["slug"]: i for i in lists["equipment"]}
    skills = {s["name"].lower(): s for s in lists["skills"]}
    trait_rows = _rows(sheet, "traits", lines, errors)
    for row in trait_rows:
        row["info"] = traits.get(str(row["entry"].get("name", "")).lower(), {})
    skill_rows = _rows(sheet, "skills", lines, errors)
    for row in skill_rows:
        row["info"] = skills.get(str(row["entry"].get("name", "")).lower(), {})
    item_rows = _rows(sheet, "equipment", lines, errors)
    for row in item_rows:
        row["info"] = items.get(str(row["entry"]), {})
    return {
        "trait_options": [_trait_option(t) for t in lists["traits"]],
        "skill_options": [
            {"value": s["name"], "text": f"{s['attribute']}/{s['difficulty']}"}
            for s in lists["skills"]
        ],
        "catalogue": catalogue,
        "index": checked.index,
        "sheet": sheet,
        "category": category,
        "categories": [str(c) for c in catalogue.system.data.get("categories", [])],
        "lists": lists,
        "attributes": [
            {
                **a,
                "value": (sheet.get("attributes") or {}).get(a["name"], a["base"]),
                "line": lines.get(f"attributes.{a['name']}", {}),
                "slot": slot_id(f"attributes.{a['name']}"),
                "errors": errors.get(f"attributes.{a['name']}", []),
            }
            for a in lists["attributes"]
        ],
        "secondary": [
            {
                **s,
                "value": (sheet.get("secondary") or {}).get(s["name"], 0),
                "score": derived.get(s["name"]),
                "slot": slot_id(f"secondary.{s['name']}"),
                "line": lines.get(f"secondary.{s['name']}", {}),
                "errors": errors.get(f"secondary.{s['name']}", []),
            }
            for s in lists["secondary"]
        ],
        "traits": trait_rows,
        "skills": skill_rows,
        "items": item_rows,
        "sheet_errors": errors.get("", []),
        "price": review["price"],
        "derived": review["derived"],
        "not_played": review["not_played"],
        "budget": budget,
        "violations": [v for v in violations if v["code"] not in placed],
        "issues": checked.issues,
        "all_pass": not (errors or checked.issues or violations),
        "savable": checked.savable,
    }
