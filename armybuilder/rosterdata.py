"""Turn roster choices into the engine's RosterData (pure Python, no Django needed).

The rules are those of docs/catalogue-format.md, "RosterData": weapon counts resolved,
option effects applied in order, points computed from the catalogue (never from the client).
Tests, benchmarks and the Django mapper all use these functions so there is one reading.
"""

from __future__ import annotations

from copy import deepcopy
from pathlib import Path
from typing import Any

import yaml

from armybuilder.entry_units import entry_unit, skill_tables
from armybuilder.magic_items import is_item, offered_units

CATALOGUE_DIR = Path(__file__).resolve().parent / "catalogues"
SAMPLES_DIR = Path(__file__).resolve().parent / "samples"


def load_yaml(path: Path) -> dict[str, Any]:
    """Parse one YAML catalogue or sample file."""
    with path.open(encoding="utf-8") as handle:
        return yaml.safe_load(handle)


def load_faction(system: str, faction: str) -> dict[str, Any]:
    """The parsed catalogue of one faction."""
    return load_yaml(CATALOGUE_DIR / system / f"{faction}.yaml")


def load_sample_roster(system: str, name: str) -> dict[str, Any]:
    """A sample roster payload (``armybuilder/samples/<system>/<name>.yaml``)."""
    return load_yaml(SAMPLES_DIR / system / f"{name}.yaml")


def unit_base_cost(unit: dict[str, Any], size: int) -> int:
    """Cost of ``unit`` at ``size`` models: a listed size's cost, or cost + extra models."""
    if "sizes" in unit:
        for entry in unit["sizes"]:
            if entry["size"] == size:
                return int(entry["cost"])
        raise KeyError(f"{unit['slug']}: no size {size}")
    extra_models = max(0, size - unit["size"]["min"])
    return int(unit["cost"]) + extra_models * int(unit.get("cost_per_model", 0))


def option_cost(option: dict[str, Any], size: int) -> int:
    """Cost of one option: per model when ``per_model``, else once."""
    return int(option.get("cost", 0)) * (size if option.get("per_model") else 1)


def default_size(unit: dict[str, Any]) -> int:
    """The size a new entry of ``unit`` starts at: its minimum, or its first listed size."""
    if unit.get("sizes"):
        return int(unit["sizes"][0]["size"])
    return int((unit.get("size") or {}).get("min") or 1)


def entry_points(
    unit: dict[str, Any],
    size: int,
    option_slugs: list[str] | tuple[str, ...],
    by_slug: dict[str, dict[str, Any]] | None = None,
) -> int:
    """Points of one entry: base cost at ``size`` plus every chosen option (a repeated slug is
    bought once per repeat). A size the catalogue does not list prices at 0 for the base, and
    unknown options at 0: the validator reports both, pricing never fails. ``by_slug`` is
    :func:`options_by_slug` of ``unit`` when the caller already has it."""
    try:
        base = unit_base_cost(unit, size)
    except KeyError:
        base = 0
    if not option_slugs:
        return base
    if by_slug is None:
        by_slug = options_by_slug(unit)
    for slug in option_slugs:
        option = by_slug.get(slug)
        if option is not None:
            base += option_cost(option, size)
    return base


def options_by_slug(unit: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The unit's options by slug."""
    return {o["slug"]: o for o in unit.get("options", [])}


def _weapon_count(count: Any, size: int) -> int:
    return size if count in (None, "all") else int(count)


def apply_options(
    unit: dict[str, Any], size: int, option_slugs: list[str]
) -> tuple[dict[str, Any], list[dict[str, Any]], list[str]]:
    """Profile, weapons (counts resolved) and rules of ``unit`` with options applied in
    catalogue order; an option listed k times (up to N per M models) has k carriers."""
    profile = deepcopy(unit.get("profile", {}))
    weapons = [
        {**deepcopy(w), "count": _weapon_count(w.get("count"), size)}
        for w in unit.get("weapons", [])
    ]
    rules = list(unit.get("rules", []))
    taken = {slug: option_slugs.count(slug) for slug in option_slugs}
    for option in unit.get("options", []):
        if option["slug"] not in taken:
            continue
        effects = option.get("effects", {}) or {}
        carriers = size if option.get("per_model") else taken[option["slug"]]
        replaced = effects.get("replace_weapon")
        if replaced:
            for weapon in weapons:
                if weapon["name"] == replaced:
                    weapon["count"] = max(0, weapon["count"] - carriers)
            weapons = [w for w in weapons if w["count"] > 0]
        for added in effects.get("add_weapons", []):
            weapons.append({**deepcopy(added), "count": carriers * int(added.get("count", 1))})
        for rule in effects.get("add_rules", []):
            if rule not in rules:
                rules.append(rule)
        profile.update(effects.get("profile", {}))
    return profile, weapons, rules


def unit_entry_to_engine(
    unit: dict[str, Any], entry: dict[str, Any], entry_id: str
) -> dict[str, Any]:
    """One roster entry ``{"unit", "size", "options", "name", "skills"?}`` as an engine unit
    dict; the entry's skills join the unit's starting ``extra.skills``."""
    size = int(entry.get("size") or default_size(unit))
    options = list(entry.get("options", []))
    profile, weapons, rules = apply_options(unit, size, options)
    points = entry_points(unit, size, options)
    engine_unit = {
        "id": entry.get("id") or entry_id,
        "unit": unit["slug"],
        "name": entry.get("name") or unit["name"],
        "category": unit.get("category", ""),
        "unit_type": unit.get("unit_type", ""),
        "size": size,
        "points": points,
        "profile": profile,
        "weapons": weapons,
        "rules": rules,
        "options": options,
        "extra": deepcopy(unit.get("extra", {})),
    }
    if entry.get("skills"):
        extra = engine_unit["extra"]
        extra["skills"] = [*extra.get("skills", []), *entry["skills"]]
    items = carried_items(unit, options)
    if items:
        engine_unit["items"] = items
    return engine_unit


def carried_items(unit: dict[str, Any], option_slugs: list[str]) -> list[dict[str, Any]]:
    """The magic items among the chosen options, as the engine reads them: slug, name and
    the stat changes (``modify``) it applies after the unit's size profile (a granted rule is
    already in ``rules``)."""
    by_slug = {o["slug"]: o for o in unit.get("options", [])}
    return [
        {
            "slug": slug,
            "name": by_slug[slug]["name"],
            "modify": dict((by_slug[slug].get("effects") or {}).get("modify") or {}),
        }
        for slug in dict.fromkeys(option_slugs)
        if is_item(by_slug.get(slug))
    ]


def roster_to_engine(
    roster: dict[str, Any], catalogues: dict[str, dict[str, Any]]
) -> dict[str, Any]:
    """A roster payload as RosterData; ``catalogues`` maps faction slug → parsed catalogue
    (the primary faction and any allies). Entries may name ``"faction"`` for allies; each is
    priced against its ``entry_units.entry_unit`` (a Weapons Training hero's wider list)."""
    units = []
    tables = skill_tables(str(roster["system"]))
    for index, entry in enumerate(roster["units"], start=1):
        catalogue = catalogues[entry.get("faction") or roster["faction"]]
        unit = entry_unit(offered_units(catalogue)[entry["unit"]], entry, catalogue, tables)
        units.append(unit_entry_to_engine(unit or {}, entry, f"u{index}"))
    return {
        "system": roster["system"],
        "name": roster.get("name", ""),
        "faction": roster["faction"],
        "points": sum(u["points"] for u in units),
        "points_limit": roster.get("points_limit"),
        "units": units,
    }


def sample_roster_data(system: str, name: str) -> dict[str, Any]:
    """A sample roster as RosterData, its catalogues loaded from the repository files."""
    roster = load_sample_roster(system, name)
    factions = {roster["faction"]} | {u["faction"] for u in roster["units"] if u.get("faction")}
    catalogues = {slug: load_faction(system, slug) for slug in factions}
    return roster_to_engine(roster, catalogues)
