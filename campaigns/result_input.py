"""Bounds of a result a person enters (reported by a player, decided by an organiser, ticked
on the result form): checked before anything is built or stored, so a report costs what a
real game's report costs (issue 22 §1, §7).

A refusal is a :class:`~campaigns.errors.CampaignError` naming the path at fault
(``units[0].kills``, ``units[0].fighters[1].wounds_suffered``, ``scores.a``,
``mission_outcome.note``). Every count is a whole number (``true``, ``1.5``, ``1e308`` and
``"3"`` are not) in a range no real game leaves: kills and enemies taken out at most
:data:`MAX_KILLS`, models lost at most the unit's size, scores from 0 to :data:`MAX_SCORE`.
Unit entries name a unit of the game's rosters once each (so there are at most as many as
the rosters have units); fighter entries a fighter of their unit once each. The per-unit
format is the one :mod:`campaigns.results` reads; any other key is refused, so nothing
unread is kept in the audit log either.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from typing import Any

from campaigns.errors import CampaignError
from core.input_guard import child_path, input_problem

SIDES = ("a", "b")
MAX_SCORE = 10_000
"""Highest score a side can report (the result form's bound too)."""
MAX_KILLS = 200
"""Most enemies one unit or fighter can be reported to have taken out."""
MAX_WOUNDS = 100
"""Most wounds one fighter can be reported to have suffered."""
MAX_WYRDSTONE = 20
"""Most wyrdstone shards one fighter can be reported to have carried off."""
MAX_NAME = 80
"""Longest id or name in a unit entry (an enemy taken out, who took a fighter out)."""
MAX_MISSION_OUTCOME_BYTES = 8_000
"""Largest mission outcome, as compact JSON."""
MAX_MISSION_OUTCOME_DEPTH = 8
"""Deepest nesting of the mission outcome."""
STATUS_PATTERN = re.compile(r"[a-z_]{1,40}")

Check = Callable[[Any, str], None]


def refuse(path: str, message: str, code: str = "result.invalid") -> CampaignError:
    """The refusal of one field, ``path: message`` for people."""
    return CampaignError(code, f"{path}: {message}", path)


def whole_number(high: int) -> Check:
    """A check that the value is an int (not a bool, a float or a string) in 0..``high``."""

    def check(value: Any, path: str) -> None:
        if not isinstance(value, int) or isinstance(value, bool):
            raise refuse(path, "must be a whole number.")
        if not 0 <= value <= high:
            raise refuse(path, f"must be from 0 to {high}.")

    return check


def boolean(value: Any, path: str) -> None:
    """A check that the value is true or false."""
    if not isinstance(value, bool):
        raise refuse(path, "must be true or false.")


def name(value: Any, path: str) -> None:
    """A check that the value is a short string."""
    if not isinstance(value, str) or not 0 < len(value) <= MAX_NAME:
        raise refuse(path, f"must be a text of 1 to {MAX_NAME} characters.")


def optional_name(value: Any, path: str) -> None:
    """A short string or null."""
    if value is not None:
        name(value, path)


def names(value: Any, path: str) -> None:
    """A list of at most MAX_KILLS short strings."""
    if not isinstance(value, list) or len(value) > MAX_KILLS:
        raise refuse(path, f"must be a list of at most {MAX_KILLS} names.")
    for index, item in enumerate(value):
        if not isinstance(item, str) or not 0 < len(item) <= MAX_NAME:
            raise refuse(path, f"item {index} must be a text of 1 to {MAX_NAME} characters.")


def status(value: Any, path: str) -> None:
    """A status word such as ``destroyed``, ``routed`` or ``out_of_action``."""
    if not isinstance(value, str) or not STATUS_PATTERN.fullmatch(value):
        raise refuse(path, "must be a status word (lower-case letters and _, up to 40).")


FIGHTER_FIELDS: Mapping[str, Check] = {
    "id": name,
    "out_of_action": boolean,
    "taken_out_by": optional_name,
    "enemies_taken_out": names,
    "wounds_suffered": whole_number(MAX_WOUNDS),
    "wyrdstone": whole_number(MAX_WYRDSTONE),
    "broke_through": boolean,
}


def _check_fields(entry: Any, fields: Mapping[str, Check], path: str) -> None:
    """``entry`` is an object whose keys are ``fields`` and whose values pass their check."""
    if not isinstance(entry, dict):
        raise refuse(path, "must be an object.")
    for key, value in entry.items():
        at = child_path(path, str(key))
        if key not in fields:
            raise refuse(at, f"unknown field; known: {', '.join(fields)}.")
        fields[key](value, at)


def _unit_fields(size: int, fighter_ids: list[str]) -> dict[str, Check]:
    """The checks of a unit entry's fields for a unit of ``size`` models."""

    def fighters(value: Any, path: str) -> None:
        _check_fighters(value, fighter_ids, path)

    return {
        "id": name,
        "side": name,
        "status": status,
        "models_lost": whole_number(size),
        "kills": whole_number(MAX_KILLS),
        "enemies_destroyed": names,
        "objective_held": boolean,
        "fighters": fighters,
    }


def _check_fighters(fighters: Any, fighter_ids: list[str], path: str) -> None:
    if not isinstance(fighters, list) or len(fighters) > len(fighter_ids):
        raise refuse(path, f"must be a list of at most {len(fighter_ids)} fighters.")
    seen: set[str] = set()
    for index, fighter in enumerate(fighters):
        at = child_path(path, index)
        if not isinstance(fighter, dict) or "id" not in fighter:
            raise refuse(at, "must be an object with the fighter's id.")
        _check_fields(fighter, FIGHTER_FIELDS, at)
        if fighter["id"] not in fighter_ids or fighter["id"] in seen:
            raise refuse(
                child_path(at, "id"),
                f"no fighter {fighter['id']!r} in this unit (or named twice).",
                "result.fighter_unknown",
            )
        seen.add(fighter["id"])


def check_result_units(
    units: Any,
    roster_units: Mapping[str, Mapping[str, Any]],
    fighter_ids: Callable[[Mapping[str, Any]], list[str]],
) -> None:
    """Each unit entry names a roster unit (``"<side>:<id>"`` in ``roster_units``) once,
    with bounded outcome fields; there are at most as many entries as roster units."""
    if not isinstance(units, list):
        raise refuse("units", "must be a list.")
    if len(units) > len(roster_units):
        raise refuse("units", f"at most {len(roster_units)} entries (one per unit of the game).")
    seen: set[str] = set()
    for index, entry in enumerate(units):
        at = child_path("units", index)
        if not isinstance(entry, dict):
            raise refuse(at, "must be an object.")
        side = entry.get("side")
        if side not in SIDES:
            raise refuse(child_path(at, "side"), "must be 'a' or 'b'.", "result.unit_unknown")
        key = f"{side}:{entry.get('id')}"
        if key not in roster_units or key in seen:
            raise refuse(
                child_path(at, "id"),
                f"no unit {entry.get('id')!r} on side {side!r} (or named twice).",
                "result.unit_unknown",
            )
        seen.add(key)
        unit = roster_units[key]
        _check_fields(entry, _unit_fields(int(unit.get("size", 1)), fighter_ids(unit)), at)


def check_result_scores(scores: Any) -> None:
    """Scores per side ("a", "b"), whole numbers from 0 to MAX_SCORE."""
    if not isinstance(scores, dict):
        raise refuse("scores", "must be an object of scores per side.")
    for side, value in scores.items():
        at = child_path("scores", str(side))
        if side not in SIDES:
            raise refuse(at, "unknown side; the sides are 'a' and 'b'.")
        whole_number(MAX_SCORE)(value, at)


def check_mission_outcome(outcome: Any) -> None:
    """An object of storable text, nested at most MAX_MISSION_OUTCOME_DEPTH deep and at
    most MAX_MISSION_OUTCOME_BYTES long as JSON."""
    if not isinstance(outcome, dict):
        raise refuse("mission_outcome", "must be an object.")
    path, problem = input_problem(
        outcome, path="mission_outcome", max_depth=MAX_MISSION_OUTCOME_DEPTH
    )
    if problem:
        raise refuse(path, problem)
    try:
        size = len(json.dumps(outcome, allow_nan=False, separators=(",", ":")))
    except (TypeError, ValueError) as error:
        raise refuse("mission_outcome", "must be plain JSON data.") from error
    if size > MAX_MISSION_OUTCOME_BYTES:
        raise refuse("mission_outcome", f"at most {MAX_MISSION_OUTCOME_BYTES} bytes as JSON.")
