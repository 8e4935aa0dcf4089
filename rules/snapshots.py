"""Roster snapshots for battles: a saved roster or a sample file, as engine RosterData."""

from __future__ import annotations

from typing import Any

from armybuilder.models import Roster
from armybuilder.rosterdata import sample_roster_data
from armybuilder.services.engine import roster_to_engine
from rules.errors import BattleRequestError

SAMPLE_PREFIX = "sample:"


def snapshot_from_reference(reference: str) -> tuple[dict[str, Any], Any]:
    """RosterData and the roster row (None for samples) for ``reference``: a roster id, or
    ``sample:<system>/<name>`` for a sample roster shipped in ``armybuilder/samples``."""
    if reference.startswith(SAMPLE_PREFIX):
        system, _, name = reference.removeprefix(SAMPLE_PREFIX).partition("/")
        try:
            return sample_roster_data(system, name), None
        except (FileNotFoundError, KeyError, StopIteration) as exc:
            raise BattleRequestError(
                "roster.sample_unknown", f"No sample roster '{reference}'.", "rosters"
            ) from exc
    if not reference.isdigit():
        raise BattleRequestError(
            "roster.reference", f"'{reference}' is neither a roster id nor a sample.", "rosters"
        )
    roster = Roster.objects.filter(pk=int(reference)).first()
    if roster is None:
        raise BattleRequestError("roster.not_found", f"No roster {reference}.", "rosters")
    return roster_to_engine(roster=roster), roster


def snapshots_from_references(reference_a: str, reference_b: str) -> dict[str, Any]:
    """Keyword arguments ``snapshot_a/b`` and ``roster_a/b`` for a battle or simulation
    between two references (see :func:`snapshot_from_reference`)."""
    snapshot_a, roster_a = snapshot_from_reference(reference_a)
    snapshot_b, roster_b = snapshot_from_reference(reference_b)
    return {
        "snapshot_a": snapshot_a,
        "snapshot_b": snapshot_b,
        "roster_a": roster_a,
        "roster_b": roster_b,
    }
