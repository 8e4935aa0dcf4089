"""Roster interchange: our JSON format, the plain-text list (export and import, round-trip)
and the canonical form the verification hash is taken of. Pure Python.

Text layout (the usual community one, with slugs in brackets so it reads back exactly)::

    +++ Strike Force Varro +++
    Game: Grimdark [grimdark]
    Faction: Ashen Legion [ashen-legion]
    Allies: Iron Pact [iron-pact]
    Points: 1495/1500 pts

    + HQ (1) +
    1x Captain [captain] "Captain Varro": 95 pts
      - Power sword [power-sword]
      - 2x Frag charge [frag-charge]

Units are grouped by category (the system's ``categories`` order, then first appearance);
an allied unit's slug is ``faction/unit``; the custom name is a JSON string.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from typing import Any

from armybuilder.errors import ImportFormatError
from armybuilder.magic_items import offered_units
from armybuilder.validation import ValidationResult

_TITLE = re.compile(r"^\+\+\+ (?P<name>.*) \+\+\+$")
_KEYED = re.compile(r"^(?P<key>Game|Faction|Allies|Points): (?P<value>.*)$")
_SLUG_IN = re.compile(r"\[(?P<slug>[a-z0-9][a-z0-9_\-]*)\]")
_UNIT = re.compile(
    r"^(?P<size>\d+)x (?P<label>.+?) \[(?:(?P<faction>[a-z0-9][a-z0-9_\-]*)/)?"
    r"(?P<slug>[a-z0-9][a-z0-9_\-]*)\](?: (?P<name>\"(?:[^\"\\]|\\.)*\"))?(?:: .*)?$"
)
_OPTION = re.compile(r"^\s+- (?:(?P<count>\d+)x )?.*?\[(?P<slug>[a-z0-9][a-z0-9_\-]*)\]$")
_POINTS = re.compile(r"^\d+/(?P<limit>\d+)\b")


def interchange_payload(payload: dict[str, Any]) -> dict[str, Any]:
    """Our documented JSON: ``{name, system, faction, points_limit, units: [{unit, size,
    options, name}]}`` plus ``allies`` (and a unit's ``faction``) when allies are present."""
    out: dict[str, Any] = {
        "name": payload.get("name", ""),
        "system": payload["system"],
        "faction": payload["faction"],
        "points_limit": payload.get("points_limit"),
    }
    if payload.get("allies"):
        out["allies"] = list(payload["allies"])
    units = []
    for entry in payload.get("units", []):
        unit = {
            "unit": entry["unit"],
            "size": entry["size"],
            "options": list(entry.get("options", [])),
            "name": entry.get("name", ""),
        }
        if entry.get("faction") and entry["faction"] != payload["faction"]:
            unit["faction"] = entry["faction"]
        units.append(unit)
    out["units"] = units
    return out


def _names(catalogue: dict[str, Any]) -> tuple[dict[str, dict[str, Any]], str]:
    return offered_units(catalogue), catalogue.get("name", "")


def grouped_entries(
    payload: dict[str, Any], system: dict[str, Any], factions: dict[str, dict[str, Any]]
) -> list[tuple[str, list[tuple[int, dict[str, Any], dict[str, Any] | None]]]]:
    """Entries grouped by category: system order first, then first appearance."""
    order = [str(c) for c in system.get("categories", [])]
    groups: dict[str, list[tuple[int, dict[str, Any], dict[str, Any] | None]]] = {}
    for index, entry in enumerate(payload.get("units", [])):
        faction = entry.get("faction") or payload["faction"]
        unit = _names(factions.get(faction, {}))[0].get(entry["unit"])
        category = str((unit or {}).get("category", "Unknown"))
        groups.setdefault(category, []).append((index, entry, unit))
    ranked = sorted(groups, key=lambda c: (order.index(c) if c in order else len(order),))
    return [(category, groups[category]) for category in ranked]


def export_text(
    payload: dict[str, Any],
    *,
    system: dict[str, Any],
    factions: dict[str, dict[str, Any]],
    result: ValidationResult,
) -> str:
    """The roster as plain text in our layout (reads back with :func:`parse_text`)."""
    unit_word = result.points_name
    primary = factions.get(payload["faction"], {})
    lines = [
        f"+++ {payload.get('name', '')} +++",
        f"Game: {system.get('name', payload['system'])} [{payload['system']}]",
        f"Faction: {primary.get('name', payload['faction'])} [{payload['faction']}]",
    ]
    if payload.get("allies"):
        allies = ", ".join(f"{factions.get(a, {}).get('name', a)} [{a}]" for a in payload["allies"])
        lines.append(f"Allies: {allies}")
    lines.append(f"Points: {result.points}/{result.points_limit} {unit_word}")
    for category, entries in grouped_entries(payload, system, factions):
        lines.extend(["", f"+ {category} ({len(entries)}) +"])
        for _index, entry, unit in entries:
            faction = entry.get("faction")
            prefix = f"{faction}/" if faction and faction != payload["faction"] else ""
            label = (unit or {}).get("name", entry["unit"])
            named = ""
            if entry.get("name") and entry["name"] != label:
                named = " " + json.dumps(entry["name"], ensure_ascii=False)
            points = result.unit_points.get(str(entry.get("id")), 0)
            lines.append(
                f"{entry['size']}x {label} [{prefix}{entry['unit']}]{named}: {points} {unit_word}"
            )
            option_names = {o["slug"]: o["name"] for o in (unit or {}).get("options", [])}
            counts = Counter(entry.get("options", []))
            for slug in dict.fromkeys(entry.get("options", [])):
                times = f"{counts[slug]}x " if counts[slug] > 1 else ""
                lines.append(f"  - {times}{option_names.get(slug, slug)} [{slug}]")
    for violation in result.violations:
        lines.append(f"! {violation.severity}: {violation.message} ({violation.path})")
    return "\n".join(lines) + "\n"


def parse_text(text: str) -> dict[str, Any]:
    """A payload from text in our layout; ImportFormatError (``import.text``) with the line
    number when a line cannot be read."""
    payload: dict[str, Any] = {"name": "", "allies": [], "units": []}
    current: dict[str, Any] | None = None
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.rstrip()
        if not line.strip() or line.startswith(("! ", "# ")):
            continue
        if title := _TITLE.match(line):
            payload["name"] = title["name"]
            continue
        if keyed := _KEYED.match(line):
            _read_header(payload, keyed["key"], keyed["value"], number)
            continue
        if line.startswith("+ ") and line.endswith(" +"):
            continue
        if unit := _UNIT.match(line):
            current = {
                "unit": unit["slug"],
                "size": int(unit["size"]),
                "options": [],
                "name": json.loads(unit["name"]) if unit["name"] else "",
            }
            if unit["faction"]:
                current["faction"] = unit["faction"]
            payload["units"].append(current)
            continue
        if (option := _OPTION.match(line)) and current is not None:
            current["options"].extend([option["slug"]] * int(option["count"] or 1))
            continue
        raise ImportFormatError(
            "import.text",
            f"Line {number} is not in the roster text format: {line!r}",
            f"line {number}",
        )
    for key in ("system", "faction", "points_limit"):
        if key not in payload:
            raise ImportFormatError(
                "import.text", f"The text has no {key.replace('_', ' ')} line", key
            )
    if not payload["allies"]:
        del payload["allies"]
    return payload


def _read_header(payload: dict[str, Any], key: str, value: str, number: int) -> None:
    if key == "Points":
        points = _POINTS.match(value)
        if not points:
            raise ImportFormatError(
                "import.text", f"Line {number}: points must read 'N/LIMIT'", f"line {number}"
            )
        payload["points_limit"] = int(points["limit"])
        return
    slugs = _SLUG_IN.findall(value)
    if not slugs:
        raise ImportFormatError(
            "import.text", f"Line {number}: {key} needs a [slug]", f"line {number}"
        )
    if key == "Game":
        payload["system"] = slugs[-1]
    elif key == "Faction":
        payload["faction"] = slugs[-1]
    else:
        payload["allies"] = slugs
