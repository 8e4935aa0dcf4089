"""What the catalogue pages show and how their forms change a document: each unit's stat
line, weapons, options and cost; the text the editor starts from; one unit's common fields,
a copied or removed unit (each returns new data: the ``armybuilder`` services check and save
it as the next revision); who builds from a catalogue; the roster builder's faction choices
(samples, the player's own, public ones, one unlisted by its link).

Reads go through ``armybuilder.catalogue_selectors`` and ``catalogue_access``, so a page
shows exactly what the API would.
"""

from __future__ import annotations

import copy
import json
import re
from typing import Any

import yaml
from django.db.models import Q
from django.utils.text import slugify

from armybuilder import rosterdata
from armybuilder.catalogue_access import visible_q
from armybuilder.catalogue_selectors import catalogue_list, catalogue_revision_list
from armybuilder.models import Faction, Roster, Visibility
from armybuilder.selectors import faction_list
from armybuilder.services.user_catalogues import catalogue_users
from frontend.editor import PROFILE_ORDER, profile_adjustments, unit_profile

#: A link token as ``secrets.token_urlsafe`` writes it (anything else opens nothing).
LINK_TOKEN = re.compile(r"[A-Za-z0-9_-]{1,64}")

#: Weapon keys shown as the weapon's name and kind; the others are its figures.
WEAPON_NAMED = ("name", "type")


#: The shipped files' key order for a document, a unit, a weapon and an option (the stored
#: JSON does not keep the uploaded order); other keys follow in alphabetical order.
DOCUMENT_KEYS = (
    *("system", "faction", "name", "revision", "alignment", "description"),
    *("special_rules", "constraints", "units"),
)
UNIT_KEYS = (
    *("slug", "name", "category", "unit_type", "size", "sizes", "cost", "cost_per_model"),
    *("unique", "profile", "weapons", "rules", "extra", "options"),
)
OPTION_KEYS = ("slug", "name", "cost", "per_model", "group", "effects")
WEAPON_KEYS = ("name", "count", "range", "S", "AP", "type", "special")


def _ordered(entry: dict[str, Any], keys: tuple[str, ...]) -> dict[str, Any]:
    rank = {key: index for index, key in enumerate(keys)}
    return {k: entry[k] for k in sorted(entry, key=lambda k: (rank.get(k, len(keys)), k))}


def _unit_in_order(unit: dict[str, Any]) -> dict[str, Any]:
    ordered = _ordered(unit, UNIT_KEYS)
    if isinstance(ordered.get("profile"), dict):
        ordered["profile"] = _ordered(ordered["profile"], PROFILE_ORDER)
    if isinstance(ordered.get("size"), dict):
        ordered["size"] = _ordered(ordered["size"], ("min", "max"))
    for key, keys in (("weapons", WEAPON_KEYS), ("options", OPTION_KEYS)):
        if isinstance(ordered.get(key), list):
            ordered[key] = [_ordered(e, keys) if isinstance(e, dict) else e for e in ordered[key]]
    return ordered


def clean_token(raw: str) -> str:
    """``raw`` when it has a link token's shape, else "" (so junk never reaches a query)."""
    return raw if LINK_TOKEN.fullmatch(raw) else ""


def dump_yaml(data: dict[str, Any]) -> str:
    """The document as YAML in the shipped files' key order (comments are not data, so a
    document rewritten from a form keeps none)."""
    ordered = _ordered(data, DOCUMENT_KEYS)
    if isinstance(ordered.get("units"), list):
        ordered["units"] = [
            _unit_in_order(u) if isinstance(u, dict) else u for u in ordered["units"]
        ]
    return yaml.safe_dump(ordered, sort_keys=False, allow_unicode=True, width=100)


def document_text(catalogue: Faction, fmt: str) -> str:
    """The latest revision as ``fmt``: its uploaded text when it was uploaded so, else the
    data written out (the samples, and a JSON upload downloaded as YAML)."""
    latest = catalogue_revision_list(catalogue=catalogue).first()
    if latest is not None and latest.source and latest.source_format == fmt:
        return latest.source
    if fmt == "json":
        return json.dumps(catalogue.data, indent=2, ensure_ascii=False) + "\n"
    return dump_yaml(catalogue.data)


def editor_text(catalogue: Faction) -> tuple[str, str]:
    """The editor's text and format: the latest upload as it was written."""
    latest = catalogue_revision_list(catalogue=catalogue).first()
    fmt = latest.source_format if latest is not None and latest.source else "yaml"
    return document_text(catalogue, fmt), fmt


def starter_text(system: str) -> str:
    """A small document to start from: the system's first sample faction's first unit,
    under a new faction slug and name (it passes every check)."""
    sample = faction_list(system=system).order_by("slug").first()
    units = (sample.data.get("units") or [])[:1] if sample else []
    return dump_yaml(
        {
            "system": system,
            "faction": "my-faction",
            "name": "My faction",
            "revision": 1,
            "description": "",
            "special_rules": [],
            "units": copy.deepcopy(units),
        }
    )


def _size_text(unit: dict[str, Any]) -> str:
    if unit.get("sizes"):
        return ", ".join(str(s["size"]) for s in unit["sizes"])
    size = unit.get("size") or {}
    low = size.get("min", 1)
    high = size.get("max", low)
    return str(low) if low == high else f"{low}–{high}"


def _cost_text(unit: dict[str, Any]) -> str:
    if unit.get("sizes"):
        return " / ".join(f"{s['size']}: {s['cost']}" for s in unit["sizes"])
    base = rosterdata.entry_points(unit, rosterdata.default_size(unit), [])
    extra = unit.get("cost_per_model")
    return f"{base} (+{extra} per extra model)" if extra else str(base)


def _figures(entry: dict[str, Any], skip: tuple[str, ...]) -> str:
    parts = []
    for key, value in entry.items():
        if key in skip:
            continue
        shown = ", ".join(map(str, value)) if isinstance(value, list) else value
        parts.append(f"{key} {shown}")
    return " · ".join(parts)


def unit_rows(data: dict[str, Any]) -> list[dict[str, Any]]:
    """Each unit as the catalogue page lists it: its stat line, weapons, rules by name,
    options with their cost, size and cost."""
    rule_names = {str(r.get("slug")): r.get("name", "") for r in data.get("special_rules") or []}
    adjustments = profile_adjustments(str(data.get("system", "")))
    rows = []
    for index, unit in enumerate(data.get("units") or []):
        rows.append(
            {
                "index": index,
                "slug": unit.get("slug", ""),
                "name": unit.get("name", ""),
                "category": unit.get("category", ""),
                "unit_type": unit.get("unit_type", ""),
                "unique": bool(unit.get("unique")),
                "size": _size_text(unit),
                "cost": _cost_text(unit),
                "profile": unit_profile(unit, {}, adjustments),
                "weapons": [
                    {
                        "name": w.get("name", ""),
                        "type": w.get("type", ""),
                        "figures": _figures(_ordered(w, WEAPON_KEYS), WEAPON_NAMED),
                    }
                    for w in unit.get("weapons") or []
                ],
                "rules": [rule_names.get(str(r)) or str(r) for r in unit.get("rules") or []],
                "options": [
                    {
                        "name": o.get("name", o.get("slug", "")),
                        "cost": o.get("cost", 0),
                        "per_model": bool(o.get("per_model")),
                        "group": o.get("group", ""),
                    }
                    for o in unit.get("options") or []
                ],
            }
        )
    return rows


def unit_update(data: dict[str, Any], index: int, changes: dict[str, Any]) -> dict[str, Any]:
    """``data`` with unit ``index``'s common fields replaced (its profile keeps any key the
    form did not show)."""
    changed = copy.deepcopy(data)
    unit = changed["units"][index]
    profile = {**(unit.get("profile") or {}), **changes.pop("profile", {})}
    unit.update(changes)
    if profile:
        unit["profile"] = profile
    return changed


def unit_copy(data: dict[str, Any], source: int, name: str) -> dict[str, Any]:
    """``data`` with a copy of unit ``source`` appended under ``name`` (a slug made from the
    name, numbered when taken)."""
    changed = copy.deepcopy(data)
    units = changed.setdefault("units", [])
    taken = {u.get("slug") for u in units}
    base = slugify(name) or "unit"
    slug, number = base, 2
    while slug in taken:
        slug, number = f"{base}-{number}", number + 1
    unit = copy.deepcopy(units[source])
    unit.update(slug=slug, name=name)
    unit.pop("unique", None)
    units.append(unit)
    return changed


def unit_remove(data: dict[str, Any], index: int) -> dict[str, Any]:
    """``data`` without unit ``index``."""
    changed = copy.deepcopy(data)
    del changed["units"][index]
    return changed


def catalogue_usage(catalogue: Faction, *, user: Any) -> dict[str, Any]:
    """Who builds from the catalogue: how many rosters (anyone's) and forks, and which of
    the reader's own rosters."""
    rosters = Roster.objects.filter(
        Q(system=catalogue.system) & catalogue_users(catalogue=catalogue)
    )
    mine = (
        rosters.filter(owner=user).order_by("-updated_at")[:20]
        if getattr(user, "is_authenticated", False)
        else Roster.objects.none()
    )
    return {
        "roster_count": rosters.count(),
        "my_rosters": list(mine),
        "fork_count": catalogue.forks.count(),
    }


def faction_choices(*, user: Any, system: str, token: str = "") -> list[tuple[str, Any]]:
    """The roster builder's faction picker for ``system``, in groups: the site's samples,
    the player's own catalogues, others' public ones and the unlisted one ``token`` opens
    (catalogue_access: exactly the catalogues the player may build from)."""
    groups: dict[str, list[tuple[str, str]]] = {"samples": [], "mine": [], "public": []}
    owner_id = getattr(user, "pk", None)
    for faction in catalogue_list(user=user, scope="all", system=system):
        if faction.owner_id is None:
            groups["samples"].append((faction.slug, faction.name))
        elif faction.owner_id == owner_id:
            groups["mine"].append((faction.slug, f"{faction.name} (r{faction.revision})"))
        else:
            groups["public"].append((faction.slug, f"{faction.name} by {faction.owner}"))
    linked = []
    if token:
        linked = [
            (f.slug, f"{f.name} by {f.owner}")
            for f in Faction.objects.filter(
                visible_q(user, token),
                system__slug=system,
                visibility=Visibility.UNLISTED,
                link_token=token,
            ).select_related("owner")
            if f.owner_id != owner_id
        ]
    labelled = [
        ("Site samples", groups["samples"]),
        ("Your catalogues", groups["mine"]),
        ("Public catalogues", groups["public"]),
        ("Shared with you by link", linked),
    ]
    return [(label, options) for label, options in labelled if options]
