"""Per-system figures shown with a roster (pure Python): computed, never typed by players.

- grimdark: force organisation slots used / allowed (digest §36.8).
- massbattle: core units and what they unlock (seed 003 §11 / KoW §14.2–14.3).
- skirmish: warband rating, gold spent and treasury, heroes and fighters (§15.7).
- hextactical: each combatant's derived values (HP, Basic Speed, Move, Dodge, Parry, Block)
  and skill levels from ``rules.engine.systems.hextactical.character`` (not re-implemented).
"""

from __future__ import annotations

from typing import Any

from armybuilder.constraints import RosterView, matches
from armybuilder.rosterdata import apply_options
from rules.engine.systems.hextactical.character import block, derived_stats, parry, skill_level

#: Mordheim warband rating: per warrior, per experience point, extra for a large creature
#: (§15.7, the large-creature figure is uncertain: 20 is the common value).
RATING_PER_WARRIOR = 5
RATING_PER_EXPERIENCE = 1
RATING_LARGE_CREATURE = 20
LARGE_RULES: tuple[str, ...] = ("large", "large-target")
HERO_CATEGORIES: tuple[str, ...] = ("leader", "hero", "heroes")


def _constraints(view: RosterView, kind: str) -> list[dict[str, Any]]:
    return [c for c in view.system.get("constraints", []) or [] if c.get("kind") == kind]


def grimdark_summary(view: RosterView) -> dict[str, Any]:
    """Slots used per force organisation category against the chart's min–max."""
    slots = []
    for constraint in _constraints(view, "category_count"):
        category = str(constraint.get("category", ""))
        used = sum(1 for u in view.units if u.category.lower() == category.lower())
        slots.append(
            {
                "category": category,
                "used": used,
                "min": constraint.get("min", 0),
                "max": constraint.get("max"),
            }
        )
    return {"force_organisation": slots}


def massbattle_summary(view: RosterView) -> dict[str, Any]:
    """Core units per faction and the limited units they allow (per ratio constraint)."""
    rows = []
    for constraint in _constraints(view, "ratio"):
        factions = sorted({u.faction for u in view.units})
        for faction in factions:
            units = [u for u in view.units if u.faction == faction]
            core = sum(1 for u in units if matches(u, constraint["per"]))
            rows.append(
                {
                    "faction": faction,
                    "label": constraint.get("label", constraint["code"]),
                    "core": core,
                    "taken": sum(1 for u in units if matches(u, constraint["limited"])),
                    "allowed": int(constraint.get("free", 0))
                    + int(constraint.get("count", 1)) * core,
                }
            )
    return {"allowances": rows}


def warband_rating(view: RosterView) -> int:
    """5 per warrior + 1 per experience point + 20 per large creature (§15.7)."""
    rating = 0
    for unit in view.units:
        catalogue = unit.unit or {}
        extra = catalogue.get("extra") or {}
        experience = int(extra.get("experience", extra.get("starting_experience", 0)) or 0)
        large = any(str(r).split("(")[0] in LARGE_RULES for r in catalogue.get("rules", []))
        per_fighter = RATING_PER_WARRIOR + RATING_PER_EXPERIENCE * experience
        rating += unit.size * (per_fighter + (RATING_LARGE_CREATURE if large else 0))
    return rating


def skirmish_summary(view: RosterView) -> dict[str, Any]:
    """Warband rating, gold spent, treasury (unspent starting gold), heroes, fighters."""
    heroes = sum(
        u.size
        for u in view.units
        if u.category.lower() in HERO_CATEGORIES
        or ((u.unit or {}).get("extra") or {}).get("kind") == "hero"
    )
    return {
        "warband_rating": warband_rating(view),
        "gold_spent": view.points,
        "treasury": max(0, view.points_limit - view.points),
        "heroes": heroes,
        "fighters": sum(u.size for u in view.units),
    }


def hextactical_summary(view: RosterView) -> dict[str, Any]:
    """Each combatant's derived values and skill levels (GURPS, via character.py)."""
    combatants = []
    for unit in view.units:
        if unit.unit is None:
            continue
        profile, weapons, _rules = apply_options(unit.unit, unit.size, list(unit.options))
        stats = derived_stats(profile)
        skills = {}
        for skill in (unit.unit.get("extra") or {}).get("skills", []) or []:
            attribute = skill.get("attribute", "DX")
            base = stats.get(attribute, profile.get(attribute, 10))
            skills[skill["name"]] = skill_level(int(base), skill["difficulty"], skill["points"])
        parries = {
            w["name"]: parry(skills.get(w.get("skill", ""), stats["DX"] - 4), w["parry"])
            for w in weapons
            if w.get("parry") is not None and ("swing" in w or "thrust" in w)
        }
        blocks = {
            w["name"]: block(skills.get(w.get("skill", "Shield"), stats["DX"] - 4))
            for w in weapons
            if w.get("shield")
        }
        combatants.append(
            {
                "id": unit.id,
                "name": unit.name,
                "points": unit.points,
                "derived": {
                    "HP": stats["HP"],
                    "BasicSpeed": stats["BasicSpeed"],
                    "Move": stats["BasicMove"],
                    "Dodge": stats["Dodge"],
                    "Parry": parries,
                    "Block": blocks,
                },
                "skills": skills,
            }
        )
    return {"combatants": combatants, "party_points": view.points}


SUMMARIES = {
    "grimdark": grimdark_summary,
    "massbattle": massbattle_summary,
    "skirmish": skirmish_summary,
    "hextactical": hextactical_summary,
}


def system_summary(view: RosterView) -> dict[str, Any]:
    """The figures of the roster's system (empty for an unknown system)."""
    summary = SUMMARIES.get(str(view.system.get("system", "")))
    return summary(view) if summary else {}
