"""The warband's figures as it stands in a campaign (NOT IN SEED: published Mordheim rules,
Warband composition and Hired Swords; digest §15.7): the warband rating — 5 per warrior plus
his experience (+20 for a large creature, ``rating``), a hired sword his own figure plus his
experience — and the member count, which hired swords do not join."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.engine.systems.skirmish.hired_swords import HIRED_KIND, HIRED_SWORDS
from rules.engine.systems.skirmish.rating import is_large, warrior_rating


def warband_figures(roster: Mapping[str, Any]) -> dict[str, int]:
    """Rating, members, heroes and hired swords of engine RosterData (the campaign
    snapshot, experience in each unit's ``extra.experience``)."""
    rating = members = heroes = hired = 0
    for unit in roster.get("units", []):
        extra = unit.get("extra") or {}
        size = int(unit.get("size", 1))
        experience = int(extra.get("experience", extra.get("starting_experience", 0)) or 0)
        entry = HIRED_SWORDS.get(str(extra.get("hired_sword", "")))
        if extra.get("kind") == HIRED_KIND and entry is not None:
            hired += 1
            rating += entry.warband_rating(experience - entry.experience)
            continue
        members += size
        if extra.get("kind") == "hero" or extra.get("leader"):
            heroes += size
        rating += size * warrior_rating(experience, is_large(unit.get("rules") or []))
    return {"warband_rating": rating, "members": members, "heroes": heroes, "hired_swords": hired}
