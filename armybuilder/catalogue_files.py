"""Read catalogue files from the repository and check them (schema and consistency).

Pure apart from reading files: ``load_catalogues`` turns the result into rows.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml
from jsonschema import Draft202012Validator

from armybuilder.errors import CatalogueError
from armybuilder.rosterdata import CATALOGUE_DIR
from armybuilder.schema import FACTION_SCHEMA, SYSTEM_SCHEMA
from rules.engine.systems import get_system

SYSTEM_FILE = "_system.yaml"
_SYSTEM_VALIDATOR = Draft202012Validator(SYSTEM_SCHEMA)
FACTION_VALIDATOR = Draft202012Validator(FACTION_SCHEMA)


@dataclass(frozen=True, slots=True)
class CatalogueFile:
    """One checked catalogue file: a system's (``slug`` = system) or a faction's."""

    path: Path
    is_system: bool
    system: str
    slug: str
    revision: int
    data: dict[str, Any]
    content_hash: str


def canonical_json(data: Any) -> str:
    """Key-sorted, compact JSON: the text every content hash is taken of."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def content_hash(data: Any) -> str:
    """SHA-256 of the canonical JSON of ``data``."""
    return hashlib.sha256(canonical_json(data).encode("utf-8")).hexdigest()


def _schema_errors(validator: Draft202012Validator, data: Any) -> list[str]:
    errors = sorted(validator.iter_errors(data), key=lambda e: list(e.absolute_path))
    return [
        f"{'.'.join(str(p) for p in error.absolute_path) or '(top)'}: {error.message}"
        for error in errors[:10]
    ]


def faction_findings(data: dict[str, Any]) -> list[tuple[int, str]]:
    """Consistency the schema cannot state, as (unit index, message): unique slugs, option
    references, size bounds, and the system's own unit checks (its ``catalogue``
    capability). Each message starts with ``units[i] (slug)``."""
    unit_problems = get_system(data["system"]).catalogue.unit_problems
    findings: list[tuple[int, str]] = []
    seen_units: set[str] = set()
    for index, unit in enumerate(data.get("units", [])):
        where = f"units[{index}] ({unit['slug']})"
        if unit["slug"] in seen_units:
            findings.append((index, f"{where}: duplicate unit slug"))
        seen_units.add(unit["slug"])
        bounds = unit.get("size")
        if bounds and "max" in bounds and bounds["max"] < bounds["min"]:
            findings.append((index, f"{where}: size max below min"))
        slugs = [o["slug"] for o in unit.get("options", [])]
        if len(set(slugs)) != len(slugs):
            findings.append((index, f"{where}: duplicate option slug"))
        for option in unit.get("options", []):
            for ref in [*(option.get("requires") or []), *(option.get("excludes") or [])]:
                if ref not in slugs:
                    findings.append(
                        (index, f"{where}: option {option['slug']} names unknown '{ref}'")
                    )
        findings.extend((index, problem) for problem in unit_problems(unit, where))
    return findings


def item_findings(data: dict[str, Any]) -> list[tuple[int, str]]:
    """Magic items (docs/catalogue-format.md) as (item index, message): unique slugs that no
    unit option uses, and ``allowed`` naming only the faction's units."""
    units = {u["slug"] for u in data.get("units", [])}
    options = {o["slug"] for u in data.get("units", []) for o in u.get("options", [])}
    problems: list[tuple[int, str]] = []
    seen: set[str] = set()
    for index, item in enumerate(data.get("magic_items") or []):
        where = f"magic_items[{index}] ({item['slug']})"
        if item["slug"] in seen or item["slug"] in options:
            problems.append((index, f"{where}: slug already used by an item or a unit option"))
        seen.add(item["slug"])
        allowed = item.get("allowed") or []
        for alternative in [allowed] if isinstance(allowed, dict) else allowed:
            for slug in alternative.get("units", []):
                if slug not in units:
                    problems.append((index, f"{where}: allowed names unknown unit '{slug}'"))
    return problems


def faction_problems(data: dict[str, Any]) -> list[str]:
    """The messages of :func:`faction_findings` and :func:`item_findings`."""
    return [message for _, message in [*faction_findings(data), *item_findings(data)]]


def read_catalogue_file(path: Path) -> CatalogueFile:
    """Parse and check one file; CatalogueError (code ``catalogue.invalid``) when it fails."""
    try:
        with path.open(encoding="utf-8") as handle:
            data = yaml.safe_load(handle)
    except (OSError, yaml.YAMLError) as error:
        raise CatalogueError(f"{path.name}: cannot be read: {error}", path=str(path)) from error
    if not isinstance(data, dict):
        raise CatalogueError(f"{path.name}: not a mapping", path=str(path))
    is_system = path.name == SYSTEM_FILE
    validator = _SYSTEM_VALIDATOR if is_system else FACTION_VALIDATOR
    problems = _schema_errors(validator, data)
    if not problems and not is_system:
        problems = faction_problems(data)
    if not problems and data["system"] != path.parent.name:
        problems = [f"system '{data['system']}' but the file is in '{path.parent.name}/'"]
    if problems:
        raise CatalogueError(
            f"{path.parent.name}/{path.name}: " + "; ".join(problems), path=str(path)
        )
    return CatalogueFile(
        path=path,
        is_system=is_system,
        system=data["system"],
        slug=data["system"] if is_system else data["faction"],
        revision=int(data["revision"]),
        data=data,
        content_hash=content_hash(data),
    )


def discover(directory: Path = CATALOGUE_DIR) -> tuple[list[CatalogueFile], list[CatalogueError]]:
    """Every catalogue file under ``directory/<system>/``, system files first, sorted; files
    that fail their checks come back as errors instead."""
    files: list[CatalogueFile] = []
    errors: list[CatalogueError] = []
    paths = sorted(
        directory.glob("*/*.yaml"), key=lambda p: (p.parent.name, p.name != SYSTEM_FILE, p.name)
    )
    for path in paths:
        try:
            files.append(read_catalogue_file(path))
        except CatalogueError as error:
            errors.append(error)
    return files, errors
