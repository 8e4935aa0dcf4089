"""Rosters in BattleScribe's roster schema (``.ros``; ``.rosz`` is the same zipped).

Export writes one ``force`` per faction of the roster and one ``selection`` per unit, named by
the BattleScribe ids the import kept (``extra.battlescribe`` of a unit, ``battlescribe_id``
of an option); a unit of a catalogue not imported from BattleScribe is named
``muster:<faction>/<unit>`` so the file still opens and reads back into Muster. A unit's
size is a sub-selection: its ``Label (N)`` size entry, or its model entry with ``number`` =
models; each option a sub-selection with ``number`` = times taken.

Import reads the same shape back against the catalogues it names (``catalogueId``): every
selection it cannot match to a unit or an option is listed (``unknown``), never dropped.
"""

from __future__ import annotations

import io
import zipfile
from dataclasses import dataclass
from typing import Any
from xml.sax.saxutils import quoteattr

from armybuilder.battlescribe.documents import NAMESPACES, number
from armybuilder.battlescribe.xmlsafe import Node

MUSTER = "muster:"


def _attrs(**values: Any) -> str:
    return " ".join(f"{k}={quoteattr(str(v))}" for k, v in values.items() if v is not None)


def _ids(faction: dict[str, Any]) -> dict[str, Any]:
    return faction.get("battlescribe") or {}


def catalogue_id(faction: dict[str, Any], slug: str) -> str:
    """The BattleScribe id of a Muster catalogue (``muster:<slug>`` when not imported)."""
    return _ids(faction).get("catalogue_id") or f"{MUSTER}{slug}"


def _unit_ids(unit: dict[str, Any]) -> dict[str, Any]:
    return (unit.get("extra") or {}).get("battlescribe") or {}


def model_counts(ids: dict[str, Any], size: int) -> list[tuple[str, str, int]]:
    """How a unit of ``size`` models splits among its model kinds (a sergeant and troopers):
    each kind its minimum, the rest to the kind that grows (``model``), then to the others
    up to their maximum."""
    kinds = ids["models"]
    counts = {k["id"]: int(k["min"]) for k in kinds}
    left = size - sum(counts.values())
    order = sorted(kinds, key=lambda k: k["id"] != ids.get("model"))
    for kind in order:
        more = max(0, min(left, int(kind["max"]) - counts[kind["id"]]))
        counts[kind["id"]] += more
        left -= more
    counts[order[0]["id"]] += max(0, left)
    return [(k["name"], k["id"], counts[k["id"]]) for k in kinds]


def _selection(entry: dict[str, Any], unit: dict[str, Any], faction: str, cost: Any) -> str:
    ids = _unit_ids(unit)
    entry_id = ids.get("entry_id") or f"{MUSTER}{faction}/{unit['slug']}"
    size = int(entry.get("size") or 1)
    inner = []
    if ids.get("sizes", {}).get(str(size)):
        label = next((s.get("label", "") for s in unit.get("sizes", []) if s["size"] == size), "")
        inner.append((f"{label} ({size})", ids["sizes"][str(size)], 1, "upgrade"))
    elif ids.get("models"):
        inner += [(name, ident, n, "model") for name, ident, n in model_counts(ids, size) if n]
    elif ids.get("model"):
        inner.append((unit["name"], ids["model"], size, "model"))
    elif not ids and size != 1:
        inner.append((f"{unit['name']} model", f"{entry_id}#size", size, "model"))
    options = {o["slug"]: o for o in unit.get("options", [])}
    for slug in dict.fromkeys(entry.get("options", [])):
        option = options.get(slug, {"name": slug})
        option_id = option.get("battlescribe_id") or f"{entry_id}#{slug}"
        inner.append((option["name"], option_id, entry["options"].count(slug), "upgrade"))
    rows = []
    for n, (name, ident, count, kind) in enumerate(inner, start=1):
        row = _attrs(id=f"{entry['id']}-{n}", name=name, entryId=ident, number=count, type=kind)
        rows.append(f"<selection {row}/>")
    head = _attrs(
        id=entry["id"],
        name=unit["name"],
        customName=entry.get("name") or None,
        entryId=entry_id,
        number=1,
        type="unit" if size > 1 or unit.get("sizes") else "model",
    )
    price = _attrs(name="pts", typeId=cost[0], value=f"{cost[1]:.1f}")
    category = unit.get("category", "")
    tag = _attrs(id=f"{entry['id']}-c", name=category, entryId=category, primary="true")
    return (
        f"<selection {head}><selections>{''.join(rows)}</selections>"
        f"<costs><cost {price}/></costs><categories><category {tag}/></categories>"
        "</selection>"
    )


def roster_to_ros(
    payload: dict[str, Any],
    *,
    system: dict[str, Any],
    factions: dict[str, dict[str, Any]],
    unit_points: dict[str, int],
    points: int,
    points_limit: int,
) -> bytes:
    """The roster as a ``.ros`` document (UTF-8 bytes)."""
    primary = factions.get(payload["faction"], {})
    ids = _ids(primary)
    cost_type = ids.get("cost_type") or f"{MUSTER}points"
    points_name = system.get("points_name", "pts")
    forces: dict[str, list[str]] = {}
    for entry in payload.get("units", []):
        slug = entry.get("faction") or payload["faction"]
        unit = next(
            (u for u in factions.get(slug, {}).get("units", []) if u["slug"] == entry["unit"]),
            {"slug": entry["unit"], "name": entry["unit"]},
        )
        forces.setdefault(slug, []).append(
            _selection(entry, unit, slug, (cost_type, unit_points.get(entry["id"], 0)))
        )
    force_xml = []
    for n, (slug, selections) in enumerate(forces.items(), start=1):
        faction = factions.get(slug, {})
        head = _attrs(
            id=f"force-{n}",
            name=faction.get("name", slug),
            entryId=_ids(faction).get("force_entry_id") or f"{MUSTER}force",
            catalogueId=catalogue_id(faction, slug),
            catalogueRevision=faction.get("revision", 1),
            catalogueName=faction.get("name", slug),
        )
        force_xml.append(f"<force {head}><selections>{''.join(selections)}</selections></force>")
    root = _attrs(
        id=f"muster-{payload.get('name', 'roster')}"[:80],
        name=payload.get("name", ""),
        battleScribeVersion="2.03",
        gameSystemId=ids.get("game_system_id") or f"{MUSTER}{payload['system']}",
        gameSystemName=system.get("name", payload["system"]),
        gameSystemRevision=ids.get("game_system_revision") or system.get("revision", 1),
        xmlns=NAMESPACES["roster"],
    )
    cost = _attrs(name=points_name, typeId=cost_type, value=f"{points:.1f}")
    limit = _attrs(name=points_name, typeId=cost_type, value=f"{points_limit:.1f}")
    text = (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        f"<roster {root}><costs><cost {cost}/></costs>"
        f"<costLimits><costLimit {limit}/></costLimits>"
        f"<forces>{''.join(force_xml)}</forces></roster>\n"
    )
    return text.encode("utf-8")


def zipped(name: str, data: bytes) -> bytes:
    """``data`` as the one member ``name`` of a zip (``.rosz``)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr(name, data)
    return buffer.getvalue()


def _last(entry_id: str) -> str:
    return entry_id.rsplit("::", 1)[-1]


def _match_unit(faction: dict[str, Any], slug: str, entry_id: str) -> dict[str, Any] | None:
    target = _last(entry_id)
    for unit in faction.get("units", []):
        ids = _unit_ids(unit)
        if ids.get("id") == target or entry_id == f"{MUSTER}{slug}/{unit['slug']}":
            return unit
    return None


def _read_selection(
    node: Node, unit: dict[str, Any], path: str, unknown: list[dict[str, str]]
) -> dict[str, Any]:
    ids = _unit_ids(unit)
    entry_id = node.get("entryId")
    subs = node.each("selections", "selection")
    by_size = {v: int(k) for k, v in (ids.get("sizes") or {}).items()}
    options = {
        o.get("battlescribe_id") or f"{entry_id}#{o['slug']}": o["slug"]
        for o in unit.get("options", [])
    }
    size = int(unit.get("size", {}).get("min", 1)) if "size" in unit else unit["sizes"][0]["size"]
    models = {k["id"] for k in ids.get("models", [])} | {ids.get("model"), f"{entry_id}#size"}
    counted = 0
    chosen: list[str] = []
    pending = [(f"{path}/selections/selection[{n}]", sub) for n, sub in enumerate(subs, 1)]
    while pending:
        where, sub = pending.pop(0)
        target = _last(sub.get("entryId"))
        count = max(1, number(sub.get("number"), default=1))
        if target in by_size:
            size = by_size[target]
        elif target in models:
            counted += count
            nested = sub.each("selections", "selection")
            pending += [(f"{where}/selections/selection[{n}]", s) for n, s in enumerate(nested, 1)]
        elif target in options:
            chosen += [options[target]] * count
        else:
            unknown.append(
                {
                    "path": where,
                    "name": sub.get("name"),
                    "entryId": sub.get("entryId"),
                    "reason": "no such option",
                }
            )
    if counted:
        size = counted
    return {"unit": unit["slug"], "size": size, "options": chosen, "name": node.get("customName")}


@dataclass(frozen=True, slots=True)
class ReadRoster:
    """A ``.ros`` read: our JSON interchange payload, the selections it could not match and
    what became of each force (``role``: ``primary``, ``ally``, ``merged`` into an earlier
    force of the same catalogue, or ``unknown``; ``note`` what Muster cannot hold of it)."""

    payload: dict[str, Any]
    unknown: list[dict[str, str]]
    forces: list[dict[str, Any]]


def _forces(root: Node) -> list[tuple[str, Node]]:
    """Every force with its path, child forces (``force/forces/force``) after their parent."""
    found: list[tuple[str, Node]] = []
    pending = [
        (f"roster/forces/force[{n}]", f) for n, f in enumerate(root.each("forces", "force"), 1)
    ]
    while pending:
        path, force = pending.pop(0)
        found.append((path, force))
        inner = force.each("forces", "force")
        pending += [(f"{path}/forces/force[{n}]", f) for n, f in enumerate(inner, 1)]
    return found


def _force_note(force: Node, faction: dict[str, Any], role: str) -> str:
    notes = []
    if role == "merged":
        notes.append(
            "a second force of this catalogue: its units join the first one's (a Muster "
            "roster holds one force per faction)"
        )
    mapped = _ids(faction).get("force_entry_id")
    if mapped and force.get("entryId") not in (mapped, None):
        notes.append(
            f"built on force entry '{force.get('name') or force.get('entryId')}'; Muster "
            "checks the catalogue's one force organisation"
        )
    return "; ".join(notes)


def ros_to_payload(
    root: Node, *, catalogues: dict[str, tuple[str, dict[str, Any]]], system: str
) -> ReadRoster:
    """The roster of a parsed ``.ros`` with every force read (the first known catalogue's
    the primary faction, the others its allies); ``catalogues`` maps a BattleScribe
    catalogue id to (Muster faction slug, data)."""
    unknown: list[dict[str, str]] = []
    units: list[dict[str, Any]] = []
    factions: list[str] = []
    forces: list[dict[str, Any]] = []
    for path, force in _forces(root):
        found = catalogues.get(force.get("catalogueId"))
        row = {
            "path": path,
            "name": force.get("name") or force.get("catalogueName"),
            "catalogueId": force.get("catalogueId"),
            "faction": found[0] if found else "",
            "units": 0,
        }
        forces.append(row)
        if found is None:
            row.update(role="unknown", note="no catalogue with this BattleScribe id")
            unknown.append(
                {
                    "path": path,
                    "name": force.get("catalogueName"),
                    "entryId": force.get("catalogueId"),
                    "reason": "no catalogue with this BattleScribe id is available",
                }
            )
            continue
        slug, faction = found
        role = "merged" if slug in factions else ("ally" if factions else "primary")
        row.update(role=role, note=_force_note(force, faction, role))
        factions.append(slug)
        for s, node in enumerate(force.each("selections", "selection"), start=1):
            where = f"{path}/selections/selection[{s}]"
            unit = _match_unit(faction, slug, node.get("entryId"))
            if unit is None:
                unknown.append(
                    {
                        "path": where,
                        "name": node.get("name"),
                        "entryId": node.get("entryId"),
                        "reason": "no such unit",
                    }
                )
                continue
            entry = _read_selection(node, unit, where, unknown)
            if slug != factions[0]:
                entry["faction"] = slug
            units.append(entry)
            row["units"] += 1
    limit = next((number(c.get("value")) for c in root.each("costLimits", "costLimit")), 0)
    payload: dict[str, Any] = {
        "system": system,
        "faction": factions[0] if factions else "",
        "name": root.get("name") or "Imported roster",
        "points_limit": limit if limit > 0 else None,
        "units": units,
    }
    allies = [s for s in dict.fromkeys(factions) if s != payload["faction"]]
    if allies:
        payload["allies"] = allies
    return ReadRoster(payload, unknown, forces)
