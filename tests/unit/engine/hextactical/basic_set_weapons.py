"""The GURPS 4e Basic Set weapon tables (melee pp.B271–274, muscle-powered ranged pp.B275–276,
notes p.B269–270) in the catalogue's weapon keys, shared by the tests that check the catalogue
YAML and the point-buy equipment list against them.

Marks of the tables: "*" after a reach is a Ready to change reach (``reach_change_ready``), "U"
after the parry an unbalanced weapon, "†" after the ST two hands, "‡" two hands and unready after
an attack unless one has 1.5 × its ST (``unready_after_attack``). A bow's or crossbow's ST is
the weapon's own (bought at any ST), so its ranges are given as multiples of that ST."""

from __future__ import annotations

from typing import Any

from rules.engine.systems.hextactical.combatant import Weapon, _weapon

#: name → the weapon's row of the Basic Set table, in the catalogue's keys
BASIC_SET_WEAPONS: dict[str, dict[str, Any]] = {
    # p.B271 Broadsword
    "Broadsword": {"swing": "sw+1 cut", "thrust": "thr+1 cr", "reach": "1", "st": 10},
    # p.B273 Shortsword
    "Shortsword": {"swing": "sw cut", "thrust": "thr imp", "reach": "1", "st": 8},
    # p.B271 Axe/Mace
    "Axe": {"swing": "sw+2 cut", "reach": "1", "st": 11, "unbalanced": True},
    "Mace": {"swing": "sw+3 cr", "reach": "1", "st": 12, "unbalanced": True},
    # p.B272 Knife
    "Large knife": {
        "swing": "sw-2 cut",
        "thrust": "thr imp",
        "reach": "C,1",
        "thrust_reach": "C",
        "st": 6,
        "parry": -1,
    },
    "Dagger": {"thrust": "thr-1 imp", "reach": "C", "st": 5, "parry": -1},
    # p.B273 Spear, used two-handed (ST 9†)
    "Spear": {"thrust": "thr+3 imp", "reach": "1,2*", "st": 9, "hands": 2},
    # p.B274 Two-Handed Sword: Greatsword, sw+3 cut reach 1,2; thr+2 cr reach 2; ST 12†
    "Greatsword": {
        "swing": "sw+3 cut",
        "thrust": "thr+2 cr",
        "reach": "1,2",
        "thrust_reach": "2",
        "st": 12,
        "hands": 2,
    },
    # p.B272 Polearm: sw reach 2,3*, thr reach 1-3*, parry 0U, ST ‡
    "Halberd": {
        "swing": "sw+5 cut",
        "thrust": "thr+3 imp",
        "reach": "2,3*",
        "thrust_reach": "1-3*",
        "st": 13,
        "hands": 2,
        "unbalanced": True,
        "unready_after_attack": True,
    },
    "Glaive": {
        "swing": "sw+3 cut",
        "thrust": "thr+3 imp",
        "reach": "2,3*",
        "thrust_reach": "1-3*",
        "st": 11,
        "hands": 2,
        "unbalanced": True,
        "unready_after_attack": True,
    },
    # p.B273 Staff: Quarterstaff, parry +2, ST 7†
    "Quarterstaff": {
        "swing": "sw+2 cr",
        "thrust": "thr+2 cr",
        "reach": "1,2",
        "st": 7,
        "parry": 2,
        "hands": 2,
    },
    # p.B276 Crossbow: thr+4 imp, Acc 4, Range ×20/×25, RoF 1, Shots 1(4), ST 7†, Bulk −6
    "Crossbow": {"ranged": "thr+4 imp", "acc": 4, "x": (20, 25), "ready": 4, "bulk": -6},
    # p.B275 Bow: Longbow thr+2 imp Acc 3 ×15/×20 Shots 1(2) Bulk −8; Short Bow thr imp Acc 1
    # ×10/×15 Shots 1(2) Bulk −6
    "Longbow": {"ranged": "thr+2 imp", "acc": 3, "x": (15, 20), "ready": 2, "bulk": -8},
    "Short bow": {"ranged": "thr imp", "acc": 1, "x": (10, 15), "ready": 2, "bulk": -6},
    # p.B276 Thrown Weapon: Javelin thr+1 imp Acc 3 ×1.5/×3 Bulk −4; Throwing Axe sw+2 cut
    # Acc 2 ×1/×1.5 Bulk −3 (ranges of the wielder's ST: the catalogue stores yards)
    "Javelin": {"ranged": "thr+1 imp", "acc": 3, "bulk": -4, "st": 6, "thrown": True},
    "Throwing axe": {"ranged": "sw+2 cut", "acc": 2, "bulk": -3, "st": 11, "thrown": True},
}

#: bows and crossbows: two hands (ST †)
_BOWS = frozenset({"Crossbow", "Longbow", "Short bow"})


def _facts(weapon: Weapon) -> dict[str, Any]:
    """What the engine plays of a weapon, to compare with the table."""
    return {
        "modes": [(m.mode, m.damage, m.reaches) for m in weapon.modes],
        "hands": weapon.hands,
        "parry": weapon.parry_mod,
        "reach_change_ready": weapon.reach_change_ready,
        "unbalanced": weapon.unbalanced,
        "unready_after_attack": weapon.unready_after_attack,
        "acc": weapon.acc,
        "bulk": weapon.bulk,
        "reload": weapon.reload,
        "thrown": weapon.thrown,
    }


def mismatches(entry: dict[str, Any]) -> list[str]:
    """How a catalogue weapon entry differs from its Basic Set row (empty when it follows it),
    both read by wielders of ST 10 and 17 (where "sw+1" and "thr+3" differ); a name not in the
    table is reported too."""
    name = entry["name"]
    row = BASIC_SET_WEAPONS.get(name)
    if row is None:
        return [f"{name}: not in the Basic Set table of the tests"]
    bow = name in _BOWS
    table = {k: v for k, v in row.items() if k != "x"}
    table |= {"name": name, "skill": entry.get("skill", "")}
    if bow:
        table |= {"hands": 2, "st": entry.get("st"), "rof": 1}
        table["range"] = [m * int(entry.get("st", 0)) for m in row["x"]]
    elif row.get("thrown"):
        table["range"] = entry.get("range")
    problems = []
    for st in (10, 17):
        expected = _facts(_weapon(table, 0, st, {}, 10))
        got = _facts(_weapon(entry, 0, st, {}, 10))
        problems += [
            f"{name} (ST {st}): {k} {got[k]!r}, Basic Set {v!r}"
            for k, v in expected.items()
            if got[k] != v
        ]
    if not bow and int(entry.get("st", 0)) != row["st"]:
        problems.append(f"{name}: ST {entry.get('st')}, Basic Set {row['st']}")
    if bow:
        rng = list(entry.get("range") or [])
        if rng != table["range"]:
            problems.append(f"{name}: range {rng}, Basic Set {table['range']} at its ST")
    return problems
