"""Import a GURPS Character Sheet file (``.gcs``, the JSON format of version 5) as a sheet.

Read: ``profile.name``, ``total_points``, ``attributes[]`` (``attr_id`` + ``adj``), ``traits[]``
(``base_points``, ``levels`` × ``points_per_level``, ``cr`` self-control, ``modifiers``,
containers' ``children``), ``skills[]`` (``difficulty`` "dx/a", ``points``; a technique has a
``default`` to its parent skill), ``spells[]`` and ``equipment[]`` (``description``,
``equipped``). What Muster cannot map — a trait or skill not on its lists and without a price,
an enabled modifier, a spell, an attribute such as Fright Check or Vision, equipment not on the
equipment list or not equipped — goes to the :class:`ImportReport` with the points it held, so
the report says by how much and why Muster's total differs from the file's. Costs follow GURPS
4e Basic Set (see :mod:`.costs`, :mod:`.traits`).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from rules.engine.systems.base import EngineError
from rules.engine.systems.hextactical.character import normalise_difficulty, skill_relative_level
from rules.engine.systems.hextactical.pointbuy.equipment import ITEMS
from rules.engine.systems.hextactical.pointbuy.sheet import price, read_sheet
from rules.engine.systems.hextactical.pointbuy.traits import find_trait

GCS_VERSION = 5
#: The largest file accepted, in bytes (a 250-CP character is ~50 kB; GCS embeds notes).
MAX_GCS_BYTES = 2 * 1024 * 1024
_PRIMARY = {"st": "ST", "dx": "DX", "iq": "IQ", "ht": "HT"}
_SECONDARY = {
    "hp": "HP",
    "will": "Will",
    "per": "Per",
    "fp": "FP",
    "basic_speed": "BasicSpeed",
    "basic_move": "BasicMove",
}
_SKILL_ATTRIBUTES = {"st": "ST", "dx": "DX", "iq": "IQ", "ht": "HT", "will": "Will", "per": "Per"}
_NAMEABLE = re.compile(r"@([^@]+)@")
_PARENTHESIS = re.compile(r"^(?P<base>[^(]+?)\s*\((?P<inner>[^)]*)\)\s*$")
_ITEMS_BY_NAME = {item["name"].lower(): slug for slug, item in ITEMS.items()}


@dataclass(frozen=True, slots=True)
class Unmapped:
    """One element of the file left out of the Muster sheet (or priced differently), the
    points that makes Muster's total differ by, and why."""

    path: str
    element: str
    name: str
    points: int
    reason: str

    def as_dict(self) -> dict[str, Any]:
        return {
            "path": self.path,
            "element": self.element,
            "name": self.name,
            "points": self.points,
            "reason": self.reason,
        }


@dataclass(slots=True)
class ImportReport:
    """What the import made of the file: declared and computed totals and what is left."""

    declared_total: int
    computed_total: int = 0
    unspent: int = 0
    unmapped: list[Unmapped] = field(default_factory=list)

    @property
    def difference(self) -> int:
        """Declared − computed: 0 when every element is known and priced as the file does."""
        return self.declared_total - self.computed_total

    def as_dict(self) -> dict[str, Any]:
        return {
            "declared_total": self.declared_total,
            "computed_total": self.computed_total,
            "difference": self.difference,
            "unspent": self.unspent,
            "matches": self.difference == 0,
            "unmapped": [u.as_dict() for u in self.unmapped],
        }


def _number(value: Any, where: str, default: float = 0) -> float:
    if value is None:
        return default
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise EngineError("gcs.field", f"{where} must be a number, got {value!r}.", where)
    return value


def _entries(data: dict[str, Any], key: str, where: str) -> list[tuple[str, dict[str, Any]]]:
    """The entries of a list, containers' ``children`` flattened, each with its path."""
    value = data.get(key) or []
    if not isinstance(value, list):
        raise EngineError("gcs.field", f"{where} must be a list.", where)
    out: list[tuple[str, dict[str, Any]]] = []
    for index, entry in enumerate(value):
        path = f"{where}[{index}]"
        if not isinstance(entry, dict):
            raise EngineError("gcs.field", f"{path} must be an object.", path)
        if "children" in entry:
            out.extend(_entries(entry, "children", f"{path}.children"))
        else:
            out.append((path, entry))
    return out


def _mapping(value: object) -> dict[str, Any]:
    """``value`` when it is a JSON object, else an empty one."""
    return value if isinstance(value, dict) else {}


def _file_points(entry: dict[str, Any], path: str) -> int:
    calc = _mapping(entry.get("calc"))
    if "points" in calc:
        return int(_number(calc["points"], f"{path}.calc.points"))
    if "points" in entry:
        return int(_number(entry["points"], f"{path}.points"))
    return int(
        _number(entry.get("base_points"), f"{path}.base_points")
        + _number(entry.get("levels"), f"{path}.levels")
        * _number(entry.get("points_per_level"), f"{path}.points_per_level")
    )


def _trait_name(entry: dict[str, Any]) -> tuple[str, str]:
    """(base name, parenthesised detail) with GCS's ``@nameable@`` text replaced."""
    replacements = _mapping(entry.get("replacements"))
    name = _NAMEABLE.sub(
        lambda m: str(replacements.get(m.group(1), m.group(1))), str(entry["name"])
    )
    match = _PARENTHESIS.match(name)
    if match:
        return match.group("base").strip(), match.group("inner").strip()
    return name.strip(), ""


def _trait(entry: dict[str, Any], path: str, report: ImportReport) -> dict[str, Any]:
    if not str(entry.get("name", "")).strip():
        raise EngineError("gcs.field", f"{path}.name is missing.", f"{path}.name")
    file_points = _file_points(entry, path)
    base, detail = _trait_name(entry)
    tags = [str(t).lower() for t in entry.get("tags") or []]
    if "quirk" in tags and file_points == -1:
        return {"name": "Quirk", "note": str(entry["name"])}
    trait = find_trait(f"{base} ({detail})") or find_trait(base)
    if trait is None:
        report.unmapped.append(
            Unmapped(
                path,
                "trait",
                str(entry["name"]),
                0,
                "not on Muster's trait list: carried as flavour at the file's cost",
            )
        )
        return {"name": str(entry["name"]), "points": file_points}
    sheet_entry: dict[str, Any] = {"name": trait.name}
    if trait.leveled:
        sheet_entry["level"] = int(_number(entry.get("levels"), f"{path}.levels", 1))
    if trait.variants:
        by_points = {v: k for k, v in trait.variants.items()}
        sheet_entry["variant"] = (
            detail.lower() if detail.lower() in trait.variants else by_points.get(file_points, "")
        )
    if trait.name == "Enhanced Parry":
        sheet_entry["skill"] = detail
    if entry.get("cr") is not None and trait.self_control:
        sheet_entry["self_control"] = int(_number(entry["cr"], f"{path}.cr"))
    for m_index, modifier in enumerate(entry.get("modifiers") or []):
        if isinstance(modifier, dict) and not modifier.get("disabled"):
            report.unmapped.append(
                Unmapped(
                    f"{path}.modifiers[{m_index}]",
                    "modifier",
                    str(modifier.get("name")),
                    0,
                    f"modifiers are not priced: {trait.name} at its list cost",
                )
            )
    return {**sheet_entry, "_file_points": file_points, "_path": path}


def _skill(entry: dict[str, Any], path: str, report: ImportReport) -> tuple[str, dict] | None:
    name = str(entry.get("name", "")).strip()
    if not name:
        raise EngineError("gcs.field", f"{path}.name is missing.", f"{path}.name")
    points = int(_number(entry.get("points"), f"{path}.points"))
    if points <= 0:
        return None
    difficulty = str(entry.get("difficulty", ""))
    if isinstance(entry.get("default"), dict):
        parent = str(entry["default"].get("name", ""))
        key = normalise_difficulty(difficulty.split("/")[-1])
        levels = points if key == "A" else max(0, points - 1)
        return "techniques", {
            "name": name,
            "skill": parent,
            "difficulty": key,
            "default": int(_number(entry["default"].get("modifier"), f"{path}.default.modifier")),
            "levels": levels,
            "_file_points": points,
            "_path": path,
        }
    attribute, _, level = difficulty.partition("/")
    if attribute.lower() not in _SKILL_ATTRIBUTES:
        raise EngineError(
            "gcs.field", f"{path}.difficulty: cannot read {difficulty!r}.", f"{path}.difficulty"
        )
    if entry.get("specialization"):
        name = f"{name} ({entry['specialization']})"
    try:
        relative = skill_relative_level(level, points)
    except EngineError as error:
        raise EngineError("gcs.field", f"{path}: {error.message}", f"{path}.points") from error
    return "skills", {
        "name": name,
        "attribute": _SKILL_ATTRIBUTES[attribute.lower()],
        "difficulty": normalise_difficulty(level),
        "level": relative,
        "_file_points": points,
        "_path": path,
    }


def _attributes(data: dict[str, Any], report: ImportReport) -> tuple[dict, dict]:
    attributes: dict[str, int] = {}
    secondary: dict[str, float] = {}
    for path, entry in _entries(data, "attributes", "attributes"):
        attr_id = str(entry.get("attr_id", ""))
        adj = _number(entry.get("adj"), f"{path}.adj")
        if attr_id in _PRIMARY:
            attributes[_PRIMARY[attr_id]] = int(10 + adj)
        elif attr_id in _SECONDARY:
            secondary[_SECONDARY[attr_id]] = adj
        elif adj:
            report.unmapped.append(
                Unmapped(
                    path,
                    "attribute",
                    attr_id,
                    _file_points(entry, path),
                    "not an attribute Muster buys: left out",
                )
            )
    return attributes, secondary


def _equipment(data: dict[str, Any], report: ImportReport) -> list[str]:
    slugs: list[str] = []
    for path, entry in _entries(data, "equipment", "equipment"):
        name = str(entry.get("description", entry.get("name", "")))
        slug = _ITEMS_BY_NAME.get(name.strip().lower().replace("armor", "armour"))
        if not entry.get("equipped", True):
            report.unmapped.append(Unmapped(path, "equipment", name, 0, "carried, not equipped"))
        elif slug is None:
            report.unmapped.append(
                Unmapped(path, "equipment", name, 0, "not on Muster's equipment list")
            )
        else:
            slugs.extend([slug] * max(1, int(_number(entry.get("quantity"), path, 1))))
    return slugs


def read_gcs(raw: bytes | str) -> dict[str, Any]:
    """The parsed JSON of a ``.gcs`` file; EngineError ``gcs.too_large``, ``gcs.json`` or
    ``gcs.version`` (naming the field) for a file Muster does not read."""
    if len(raw) > MAX_GCS_BYTES:
        raise EngineError("gcs.too_large", f"A .gcs file may hold at most {MAX_GCS_BYTES} bytes.")
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError) as error:
        raise EngineError("gcs.json", f"Not a JSON .gcs file: {error}.") from error
    if not isinstance(data, dict):
        raise EngineError("gcs.json", "A .gcs file holds one JSON object.")
    version = data.get("version")
    if version != GCS_VERSION:
        raise EngineError(
            "gcs.version",
            f"version: Muster reads GCS files of version {GCS_VERSION}, this one is {version!r}.",
            "version",
        )
    return data


def _priced_differences(sheet_data: dict[str, Any], report: ImportReport) -> None:
    """Price each known trait, skill and technique alone and compare with the file's points
    (the marks ``_file_points`` and ``_path`` are removed on the way)."""
    for key in ("traits", "skills", "techniques"):
        for entry in sheet_data[key]:
            file_points = entry.pop("_file_points", None)
            path = entry.pop("_path", "")
            if file_points is None:
                continue
            try:
                points = price(read_sheet({key: [entry]})).total
            except EngineError as error:
                raise EngineError("gcs.field", f"{path}: {error.message}", path) from error
            if file_points != points:
                report.unmapped.append(
                    Unmapped(
                        path,
                        "price",
                        str(entry["name"]),
                        file_points - points,
                        f"the file spends {file_points}, Muster's price is {points}",
                    )
                )


def gcs_sheet(data: dict[str, Any]) -> tuple[dict[str, Any], ImportReport]:
    """A Muster sheet from a parsed ``.gcs`` file and the import report."""
    report = ImportReport(declared_total=int(_number(data.get("total_points"), "total_points")))
    attributes, secondary = _attributes(data, report)
    skills: dict[str, list[dict[str, Any]]] = {"skills": [], "techniques": []}
    for path, entry in _entries(data, "skills", "skills"):
        found = _skill(entry, path, report)
        if found:
            skills[found[0]].append(found[1])
    for path, entry in _entries(data, "spells", "spells"):
        report.unmapped.append(
            Unmapped(
                path,
                "spell",
                str(entry.get("name")),
                _file_points(entry, path),
                "spells are not played: left out",
            )
        )
    profile = _mapping(data.get("profile"))
    sheet_data: dict[str, Any] = {
        "name": str(profile.get("name", "")),
        "attributes": attributes,
        "secondary": secondary,
        "traits": [_trait(e, p, report) for p, e in _entries(data, "traits", "traits")],
        **skills,
        "equipment": _equipment(data, report),
    }
    try:
        _priced_differences(sheet_data, report)
        report.computed_total = price(read_sheet(sheet_data)).total
    except EngineError as error:
        raise EngineError("gcs.field", error.message, error.code) from error
    left_out = sum(u.points for u in report.unmapped)
    report.unspent = report.declared_total - report.computed_total - left_out
    if report.unspent:
        report.unmapped.append(
            Unmapped(
                "total_points",
                "unspent",
                "",
                report.unspent,
                "points the file declares but does not spend (or spends on what Muster cannot see)",
            )
        )
    return sheet_data, report
