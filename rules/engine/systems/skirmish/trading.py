"""Trading between games (NOT IN SEED: published Mordheim rules, Trading; digest §15.8 steps
6 and 8, §15.13): common items are bought at their price from the warband's equipment list;
a rare item must first be found — a hero who was not taken out of action in the last game
rolls 2D6 (+2 with Streetwise) for one rare item and finds it on a score equal to or above its
rarity (one search per hero per game); a hero with Haggle takes 2D6 gc off one item he buys
(at least 1 gc is paid) once per post-battle sequence — the 2D6 is rolled by the post-battle
sequence, its last die (``post_battle.may_haggle``), so the purchase uses that recorded
roll; anything is sold back for half its listed price.

``RARITY`` holds the rarity of the items the sample equipment lists offer (the published
price chart's "Rare N"; items not listed are common). Pure: the campaign supplies the
post-battle seed, so a search is the same however often it is asked and cannot be redone.
"""

from __future__ import annotations

import zlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from rules.engine.dice import Dice
from rules.engine.systems.skirmish.skills import known_skills

RARITY: dict[str, int] = {"pistol": 8, "handgun": 8}
"""Equipment-list option slug → rarity (published price chart: pistol and handgun Rare 8)."""

RARITY_SEED_SALT = 0x7A4D3
"""Searches use their own dice stream, seeded from the game's post-battle seed for the side
and the hero, so no post-battle roll is re-used."""

STREETWISE_BONUS = 2
"""Streetwise (published rulebook p.122, Academic skills): +2 to the hero's rarity roll."""

HAGGLE_MIN_PRICE = 1
"""Haggle (published rulebook p.123, Academic skills): "may deduct 2D6 gold crowns from the
price of any single item (to a minimum cost of 1 gc) once per post-battle sequence"."""

SELL_DIVISOR = 2
"""Equipment sells for half its listed price, rounded down."""


@dataclass(frozen=True, slots=True)
class Trading:
    """The trading rules as the campaign applies them."""

    rarity: Mapping[str, int] = field(default_factory=lambda: dict(RARITY))

    def rarity_of(self, item: str) -> int | None:
        """The item's rarity, None for a common item."""
        return self.rarity.get(item)

    def search(self, seed: int, hero: str) -> tuple[int, int]:
        """The hero's 2D6 search after the game whose side seed is ``seed``."""
        dice = Dice((seed ^ RARITY_SEED_SALT ^ zlib.crc32(hero.encode())) % (2**62))
        return dice.d6(), dice.d6()

    def search_bonus(self, skills: Iterable[object]) -> int:
        """What the hero's ``skills`` (names or slugs) add to his search: Streetwise +2."""
        return STREETWISE_BONUS if "streetwise" in known_skills(skills) else 0

    def haggle_discount(self, price: int, roll: int | None, skills: Iterable[object]) -> int:
        """What a hero with Haggle among ``skills`` (names or slugs) takes off an item listed
        at ``price`` with his ``roll`` (his post-battle 2D6; None when the sequence rolled
        none): the roll, never below ``HAGGLE_MIN_PRICE`` paid; 0 without the skill."""
        if not roll or "haggle" not in known_skills(skills):
            return 0
        return max(0, min(int(roll), price - HAGGLE_MIN_PRICE))

    def sell_price(self, price: int) -> int:
        """What selling an item listed at ``price`` brings in."""
        return price // SELL_DIVISOR


TRADING = Trading()
