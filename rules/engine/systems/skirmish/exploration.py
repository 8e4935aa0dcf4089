"""Exploration results for doubles, triples and more (NOT IN SEED: published Mordheim rules,
Exploration and income — digest §15.13: multiples give a special result from a table of
locations, not reproduced; only the largest set counts): each result here gives gold
crowns or extra wyrdstone shards (added to the batch the warband sells after the battle).
Results that would give experience are left out on purpose: experience earned between
games would cross advance thresholds no post-battle sequence rolls for.

Wyrdstone Hunter (published rulebook p.123, Academic skills): when a hero with the skill
searches the ruins (he was not taken out of action), one exploration die may be re-rolled and
the second result stands, once per post-battle sequence. The engine chooses for the player by
a fixed rule (``hunter_reroll``), rolled after every other post-battle die so no other roll
moves.

``EXPLORATION_RESULTS`` is an original sample table in the published one's shape: by the
size of the set (2, 3, 4 or more) and the value of its dice.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class ExplorationResult:
    """What one location gives: ``gold`` crowns and ``shards`` of wyrdstone."""

    slug: str
    name: str
    gold: int = 0
    shards: int = 0

    def as_dict(self) -> dict[str, object]:
        return {
            "slug": self.slug,
            "name": self.name,
            "gold": self.gold,
            "shards": self.shards,
        }


R = ExplorationResult
EXPLORATION_RESULTS: Mapping[int, Mapping[int, ExplorationResult]] = {
    2: {
        1: R("ash-well", "Well of ash", shards=1),
        2: R("toll-house", "Collapsed toll-house", gold=10),
        3: R("drowned-cart", "Drowned cart", gold=15),
        4: R("lamp-cellar", "Lamp-maker's cellar", gold=5, shards=1),
        5: R("watch-armoury", "Abandoned watch-post", gold=20),
        6: R("lantern-shrine", "Shrine of the lost lantern", gold=5, shards=1),
    },
    3: {
        1: R("flooded-vault", "Flooded vault", shards=2),
        2: R("counting-house", "Counting-house strongbox", gold=35),
        3: R("bell-tower", "Fallen bell-tower", gold=20, shards=1),
        4: R("smugglers-den", "Smugglers' den", gold=45),
        5: R("chapter-library", "Chapter library", gold=25, shards=1),
        6: R("guild-hall", "Guild hall treasury", gold=60),
    },
    4: {
        1: R("crater-rim", "Rim of the crater", shards=3),
        2: R("mint", "Ruined mint", gold=80),
        3: R("wyrd-seam", "Seam of wyrdstone", shards=4),
        4: R("merchant-barge", "Sunken merchant barge", gold=60, shards=2),
        5: R("hero-tomb", "Tomb of a forgotten captain", gold=90),
        6: R("palace-vault", "Palace vault", gold=120),
    },
}


def exploration_result(count: int, value: int) -> ExplorationResult | None:
    """The result of a set of ``count`` dice showing ``value`` (sets of 4+ read the 4s)."""
    if count < min(EXPLORATION_RESULTS):
        return None
    return EXPLORATION_RESULTS[min(count, max(EXPLORATION_RESULTS))].get(value)


HUNTER_REROLL_MAX = 3
"""A Wyrdstone Hunter re-rolls a die showing 3 or less: a fresh D6 averages 3.5."""


def hunter_reroll(dice: Sequence[int], kept: int | None) -> int | None:
    """The index of the exploration die a Wyrdstone Hunter re-rolls, None to keep them all:
    the dice of the largest set of equal dice (value ``kept``) stay, a multiple being worth
    more than one die's pips; of the others the lowest (the first of equals) is re-rolled when
    it shows ``HUNTER_REROLL_MAX`` or less, which may also make a multiple."""
    loose = [(value, i) for i, value in enumerate(dice) if value != kept]
    if not loose:
        return None
    value, index = min(loose)
    return index if value <= HUNTER_REROLL_MAX else None
