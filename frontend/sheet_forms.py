"""The character-sheet editor's form, read back into a sheet (the plain data of a point-built
unit's ``extra.sheet``) and the row actions of its buttons.

Nothing is checked here: numbers that are not numbers are passed on as typed, so the sheet's
own reader (the system's ``sheets.review``) names the field at fault, as it does for the API.
Keys the form does not edit (techniques, tech level) ride along in the hidden ``kept`` field.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from django.http import QueryDict

#: The trait fields a row may carry besides its name.
TRAIT_FIELDS = ("level", "variant", "self_control", "skill", "note", "points")
ROW_ACTION = re.compile(r"^(?P<verb>add|remove)-(?P<what>trait|skill|item)(?:-(?P<index>\d+))?$")
#: The sheet keys the form edits; every other key is kept as it was.
EDITED = ("name", "attributes", "secondary", "traits", "skills", "equipment", "wealth")


@dataclass(frozen=True, slots=True)
class SheetPost:
    """A posted sheet: the sheet, the unit's category, the unit index and the button pressed
    (``save``, ``check``, ``add-trait``, ``remove-skill-2``…)."""

    sheet: dict[str, Any]
    category: str
    index: int
    action: str


def _number(text: str) -> Any:
    """``text`` as an int or float when it is one, else as typed (the reader names it)."""
    text = text.strip()
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            continue
    return text


def _column(post: QueryDict, key: str, rows: int) -> list[str]:
    values = post.getlist(key)
    return [*values, *[""] * (rows - len(values))][:rows]


def _traits(post: QueryDict) -> list[dict[str, Any]]:
    names = post.getlist("trait-name")
    columns = {f: _column(post, f"trait-{f}", len(names)) for f in TRAIT_FIELDS}
    traits = []
    for row, name in enumerate(names):
        if not name.strip():
            continue
        entry: dict[str, Any] = {"name": name.strip()}
        for key in TRAIT_FIELDS:
            value = columns[key][row].strip()
            if value:
                entry[key] = value if key in ("variant", "skill", "note") else _number(value)
        traits.append(entry)
    return traits


def _skills(post: QueryDict) -> list[dict[str, Any]]:
    names = post.getlist("skill-name")
    levels = _column(post, "skill-level", len(names))
    return [
        {"name": name.strip(), "level": _number(level or "0")}
        for name, level in zip(names, levels, strict=True)
        if name.strip()
    ]


def _kept(post: QueryDict) -> dict[str, Any]:
    try:
        kept = json.loads(post.get("kept") or "{}")
    except ValueError:
        return {}
    return {k: v for k, v in kept.items() if k not in EDITED} if isinstance(kept, dict) else {}


def _apply_action(sheet: dict[str, Any], post: QueryDict, action: str) -> None:
    """Add the searched-for trait, skill or item, or remove the row the button names."""
    match = ROW_ACTION.match(action)
    if match is None:
        return
    key = {"trait": "traits", "skill": "skills", "item": "equipment"}[match["what"]]
    rows = sheet[key]
    if match["verb"] == "remove":
        index = int(match["index"] or -1)
        if 0 <= index < len(rows):
            del rows[index]
        return
    added = post.get(f"{match['what']}-add", "").strip()
    if not added:
        return
    if key == "equipment":
        rows.append(added)
    elif key == "skills":
        rows.append({"name": added, "level": 0})
    else:
        rows.append({"name": added})


def sheet_post(post: QueryDict, attributes: list[str], secondary: list[str]) -> SheetPost:
    """The sheet the editor's form describes, after its row button (if any) is applied."""
    sheet: dict[str, Any] = {
        **_kept(post),
        "name": post.get("name", "").strip(),
        "attributes": {k: _number(post.get(f"attr-{k}", "10") or "10") for k in attributes},
        "secondary": {k: _number(post.get(f"sec-{k}", "0") or "0") for k in secondary},
        "traits": _traits(post),
        "skills": _skills(post),
        "equipment": [slug for slug in post.getlist("item") if slug.strip()],
    }
    if post.get("wealth", "").strip():
        sheet["wealth"] = _number(post["wealth"])
    action = post.get("action", "check")
    _apply_action(sheet, post, action)
    index = _number(post.get("index", "0") or "0")
    return SheetPost(
        sheet=sheet,
        category=post.get("category", "").strip(),
        index=index if isinstance(index, int) and index >= 0 else 0,
        action=action,
    )
