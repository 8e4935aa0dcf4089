"""Unit cards: a roster's print data (``roster_print_data``) as the cards a player lays on the
table, in human words. One card per unit: name, size and points, the stat line (a ``T_base``
folded into its ``T`` as "5 (base 4)"), weapons grouped ("3× Lascannon — 48″ S9 AP2,
heavy"), options grouped ("2× Frag charge"), special rules by their glossary names; then the
glossary of the rules used. The print view, the shared view, the cards page and the PDF all
read these cards, so no slug reaches paper (issue 24)."""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from frontend.words import human_name, human_words

BASE_SUFFIX = "_base"
RULE_CALL = re.compile(r"^(?P<slug>[^()]+)\((?P<args>.*)\)$")
WEAPON_WORDS = ("swing", "thrust", "reach", "db")
"""Lower-case weapon fields shown on a card (GURPS damage, reach, a shield's DB); other
lower-case fields are the engine's bookkeeping (hands, parry modifiers, flags)."""
HIDDEN_WEAPON_FIELDS = {"name", "count", "type", "special", "range", "skill"}


def stat_line(profile: dict[str, Any]) -> list[tuple[str, str]]:
    """The characteristics in order, a ``<X>_base`` value shown beside ``X`` ("5 (base 4)",
    a bike's toughness) instead of as a column of its own."""
    bases = {k[: -len(BASE_SUFFIX)]: v for k, v in profile.items() if k.endswith(BASE_SUFFIX)}
    line = []
    for key, value in profile.items():
        if key.endswith(BASE_SUFFIX) and key[: -len(BASE_SUFFIX)] in profile:
            continue
        shown = str(value)
        if key in bases and bases[key] != value:
            shown = f"{value} (base {bases[key]})"
        line.append((human_name(key) if key.islower() else key, shown))
    return line


def weapon_text(weapon: dict[str, Any]) -> str:
    """One weapon's line after its name: range, strength and AP (or GURPS damage and
    reach), its type and special rules, in words."""
    parts = []
    if weapon.get("range"):
        parts.append(f"{weapon['range']}″")
    stats = [
        f"{key}{value}"
        for key, value in weapon.items()
        if key not in HIDDEN_WEAPON_FIELDS and key.isupper() and not isinstance(value, bool)
    ]
    stats += [
        f"{'DB' if key == 'db' else key} {weapon[key]}"
        for key in WEAPON_WORDS
        if weapon.get(key) not in (None, "", False)
    ]
    if stats:
        parts.append(" ".join(stats))
    kind = human_words(str(weapon.get("type") or ""))
    if kind and kind.lower() != str(weapon.get("name", "")).lower():
        parts.append(kind)
    parts.extend(human_words(str(s)) for s in weapon.get("special") or [])
    return ", ".join(parts)


def grouped_weapons(weapons: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Weapons of the same name and profile as one line with their count added up."""
    lines: dict[tuple[str, str], dict[str, Any]] = {}
    for weapon in weapons:
        key = (str(weapon.get("name", "")), weapon_text(weapon))
        line = lines.setdefault(key, {"name": key[0], "text": key[1], "count": 0})
        line["count"] += int(weapon.get("count") or 1)
    return list(lines.values())


def grouped(names: list[str]) -> list[str]:
    """Repeated names once with their count ("3× Lascannon"), in first-seen order."""
    counts = Counter(names)
    return [f"{counts[n]}× {n}" if counts[n] > 1 else n for n in dict.fromkeys(names)]


def rule_name(rule: str, glossary: dict[str, dict[str, Any]]) -> str:
    """A rule as a player reads it: its glossary name, an argument filled in
    ("crushing-strength(1)" → "Crushing Strength (1)"), else the slug in words."""
    text = str(rule)
    call = RULE_CALL.match(text)
    slug, args = (call["slug"], call["args"]) if call else (text, "")
    name = str(glossary.get(slug, {}).get("name") or human_name(slug))
    if not args:
        return name
    shown = ", ".join(a.strip() for a in args.split(","))
    if "(n)" in name:
        return name.replace("(n)", f"({shown})")
    return f"{name} ({shown})"


def unit_cards(data: dict[str, Any]) -> list[dict[str, Any]]:
    """The cards of a roster's print data, in its category order."""
    glossary = {str(r["slug"]): r for r in data.get("special_rules", [])}
    cards = []
    for section in data.get("sections", []):
        for unit in section.get("units", []):
            if unit.get("unknown"):
                cards.append({"category": section["category"], "name": unit["name"]})
                continue
            cards.append(
                {
                    "category": section["category"],
                    "id": unit["id"],
                    "name": unit["name"],
                    "unit_name": unit["unit_name"],
                    "size": unit["size"],
                    "points": unit["points"],
                    "stats": stat_line(unit.get("profile") or {}),
                    "derived": unit.get("derived"),
                    "weapons": grouped_weapons(unit.get("weapons") or []),
                    "options": grouped(list(unit.get("options") or [])),
                    "rules": [rule_name(r, glossary) for r in unit.get("rules") or []],
                }
            )
    return cards


def glossary_rows(data: dict[str, Any]) -> list[dict[str, str]]:
    """The special rules the roster uses, by name, with their text."""
    return [
        {"name": str(r.get("name") or human_name(r["slug"])), "text": str(r.get("text", ""))}
        for r in data.get("special_rules", [])
    ]


def summary_rows(summary: dict[str, Any]) -> list[tuple[str, str]]:
    """A system summary's plain figures in words ("Warband rating: 96", "Gold spent: 480");
    nested tables (force organisation, allowances, combatants) are shown elsewhere."""
    return [
        (human_name(key), str(value))
        for key, value in (summary or {}).items()
        if isinstance(value, (int, float, str)) and not isinstance(value, bool)
    ]


def cards_text(data: dict[str, Any], cards: list[dict[str, Any]]) -> str:
    """The roster as a plain list to read or post: names only, no ``[slug]`` tags, weapons
    and options grouped, rules by name (the importable text keeps its slugs)."""
    unit = data["points_name"]
    allies = "".join(f" + {a['name']}" for a in data.get("allies", []))
    lines = [
        data["name"],
        f"{data['system']['name']} · {data['faction']['name']}{allies} · "
        f"{data['points']}/{data['points_limit']} {unit}",
    ]
    category = None
    for card in cards:
        if card["category"] != category:
            category = card["category"]
            lines.extend(["", f"{category}"])
        if "stats" not in card:
            lines.append(f"- {card['name']} (not in the catalogue)")
            continue
        kind = f" ({card['unit_name']})" if card["name"] != card["unit_name"] else ""
        lines.append(f"- {card['size']}× {card['name']}{kind}: {card['points']} {unit}")
        lines.append("    " + " ".join(f"{key} {value}" for key, value in card["stats"]))
        for weapon in card["weapons"]:
            tail = f" — {weapon['text']}" if weapon["text"] else ""
            lines.append(f"    {weapon['count']}× {weapon['name']}{tail}")
        if card["options"]:
            lines.append("    Options: " + ", ".join(card["options"]))
        if card["rules"]:
            lines.append("    Rules: " + ", ".join(card["rules"]))
    return "\n".join(lines) + "\n"
