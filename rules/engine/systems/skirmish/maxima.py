"""Racial maximum characteristics and advances that would pass them (NOT IN SEED: published
Mordheim rules, not in seed 001: published Mordheim rules, Advances: "each race has maximum
characteristics; an advance that would
go past one is re-rolled").

Published Mordheim, Experience, characteristic increases: a characteristic may not be raised
past the race's maximum; when a rolled increase is for a characteristic already at its
maximum the player takes the other one of the pair instead (+1 A instead of +1 S, and so on),
and when both are at their maximum the advance is rolled again. A henchman's single
characteristic at its maximum is rolled again too. Maxima by race as published (Mordheim
rulebook, "Maximum characteristics"); the sample warbands are men, so "human" is the default.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

Profile = Mapping[str, int]

RACIAL_MAXIMA: dict[str, dict[str, int]] = {
    "human": {"M": 4, "WS": 6, "BS": 6, "S": 4, "T": 4, "W": 3, "I": 6, "A": 4, "Ld": 9},
    "elf": {"M": 5, "WS": 7, "BS": 7, "S": 4, "T": 4, "W": 3, "I": 9, "A": 4, "Ld": 10},
    "dwarf": {"M": 3, "WS": 7, "BS": 6, "S": 4, "T": 5, "W": 3, "I": 5, "A": 4, "Ld": 10},
    "orc": {"M": 4, "WS": 6, "BS": 6, "S": 4, "T": 5, "W": 3, "I": 5, "A": 4, "Ld": 9},
    "skaven": {"M": 6, "WS": 6, "BS": 6, "S": 4, "T": 4, "W": 3, "I": 7, "A": 4, "Ld": 7},
}
DEFAULT_RACE = "human"

PAIRS: dict[str, tuple[str, str]] = {
    "s_or_a": ("S", "A"),
    "i_or_ld": ("I", "Ld"),
    "w_or_t": ("W", "T"),
    "ws_or_bs": ("WS", "BS"),
}
"""Advance results that name two characteristics (not in seed 001: published Mordheim rules,
Advances hero and henchman tables)."""


def maxima_for(race: str) -> dict[str, int]:
    """The race's maxima; an unknown race uses the human ones."""
    return RACIAL_MAXIMA.get(race.lower(), RACIAL_MAXIMA[DEFAULT_RACE])


def below_max(stat: str, profile: Profile, maxima: Profile) -> bool:
    """True when ``stat`` may still go up by one."""
    return stat not in maxima or int(profile.get(stat, 0)) < maxima[stat]


def within_maxima(
    entry: dict[str, Any], profile: Profile, maxima: Profile
) -> dict[str, Any] | None:
    """``entry`` as it may stand: a characteristic at its maximum becomes the other of its
    pair (``maximum_swap`` notes it), a choice keeps only the characteristics below their
    maximum; None when nothing is left (the advance is rolled again)."""
    stat = entry.get("characteristic")
    if stat is not None:
        if below_max(stat, profile, maxima):
            return entry
        pair = PAIRS.get(str(entry["result"]))
        other = next((s for s in pair or () if s != stat), None)
        if other is not None and below_max(other, profile, maxima):
            return {**entry, "characteristic": other, "maximum_swap": stat}
        return None
    options = entry.get("choose_one_of")
    if options:
        allowed = [s for s in options if below_max(s, profile, maxima)]
        return {**entry, "choose_one_of": allowed} if allowed else None
    return entry
