"""The shape of a system's BattleScribe mapping (docs/battlescribe.md): which profile types
and characteristic names make the engine's stat line, how a weapon profile, a unit's
categories and a rule name read in this system.

A system lists a :class:`BattleScribeMapping` as ``CatalogueCapability.importers
["battlescribe"]``; the army builder resolves the files and calls it once per unit with
plain records (``records`` in armybuilder/battlescribe), and it answers the Muster unit
plus every profile, characteristic, weapon or rule it could not use and why. Pure data in,
data out: no file, no framework.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

Record = Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class BattleScribeMapping:
    """One system's reading of BattleScribe units.

    - ``unit_profiles``: profile type names (lowercase) read as the stat line; ``stats``
      maps each engine key to the characteristic names that may hold it (first found);
    - ``weapon_profiles``: profile type names read by ``weapon`` (a weapon dict, or a
      string saying why the profile cannot be played; the dict's ``_unplayed`` lists the
      abilities it dropped, each reported);
    - ``item``: an option or wargear entry named after a piece of equipment (no profile)
      as a weapon dict, or None;
    - ``classify``: a unit record's ``{category, unit_type, extra}``, or why the unit
      cannot be played;
    - ``rule_slug``: a rule's name words and parameter as the system's slug;
    - ``listed_sizes``: the unit's ``Label (N)`` sizes become ``sizes`` with per-size
      stat overrides in ``extra.size_profiles`` (Kings of War), else ``size`` min–max;
    - ``base_weapon_count``: the ``count`` of the wargear every model carries;
    - ``classifying``: characteristics ``classify`` reads (not reported as unread);
    - ``classifying_profiles``: profile types ``classify`` reads (e.g. a transport's
      capacity), not reported as unread.
    """

    unit_profiles: tuple[str, ...]
    stats: Mapping[str, tuple[str, ...]]
    weapon_profiles: tuple[str, ...]
    weapon: Callable[[Record], dict[str, Any] | str]
    classify: Callable[[Record], dict[str, Any] | str]
    rule_slug: Callable[[Sequence[str], str], str]
    known_rules: frozenset[str]
    item: Callable[[str], dict[str, Any] | None] = lambda name: None
    listed_sizes: bool = False
    base_weapon_count: str | None = None
    classifying: tuple[str, ...] = ()
    classifying_profiles: tuple[str, ...] = ()

    def __call__(self, record: Record) -> dict[str, Any]:
        """``{"unit": dict | None, "unmapped": [...], "glossary": [...]}`` for one unit."""
        out = _Answer()
        unit = dict(record["unit"])
        base = self._profile(record["profiles"], out, whole=True)
        sizes = record.get("sizes") or []
        if base is None and sizes:
            base = self._profile(sizes[0]["_records"]["profiles"], out, whole=True)
        if base is None:
            out.skip(
                record, "selectionEntry", f"no profile of type {' / '.join(self.unit_profiles)}"
            )
            return out.answer(None)
        missing = [key for key, value in base.items() if value is _MISSING]
        if missing:
            out.skip(record, "selectionEntry", f"its profile lacks {', '.join(missing)}")
            return out.answer(None)
        kind = self.classify(record)
        if isinstance(kind, str):
            out.skip(record, "selectionEntry", kind)
            return out.answer(None)
        unit.update(category=kind["category"], unit_type=kind["unit_type"], profile=base)
        unit["extra"] = {**unit.get("extra", {}), **kind.get("extra", {})}
        unit["weapons"] = self._weapons(record, out, self.base_weapon_count)
        unit["rules"] = self._rules(record["rules"], out)
        if self.listed_sizes and sizes:
            self._sizes(unit, sizes, base, out)
        unit["options"] = [self._option(o, base, out) for o in record["options"]]
        return out.answer(unit)

    # --- pieces ------------------------------------------------------------------------

    def _profile(self, profiles: Sequence[Record], out: _Answer, *, whole: bool):
        for profile in profiles:
            if (profile["type"] or "").lower() not in self.unit_profiles:
                continue
            stats: dict[str, Any] = {}
            used: set[str] = set()
            for key, names in self.stats.items():
                name = next((n for n in names if n in profile["values"]), None)
                if name is None:
                    stats[key] = _MISSING if whole else None
                    continue
                used.add(name)
                stats[key] = profile["numbers"][name]
            for name in profile["values"]:
                if name not in used and name not in self.classifying:
                    out.skip(profile, "characteristic", f"'{name}' is not read by the engine")
            return stats if whole else {k: v for k, v in stats.items() if v is not None}
        return None

    def _weapons(self, records: Record, out: _Answer, count: str | None) -> list[dict[str, Any]]:
        weapons = []
        for profile in records["profiles"]:
            kind = (profile["type"] or "").lower()
            if kind in self.weapon_profiles:
                weapon = self.weapon(profile)
                if isinstance(weapon, str):
                    out.skip(profile, "profile", weapon)
                    continue
                for unplayed in weapon.pop("_unplayed", []):
                    out.skip(
                        profile, "profile", f"weapon ability '{unplayed}' has no engine effect"
                    )
                weapons.append({**weapon, **({"count": count} if count else {})})
            elif kind not in self.unit_profiles and kind not in self.classifying_profiles:
                out.skip(profile, "profile", f"profile type '{profile['type']}' is not read")
        for name in records.get("items", []) if not weapons else []:
            item = self.item(name)
            if item is not None:
                weapons.append({**item, **({"count": count} if count else {})})
        return weapons

    def _rules(self, rules: Sequence[Record], out: _Answer) -> list[str]:
        found: list[str] = []
        for rule in rules:
            slug = self.rule_slug(rule["words"], rule["param"])
            out.glossary.setdefault(
                slug, {"slug": slug, "name": rule["name"], "text": rule["text"][:500]}
            )
            if slug.split("(")[0] in self.known_rules:
                if slug not in found:
                    found.append(slug)
            else:
                out.skip(rule, "rule", f"'{rule['name']}' has no engine effect (kept as text)")
        return found

    def _sizes(self, unit: dict[str, Any], sizes: Sequence[Record], base, out) -> None:
        unit.pop("size", None)
        unit.pop("cost", None)
        unit.pop("cost_per_model", None)
        unit["sizes"] = [{"size": s["size"], "cost": s["cost"], "label": s["label"]} for s in sizes]
        overrides = {}
        for size in sizes:
            stats = self._profile(size["_records"]["profiles"], out, whole=False) or {}
            changed = {k: v for k, v in stats.items() if base.get(k) != v}
            if changed:
                overrides[str(size["size"])] = changed
        if overrides:
            unit["extra"]["size_profiles"] = overrides

    def _option(self, option: Record, base, out: _Answer) -> dict[str, Any]:
        records = option["_records"]
        effects: dict[str, Any] = {}
        weapons = self._weapons(records, out, None)
        if weapons:
            effects["add_weapons"] = weapons
        rules = self._rules(records["rules"], out)
        if rules:
            effects["add_rules"] = rules
        stats = self._profile(records["profiles"], out, whole=False) or {}
        changed = {k: v for k, v in stats.items() if base.get(k) != v}
        if changed:
            effects["profile"] = changed
        if not effects:
            out.skip(
                option["_where"], "option", f"'{option['name']}' has no effect the engine plays"
            )
        mapped = {k: v for k, v in option.items() if not k.startswith("_")}
        return {**mapped, **({"effects": effects} if effects else {})}


_MISSING: Any = object()


class _Answer:
    """The unmapped elements and glossary gathered while mapping one unit."""

    def __init__(self) -> None:
        self.unmapped: list[dict[str, str]] = []
        self.glossary: dict[str, dict[str, str]] = {}

    def skip(self, record: Record, element: str, reason: str) -> None:
        self.unmapped.append(
            {
                "file": record["file"],
                "id": record["id"],
                "path": record["path"],
                "element": element,
                "reason": reason,
            }
        )

    def answer(self, unit: dict[str, Any] | None) -> dict[str, Any]:
        return {"unit": unit, "unmapped": self.unmapped, "glossary": list(self.glossary.values())}
