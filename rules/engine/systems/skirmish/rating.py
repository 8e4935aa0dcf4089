"""The Mordheim warband rating (seed not in seed 001: published Mordheim rules, Warband
composition): 5 per warrior, plus 1 per point of
experience, plus extra for a large creature (the figure is uncertain: +20 is the common value).

One rule for the army builder's summary, the warband the battle plays and the post-battle
update: a fighter is large when its rules as fielded (options applied) hold ``large`` or
``large-target``, with or without a parameter.
"""

from __future__ import annotations

from collections.abc import Iterable

RATING_PER_WARRIOR = 5
RATING_PER_EXPERIENCE = 1
RATING_LARGE_CREATURE = 20
LARGE_RULES: frozenset[str] = frozenset({"large", "large-target"})


def is_large(rules: Iterable[str]) -> bool:
    """Whether a fighter with these rules is a large creature (``large(…)`` counts too)."""
    return any(str(rule).split("(")[0] in LARGE_RULES for rule in rules)


def warrior_rating(experience: int, large: bool) -> int:
    """One warrior's share of the rating: 5 + experience (+20 when large)."""
    return (
        RATING_PER_WARRIOR
        + RATING_PER_EXPERIENCE * experience
        + (RATING_LARGE_CREATURE if large else 0)
    )
