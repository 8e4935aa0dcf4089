"""The hextactical roster summary: each combatant's derived values and the rows the army
builder shows under it (NOT IN SEED: GURPS 4e Basic Set — secondary characteristics p.B16–17,
active defences p.B374–376 with Combat Reflexes p.B43, damage p.B15–16).

A point-built combatant (``extra.sheet``) shows what :func:`.pointbuy.derived.derive` computes
from its sheet (Enhanced defences, encumbrance, injury thresholds too), lists the combat
traits the engine carries without an effect yet (``not_played``) and the flavour traits with
why they have no battle effect (``flavour``); a template shows what the
engine plays: the combatant :func:`.combatant.build_combatant` builds (skill bonuses bought as
options included) and the defences of :mod:`.defence` (Combat Reflexes, Enhanced Parry).
"""

from __future__ import annotations

from typing import Any

from rules.engine.systems.capabilities import RosterSummary, SummaryRoster, SummaryUnit
from rules.engine.systems.hextactical.combatant import build_combatant
from rules.engine.systems.hextactical.damage import parse_damage
from rules.engine.systems.hextactical.defence import block_value, dodge_value, parry_value
from rules.engine.systems.hextactical.pointbuy.derived import derive
from rules.engine.systems.hextactical.pointbuy.sheet import SECONDARY, read_sheet

_MODES = ("swing", "thrust", "ranged")


def _reach(entry: dict[str, Any], mode: str) -> str:
    if mode == "ranged":
        return ""
    return str(entry.get(f"{mode}_reach") or entry.get("reach", "1"))


def _template(unit: SummaryUnit) -> dict[str, Any]:
    profile, weapons, rules = unit.applied()
    engine_unit = {**(unit.unit or {}), "profile": profile, "weapons": weapons, "rules": rules}
    c = build_combatant(engine_unit, "a")
    attacks = []
    for entry in weapons:
        for mode in _MODES:
            if entry.get(mode) and int(entry.get("count", 1) or 0) > 0:
                attacks.append(
                    {
                        "weapon": entry["name"],
                        "mode": mode,
                        "skill": c.skills.get(entry.get("skill", ""), c.dx - 4),
                        "reach": _reach(entry, mode),
                        "as_written": entry[mode],
                        "dice": parse_damage(entry[mode], c.st).label(),
                    }
                )
    return {
        "HP": c.hp_max,
        "FP": c.fp_max,
        "Will": c.will,
        "Per": c.per,
        "BasicSpeed": c.basic_speed,
        "Move": c.basic_move,
        "Dodge": dodge_value(c),
        # the last weapon is the bare fist every combatant gets (combatant.punch)
        "Parry": {
            w.name: parry_value(c, w) for w in c.weapons[:-1] if w.melee and w.parry_mod is not None
        },
        "Block": {c.shield.name: block_value(c, c.shield)} if c.shield else {},
        "skills": dict(c.skills),
        "attacks": attacks,
    }


def _pointbuilt(sheet: dict[str, Any]) -> dict[str, Any]:
    read = read_sheet(sheet)
    derived = derive(read)
    derived["not_played"] = sorted(
        {t.name for t in read.traits if t.trait and t.trait.combat and not t.trait.played}
    )
    # Traits carried as flavour, each with why it has no battle effect (issue 17)
    derived["flavour"] = {
        t.name: t.trait.no_effect for t in read.traits if t.trait and t.trait.no_effect
    }
    return derived


def _combatant(unit: SummaryUnit) -> dict[str, Any]:
    """The summary entry of one combatant."""
    sheet = ((unit.unit or {}).get("extra") or {}).get("sheet")
    derived = _pointbuilt(sheet) if isinstance(sheet, dict) else _template(unit)
    return {
        "id": unit.id,
        "name": unit.name,
        "points": unit.points,
        "derived": {k: v for k, v in derived.items() if k != "skills"},
        "skills": derived["skills"],
    }


def party(roster: SummaryRoster) -> dict[str, Any]:
    """Each combatant's derived values and skill levels, and the party's points."""
    combatants = [_combatant(u) for u in roster.units if u.unit is not None]
    return {"combatants": combatants, "party_points": roster.points}


def _number(value: Any) -> str:
    text = f"{float(value):.2f}".rstrip("0").rstrip(".")
    return text or "0"


def _attack_row(attack: dict[str, Any]) -> str:
    reach = f", reach {attack['reach']}" if attack["reach"] else ""
    return (
        f"{attack['weapon']} {attack['mode']} {attack['as_written']} = {attack['dice']}"
        f" (skill {attack['skill']}{reach})"
    )


def combatant_rows(roster: SummaryRoster) -> dict[str, dict[str, Any]]:
    """Per combatant: HP, Will, Per, FP, Speed, Move, Dodge; Parry and Block per weapon with
    the retreat bonus and a shield's DB; skills as ``name-level``; each attack's damage as
    written and rolled."""
    rows: dict[str, dict[str, Any]] = {}
    for unit in roster.units:
        if unit.unit is None:
            continue
        combatant = _combatant(unit)
        derived = combatant["derived"]
        defences = [f"Parry {v} ({k})" for k, v in sorted(derived["Parry"].items())]
        defences += [f"Block {v} ({k})" for k, v in sorted(derived["Block"].items())]
        if "encumbrance" in derived:
            defences.append(f"Encumbrance {derived['encumbrance']['name']}")
        if derived.get("shield_note"):
            defences.append(derived["shield_note"])
        rows[str(unit.id)] = {
            "stats": [
                ("HP", derived["HP"]),
                ("Will", derived["Will"]),
                ("Per", derived["Per"]),
                ("FP", derived["FP"]),
                ("Speed", _number(derived["BasicSpeed"])),
                ("Move", derived["Move"]),
                ("Dodge", derived["Dodge"]),
            ],
            "defences": defences,
            "skills": [f"{k}-{v}" for k, v in combatant["skills"].items()],
            "attacks": [_attack_row(a) for a in derived["attacks"]],
        }
    return rows


#: A profile's secondary characteristics are adjustments bought on top of the attribute they
#: start from (p.B16–17: HP from ST, Will and Per from IQ, FP from HT, Basic Speed and Move).
ADJUSTMENTS = frozenset(SECONDARY)

SUMMARY = RosterSummary(summarise=party, unit_figures=combatant_rows, adjustments=ADJUSTMENTS)
