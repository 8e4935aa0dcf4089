"""A point-built sheet as a catalogue unit of this system (README "Catalogues"), so the one
army-builder validator prices and checks it and the engine plays it with
:func:`~rules.engine.systems.hextactical.combatant.build_combatant`.

The unit's ``cost`` is the sheet's total and equals ``character.template_points`` of the unit:
attributes and secondary adjustments go to ``profile`` (Increased/Decreased Basic Move as the
Basic Move adjustment they are, p.B17), skills to ``extra.skills`` with the points their
relative level costs, traits to ``extra.traits`` (quirks typed ``quirk``), techniques to
``extra.techniques``. Traits the engine plays by mapping: Damage Resistance adds to the armour's
DR (p.B46) and Striking ST rolls the weapons' damage at the higher ST (p.B88); a trait's
``skill`` (Enhanced Parry, Weapon Master), ``variant`` (Lame, Bad Sight) and ``self_control``
(Berserk, Bloodlust, Overconfidence) go with it, and the equipment's weight as
``extra.carried_weight`` (encumbrance, p.B17). The sheet itself is kept in ``extra.sheet``.
"""

from __future__ import annotations

from typing import Any

from rules.engine.systems.hextactical.damage import parse_damage
from rules.engine.systems.hextactical.pointbuy.equipment import engine_entry
from rules.engine.systems.hextactical.pointbuy.sheet import Sheet, price, read_sheet
from rules.engine.systems.hextactical.pointbuy.traits import QUIRK

_MODES = ("swing", "thrust", "ranged")


def _weapon(item: dict[str, Any], st: int, striking: int) -> dict[str, Any]:
    entry = engine_entry(item)
    if striking:
        for mode in _MODES:
            if entry.get(mode):
                entry[mode] = parse_damage(entry[mode], st + striking).label()
    return entry


def _trait_entry(pick: Any) -> dict[str, Any]:
    entry: dict[str, Any] = {"name": pick.name, "points": pick.points}
    if pick.level:
        entry["level"] = pick.level
    if pick.kind == QUIRK:
        entry["type"] = QUIRK
    for key in ("skill", "variant", "self_control"):
        if getattr(pick, key):
            entry[key] = getattr(pick, key)
    return entry


def sheet_unit(data: dict[str, Any], *, slug: str, category: str = "Fighter") -> dict[str, Any]:
    """The catalogue unit of the sheet ``data`` (a mapping; EngineError naming the bad
    field)."""
    sheet: Sheet = read_sheet(data)
    st = sheet.attributes["ST"]
    striking = sheet.levels("Striking ST")
    profile: dict[str, Any] = dict(sheet.attributes)
    profile.update({k: v for k, v in sheet.secondary.items() if v})
    armour = sum(int(i["dr"]) for i in sheet.equipment if i["kind"] == "armour")
    return {
        "slug": slug,
        "name": sheet.name or slug,
        "category": category,
        "unit_type": "combatant",
        "size": {"min": 1, "max": 1},
        "cost": price(sheet).total,
        "unique": False,
        "profile": profile,
        "weapons": [
            _weapon(i, st, striking) for i in sheet.equipment if i["kind"] in ("weapon", "shield")
        ],
        "rules": [],
        "extra": {
            "armour_dr": armour + sheet.levels("Damage Resistance"),
            "carried_weight": price(sheet).equipment_weight,
            "skills": [
                {
                    "name": s.name,
                    "attribute": s.attribute,
                    "difficulty": s.difficulty,
                    "points": s.points,
                }
                for s in sheet.skills
            ],
            "traits": [_trait_entry(t) for t in sheet.traits],
            "techniques": [{"name": t.name, "points": t.points} for t in sheet.techniques],
            "sheet": data,
        },
        "options": [],
    }
