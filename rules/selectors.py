"""Reads of the rules app: what a user may see, and rosters they may put into battle."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet

from armybuilder.selectors import roster_readable_by
from armybuilder.services.engine import roster_to_engine
from rules.errors import BattleRequestError
from rules.models import Battle, Simulation


def battles_for_user(*, user: Any) -> QuerySet[Battle]:
    """Battles the user asked for (others answer 404)."""
    return Battle.objects.filter(requested_by=user)


def simulations_for_user(*, user: Any) -> QuerySet[Simulation]:
    """Simulations the user asked for."""
    return Simulation.objects.filter(requested_by=user)


def rosters_for_battle(*, user: Any, roster_ids: list[int]) -> list[tuple[Any, dict]]:
    """Each roster with its engine snapshot; a roster the user may not read is reported as
    not found, naming its position in ``rosters``."""
    found = []
    for index, roster_id in enumerate(roster_ids):
        roster = roster_readable_by(user=user, roster_id=roster_id)
        if roster is None:
            raise BattleRequestError(
                "roster.not_found", f"No roster {roster_id}.", f"rosters[{index}]"
            )
        found.append((roster, roster_to_engine(roster=roster)))
    return found
