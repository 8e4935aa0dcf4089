"""What the army-builder page shows: units by category with their options (exclusive
groups as one choice, each limit with how much of it is used), the points bar, the
validation panel (each violation linked to its unit) and the unlock counters. The
searchable catalogue beside it is ``frontend.builder_catalogue``.

Reads only: the roster's context from ``armybuilder.selectors`` and the one validator.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from armybuilder.constraints import unit_matches
from armybuilder.exchange import grouped_entries
from armybuilder.models import Roster
from armybuilder.rosterdata import apply_options, carried_items
from armybuilder.selectors import context_validate, roster_context, roster_revision_list
from armybuilder.services.history import undo_state
from armybuilder.summaries import system_summary, unit_figures
from armybuilder.validation import option_limit, price_roster, skill_tables, unlock_standings
from frontend.rules_variant_pages import variant_choices
from frontend.skill_picker import skill_block
from frontend.unit_cards import summary_rows
from rules.engine.systems import get_system

UNIT_PATH = re.compile(r"^units\[(\d+)\]")


def _limit_text(option: dict[str, Any], count: int, allowed: int) -> str:
    """How much of an option's limit is used, shown before it is broken: ``1 of 1 (1 per
    10 models)`` or ``0 of 2 per unit`` (the validator's ``option_limit``)."""
    per = option.get("max_per")
    if per:
        return f"{count} of {allowed} ({per['count']} per {per['models']} models)"
    return f"{count} of {allowed} per unit"


def _option_rows(unit: dict[str, Any], entry: dict[str, Any]) -> list[dict[str, Any]]:
    """Each option with its count and limit; an option of a group that allows one choice
    (``group_max`` 1, the validator's ``option.group``) is a radio choice of that group."""
    counts = Counter(entry.get("options", []))
    size = int(entry.get("size") or 1)
    options = unit.get("options", []) or []
    group_max: dict[str, int] = {}
    for option in options:
        if option.get("group"):
            group = str(option["group"])
            group_max[group] = max(group_max.get(group, 1), int(option.get("group_max", 1)))
    rows = []
    for option in options:
        if option.get("allowed") and not unit_matches(unit, size, option["allowed"]):
            continue  # a magic item this unit may not take
        allowed, wording = option_limit(option, size)
        group = str(option.get("group") or "")
        count = counts.get(option["slug"], 0)
        rows.append(
            {
                "slug": option["slug"],
                "name": option["name"],
                "cost": option.get("cost", 0),
                "per_model": bool(option.get("per_model")),
                "group": group,
                "radio_group": group if group and group_max[group] == 1 else "",
                "group_max": group_max.get(group, 0),
                "count": count,
                "multiple": bool(option.get("max_per")) or int(option.get("max", 1)) > 1,
                "allowed": allowed,
                "wording": wording,
                "limit_text": _limit_text(option, count, allowed),
                "item": bool(option.get("item")),
                "opened_by": str(option.get("opened_by") or ""),
            }
        )
    return rows


def option_blocks(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The unit form's option blocks in catalogue order: ungrouped options, then one block
    per group with how many of its choices are taken (``1 of 4 from Heavy weapon``); a
    one-choice group is shown as radios with a "none" choice."""
    blocks: list[dict[str, Any]] = []
    by_group: dict[str, dict[str, Any]] = {}
    for row in rows:
        if not row["group"]:
            blocks.append({"group": "", "radio": False, "options": [row]})
            continue
        block = by_group.get(row["group"])
        if block is None:
            block = {
                "group": row["group"],
                "title": row["group"].replace("_", " ").replace("-", " ").capitalize(),
                "radio": bool(row["radio_group"]),
                "options": [],
                "taken": 0,
                "allowed": row["group_max"],
            }
            by_group[row["group"]] = block
            blocks.append(block)
        block["options"].append(row)
        block["taken"] += row["count"]
        block["none"] = block["taken"] == 0
    return blocks


def _size_choices(unit: dict[str, Any]) -> list[dict[str, Any]] | None:
    if "sizes" not in unit:
        return None
    return [
        {
            "size": int(s["size"]),
            "label": s.get("label") or f"{s['size']} models",
            "cost": s.get("cost"),
        }
        for s in unit["sizes"]
    ]


#: The order each system's rulebook prints a profile in (stored JSON does not keep the
#: catalogue's key order); other keys follow in alphabetical order.
PROFILE_ORDER: tuple[str, ...] = (
    *("M", "WS", "BS", "S", "T", "W", "I", "A", "Ld", "Sv", "Inv"),  # grimdark, skirmish
    *("Sp", "Me", "Ra", "De", "At", "Ne"),  # massbattle
    *("ST", "DX", "IQ", "HT", "HP", "Will", "Per", "FP", "BasicSpeed", "BasicMove", "DR"),
)
PROFILE_RANK = {key: index for index, key in enumerate(PROFILE_ORDER)}


def profile_adjustments(system: str) -> frozenset[str]:
    """The profile keys of ``system`` that are bought adjustments, not scores."""
    return get_system(system).summary.adjustments


def _signed(value: Any) -> str:
    return (
        f"{value:+g}"
        if isinstance(value, int | float) and not isinstance(value, bool)
        else str(value)
    )


def unit_profile(
    unit: dict[str, Any], entry: dict[str, Any], adjustments: frozenset[str] = frozenset()
) -> dict[str, Any]:
    """The unit's characteristics in the system's order, with its chosen options and, for
    a massbattle unit, its size's own figures (``extra.size_profiles``) and its magic items'
    stat changes applied. A bought adjustment (``adjustments``: GURPS HP +2) is shown signed
    under ``<key> bought`` after the scores, never as a score of its own."""
    if not unit:
        return {}
    size = int(entry.get("size") or (unit.get("size") or {}).get("min", 1))
    profile, _weapons, _rules = apply_options(unit, size, list(entry.get("options", [])))
    sized = ((unit.get("extra") or {}).get("size_profiles") or {}).get(str(size)) or {}
    merged = {str(k): v for k, v in {**profile, **sized}.items()}
    for item in carried_items(unit, list(entry.get("options", []))):
        for key, change in item["modify"].items():
            if isinstance(merged.get(key), int) and not isinstance(merged[key], bool):
                merged[key] += change  # magic items change the stat line after its size
    keys = sorted(merged, key=lambda k: (PROFILE_RANK.get(k, len(PROFILE_ORDER)), k))
    scores = {k: merged[k] for k in keys if k not in adjustments}
    scores.update({f"{k} bought": _signed(merged[k]) for k in keys if k in adjustments})
    return scores


def _display_names(context: Any) -> list[str]:
    """Each entry's name as the player sees it: its own name, else the catalogue unit's."""
    names = []
    for entry in context.payload.get("units", []):
        catalogue = context.factions.get(entry.get("faction") or context.payload["faction"], {})
        unit = next((u for u in catalogue.get("units", []) if u["slug"] == entry["unit"]), {})
        names.append(entry.get("name") or unit.get("name") or entry["unit"])
    return names


def violation_rows(
    result: Any, payload: dict[str, Any], names: list[str] | None = None
) -> list[dict[str, Any]]:
    """Each violation with the unit it points at (id and name) when its path names one."""
    entries = payload.get("units", [])
    rows = []
    for violation in result.violations:
        match = UNIT_PATH.match(violation.path or "")
        unit_id = unit_name = ""
        if match and int(match[1]) < len(entries):
            entry = entries[int(match[1])]
            unit_id = str(entry.get("id", ""))
            unit_name = (names or [])[int(match[1])] if names else entry.get("unit", "")
        rows.append(
            {
                "severity": violation.severity,
                "code": violation.code,
                "message": violation.message,
                "path": violation.path,
                "unit_id": unit_id,
                "unit_name": unit_name,
            }
        )
    return rows


def taken_unique(payload: dict[str, Any], factions: dict[str, dict[str, Any]]) -> list[str]:
    """``faction:slug`` of each unique ``[1]`` unit already in the roster (once per army,
    seed 003 §11 / KoW §14.4), so its Add button can be disabled."""
    primary = str(payload.get("faction", ""))
    keys: list[str] = []
    for entry in payload.get("units", []) or []:
        faction = str(entry.get("faction") or primary)
        units = (factions.get(faction) or {}).get("units", []) or []
        unit = next((u for u in units if u.get("slug") == entry.get("unit")), None)
        key = f"{faction}:{entry.get('unit')}"
        if unit and unit.get("unique") and key not in keys:
            keys.append(key)
    return keys


def editor_data(roster: Roster) -> dict[str, Any]:
    """Everything the editor partial renders for ``roster``."""
    context = roster_context(roster=roster)
    result = context_validate(context)
    payload = context.payload
    flagged: dict[str, list[str]] = {}
    violations = violation_rows(result, payload, _display_names(context))
    for row in violations:
        if row["unit_id"]:
            flagged.setdefault(row["unit_id"], []).append(row["severity"])
    sections = []
    grouped = list(grouped_entries(payload, context.system, context.factions))
    adjustments = profile_adjustments(str(context.system.get("system", "")))
    profiles = {
        str(entry.get("id", "")): unit_profile(unit or {}, entry, adjustments)
        for _category, entries in grouped
        for _index, entry, unit in entries
    }
    priced = price_roster(payload, context.system, context.factions)
    derived = unit_figures(priced)
    tables = skill_tables(roster.system.slug)
    skill_errors: dict[str, list[str]] = {}
    for row in violations:
        if row["code"].startswith("skill.") and row["unit_id"]:
            skill_errors.setdefault(row["unit_id"], []).append(row["message"])
    for category, entries in grouped:
        units = []
        for index, entry, unit in entries:
            unit = unit or {}
            unit_id = str(entry.get("id", ""))
            size_min = int((unit.get("size") or {}).get("min", 1))
            size_max = int((unit.get("size") or {}).get("max", size_min))
            units.append(
                {
                    "index": index,
                    "id": unit_id,
                    "name": entry.get("name") or "",
                    "display_name": entry.get("name") or unit.get("name", entry["unit"]),
                    "unit_name": unit.get("name", entry["unit"]),
                    "slug": entry["unit"],
                    "faction": entry.get("faction") or "",
                    "name_id": f"unit-{unit_id}-name",
                    "size_id": f"unit-{unit_id}-size",
                    "size": entry.get("size"),
                    "size_min": size_min,
                    "size_max": size_max,
                    "sizes": _size_choices(unit),
                    "single_model": "sizes" not in unit and size_min == size_max,
                    "profile": profiles.get(unit_id, {}),
                    "derived": derived.get(unit_id),
                    "skills": skill_block(tables, unit, entry, skill_errors.get(unit_id, [])),
                    "points": result.unit_points.get(unit_id, 0),
                    "options": (option_rows := _option_rows(unit, entry)),
                    "option_blocks": option_blocks(option_rows),
                    "unknown": not unit,
                    "flag": "error"
                    if "error" in flagged.get(unit_id, [])
                    else "warning"
                    if unit_id in flagged
                    else "",
                }
            )
        sections.append({"category": category, "units": units})
    limit = max(result.points_limit, 1)
    return {
        "roster": roster,
        "rules_choices": variant_choices(
            user=roster.owner, system=roster.system.slug, current=roster.rules_variant
        ),
        "sections": sections,
        "unit_count": len(payload.get("units", [])),
        "summary_rows": summary_rows(system_summary(priced)),
        "points": result.points,
        "points_limit": result.points_limit,
        "points_name": result.points_name,
        "points_percent": min(100, round(100 * result.points / limit)),
        "over_limit": result.points > result.points_limit,
        "valid": result.is_valid,
        "errors": [v for v in violations if v["severity"] == "error"],
        "warnings": [v for v in violations if v["severity"] != "error"],
        "revisions": list(roster_revision_list(roster=roster)[:30]),
        "undo": undo_state(roster=roster),
        "unlocks": unlock_standings(
            payload, system=context.system, factions=context.factions, overrides=context.house_rules
        ),
        "taken_unique": taken_unique(payload, context.factions),
    }


def options_from_post(unit_options: list[dict[str, Any]], post: Any) -> list[str]:
    """The option slugs chosen in a unit form (``opt-<slug>``: a count or a checkbox;
    ``group-<group>``: the slug chosen from a one-choice group), in catalogue order, a slug
    repeated as many times as it is taken."""
    chosen: list[str] = []
    for option in unit_options:
        if option.get("radio_group"):
            picked = post.get(f"group-{option['radio_group']}", "") == option["slug"]
            chosen.extend([option["slug"]] if picked else [])
            continue
        raw = post.get(f"opt-{option['slug']}", "")
        if raw in ("on", "true"):
            count = 1
        else:
            try:
                count = max(0, min(int(raw or 0), 99))
            except ValueError:
                count = 0
        chosen.extend([option["slug"]] * count)
    return chosen
