"""The roster as plain text, written as a player writes a list, and read back (pure Python).

Layout (the usual community one)::

    +++ Strike Force Varro +++
    Game: Grimdark (40k 4th edition)
    Faction: Ashen Legion
    Allies: Iron Pact
    Points: 1495/1500 pts

    + HQ (1) +
    1x Captain "Captain Varro": 95 pts
      - Power sword
      - 2x Frag charge
    1x Warden (Iron Pact): 105 pts

Units are grouped by category (the system's ``categories`` order, then first appearance);
a custom name is a JSON string after the unit's name; an allied unit names its faction in
brackets after its own. A name is written alone where it names one entry of the catalogue;
where it could name another (a user's catalogue, two units or options of one name) its
``[slug]`` follows it, so the list always reads back as it was. Reading accepts both: a
``[slug]`` wins, else the name is matched against the catalogue (case and spacing aside),
and a name that matches nothing is refused naming its line (``import.text``).
"""

from __future__ import annotations

import difflib
import json
import re
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from armybuilder.errors import ImportFormatError
from armybuilder.exchange import grouped_entries
from armybuilder.magic_items import offered_units
from armybuilder.validation import ValidationResult

_TITLE = re.compile(r"^\+\+\+ (?P<name>.*) \+\+\+$")
_KEYED = re.compile(r"^(?P<key>Game|Faction|Allies|Points): (?P<value>.*)$")
_SLUG = r"[a-z0-9][a-z0-9_\-]*"
_TAGGED = re.compile(rf"^(?P<label>.*?)\s*\[(?P<slug>{_SLUG})\]$")
_UNIT = re.compile(
    rf"^(?P<size>\d+)x (?P<label>.+?)"
    rf"(?: \[(?:(?P<faction>{_SLUG})/)?(?P<slug>{_SLUG})\])?"
    r"(?: (?P<name>\"(?:[^\"\\]|\\.)*\"))?(?:: .*)?$"
)
_OPTION = re.compile(rf"^\s*- (?:(?P<count>\d+)x )?(?P<label>.*?)(?: \[(?P<slug>{_SLUG})\])?$")
_ALLY_SUFFIX = re.compile(r"^(?P<label>.+) \((?P<ally>[^()]+)\)$")
_POINTS = re.compile(r"^\d+/(?P<limit>\d+)\b")


def key(name: str) -> str:
    """A name as it is matched: case and runs of spaces ignored."""
    return " ".join(str(name).split()).casefold()


def tagged(name: str, slug: str, *, needed: bool) -> str:
    """``name``, followed by ``[slug]`` when the name alone would not say which entry."""
    return f"{name} [{slug}]" if needed else name


def shared_names(entries: Iterable[Mapping[str, Any]]) -> set[str]:
    """The matching keys of names two entries share (those need their slug written)."""
    counts = Counter(key(e.get("name", "")) for e in entries)
    return {name for name, times in counts.items() if times > 1}


def export_text(
    payload: dict[str, Any],
    *,
    system: dict[str, Any],
    factions: dict[str, dict[str, Any]],
    result: ValidationResult,
    tagged_factions: frozenset[str] = frozenset(),
) -> str:
    """The roster as plain text in the layout above (reads back with :func:`read_text`);
    ``tagged_factions`` are those whose name alone may not find them (users' catalogues)."""
    word = result.points_name
    primary = payload["faction"]

    def faction_name(slug: str) -> str:
        known = slug in factions and slug not in tagged_factions
        return tagged(factions.get(slug, {}).get("name", slug), slug, needed=not known)

    lines = [
        f"+++ {payload.get('name', '')} +++",
        f"Game: {system.get('name') or payload['system']}",
        f"Faction: {faction_name(primary)}",
    ]
    if payload.get("allies"):
        lines.append(f"Allies: {', '.join(faction_name(a) for a in payload['allies'])}")
    lines.append(f"Points: {result.points}/{result.points_limit} {word}")
    for category, entries in grouped_entries(payload, system, factions):
        lines.extend(["", f"+ {category} ({len(entries)}) +"])
        for _index, entry, unit in entries:
            faction = entry.get("faction") or primary
            lines.append(unit_line(entry, unit, factions, faction, primary, tagged_factions))
            lines[-1] += f": {result.unit_points.get(str(entry.get('id')), 0)} {word}"
            lines.extend(option_lines(entry, unit))
    lines.extend(f"! {v.severity}: {v.message}" for v in result.violations)
    return "\n".join(lines) + "\n"


def unit_line(
    entry: dict[str, Any],
    unit: dict[str, Any] | None,
    factions: dict[str, dict[str, Any]],
    faction: str,
    primary: str,
    tagged_factions: frozenset[str],
) -> str:
    """``10x Line Squad "Squad Tal"``: size, unit name (its slug where the name is not
    enough), the faction of an allied unit in brackets, the custom name."""
    units = offered_units(factions.get(faction, {})).values()
    label = (unit or {}).get("name", entry["unit"])
    ally = faction != primary
    if unit is None or key(label) in shared_names(units) or faction in tagged_factions:
        shown = f"{label} [{f'{faction}/' if ally else ''}{entry['unit']}]"
    elif ally:
        shown = f"{label} ({factions[faction].get('name', faction)})"
    else:
        shown = label
    named = ""
    if entry.get("name") and entry["name"] != label:
        named = " " + json.dumps(entry["name"], ensure_ascii=False)
    return f"{entry['size']}x {shown}{named}"


def option_lines(entry: dict[str, Any], unit: dict[str, Any] | None) -> list[str]:
    """``  - 2x Frag charge``: each chosen option once, with how many times it was taken."""
    options = (unit or {}).get("options", [])
    names = {o["slug"]: o["name"] for o in options}
    shared = shared_names(options)
    counts = Counter(entry.get("options", []))
    lines = []
    for slug in dict.fromkeys(entry.get("options", [])):
        times = f"{counts[slug]}x " if counts[slug] > 1 else ""
        name = names.get(slug, slug)
        needed = slug not in names or key(name) in shared
        lines.append(f"  - {times}{tagged(name, slug, needed=needed)}")
    return lines


@dataclass(frozen=True, slots=True)
class Named:
    """A name as written on line ``line`` and the ``[slug]`` after it, if any."""

    line: int
    label: str
    slug: str = ""


#: The game or faction of a list whose line for it has not been read (yet).
UNSET = Named(0, "")


@dataclass(slots=True)
class UnitText:
    """One unit line and the option lines under it."""

    line: int
    size: int
    label: str
    slug: str = ""
    faction: str = ""
    name: str = ""
    options: list[tuple[Named, int]] = field(default_factory=list)


@dataclass(slots=True)
class ListText:
    """A list read line by line, its names not yet matched against a catalogue."""

    name: str = ""
    system: Named = UNSET
    faction: Named = UNSET
    allies: list[Named] = field(default_factory=list)
    points_limit: int | None = None
    units: list[UnitText] = field(default_factory=list)


def refuse(line: int, message: str) -> ImportFormatError:
    return ImportFormatError("import.text", f"Line {line}: {message}", f"line {line}")


def read_text(text: str) -> ListText:
    """The lines of a list in the layout above; ImportFormatError (``import.text``) naming
    the line that cannot be read, or the header line that is missing."""
    listed = ListText()
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.rstrip()
        if not line.strip() or line.startswith(("! ", "# ")):
            continue
        if title := _TITLE.match(line):
            listed.name = title["name"]
        elif keyed := _KEYED.match(line):
            read_header(listed, keyed["key"], keyed["value"].strip(), number)
        elif line.startswith("+ ") and line.endswith(" +"):
            continue
        elif unit := _UNIT.match(line):
            name = json.loads(unit["name"]) if unit["name"] else ""
            listed.units.append(
                UnitText(
                    number,
                    int(unit["size"]),
                    unit["label"],
                    unit["slug"] or "",
                    unit["faction"] or "",
                    name,
                )
            )
        elif (option := _OPTION.match(line)) and listed.units and option["label"]:
            written = Named(number, option["label"], option["slug"] or "")
            listed.units[-1].options.append((written, int(option["count"] or 1)))
        else:
            raise ImportFormatError(
                "import.text",
                f"Line {number} is not in the roster text format: {line!r}",
                f"line {number}",
            )
    for part, missing in (
        ("system", listed.system is UNSET),
        ("faction", listed.faction is UNSET),
        ("points_limit", listed.points_limit is None),
    ):
        if missing:
            raise ImportFormatError(
                "import.text", f"The text has no {part.replace('_', ' ')} line", part
            )
    return listed


def named(value: str, number: int) -> Named:
    """``Ashen Legion`` or the older ``Ashen Legion [ashen-legion]``."""
    if match := _TAGGED.match(value):
        return Named(number, match["label"], match["slug"])
    return Named(number, value)


def read_header(listed: ListText, key_word: str, value: str, number: int) -> None:
    if key_word == "Points":
        points = _POINTS.match(value)
        if not points:
            raise refuse(number, "points must read 'N/LIMIT'")
        listed.points_limit = int(points["limit"])
    elif key_word == "Game":
        listed.system = named(value, number)
    elif key_word == "Faction":
        listed.faction = named(value, number)
    else:
        listed.allies = [named(part.strip(), number) for part in value.split(",") if part.strip()]


def pick(written: Named, entries: Mapping[str, Mapping[str, Any]], what: str, where: str) -> str:
    """The slug of the one entry ``written`` names (its ``[slug]``, else its name); refused
    naming the line, with the closest names, when none or two match."""
    if written.slug:
        return written.slug
    if written.label in entries:
        return written.label
    found = [slug for slug, e in entries.items() if key(e.get("name", "")) == key(written.label)]
    if len(found) == 1:
        return found[0]
    if found:
        raise refuse(
            written.line,
            f"{where} has {len(found)} {what}s named {written.label!r}: "
            f"add the one you mean in brackets ({', '.join(f'[{s}]' for s in found)})",
        )
    names = [str(e.get("name", slug)) for slug, e in entries.items()]
    close = difflib.get_close_matches(written.label, names, n=3, cutoff=0.6)
    hint = f" (did you mean {' or '.join(repr(c) for c in close)}?)" if close else ""
    raise refuse(written.line, f"{where} has no {what} named {written.label!r}{hint}")


def text_payload(
    listed: ListText,
    *,
    system: str,
    faction: str,
    allies: list[str],
    catalogues: Mapping[str, dict[str, Any]],
) -> dict[str, Any]:
    """The interchange payload of ``listed``, whose game and factions were matched to the
    slugs given: each unit and option name matched in its faction's catalogue
    (``catalogues``, by faction slug; an entry written with its slug needs none)."""
    payload: dict[str, Any] = {
        "name": listed.name,
        "system": system,
        "faction": faction,
        "points_limit": listed.points_limit,
        "units": [],
    }
    if allies:
        payload["allies"] = list(allies)
    for unit in listed.units:
        slug, home = unit_slug(unit, faction, allies, catalogues)
        entry: dict[str, Any] = {"unit": slug, "size": unit.size, "options": [], "name": unit.name}
        if home != faction:
            entry["faction"] = home
        offered = offered_units(catalogues.get(home, {})).get(slug, {})
        options = {o["slug"]: o for o in offered.get("options", [])}
        where = str(offered.get("name", slug))
        for written, count in unit.options:
            entry["options"].extend([pick(written, options, "option", where)] * count)
        payload["units"].append(entry)
    return payload


def unit_slug(
    unit: UnitText, faction: str, allies: list[str], catalogues: Mapping[str, dict[str, Any]]
) -> tuple[str, str]:
    """(unit slug, faction slug) of a unit line: its ``[faction/slug]``; else its name in
    the faction, in the ally its brackets name, or in the one ally that has it."""
    if unit.slug:
        return unit.slug, unit.faction or faction
    written = Named(unit.line, unit.label)
    home = catalogues.get(faction, {})
    units = offered_units(home)
    if any(key(u.get("name", "")) == key(unit.label) for u in units.values()):
        return pick(written, units, "unit", home.get("name", faction)), faction
    suffix = _ALLY_SUFFIX.match(unit.label)
    for ally in allies:
        theirs = catalogues.get(ally, {})
        if suffix and key(suffix["ally"]) in (key(theirs.get("name", "")), key(ally)):
            inner = Named(unit.line, suffix["label"])
            return pick(inner, offered_units(theirs), "unit", theirs.get("name", ally)), ally
    having = [
        ally
        for ally in allies
        if any(
            key(u.get("name", "")) == key(unit.label)
            for u in offered_units(catalogues.get(ally, {})).values()
        )
    ]
    if len(having) == 1:
        ally = having[0]
        return pick(written, offered_units(catalogues[ally]), "unit", ally), ally
    return pick(written, units, "unit", home.get("name", faction)), faction
