"""A roster's history: every change is priced, validated and appended as a revision (the
full snapshot and per-unit points); restore, undo, redo and accepting new catalogue revisions
are revisions too.

Undo and redo move a pointer over the *edit timeline*, which is replayed from the history
(``undo_state``): every ordinary revision drops the timeline after the pointer and appends
itself; an undo steps the pointer back, a redo forward. So undoing twice goes back two edits,
redo brings them back, and a new edit after an undo drops the redo branch — as in any editor.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
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


# Undo and redo revisions are restores whose summary starts with these words; the trade-off:
# the revision's action stays RESTORED (no new action value, so no schema change) and the
# summary, which people read in the history anyway, carries the direction.
UNDO_PREFIX = "undo:"
REDO_PREFIX = "redo:"


@dataclass(frozen=True, slots=True)
class UndoState:
    """Where the roster stands on its edit timeline: the revision an undo or a redo would
    restore (``None`` when there is nothing to undo or redo)."""

    undo_to: int | None
    redo_to: int | None


def _timeline(rows: list[tuple[int, str, str]]) -> tuple[list[int], int]:
    """Replay ``(number, action, summary)`` oldest first into (edit timeline, pointer)."""
    timeline: list[int] = []
    pointer = -1
    for number, action, summary in rows:
        if action == RosterAction.RESTORED and summary.startswith(UNDO_PREFIX) and pointer > 0:
            pointer -= 1
        elif (
            action == RosterAction.RESTORED
            and summary.startswith(REDO_PREFIX)
            and pointer < len(timeline) - 1
        ):
            pointer += 1
        else:
            timeline = [*timeline[: pointer + 1], number]
            pointer = len(timeline) - 1
    return timeline, pointer


def undo_state(*, roster: Roster) -> UndoState:
    """What undo and redo would restore now, replayed from the roster's history."""
    rows = list(
        RosterRevision.objects.filter(roster=roster)
        .order_by("number")
        .values_list("number", "action", "summary")
    )
    timeline, pointer = _timeline(rows)
    return UndoState(
        undo_to=timeline[pointer - 1] if pointer > 0 else None,
        redo_to=timeline[pointer + 1] if 0 <= pointer < len(timeline) - 1 else None,
    )


def _restore(roster: Roster, *, number: int, actor: Any | None, summary: str) -> ValidationResult:
    """Copy revision ``number``'s payload onto the (locked) roster as a new revision."""
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
    return record_revision(roster, action=RosterAction.RESTORED, actor=actor, summary=summary)


def roster_restore(*, roster: Roster, number: int, actor: Any | None = None) -> ValidationResult:
    """Restore revision ``number``; the restore is itself a new revision (and an edit: it
    drops the redo branch)."""
    with transaction.atomic():
        roster = lock_roster(roster)
        return _restore(roster, number=number, actor=actor, summary=f"revision {number} restored")


def roster_undo(*, roster: Roster, actor: Any | None = None) -> ValidationResult:
    """Step back one edit on the timeline (a new revision restoring the earlier state)."""
    with transaction.atomic():
        roster = lock_roster(roster)
        target = undo_state(roster=roster).undo_to
        if target is None:
            raise RosterError("roster.nothing_to_undo", "Nothing to undo")
        return _restore(
            roster, number=target, actor=actor, summary=f"{UNDO_PREFIX} back to revision {target}"
        )


def roster_redo(*, roster: Roster, actor: Any | None = None) -> ValidationResult:
    """Step forward one undone edit (a new revision restoring the later state)."""
    with transaction.atomic():
        roster = lock_roster(roster)
        target = undo_state(roster=roster).redo_to
        if target is None:
            raise RosterError("roster.nothing_to_redo", "Nothing to redo")
        return _restore(
            roster,
            number=target,
            actor=actor,
            summary=f"{REDO_PREFIX} forward to revision {target}",
        )


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
