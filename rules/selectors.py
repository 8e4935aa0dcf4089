"""Reads of the rules app: what a user may see, and rosters they may put into battle."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet

from armybuilder.selectors import roster_usable_by
from armybuilder.services.engine import roster_to_engine
from rules.engine.errors import EngineError
from rules.engine.systems import get_system
from rules.errors import BattleRequestError
from rules.models import Battle, EngineJob, Simulation

MAX_BATTLE_MODELS = 1_000
"""Most models (fighters) one side may field in a battle or simulation."""


def battles_for_user(*, user: Any) -> QuerySet[Battle]:
    """Battles the user asked for (others answer 404)."""
    return Battle.objects.filter(requested_by=user)


def simulations_for_user(*, user: Any) -> QuerySet[Simulation]:
    """Simulations the user asked for."""
    return Simulation.objects.filter(requested_by=user)


def rosters_for_battle(*, user: Any, roster_ids: list[int | str]) -> list[tuple[Any, dict]]:
    """Each roster with its engine snapshot: a number names one of the user's own rosters,
    a string the share token of anyone's; any other is reported as not found, naming its
    position in ``rosters``."""
    found = []
    for index, reference in enumerate(roster_ids):
        roster = roster_usable_by(user=user, reference=reference)
        if roster is None:
            shown = "under that share token" if isinstance(reference, str) else str(reference)
            raise BattleRequestError("roster.not_found", f"No roster {shown}.", f"rosters[{index}]")
        snapshot = roster_to_engine(roster=roster)
        check_playable(snapshot, f"rosters[{index}]")
        found.append((roster, snapshot))
    return found


def check_playable(snapshot: dict, field: str) -> None:
    """Refuse up front (BattleRequestError naming ``field``) a roster the worker could not
    play: more than MAX_BATTLE_MODELS models, or one the engine cannot build an army from
    (no units, an unknown unit type, a broken profile)."""
    models = sum(int(unit.get("size", 1)) for unit in snapshot.get("units", []))
    if models > MAX_BATTLE_MODELS:
        raise BattleRequestError(
            "roster.too_large",
            f"{models} models; a battle takes at most {MAX_BATTLE_MODELS} per side.",
            field,
        )
    try:
        get_system(snapshot["system"]).build_army(snapshot)
    except EngineError as exc:
        raise BattleRequestError(exc.code, exc.message, field) from exc


def job_rules_without_effect(*, job: EngineJob) -> list[dict[str, Any]]:
    """The special rules the armies of a battle or simulation carry that the system's engine
    does not play (its ``catalogue.rules_without_effect``), each with the units that have
    it: ``[{"rule", "units": [{"side", "id", "name"}]}]``, sorted by rule. Read from the
    stored snapshots, so the report (and its hash) stays the engine's."""
    catalogue = get_system(job.system).catalogue
    found: dict[str, list[dict[str, str]]] = {}
    for side, snapshot in (("a", job.snapshot_a), ("b", job.snapshot_b)):
        for unit in (snapshot or {}).get("units", []) or []:
            for slug in catalogue.rules_without_effect(unit.get("rules") or []):
                found.setdefault(slug, []).append(
                    {"side": side, "id": str(unit.get("id", "")), "name": str(unit.get("name", ""))}
                )
    return [{"rule": slug, "units": units} for slug, units in sorted(found.items())]
