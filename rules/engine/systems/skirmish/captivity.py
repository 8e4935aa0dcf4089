"""Captured heroes (NOT IN SEED: published Mordheim rules, Serious injuries 61 "Captured";
digest §15.9 marks the procedure uncertain): the hero is held by the warband that took him
out of action and misses its games until he comes back. His own warband may pay the ransom
the captor sets, or free him by beating the captor in a later game (this project's reading
of a rescue: the published rules leave it to the players' scenarios); the captor may sell
him to the slavers for D6 × 5 gc, release him, or exchange him for one of its own heroes
the other warband holds. The captors keep his weapons and armour whatever becomes of him
(published Serious injuries 61): the injury loses his equipment (``loses_equipment``, as
robbed) and the campaign lists it on the captor's side (``to_captor``).

Pure: the campaign keeps who holds whom; this module holds the rule's figures and dice.
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass

from rules.engine.dice import Dice

CAPTURED = "captured"
"""The serious-injury result that makes a captive (``post_battle.HERO_SERIOUS_INJURIES``)."""

SLAVER_PRICE_PER_PIP = 5
"""Slavers pay D6 × 5 gold crowns for a captive (published Serious injuries 61)."""

SLAVER_SEED_SALT = 0x51A7E
"""The slavers' D6 has its own stream, seeded from the captive's game and fighter, so the
price is the same however often it is asked and no other roll is re-used."""


@dataclass(frozen=True, slots=True)
class Captivity:
    """The captured rule as the campaign applies it."""

    result: str = CAPTURED
    rescue_by_win: bool = True
    """A later win of the captive's warband over the captor frees him."""

    def slaver_price(self, seed: int, fighter: str) -> tuple[int, int]:
        """(the D6, the gold crowns) the slavers pay for ``fighter`` captured in the game
        whose post-battle seed is ``seed``."""
        stream = (seed ^ SLAVER_SEED_SALT ^ zlib.crc32(fighter.encode())) % (2**62)
        roll = Dice(stream).d6()
        return roll, roll * SLAVER_PRICE_PER_PIP


CAPTIVITY = Captivity()
