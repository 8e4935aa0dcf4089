"""Plain records of profiles and rules, the shape each system's BattleScribe mapping reads
(``CatalogueCapability.importers["battlescribe"]``, docs/battlescribe.md)."""

from __future__ import annotations

import re
from typing import Any

from armybuilder.battlescribe.resolve import Element

_NUMBER = re.compile(r"-?\d+")
_PARAM = re.compile(r"^(?P<base>.*?)\s*\((?P<param>[^()]*)\)\s*$")
_WORD = re.compile(r"[a-z0-9]+")


def slugify(name: str, limit: int = 60) -> str:
    """``Spear Guard (Horde)`` → ``spear-guard-horde``; ``entry`` when nothing is left."""
    return "-".join(_WORD.findall(name.lower()))[:limit].strip("-") or "entry"


def first_number(text: str) -> int | None:
    """The first integer in a characteristic (``4+`` → 4, ``12"`` → 12, ``-`` → None)."""
    found = _NUMBER.search(text)
    return int(found.group()) if found else None


def profile_record(element: Element) -> dict[str, Any]:
    """``{id, name, type, file, path, values: {name: text}, numbers: {name: int|None}}``."""
    node = element.node
    values = {c.get("name"): c.text for c in node.each("characteristics", "characteristic")}
    return {
        "id": node.get("id"),
        "name": node.get("name"),
        "type": node.get("typeName"),
        "file": element.file,
        "path": element.path,
        "values": values,
        "numbers": {k: first_number(v) for k, v in values.items()},
    }


def rule_record(element: Element) -> dict[str, Any]:
    """``{id, name, file, path, text, words, param}``: ``Crushing Strength (1)`` has words
    ``[crushing, strength]`` and param ``1``, for the system to spell as its slug."""
    node = element.node
    name = node.get("name")
    match = _PARAM.match(name)
    base, param = (match.group("base"), match.group("param").strip()) if match else (name, "")
    description = node.child("description")
    return {
        "id": node.get("id"),
        "name": name,
        "file": element.file,
        "path": element.path,
        "text": description.text if description else "",
        "words": _WORD.findall(base.lower()),
        "param": param,
    }
