"""A roster's history: every change is priced, validated and appended as a revision (the
full snapshot and per-unit points); restore, undo and accepting new catalogue revisions are
revisions too."""

from __future__ import annotations

import copy
from typing import Any

from django.db import transaction

from armybuilder.errors import NotFoundError, RosterError
from armybuilder.models import Roster, RosterAction, RosterRevision
from armybuilder.selectors import context_validate, roster_context
from armybuilder.validation import ValidationResult


def record_revision(
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


def lock_roster(roster: Roster) -> Roster:
    """The roster's row, locked until the transaction ends, so two changes never interleave."""
    return Roster.objects.select_for_update().select_related("system", "faction").get(pk=roster.pk)


def roster_restore(*, roster: Roster, number: int, actor: Any | None = None) -> ValidationResult:
    """Restore revision ``number`` (undo); the restore is itself a new revision."""
    with transaction.atomic():
        roster = lock_roster(roster)
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
        return record_revision(
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
        roster = lock_roster(roster)
        return record_revision(
            roster,
            action=RosterAction.CATALOGUE_ACCEPTED,
            actor=actor,
            summary="catalogue revisions "
            + ", ".join(
                f"{k} r{v}" for k, v in sorted(roster_context(roster=roster).revisions.items())
            ),
        )
