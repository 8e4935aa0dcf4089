"""A sheet's derived values, computed in one place for the API, the print and the engine
mapping (GURPS 4e Basic Set): secondary characteristics p.B16–17, Basic Lift and encumbrance
p.B15–17, Dodge p.B374 with Combat Reflexes p.B43 and Enhanced Dodge/Parry/Block p.B51,
Parry p.B376, Block p.B375, retreat p.B377, shield DB p.B287, thrust/swing damage p.B15–16
with Striking ST p.B88, injury thresholds p.B419–420, Lame's Basic Move p.B141 (as the engine
plays it)."""

from __future__ import annotations

import math
from typing import Any

from rules.engine.systems.hextactical.damage import parse_damage, thrust_swing
from rules.engine.systems.hextactical.pointbuy.sheet import Sheet
from rules.engine.systems.hextactical.pointbuy.skills import default_level, find_skill
from rules.engine.systems.hextactical.settings import DEFAULT_SETTINGS, Settings

#: Encumbrance levels by the multiple of Basic Lift carried, and their Move multiplier
#: (p.B17): None ≤1×, Light ≤2×, Medium ≤3×, Heavy ≤6×, Extra-Heavy ≤10×.
ENCUMBRANCE: tuple[tuple[str, int, float], ...] = (
    ("None", 1, 1.0),
    ("Light", 2, 0.8),
    ("Medium", 3, 0.6),
    ("Heavy", 6, 0.4),
    ("Extra-Heavy", 10, 0.2),
)
#: Retreat's bonuses (p.B377), as ``defence`` plays them (RETREAT_DODGE, RETREAT_OTHER,
#: RETREAT_FENCING_PARRY).
RETREAT_NOTE = "Retreat: +3 Dodge, +1 Block and Parry (+3 Parry with a fencing weapon)"


def shield_note(db: int) -> str:
    """What a ready shield's DB adds (p.B287: every active defence against an attack from
    the front, as ``defence`` adds it); empty without a shield."""
    return f"Shield DB +{db} to Dodge, Parry and Block from the front" if db else ""


def basic_lift(st: int) -> float:
    """Basic Lift = ST × ST / 5 lb, rounded to a whole number from 10 lb (p.B15)."""
    lift = st * st / 5
    return float(round(lift)) if lift >= 10 else lift


def encumbrance(weight: float, lift: float) -> tuple[int, str, float]:
    """(level 0–4, name, Move multiplier) for ``weight`` carried at ``lift``; beyond 10× Basic
    Lift he cannot move, shown as Extra-Heavy."""
    for level, (name, multiple, move) in enumerate(ENCUMBRANCE):
        if weight <= multiple * lift:
            return level, name, move
    return 4, "Extra-Heavy", 0.2


#: Lame's variants (p.B141) in the order of the settings ``lame_move`` and ``lame_skill_penalty``.
LAME_VARIANTS = ("crippled leg", "missing leg", "no legs")


def lame_move(basic_move: int, variant: str, settings: Settings = DEFAULT_SETTINGS) -> int:
    """Basic Move with Lame (p.B141): reduced by the setting ``lame_move`` for a crippled
    leg, a missing leg or no legs, at least 1."""
    if variant not in LAME_VARIANTS:
        return max(1, basic_move)
    return max(1, basic_move - settings.lame_move[LAME_VARIANTS.index(variant)])


def skill_levels(sheet: Sheet, scores: dict[str, int]) -> dict[str, int]:
    """Each bought skill's level (attribute + relative level), then unbought weapon skills the
    sheet's weapons use at their best default (p.B173)."""
    levels = {s.name: scores[s.attribute] + s.relative for s in sheet.skills}
    for item in sheet.equipment:
        name = item.get("skill", "")
        listed = find_skill(name)
        if name and name not in levels and listed is not None:
            level = default_level(listed, scores, levels)
            if level is not None:
                levels[name] = level
    return levels


def _damage(text: str, st: int) -> dict[str, str]:
    return {"as_written": text, "dice": parse_damage(text, st).label()}


def derive(sheet: Sheet) -> dict[str, Any]:
    """Every derived value of ``sheet``: scores, Basic Lift, encumbrance, Move, Dodge, Parry
    and Block per weapon with retreat and shield DB notes, skill levels, damage per attack as
    written (``sw+2 cut``) and rolled (``2d cut``) at this ST, reach, HP/FP and injury
    thresholds."""
    a, s = sheet.attributes, sheet.secondary
    speed = (a["HT"] + a["DX"]) / 4 + s["BasicSpeed"]
    scores = {
        **a,
        "Will": a["IQ"] + int(s["Will"]),
        "Per": a["IQ"] + int(s["Per"]),
    }
    hp, fp = a["ST"] + int(s["HP"]), a["HT"] + int(s["FP"])
    lift = basic_lift(a["ST"] + sheet.levels("Lifting ST"))
    level, enc_name, move_factor = encumbrance(
        float(sum(i["weight"] for i in sheet.equipment)), lift
    )
    basic_move = math.floor(speed) + int(s["BasicMove"])
    for lame in (t for t in sheet.traits if t.name == "Lame"):
        basic_move = lame_move(basic_move, lame.variant)
    reflexes = 1 if sheet.levels("Combat Reflexes") else 0
    dodge = math.floor(speed) + 3 + reflexes + sheet.levels("Enhanced Dodge") - level
    skills = skill_levels(sheet, scores)
    striking = a["ST"] + sheet.levels("Striking ST")
    thrust, swing = thrust_swing(striking)
    parry_all = sheet.levels("Enhanced Parry (all)")
    block_bonus = reflexes + sheet.levels("Enhanced Block")
    attacks, parries, blocks = [], {}, {}
    shield_db = max(
        (int(i.get("db", 0)) for i in sheet.equipment if i["kind"] == "shield"), default=0
    )
    for item in sheet.equipment:
        skill = skills.get(item.get("skill", ""), a["DX"] - 4)
        if item["kind"] == "shield":
            blocks[item["name"]] = 3 + skill // 2 + block_bonus
            continue
        if item["kind"] != "weapon":
            continue
        for mode in ("swing", "thrust", "ranged"):
            if item.get(mode):
                reach = item.get(f"{mode}_reach") or item.get("reach", "")
                attacks.append(
                    {
                        "weapon": item["name"],
                        "mode": mode,
                        "skill": skill,
                        "reach": "" if mode == "ranged" else reach,
                        **_damage(item[mode], striking),
                    }
                )
        if item.get("parry") is not None and not item.get("ranged"):
            enhanced = sum(
                max(1, t.level)
                for t in sheet.traits
                if t.name == "Enhanced Parry" and t.skill in ("", item["skill"])
            )
            parries[item["name"]] = (
                3 + skill // 2 + int(item["parry"]) + reflexes + enhanced + parry_all
            )
    return {
        **scores,
        "HP": hp,
        "FP": fp,
        "BasicSpeed": speed,
        "BasicMove": basic_move,
        "BasicLift": lift,
        "thrust": f"{thrust[0]}d{thrust[1]:+d}".replace("+0", ""),
        "swing": f"{swing[0]}d{swing[1]:+d}".replace("+0", ""),
        "encumbrance": {"level": level, "name": enc_name},
        "Move": max(1, math.floor(basic_move * move_factor)),
        "Dodge": dodge,
        "Parry": parries,
        "Block": blocks,
        "retreat": RETREAT_NOTE,
        "shield_db": shield_db,
        "shield_note": shield_note(shield_db),
        "skills": skills,
        "attacks": attacks,
        "injury": {
            "major_wound": hp // 2 + 1,
            "reeling_below": math.ceil(hp / 3),
            "collapse": 0,
            "death_checks": [-hp * n for n in range(1, 5)],
            "dead": -5 * hp,
            "tired_below": math.ceil(fp / 3),
        },
    }
