"""The "rules with no effect" notice of the battle and simulation pages, as players read it.

``rules.selectors.job_rules_without_effect`` (also the API's ``rules_without_effect`` field,
which stays slugs for its clients) lists each rule slug with the units that carry it. Here
each rule is named by its glossary name ("Animal", not ``animal``) and its units are listed
once each under their army's name: "Animal — Raiders (A): Marsh Hound; Raiders (B): Marsh
Hound". The armies' letters are added only when both sides carry the same name (a list
against a copy of itself); a second unit of the same name in one army reads "Marsh Hound
(2)" (issue 24: human names everywhere, same-named units told apart).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from armybuilder.selectors import special_rule_names
from frontend.words import human_name
from rules.selectors import job_rules_without_effect

SIDES = ("a", "b")


def army_names(snapshots: dict[str, dict[str, Any]]) -> dict[str, str]:
    """Each side's army name (the roster's name, else its faction's in words, else "Side
    A"), with "(A)"/"(B)" after both when the two sides share one name."""
    names = {
        side: str(snapshot.get("name") or human_name(str(snapshot.get("faction") or "")))
        or f"Side {side.upper()}"
        for side, snapshot in snapshots.items()
    }
    if len(names) == len(SIDES) and len(set(names.values())) == 1:
        return {side: f"{name} ({side.upper()})" for side, name in names.items()}
    return names


def unit_names(snapshot: dict[str, Any]) -> dict[str, str]:
    """Each unit id of an army → its name, "(2)", "(3)"… after the second and later units
    of a name already used in that army (in roster order)."""
    seen: Counter[str] = Counter()
    shown: dict[str, str] = {}
    for unit in snapshot.get("units", []) or []:
        name = str(unit.get("name") or unit.get("id", ""))
        seen[name] += 1
        shown[str(unit.get("id", ""))] = name if seen[name] == 1 else f"{name} ({seen[name]})"
    return shown


def notice_rows(
    rows: list[dict[str, Any]],
    snapshots: dict[str, dict[str, Any]],
    rule_names: dict[str, str],
) -> list[dict[str, str]]:
    """``[{"rule": glossary name, "where": "Army: unit, unit; Army: unit"}]`` for the rows
    of ``job_rules_without_effect``, each unit once, the armies in side order."""
    armies = army_names(snapshots)
    units = {side: unit_names(snapshot) for side, snapshot in snapshots.items()}
    notice = []
    for row in rows:
        listed: dict[str, list[str]] = {}
        for unit in row["units"]:
            side, uid = str(unit["side"]), str(unit["id"])
            name = units.get(side, {}).get(uid) or str(unit.get("name") or uid)
            names = listed.setdefault(side, [])
            if name not in names:
                names.append(name)
        where = "; ".join(
            f"{armies.get(side, side)}: {', '.join(listed[side])}"
            for side in SIDES
            if side in listed
        )
        rule = str(row["rule"])
        notice.append({"rule": rule_names.get(rule) or human_name(rule), "where": where})
    return notice


def rules_notice(*, job: Any) -> list[dict[str, str]]:
    """The notice rows of a battle or simulation (``EngineJob``), read from its snapshots."""
    rows = job_rules_without_effect(job=job)
    if not rows:
        return []
    snapshots = {"a": job.snapshot_a or {}, "b": job.snapshot_b or {}}
    factions = {str(s.get("faction") or "") for s in snapshots.values()}
    factions |= {str(a) for s in snapshots.values() for a in s.get("allies", []) or []}
    names = special_rule_names(
        system=job.system, slugs=[str(r["rule"]) for r in rows], factions=factions
    )
    return notice_rows(rows, snapshots, names)
