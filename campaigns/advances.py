"""Advances and ranks that ask the player for a pick, injuries that keep a fighter out of
games, and injuries whose rules last (pure: no Django).

A Mordheim "WS or BS" advance names its ``choose_one_of``; a "new skill" advance is chosen
from the campaign's ``new_skills`` list; a rank level of the experience pack may name a
``choose_one_of`` too. The pick becomes a ``choice`` ledger line of the same run.
"""

from __future__ import annotations

import zlib
from collections.abc import Collection, Iterable, Mapping
from copy import deepcopy
from typing import Any

from rules.engine.dice import Dice

CHARACTERISTICS: tuple[str, ...] = ("M", "WS", "BS", "S", "T", "W", "I", "A", "Ld")
"""Profile characteristics: choosing one raises it by one (NOT IN SEED: published Mordheim
advance table, not in seed 001: published Mordheim rules, Advances)."""

MISSES_NEXT_GAME = "misses_next_game"
OLD_BATTLE_WOUND = "old-battle-wound"
OLD_WOUND_MISSES_ON = 1
"""Old battle wound: a D6 before each battle, the hero misses it on a 1 (NOT IN SEED:
published serious injuries, not in seed 001: published Mordheim rules, Serious injuries)."""
EYES = 2
"""Blinded in one eye twice: the hero has lost both and retires (not in seed 001: published Mordheim
rules, Serious injuries)."""


def advance_options(
    kind: str, data: Mapping[str, Any], settings: Mapping[str, Any], known: Collection[str] = ()
) -> list[str]:
    """What a player may pick for an advance or rank line ([] when nothing is to choose):
    its ``choose_one_of`` (a "new skill" names the skills the hero's type may take), less
    the skills the unit has ``known`` since, or the campaign's ``new_skills`` for a "new
    skill" advance (not in seed 001: published Mordheim rules, Advances)."""
    listed = data.get("choose_one_of")
    if listed:
        return [str(option) for option in listed if str(option) not in known]
    if kind == "advance" and data.get("result") == "new_skill":
        return [str(skill) for skill in settings.get("new_skills", [])]
    return []


def choice_data(
    entry_id: int, choice: str, advance: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """The ``choice`` ledger line's data: a characteristic is raised by one; a promotion
    (the advance names a fighter to ``promote``: Mordheim's "the lad's got talent") records
    the fighter and the skill lists picked ("combat + speed"); anything else is a skill or
    rank benefit carried by the unit."""
    if (advance or {}).get("promote"):
        return {
            "advance_entry": entry_id,
            "choice": choice,
            "promote": str(advance["promote"]),
            "skill_lists": talent_lists(choice),
        }
    if choice in CHARACTERISTICS:
        return {"advance_entry": entry_id, "choice": choice, "characteristic": choice}
    return {"advance_entry": entry_id, "choice": choice, "skill": choice}


PROMOTED_SUFFIX = "h"


def talent_lists(choice: str) -> list[str]:
    """The skill lists of a talent pick "combat + speed"."""
    return [part.strip() for part in str(choice).split("+") if part.strip()]


def promoted_units(
    roster_data: dict[str, Any], unit_states: Mapping[str, Mapping[str, Any]]
) -> None:
    """Each henchman a picked "the lad's got talent" promoted leaves his group and joins the
    roster as a hero of his own: the group's profile, equipment and rules, one model,
    ``extra.kind`` hero with the two skill lists picked, unit id "<group id>h<n>" so his own
    later advances and injuries follow him; he starts with the group's experience (NOT IN
    SEED: published Mordheim rulebook p.121; the experience is this project's reading)."""
    by_id = {str(u["id"]): u for u in roster_data.get("units", [])}
    promotions = [
        (key, line)
        for key, state in sorted(unit_states.items())
        for line in state.get("advances") or []
        if line.get("promote") and line.get("chosen")
    ]
    for key, line in promotions:
        group = by_id.get(key)
        if group is None or int(group.get("size", 1)) < 2:
            continue
        group["size"] = int(group["size"]) - 1
        number = sum(1 for key in by_id if key.startswith(f"{group['id']}{PROMOTED_SUFFIX}")) + 1
        hero = {
            **deepcopy(group),
            "id": f"{group['id']}{PROMOTED_SUFFIX}{number}",
            "name": f"{group.get('name', group['id'])} (hero)",
            "category": "Hero",
            "size": 1,
        }
        hero["weapons"] = [{**w, "count": 1} for w in group.get("weapons", []) if w.get("count", 1)]
        extra = hero.setdefault("extra", {})
        extra["kind"] = "hero"
        extra["skill_lists"] = talent_lists(line["chosen"])
        extra["starting_experience"] = int(extra.get("starting_experience", 0)) + int(
            unit_states[key].get("experience", 0)
        )
        extra["experience"] = extra["starting_experience"]
        roster_data["units"].append(hero)
        by_id[hero["id"]] = hero


def games_missed(injury: Mapping[str, Any]) -> int:
    """Games a serious injury keeps the fighter out: "misses next game" one, a deep wound its
    recorded D3; multiple injuries keep the longest absence (not in seed 001:
    published Mordheim rules, Serious injuries) — the longest rather than the sum is this
    project's reading, the alternative being to add them up)."""
    if injury.get("dead"):
        return 0
    own = 0
    if injury.get("detail") == MISSES_NEXT_GAME:
        own = 1
    if "games_missed" in injury:
        own = max(own, int(injury["games_missed"]))
    nested = [games_missed(sub) for sub in injury.get("injuries") or []]
    return max([own, *nested])


def leave_out(roster_data: dict[str, Any], absent: list[tuple[str, str]]) -> dict[str, Any]:
    """The roster without the fighters sitting a game out: a group shrinks by one per absent
    fighter, a unit left with nobody is left out; ``campaign.left_out`` lists them."""
    if not absent:
        return roster_data
    by_unit: dict[str, list[str]] = {}
    for unit_key, fighter in absent:
        by_unit.setdefault(unit_key, []).append(fighter)
    kept = []
    for unit in roster_data.get("units", []):
        missing = by_unit.get(str(unit["id"]), [])
        size = int(unit.get("size", 1)) - len(missing)
        if size <= 0:
            continue
        if missing:
            unit["size"] = size
        kept.append(unit)
    roster_data["units"] = kept
    roster_data.setdefault("campaign", {})["left_out"] = [
        {"unit": unit_key, "fighter": fighter} for unit_key, fighter in sorted(absent)
    ]
    return roster_data


def injury_results(injuries: Iterable[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """Every result of these serious-injury lines, those inside Multiple Injuries too."""
    out: list[Mapping[str, Any]] = []
    for injury in injuries:
        if injury.get("dead"):
            continue
        out.append(injury)
        out.extend(injury_results(injury.get("injuries") or []))
    return out


def lasting_rules(injuries: Iterable[Mapping[str, Any]]) -> list[str]:
    """The battle rules a unit's serious injuries gave it, in the order received (the
    engine's names: stupidity, frenzy, may-not-run, one-arm, old-battle-wound,
    immune-to-fear, causes-fear, hatred(<target>); NOT IN SEED: published serious injuries,
    not in seed 001: published Mordheim rules, Serious injuries)."""
    rules: dict[str, None] = {}
    for result in injury_results(injuries):
        for rule in result.get("rules") or []:
            rules[str(rule)] = None
    return list(rules)


def retired(injuries: Iterable[Mapping[str, Any]]) -> bool:
    """Blinded in one eye a second time: the hero retires from the warband (not in seed 001:
    published Mordheim rules, Serious injuries)."""
    results = injury_results(injuries)
    return sum(1 for r in results if r.get("result") == "blinded_in_one_eye") >= EYES


def robbed(injuries: Iterable[Mapping[str, Any]]) -> bool:
    """Robbed: the hero lost all his weapons, armour and equipment (not in seed 001: published
    Mordheim rules, Serious injuries)."""
    return any(r.get("loses_equipment") for r in injury_results(injuries))


def old_wound_absences(roster_data: Mapping[str, Any], seed: int) -> list[tuple[str, str]]:
    """(unit key, fighter) of heroes whose old battle wound keeps them out of this game: a
    D6 each, seeded by the game and the fighter so the roll is the same every time the
    snapshot is taken; a 1 misses (not in seed 001: published Mordheim rules, Serious injuries)."""
    out = []
    for unit in roster_data.get("units", []):
        if OLD_BATTLE_WOUND not in (unit.get("rules") or []):
            continue
        fighter = f"{unit['id']}.1"
        roll = Dice((seed ^ zlib.crc32(fighter.encode())) % (2**62)).d6()
        if roll <= OLD_WOUND_MISSES_ON:
            out.append((str(unit["id"]), fighter))
    return out
