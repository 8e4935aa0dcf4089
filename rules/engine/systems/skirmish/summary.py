"""The skirmish roster summary: warband rating, gold spent and treasury, heroes and fighters
(seed not in seed 001: published Mordheim rules, Warband composition)."""

from __future__ import annotations

from typing import Any

from rules.engine.systems.capabilities import RosterSummary, SummaryRoster
from rules.engine.systems.skirmish.fighters import HERO_CATEGORIES
from rules.engine.systems.skirmish.rating import is_large, warrior_rating


def warband_rating(roster: SummaryRoster) -> int:
    """The rating of the warband as fielded (:mod:`.rating`: one rule with the battle)."""
    rating = 0
    for unit in roster.units:
        extra = (unit.unit or {}).get("extra") or {}
        experience = int(extra.get("experience", extra.get("starting_experience", 0)) or 0)
        _profile, _weapons, rules = unit.applied()
        rating += unit.size * warrior_rating(experience, is_large(rules))
    return rating


def warband(roster: SummaryRoster) -> dict[str, Any]:
    """Warband rating, gold spent, treasury (unspent starting gold), heroes, fighters."""
    heroes = sum(
        u.size
        for u in roster.units
        if u.category.lower() in HERO_CATEGORIES
        or ((u.unit or {}).get("extra") or {}).get("kind") == "hero"
    )
    return {
        "warband_rating": warband_rating(roster),
        "gold_spent": roster.points,
        "treasury": max(0, roster.points_limit - roster.points),
        "heroes": heroes,
        "fighters": sum(u.size for u in roster.units),
    }


SUMMARY = RosterSummary(summarise=warband)
