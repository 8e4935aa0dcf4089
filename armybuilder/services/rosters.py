"""Whole-roster use cases: create, change details (name, points limit, allies, house rules),
replace every entry at once, duplicate and delete. Each change is one revision."""

from __future__ import annotations

import copy
from typing import Any

from django.db import transaction
from django.db.models import ProtectedError

from armybuilder import rosterdata
from armybuilder.errors import ConflictError, NotFoundError, RosterError
from armybuilder.exchange import interchange_payload
from armybuilder.models import Faction, GameSystem, Roster, RosterAction, RulesVariant
from armybuilder.selectors import catalogue_context, context_validate, roster_context
from armybuilder.services.entries import MAX_UNITS, known_unit, new_unit_id, unit_entry
from armybuilder.services.history import lock_roster, record_revision
from armybuilder.validation import ValidationResult
from core.concurrency import NO_EXPECTATION, ExpectedRevision


def _fill_sizes(
    entries: list[dict[str, Any]], factions: dict[str, dict[str, Any]], primary: str
) -> None:
    for entry in entries:
        if entry["size"] is None:
            catalogue = factions.get(entry.get("faction") or primary, {})
            unit = next((u for u in catalogue.get("units", []) if u["slug"] == entry["unit"]), None)
            entry["size"] = rosterdata.default_size(unit) if unit else 1


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
    entries = [unit_entry(raw, index) for index, raw in enumerate(raw_units)]
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
        entry["id"] = new_unit_id(roster)
    with transaction.atomic():
        record_revision(
            roster, action=action, actor=owner, created=True, summary=f"{len(entries)} units"
        )
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
        roster = lock_roster(roster)
        changed = _apply_details(roster, name=name, points_limit=points_limit, allies=allies)
        if house_rules is not None:
            checked = _check_house_rules(house_rules)
            if checked != roster.house_rules:
                roster.house_rules = checked
                changed.append("house rules")
        if not changed:
            return context_validate(roster_context(roster=roster))
        return record_revision(
            roster, action=RosterAction.UPDATED, actor=actor, summary=", ".join(changed)
        )


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
    name: str | None,
    units: list[dict[str, Any]] | None,
    points_limit: int | None = None,
    allies: list[str] | None = None,
    actor: Any | None = None,
    expected: ExpectedRevision = NO_EXPECTATION,
) -> ValidationResult:
    """Replace name, points limit, allies and unit entries in one go (one revision whose
    summary names what changed; none when nothing did). ``None`` keeps the stored name,
    limit, allies or units, read under the row lock, so a partial change merges onto the
    latest revision and two partial changes of different fields both land. ``expected`` is
    checked under the lock too (412/409 on a write from a stale revision). An entry
    repeating a stored ``id`` with the same unit and faction keeps that id (size ``None``
    keeps its size); other entries are added with new ids; stored entries not repeated are
    removed; the order given is the order stored."""
    with transaction.atomic():
        roster = lock_roster(roster)
        expected.check(roster.revision, "roster")
        changed = _apply_details(roster, name=name, points_limit=points_limit, allies=allies)
        if units is None:
            units = copy.deepcopy(roster.unit_entries())
        if not isinstance(units, list) or len(units) > MAX_UNITS:
            raise RosterError(
                "roster.shape", f"units must be a list of at most {MAX_UNITS} entries", "units"
            )
        current = {str(u["id"]): u for u in roster.unit_entries()}
        new_units: list[dict[str, Any]] = []
        kept: set[str] = set()
        counts = {"added": 0, "changed": 0}
        for index, raw in enumerate(units):
            entry = unit_entry(raw, index)
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
                catalogue_unit = known_unit(roster, entry["unit"], entry.get("faction"))
                if entry["size"] is None:
                    entry["size"] = rosterdata.default_size(catalogue_unit)
                entry["id"] = new_unit_id(roster)
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
        return record_revision(
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


def roster_set_rules_variant(
    *, roster: Roster, actor: Any | None, variant: RulesVariant | None
) -> ValidationResult:
    """Validate the roster against ``variant`` (a rules variant of its system the caller may
    use) instead of the system's rules from now on, or against the system's again (None):
    one revision, none when nothing changes."""
    if variant is not None and variant.system_id != roster.system_id:
        raise RosterError(
            "variant.system_mismatch",
            f"{variant.name} is not a {roster.system.name} rules variant",
            "rules_variant",
        )
    with transaction.atomic():
        roster = lock_roster(roster)
        if roster.rules_variant_id == getattr(variant, "pk", None):
            return context_validate(roster_context(roster=roster))
        roster.rules_variant = variant
        summary = f"rules: {variant.name}" if variant else f"rules: {roster.system.name}"
        return record_revision(roster, action=RosterAction.UPDATED, actor=actor, summary=summary)
