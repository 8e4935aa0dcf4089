"""Use cases of the army builder: load catalogues, build and change rosters (every change is
a revision), import, duplicate, restore, verify and hand a roster to the battle engine.

Services take keyword-only, typed arguments and raise ``errors.ArmyBuilderError`` subclasses
with stable codes. A roster may be illegal while it is being built: services reject only what
cannot be stored (bad shapes, unknown system, faction or unit); the validator reports the rest.
"""

from __future__ import annotations

import copy
import secrets
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from django.core import signing
from django.db import transaction
from django.db.models import ProtectedError

from armybuilder import rosterdata
from armybuilder.catalogue_files import CatalogueFile, content_hash, discover
from armybuilder.errors import (
    CatalogueError,
    ConflictError,
    ImportFormatError,
    NotFoundError,
    RosterError,
    VerificationError,
)
from armybuilder.exchange import interchange_payload, parse_text
from armybuilder.models import (
    Constraint,
    Faction,
    FactionRevision,
    GameSystem,
    Roster,
    RosterAction,
    RosterRevision,
    SpecialRule,
    UnitOption,
    UnitType,
)
from armybuilder.selectors import catalogue_context, context_validate, roster_context
from armybuilder.validation import ValidationResult

VERIFICATION_SALT = "armybuilder.roster-verification"
MAX_UNITS = 200
MAX_OPTIONS = 100


# --- catalogues ---------------------------------------------------------------------------


@dataclass(slots=True)
class CatalogueLoadReport:
    """What ``catalogues_load`` did, file by file."""

    created: list[str] = field(default_factory=list)
    upgraded: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)
    errors: list[CatalogueError] = field(default_factory=list)

    @property
    def changed(self) -> bool:
        return bool(self.created or self.upgraded)


def _check_revision(
    label: str, stored_revision: int, stored_hash: str, file: CatalogueFile
) -> bool:
    """True when the file must be written; CatalogueError when its revision was not raised."""
    if file.revision == stored_revision and file.content_hash == stored_hash:
        return False
    if file.revision <= stored_revision:
        raise CatalogueError(
            f"{label}: content changed but revision {file.revision} was not raised above "
            f"{stored_revision}",
            code="catalogue.revision_not_raised",
            path=str(file.path),
        )
    return True


def _load_system(file: CatalogueFile, report: CatalogueLoadReport) -> None:
    data = file.data
    system = GameSystem.objects.filter(slug=file.slug).first()
    if system and not _check_revision(file.slug, system.revision, system.content_hash, file):
        report.unchanged.append(file.slug)
        return
    values = {
        "name": data["name"],
        "points_name": data["points_name"],
        "default_points_limit": data["default_points_limit"],
        "allies_allowed": bool(data.get("allies", False)),
        "revision": file.revision,
        "content_hash": file.content_hash,
        "data": data,
    }
    system, created = GameSystem.objects.update_or_create(slug=file.slug, defaults=values)
    _replace_constraints(system, None, data.get("constraints", []))
    (report.created if created else report.upgraded).append(file.slug)


def _replace_constraints(
    system: GameSystem, faction: Faction | None, constraints: list[dict[str, Any]]
) -> None:
    Constraint.objects.filter(system=system, faction=faction).delete()
    Constraint.objects.bulk_create(
        Constraint(
            system=system,
            faction=faction,
            code=c["code"],
            kind=c["kind"],
            severity=c["severity"],
            position=index,
            params=c,
        )
        for index, c in enumerate(constraints or [])
    )


def _load_faction(file: CatalogueFile, report: CatalogueLoadReport) -> None:
    label = f"{file.system}/{file.slug}"
    system = GameSystem.objects.filter(slug=file.system).first()
    if system is None:
        raise CatalogueError(
            f"{label}: no _system.yaml loaded for {file.system}",
            code="catalogue.system_missing",
            path=str(file.path),
        )
    faction = Faction.objects.filter(system=system, slug=file.slug).first()
    if faction and not _check_revision(label, faction.revision, faction.content_hash, file):
        report.unchanged.append(label)
        return
    data = file.data
    values = {
        "name": data["name"],
        "alignment": data.get("alignment") or "",
        "description": data.get("description") or "",
        "revision": file.revision,
        "content_hash": file.content_hash,
        "data": data,
    }
    faction, created = Faction.objects.update_or_create(
        system=system, slug=file.slug, defaults=values
    )
    FactionRevision.objects.update_or_create(
        faction=faction,
        revision=file.revision,
        defaults={"content_hash": file.content_hash, "data": data},
    )
    _replace_units(faction, data["units"])
    SpecialRule.objects.filter(faction=faction).delete()
    SpecialRule.objects.bulk_create(
        SpecialRule(faction=faction, slug=r["slug"], name=r["name"], text=r.get("text", ""))
        for r in {r["slug"]: r for r in data.get("special_rules", []) or []}.values()
    )
    _replace_constraints(system, faction, data.get("constraints", []))
    (report.created if created else report.upgraded).append(label)


def _replace_units(faction: Faction, units: list[dict[str, Any]]) -> None:
    UnitType.objects.filter(faction=faction).delete()
    for position, unit in enumerate(units):
        if "sizes" in unit:
            sizes = [int(s["size"]) for s in unit["sizes"]]
            low, high, cost = min(sizes), max(sizes), int(unit["sizes"][0]["cost"])
        else:
            low = int(unit["size"]["min"])
            high = int(unit["size"].get("max", low))
            cost = int(unit["cost"])
        row = UnitType.objects.create(
            faction=faction,
            slug=unit["slug"],
            name=unit["name"],
            category=unit["category"],
            unit_type=unit.get("unit_type", ""),
            size_min=low,
            size_max=high,
            cost=cost,
            cost_per_model=int(unit.get("cost_per_model", 0)),
            is_unique=bool(unit.get("unique", False)),
            position=position,
            data=unit,
        )
        UnitOption.objects.bulk_create(
            UnitOption(
                unit_type=row,
                slug=o["slug"],
                name=o["name"],
                cost=int(o["cost"]),
                per_model=bool(o.get("per_model", False)),
                group=o.get("group") or "",
                position=index,
                data=o,
            )
            for index, o in enumerate(unit.get("options", []) or [])
        )


def catalogues_load(*, directory: Path = rosterdata.CATALOGUE_DIR) -> CatalogueLoadReport:
    """Load or upgrade every catalogue file under ``directory`` idempotently: an unchanged
    file (same revision and content hash) writes nothing; a changed file must raise its
    revision. Each file loads in its own transaction; failures are reported, not raised."""
    files, errors = discover(directory)
    report = CatalogueLoadReport(errors=list(errors))
    for file in files:
        try:
            with transaction.atomic():
                (_load_system if file.is_system else _load_faction)(file, report)
        except CatalogueError as error:
            report.errors.append(error)
    return report


# --- rosters --------------------------------------------------------------------------------


def _entry(raw: Any, index: int) -> dict[str, Any]:
    """One unit entry checked for shape: ``{unit, size, options, name[, faction, id]}``."""
    path = f"units[{index}]"
    if not isinstance(raw, dict) or not isinstance(raw.get("unit"), str) or not raw["unit"]:
        raise RosterError("roster.shape", f"{path}: a unit entry needs a 'unit' slug", path)
    size = raw.get("size")
    if size is not None and (isinstance(size, bool) or not isinstance(size, int) or size < 1):
        raise RosterError(
            "roster.shape", f"{path}: size must be a whole number ≥ 1", f"{path}.size"
        )
    options = raw.get("options", []) or []
    if not isinstance(options, list) or not all(isinstance(o, str) for o in options):
        raise RosterError(
            "roster.shape", f"{path}: options must be a list of option slugs", f"{path}.options"
        )
    if len(options) > MAX_OPTIONS:
        raise RosterError("roster.shape", f"{path}: too many options", f"{path}.options")
    name = raw.get("name") or ""
    if not isinstance(name, str) or len(name) > 120 or "\x00" in name:
        raise RosterError(
            "roster.shape",
            f"{path}: name must be text of at most 120 characters (no NUL characters)",
            f"{path}.name",
        )
    entry: dict[str, Any] = {
        "unit": raw["unit"],
        "size": size,
        "options": list(options),
        "name": name,
    }
    if raw.get("faction"):
        entry["faction"] = str(raw["faction"])
    if raw.get("id"):
        entry["id"] = str(raw["id"])
    return entry


def _fill_sizes(
    entries: list[dict[str, Any]], factions: dict[str, dict[str, Any]], primary: str
) -> None:
    for entry in entries:
        if entry["size"] is None:
            catalogue = factions.get(entry.get("faction") or primary, {})
            unit = next((u for u in catalogue.get("units", []) if u["slug"] == entry["unit"]), None)
            entry["size"] = rosterdata.default_size(unit) if unit else 1


def _new_unit_id(roster: Roster) -> str:
    unit_id = f"u{roster.next_unit_number}"
    roster.next_unit_number += 1
    return unit_id


def _record(
    roster: Roster, *, action: str, actor: Any | None, summary: str = "", created: bool = False
) -> ValidationResult:
    """Price and validate the roster's payload, update its denormalised fields and append a
    revision with the full snapshot and per-unit points."""
    context = roster_context(roster=roster)
    result = context_validate(context)
    roster.points = result.points
    roster.is_valid = result.is_valid
    roster.catalogue_revisions = context.revisions
    roster.name = roster.payload.get("name", roster.name)
    roster.points_limit = result.points_limit
    if not created:
        roster.revision += 1
    roster.save()
    RosterRevision.objects.create(
        roster=roster,
        number=roster.revision,
        action=action,
        summary=summary[:200],
        payload=copy.deepcopy(roster.payload),
        house_rules=copy.deepcopy(roster.house_rules),
        catalogue_revisions=context.revisions,
        unit_points=result.unit_points,
        points=result.points,
        created_by=actor,
    )
    return result


def _locked(roster: Roster) -> Roster:
    return Roster.objects.select_for_update().select_related("system", "faction").get(pk=roster.pk)


def _check_allies(system: GameSystem, allies: list[str]) -> list[str]:
    if not isinstance(allies, list) or not all(isinstance(a, str) for a in allies):
        raise RosterError("roster.shape", "allies must be a list of faction slugs", "allies")
    if allies and not system.allies_allowed:
        raise RosterError(
            "roster.allies_not_allowed", f"{system.name} does not allow allied factions", "allies"
        )
    known = set(
        Faction.objects.filter(system=system, slug__in=allies).values_list("slug", flat=True)
    )
    for index, ally in enumerate(allies):
        if ally not in known:
            raise NotFoundError(
                "faction.not_found", f"No faction '{ally}' in {system.name}", f"allies[{index}]"
            )
    return list(allies)


def _check_limit(points_limit: Any, system: GameSystem) -> int:
    if points_limit is None:
        return system.default_points_limit
    if isinstance(points_limit, bool) or not isinstance(points_limit, int) or points_limit < 1:
        raise RosterError("roster.shape", "points_limit must be a whole number ≥ 1", "points_limit")
    return points_limit


def roster_create(
    *,
    owner: Any,
    system: str,
    faction: str,
    name: str,
    points_limit: int | None = None,
    allies: list[str] | None = None,
    units: list[dict[str, Any]] | None = None,
    house_rules: dict[str, dict[str, Any]] | None = None,
    action: str = RosterAction.CREATED,
) -> Roster:
    """A new roster (revision 1); units given here are stored as they are (sizes default to
    the unit's minimum) and validated like any other change."""
    try:
        primary = Faction.objects.select_related("system").get(system__slug=system, slug=faction)
    except Faction.DoesNotExist as error:
        raise NotFoundError(
            "faction.not_found", f"No faction '{faction}' in {system}", "faction"
        ) from error
    game = primary.system
    if not isinstance(name, str) or not name.strip() or len(name) > 120:
        raise RosterError("roster.shape", "A roster needs a name of 1–120 characters", "name")
    raw_units = units or []
    if not isinstance(raw_units, list) or len(raw_units) > MAX_UNITS:
        raise RosterError(
            "roster.shape", f"units must be a list of at most {MAX_UNITS} entries", "units"
        )
    entries = [_entry(raw, index) for index, raw in enumerate(raw_units)]
    payload: dict[str, Any] = {
        "name": name.strip(),
        "system": game.slug,
        "faction": primary.slug,
        "points_limit": _check_limit(points_limit, game),
        "allies": _check_allies(game, allies or []),
        "units": entries,
    }
    roster = Roster(
        owner=owner,
        name=payload["name"],
        system=game,
        faction=primary,
        points_limit=payload["points_limit"],
        payload=payload,
        house_rules=_check_house_rules(house_rules or {}),
    )
    context = catalogue_context(payload=payload, system=game, primary=primary)
    _fill_sizes(entries, context.factions, primary.slug)
    for entry in entries:
        entry["id"] = _new_unit_id(roster)
    with transaction.atomic():
        _record(roster, action=action, actor=owner, created=True, summary=f"{len(entries)} units")
    return roster


def _check_house_rules(house_rules: Any) -> dict[str, dict[str, Any]]:
    if not isinstance(house_rules, dict) or not all(
        isinstance(k, str) and isinstance(v, dict) for k, v in house_rules.items()
    ):
        raise RosterError(
            "roster.shape", "house_rules maps a constraint code to its changes", "house_rules"
        )
    return house_rules


def roster_update(
    *,
    roster: Roster,
    actor: Any | None = None,
    name: str | None = None,
    points_limit: int | None = None,
    allies: list[str] | None = None,
    house_rules: dict[str, dict[str, Any]] | None = None,
) -> ValidationResult:
    """Change a roster's name, points limit, allies or house rules: one revision naming what
    changed, none when every given value equals the stored one."""
    with transaction.atomic():
        roster = _locked(roster)
        changed = _apply_details(roster, name=name, points_limit=points_limit, allies=allies)
        if house_rules is not None:
            checked = _check_house_rules(house_rules)
            if checked != roster.house_rules:
                roster.house_rules = checked
                changed.append("house rules")
        if not changed:
            return context_validate(roster_context(roster=roster))
        return _record(roster, action=RosterAction.UPDATED, actor=actor, summary=", ".join(changed))


def _apply_details(
    roster: Roster, *, name: str | None, points_limit: int | None, allies: list[str] | None
) -> list[str]:
    """Check and store the given name, points limit and allies in the locked roster's
    payload; returns the labels of those that differ from what was stored."""
    changed: list[str] = []
    if name is not None:
        if not isinstance(name, str) or not name.strip() or len(name) > 120:
            raise RosterError("roster.shape", "A roster needs a name of 1–120 characters", "name")
        if roster.payload.get("name") != name.strip():
            roster.payload["name"] = name.strip()
            changed.append("name")
    if points_limit is not None:
        limit = _check_limit(points_limit, roster.system)
        if roster.payload.get("points_limit") != limit:
            roster.payload["points_limit"] = limit
            changed.append("points limit")
    if allies is not None:
        checked = _check_allies(roster.system, allies)
        if list(roster.payload.get("allies", [])) != checked:
            roster.payload["allies"] = checked
            changed.append("allies")
    return changed


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def roster_replace(
    *,
    roster: Roster,
    name: str,
    units: list[dict[str, Any]],
    points_limit: int | None = None,
    allies: list[str] | None = None,
    actor: Any | None = None,
) -> ValidationResult:
    """Replace name, points limit, allies and unit entries in one go (one revision whose
    summary names what changed; none when nothing did). ``None`` keeps the stored limit or
    allies. An entry repeating a stored ``id`` with the same unit and faction keeps that id
    (size ``None`` keeps its size); other entries are added with new ids; stored entries not
    repeated are removed; the order given is the order stored."""
    with transaction.atomic():
        roster = _locked(roster)
        changed = _apply_details(roster, name=name, points_limit=points_limit, allies=allies)
        if not isinstance(units, list) or len(units) > MAX_UNITS:
            raise RosterError(
                "roster.shape", f"units must be a list of at most {MAX_UNITS} entries", "units"
            )
        current = {str(u["id"]): u for u in roster.unit_entries()}
        new_units: list[dict[str, Any]] = []
        kept: set[str] = set()
        counts = {"added": 0, "changed": 0}
        for index, raw in enumerate(units):
            entry = _entry(raw, index)
            if entry.get("faction") == roster.faction.slug:
                del entry["faction"]
            unit_id = entry.pop("id", "")
            old = current.get(unit_id)
            same = (
                old is not None
                and unit_id not in kept
                and (old["unit"], old.get("faction")) == (entry["unit"], entry.get("faction"))
            )
            if old is not None and same:
                kept.add(unit_id)
                entry["id"] = unit_id
                if entry["size"] is None:
                    entry["size"] = old["size"]
                if _unit_fields(entry) != _unit_fields(old):
                    counts["changed"] += 1
            else:
                catalogue_unit = _known_unit(roster, entry["unit"], entry.get("faction"))
                if entry["size"] is None:
                    entry["size"] = rosterdata.default_size(catalogue_unit)
                entry["id"] = _new_unit_id(roster)
                counts["added"] += 1
            new_units.append(entry)
        removed = len(set(current) - kept)
        reordered = [u["id"] for u in new_units if u["id"] in kept] != [
            i for i in current if i in kept
        ]
        roster.payload["units"] = new_units
        unit_parts = [
            f"{_plural(counts['added'], 'unit')} added" if counts["added"] else "",
            f"{_plural(counts['changed'], 'unit')} changed" if counts["changed"] else "",
            f"{_plural(removed, 'unit')} removed" if removed else "",
            "units reordered" if reordered else "",
        ]
        changed += [part for part in unit_parts if part]
        if not changed:
            return context_validate(roster_context(roster=roster))
        return _record(
            roster,
            action=_replace_action(changed, counts, removed),
            actor=actor,
            summary=", ".join(changed),
        )


def _unit_fields(entry: dict[str, Any]) -> tuple[Any, ...]:
    return (entry.get("size"), list(entry.get("options", [])), entry.get("name", ""))


def _replace_action(changed: list[str], counts: dict[str, int], removed: int) -> str:
    """The history label of a replace: the unit action when it did exactly one unit change,
    else "details changed"."""
    if len(changed) == 1:
        if counts["added"] == 1:
            return RosterAction.UNIT_ADDED
        if counts["changed"] == 1:
            return RosterAction.UNIT_CHANGED
        if removed == 1:
            return RosterAction.UNIT_REMOVED
    return RosterAction.UPDATED


def _unit_index(roster: Roster, unit_id: str) -> int:
    for index, entry in enumerate(roster.payload.get("units", [])):
        if entry.get("id") == unit_id:
            return index
    raise NotFoundError("roster.unit_not_found", f"No unit '{unit_id}' in this roster", "units")


def _known_unit(roster: Roster, unit: str, faction: str | None) -> dict[str, Any]:
    slug = faction or roster.faction.slug
    if slug != roster.faction.slug and slug not in roster.ally_slugs():
        raise RosterError(
            "roster.faction_not_in_roster", f"Faction '{slug}' is not in this army", "faction"
        )
    data = (
        roster.faction.data
        if slug == roster.faction.slug
        else Faction.objects.get(system=roster.system, slug=slug).data
    )
    found = next((u for u in data.get("units", []) if u["slug"] == unit), None)
    if found is None:
        raise NotFoundError(
            "roster.unit_unknown", f"No unit '{unit}' in {data.get('name', slug)}", "unit"
        )
    return found


def _require_room_for_a_unit(roster: Roster) -> None:
    """A roster holds at most MAX_UNITS unit entries."""
    if len(roster.unit_entries()) >= MAX_UNITS:
        raise RosterError(
            "roster.too_many_units", f"A roster holds at most {MAX_UNITS} units", "units"
        )


def roster_add_unit(
    *,
    roster: Roster,
    unit: str,
    size: int | None = None,
    options: list[str] | None = None,
    name: str = "",
    faction: str | None = None,
    actor: Any | None = None,
) -> dict[str, Any]:
    """Add a unit entry (size defaults to the unit's minimum); returns the stored entry."""
    with transaction.atomic():
        roster = _locked(roster)
        _require_room_for_a_unit(roster)
        catalogue_unit = _known_unit(roster, unit, faction)
        raw: dict[str, Any] = {"unit": unit, "size": size, "options": options or [], "name": name}
        if faction and faction != roster.faction.slug:
            raw["faction"] = faction
        entry = _entry(raw, len(roster.unit_entries()))
        if entry["size"] is None:
            entry["size"] = rosterdata.default_size(catalogue_unit)
        entry["id"] = _new_unit_id(roster)
        roster.payload.setdefault("units", []).append(entry)
        _record(
            roster,
            action=RosterAction.UNIT_ADDED,
            actor=actor,
            summary=f"{entry['name'] or catalogue_unit['name']} added",
        )
        return entry


def roster_update_unit(
    *,
    roster: Roster,
    unit_id: str,
    size: int | None = None,
    options: list[str] | None = None,
    name: str | None = None,
    actor: Any | None = None,
) -> dict[str, Any]:
    """Change a unit's size, options or name; returns the stored entry."""
    with transaction.atomic():
        roster = _locked(roster)
        index = _unit_index(roster, unit_id)
        current = roster.payload["units"][index]
        raw = {**current}
        if size is not None:
            raw["size"] = size
        if options is not None:
            raw["options"] = options
        if name is not None:
            raw["name"] = name
        entry = _entry(raw, index)
        roster.payload["units"][index] = entry
        _record(
            roster,
            action=RosterAction.UNIT_CHANGED,
            actor=actor,
            summary=f"{entry['name'] or entry['unit']} changed",
        )
        return entry


def roster_remove_unit(
    *, roster: Roster, unit_id: str, actor: Any | None = None
) -> ValidationResult:
    """Remove a unit entry."""
    with transaction.atomic():
        roster = _locked(roster)
        entry = roster.payload["units"].pop(_unit_index(roster, unit_id))
        return _record(
            roster,
            action=RosterAction.UNIT_REMOVED,
            actor=actor,
            summary=f"{entry['name'] or entry['unit']} removed",
        )


def roster_duplicate_unit(
    *, roster: Roster, unit_id: str, actor: Any | None = None
) -> dict[str, Any]:
    """Copy a unit entry (same size, options and name) right after it, with a new id."""
    with transaction.atomic():
        roster = _locked(roster)
        _require_room_for_a_unit(roster)
        index = _unit_index(roster, unit_id)
        copy_entry = copy.deepcopy(roster.payload["units"][index])
        copy_entry["id"] = _new_unit_id(roster)
        roster.payload["units"].insert(index + 1, copy_entry)
        _record(
            roster,
            action=RosterAction.UNIT_DUPLICATED,
            actor=actor,
            summary=f"{copy_entry['name'] or copy_entry['unit']} duplicated",
        )
        return copy_entry


def roster_duplicate(*, roster: Roster, owner: Any, name: str | None = None) -> Roster:
    """A new roster for ``owner`` with the same payload and house rules (its own history)."""
    payload = interchange_payload(roster.payload)
    return roster_create(
        owner=owner,
        system=roster.system.slug,
        faction=roster.faction.slug,
        name=name or f"{roster.name} (copy)"[:120],
        points_limit=payload["points_limit"],
        allies=payload.get("allies", []),
        units=payload["units"],
        house_rules=copy.deepcopy(roster.house_rules),
        action=RosterAction.DUPLICATED,
    )


def roster_restore(*, roster: Roster, number: int, actor: Any | None = None) -> ValidationResult:
    """Restore revision ``number`` (undo); the restore is itself a new revision."""
    with transaction.atomic():
        roster = _locked(roster)
        try:
            old = RosterRevision.objects.get(roster=roster, number=number)
        except RosterRevision.DoesNotExist as error:
            raise NotFoundError(
                "roster.revision_not_found", f"No revision {number} of this roster", "revision"
            ) from error
        roster.payload = copy.deepcopy(old.payload)
        roster.house_rules = copy.deepcopy(old.house_rules)
        numbers = [
            int(str(u.get("id", "u0"))[1:] or 0)
            for u in roster.unit_entries()
            if str(u.get("id", "")).startswith("u") and str(u["id"])[1:].isdigit()
        ]
        roster.next_unit_number = max([roster.next_unit_number, *[n + 1 for n in numbers]])
        return _record(
            roster, action=RosterAction.RESTORED, actor=actor, summary=f"revision {number} restored"
        )


def roster_undo(*, roster: Roster, actor: Any | None = None) -> ValidationResult:
    """Restore the revision before the current one (itself a new revision)."""
    if roster.revision <= 1:
        raise RosterError("roster.nothing_to_undo", "Nothing to undo")
    return roster_restore(roster=roster, number=roster.revision - 1, actor=actor)


def roster_accept_catalogue(*, roster: Roster, actor: Any | None = None) -> ValidationResult:
    """Record that the roster is now priced against the current catalogue revisions."""
    with transaction.atomic():
        roster = _locked(roster)
        return _record(
            roster,
            action=RosterAction.CATALOGUE_ACCEPTED,
            actor=actor,
            summary="catalogue revisions "
            + ", ".join(
                f"{k} r{v}" for k, v in sorted(roster_context(roster=roster).revisions.items())
            ),
        )


def roster_share(*, roster: Roster) -> str:
    """Share the roster by link (read-only for whoever holds it); returns the token. Sharing
    again keeps the same link."""
    if not roster.share_token:
        roster.share_token = secrets.token_urlsafe(32)
        roster.save(update_fields=["share_token", "updated_at"])
    return roster.share_token


def roster_unshare(*, roster: Roster) -> None:
    """Stop sharing: the old link answers 404 from now on."""
    if roster.share_token:
        roster.share_token = None
        roster.save(update_fields=["share_token", "updated_at"])


def roster_delete(*, roster: Roster) -> None:
    """Delete a roster and its history; ConflictError ``roster.in_use`` while a campaign
    plays it (withdraw from the campaign first: campaign games keep their snapshots)."""
    try:
        with transaction.atomic():
            roster.delete()
    except ProtectedError as exc:
        raise ConflictError(
            "roster.in_use", "This roster is played in a campaign and cannot be deleted."
        ) from exc


def roster_import(*, owner: Any, data: Any, name: str | None = None) -> Roster:
    """A new roster from our JSON interchange format (ids in the input are reassigned)."""
    if not isinstance(data, dict):
        raise ImportFormatError("import.json", "The roster JSON must be an object")
    for key in ("system", "faction", "units"):
        if key not in data:
            raise ImportFormatError("import.json", f"The roster JSON has no '{key}'", key)
    units = [
        {k: v for k, v in u.items() if k != "id"} if isinstance(u, dict) else u
        for u in (data["units"] if isinstance(data["units"], list) else [None])
    ]
    return roster_create(
        owner=owner,
        system=str(data["system"]),
        faction=str(data["faction"]),
        name=name or str(data.get("name") or "Imported roster"),
        points_limit=data.get("points_limit"),
        allies=data.get("allies") or [],
        units=units,
        action=RosterAction.IMPORTED,
    )


def roster_import_text(*, owner: Any, text: str, name: str | None = None) -> Roster:
    """A new roster from pasted plain text in our layout (the text export reads back)."""
    return roster_import(owner=owner, data=parse_text(text), name=name)


# --- verification -------------------------------------------------------------------------


def roster_hash(*, payload: dict[str, Any], house_rules: dict[str, Any] | None = None) -> str:
    """Canonical hash of a list: the interchange payload (no ids) and any house rules."""
    return content_hash({"roster": interchange_payload(payload), "house_rules": house_rules or {}})


@dataclass(frozen=True, slots=True)
class Verification:
    """A signed statement of a roster: its hash, catalogue revisions and validation."""

    token: str
    data: dict[str, Any]


def roster_verification(*, roster: Roster) -> Verification:
    """The roster's canonical hash, catalogue revisions and validation result, signed with
    ``django.core.signing`` (salted) so anyone holding the token can check it later."""
    context = roster_context(roster=roster)
    result = context_validate(context)
    data = {
        "roster": roster.pk,
        "revision": roster.revision,
        "name": roster.payload.get("name", ""),
        "system": roster.system.slug,
        "faction": roster.faction.slug,
        "hash": roster_hash(payload=roster.payload, house_rules=roster.house_rules),
        "catalogue_revisions": context.revisions,
        "validation": {
            "valid": result.is_valid,
            "points": result.points,
            "points_limit": result.points_limit,
            "errors": [v.code for v in result.errors],
            "warnings": [v.code for v in result.warnings],
        },
    }
    return Verification(token=signing.dumps(data, salt=VERIFICATION_SALT, compress=True), data=data)


@dataclass(frozen=True, slots=True)
class VerificationCheck:
    """The signed data and whether the roster still matches it today."""

    data: dict[str, Any]
    roster_exists: bool
    matches_roster: bool
    catalogues_current: bool

    def as_dict(self) -> dict[str, Any]:
        return {
            "data": self.data,
            "roster_exists": self.roster_exists,
            "matches_roster": self.matches_roster,
            "catalogues_current": self.catalogues_current,
        }


def verification_check(*, token: str, max_age: int | None = None) -> VerificationCheck:
    """Check a token's signature (VerificationError ``verification.bad_signature`` or
    ``verification.expired``) and compare it with the roster as it is now."""
    try:
        data = signing.loads(token, salt=VERIFICATION_SALT, max_age=max_age)
    except signing.SignatureExpired as error:
        raise VerificationError(
            "verification.expired", "The verification token has expired"
        ) from error
    except signing.BadSignature as error:
        raise VerificationError(
            "verification.bad_signature", "The verification token is not genuine"
        ) from error
    roster = Roster.objects.select_related("system", "faction").filter(pk=data["roster"]).first()
    if roster is None:
        return VerificationCheck(data, False, False, False)
    context = roster_context(roster=roster)
    return VerificationCheck(
        data=data,
        roster_exists=True,
        matches_roster=roster_hash(payload=roster.payload, house_rules=roster.house_rules)
        == data["hash"],
        catalogues_current=context.revisions == data["catalogue_revisions"],
    )


# --- the battle engine ---------------------------------------------------------------------


def roster_to_engine(*, roster: Roster) -> dict[str, Any]:
    """The roster as the engine's RosterData (``rosterdata.roster_to_engine``); RosterError
    ``roster.unit_unknown`` when an entry names a unit the catalogue no longer has."""
    context = roster_context(roster=roster)
    for index, entry in enumerate(context.payload.get("units", [])):
        catalogue = context.factions.get(entry.get("faction") or context.payload["faction"], {})
        if not any(u["slug"] == entry["unit"] for u in catalogue.get("units", [])):
            raise RosterError(
                "roster.unit_unknown",
                f"units[{index}]: no unit '{entry['unit']}' in the catalogue",
                f"units[{index}]",
            )
    data = rosterdata.roster_to_engine(context.payload, context.factions)
    if context.payload.get("allies"):
        data["allies"] = list(context.payload["allies"])
    return data
