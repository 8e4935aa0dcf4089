"""Experience thresholds and advance rolls (NOT IN SEED: published Mordheim rules, digest
§15.12 Advances): one 2D6 on the hero or henchman advance table per threshold crossed, racial
maxima held (``maxima``); what the player then picks is ``advance_picks``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.engine.systems.skirmish.advance_picks import LADS_GOT_TALENT
from rules.engine.systems.skirmish.maxima import DEFAULT_RACE, maxima_for, within_maxima
from rules.engine.systems.skirmish.rolls import Band, Roller, band

HERO_THRESHOLDS: tuple[int, ...] = (
    2,
    4,
    6,
    8,
    11,
    14,
    17,
    20,
    24,
    28,
    32,
    36,
    41,
    46,
    51,
    57,
    63,
    69,
    76,
    83,
    90,
)
HENCHMAN_THRESHOLDS: tuple[int, ...] = (2, 5, 9, 14)

HERO_ADVANCES: tuple[Band, ...] = (
    (2, 5, "new_skill"),
    (6, 6, "s_or_a"),
    (7, 7, "ws_or_bs"),
    (8, 8, "i_or_ld"),
    (9, 9, "w_or_t"),
    (10, 12, "new_skill"),
)
HERO_ADVANCE_SUB_ROLLS: dict[str, tuple[Band, ...]] = {
    "s_or_a": ((1, 3, "S"), (4, 6, "A")),
    "i_or_ld": ((1, 3, "I"), (4, 6, "Ld")),
    "w_or_t": ((1, 3, "W"), (4, 6, "T")),
}
MAX_HEROES = 6
"""A warband has at most six heroes (published Mordheim Warband composition; the system
catalogue's ``warband.heroes``): a henchman's talent finds no room past it."""
HENCHMAN_ADVANCES: tuple[Band, ...] = (
    (2, 4, "I"),
    (5, 5, "S"),
    (6, 7, "ws_or_bs"),
    (8, 8, "A"),
    (9, 9, "Ld"),
    (10, 12, LADS_GOT_TALENT),
)


def _advance_roll(roller: Roller, who: str, hero: bool, threshold: int) -> dict[str, Any]:
    """One 2D6 on the hero or henchman advance table, with its D6 sub-roll (not in seed 001:
    published Mordheim rules, Advances)."""
    value = roller.roll("advance", who, "2D6")
    code = band(HERO_ADVANCES if hero else HENCHMAN_ADVANCES, value)
    entry: dict[str, Any] = {"threshold": threshold, "roll": value, "result": code}
    if hero and code in HERO_ADVANCE_SUB_ROLLS:
        sub = roller.roll(f"advance: {code}", who, "D6")
        entry["characteristic"] = band(HERO_ADVANCE_SUB_ROLLS[code], sub)
    elif code in ("ws_or_bs",):
        entry["choose_one_of"] = ["WS", "BS"]
    elif code in ("I", "S", "A", "Ld"):
        entry["characteristic"] = code
    return entry


def advances(
    roller: Roller,
    who: str,
    hero: bool,
    start: int,
    total: int,
    profile: Mapping[str, int] | None = None,
    race: str = DEFAULT_RACE,
    hero_room: bool = True,
) -> list[dict[str, Any]]:
    """One 2D6 advance roll per threshold crossed (not in seed 001: published Mordheim rules,
    Advances); with the fighter's
    ``profile``, racial maxima hold (``maxima.within_maxima``: the other of the pair, else
    a re-roll, each re-roll recorded in ``rerolled``); without ``hero_room`` (the warband
    has its most heroes) "the lad's got talent" is rolled again (published rulebook p.121)."""
    thresholds = HERO_THRESHOLDS if hero else HENCHMAN_THRESHOLDS
    current = dict(profile or {})
    maxima = maxima_for(race)
    out = []
    for threshold in thresholds:
        if not start < threshold <= total:
            continue
        entry = _advance_roll(roller, who, hero, threshold)
        rerolled: list[int] = []
        # ends: "new skill" (heroes) and "the lad's got talent" (henchmen, while the warband
        # has room for a hero) are never blocked by maxima
        while True:
            if entry["result"] == LADS_GOT_TALENT and not hero_room:
                pass  # no room for another hero: rolled again
            elif profile is None:
                break
            else:
                allowed = within_maxima(entry, current, maxima)
                if allowed is not None:
                    entry = allowed
                    break
            rerolled.append(entry["roll"])
            entry = _advance_roll(roller, who, hero, threshold)
        if rerolled:
            entry["rerolled"] = rerolled
        if entry.get("characteristic"):
            stat = entry["characteristic"]
            current[stat] = current.get(stat, 0) + 1
        out.append(entry)
    return out
