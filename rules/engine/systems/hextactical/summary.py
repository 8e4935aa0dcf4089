"""The hextactical roster summary: each combatant's derived values (HP, Basic Speed, Move,
Dodge, Parry, Block) and skill levels from :mod:`.character` (NOT IN SEED: GURPS 4e Basic Set,
not in seed 004: GURPS Basic Set, Turn sequence and basic attributes, Active defences), and the rows
the army builder shows under each combatant."""

from __future__ import annotations

from typing import Any

from rules.engine.systems.capabilities import RosterSummary, SummaryRoster, SummaryUnit
from rules.engine.systems.hextactical.character import block, derived_stats, parry, skill_level


def _combatant(unit: SummaryUnit) -> tuple[dict[str, Any], dict[str, Any]]:
    """The summary entry of one combatant, and its full derived statistics."""
    profile, weapons, _rules = unit.applied()
    stats = derived_stats(profile)
    skills = {}
    for skill in ((unit.unit or {}).get("extra") or {}).get("skills", []) or []:
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
    entry = {
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
    return entry, stats


def party(roster: SummaryRoster) -> dict[str, Any]:
    """Each combatant's derived values and skill levels, and the party's points."""
    combatants = [_combatant(u)[0] for u in roster.units if u.unit is not None]
    return {"combatants": combatants, "party_points": roster.points}


def _number(value: Any) -> str:
    text = f"{float(value):.2f}".rstrip("0").rstrip(".")
    return text or "0"


def combatant_rows(roster: SummaryRoster) -> dict[str, dict[str, Any]]:
    """Per combatant: HP, Will, Per, FP, Speed, Move, Dodge; Parry and Block per weapon;
    skills as ``name-level``."""
    rows: dict[str, dict[str, Any]] = {}
    for unit in roster.units:
        if unit.unit is None:
            continue
        combatant, stats = _combatant(unit)
        derived = combatant["derived"]
        defences = [f"Parry {v} ({k})" for k, v in sorted(derived["Parry"].items())]
        defences += [f"Block {v} ({k})" for k, v in sorted(derived["Block"].items())]
        rows[str(unit.id)] = {
            "stats": [
                ("HP", derived["HP"]),
                ("Will", stats["Will"]),
                ("Per", stats["Per"]),
                ("FP", stats["FP"]),
                ("Speed", _number(derived["BasicSpeed"])),
                ("Move", derived["Move"]),
                ("Dodge", derived["Dodge"]),
            ],
            "defences": defences,
            "skills": [f"{k}-{v}" for k, v in combatant["skills"].items()],
        }
    return rows


SUMMARY = RosterSummary(summarise=party, unit_figures=combatant_rows)
