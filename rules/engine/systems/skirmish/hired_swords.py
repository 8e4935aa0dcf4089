"""Hired swords (NOT IN SEED: published Mordheim rules, Hired Swords; digest §15.8 step 7):
professional fighters a warband hires from its treasury for a hire fee, then pays an upkeep
after every battle they fight, the first included, or they leave (their experience lost).
One of each type per warband; they do not count towards the warband's size. Out of action,
a hired sword rolls as a henchman does (D6: 1–2 lost) — never the heroes' serious-injury
table — and gains experience as henchmen do; the engine gives both to any fighter that is
not a hero. Each adds its own rating figure plus its experience to the warband rating.

``HIRED_SWORDS`` is an original sample of three, in the published entries' shape.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

HIRED_KIND = "hired_sword"
"""``extra.kind`` of a hired sword's roster unit: not a hero, so the henchman rolls apply."""


@dataclass(frozen=True, slots=True)
class HiredSword:
    """One hired sword's entry: fees in gold crowns, the rating it adds before experience,
    its starting experience, profile, equipment and rules."""

    slug: str
    name: str
    hire_fee: int
    upkeep: int
    rating: int
    experience: int
    profile: Mapping[str, int]
    weapons: tuple[str, ...]
    rules: tuple[str, ...] = ()

    def unit(self, key: str, experience: int = 0) -> dict[str, Any]:
        """The hired sword as an engine roster unit with id ``key`` (one fighter)."""
        return {
            "id": key,
            "unit": self.slug,
            "name": self.name,
            "category": "Hired Sword",
            "size": 1,
            "points": 0,
            "profile": dict(self.profile),
            "weapons": [{"name": w.replace("-", " ").title(), "type": w} for w in self.weapons],
            "rules": list(self.rules),
            "options": [],
            "extra": {
                "kind": HIRED_KIND,
                "hired_sword": self.slug,
                "starting_experience": self.experience,
                "experience": self.experience + experience,
            },
        }

    def warband_rating(self, experience: int) -> int:
        """What the hired sword adds to the warband rating with ``experience`` earned."""
        return self.rating + self.experience + experience

    def as_dict(self) -> dict[str, Any]:
        return {
            "slug": self.slug,
            "name": self.name,
            "hire_fee": self.hire_fee,
            "upkeep": self.upkeep,
            "rating": self.rating,
            "experience": self.experience,
            "profile": dict(self.profile),
            "weapons": list(self.weapons),
            "rules": list(self.rules),
        }


PROFILE_KEYS: tuple[str, ...] = ("M", "WS", "BS", "S", "T", "W", "I", "A", "Ld")


def _profile(values: str) -> dict[str, int]:
    """A profile from its characteristics in ``PROFILE_KEYS`` order ("4 4 3 …")."""
    return dict(zip(PROFILE_KEYS, map(int, values.split()), strict=True))


@dataclass(frozen=True, slots=True)
class HiredSwords:
    """The catalogue of hired swords a warband may take on."""

    entries: tuple[HiredSword, ...] = field(default_factory=tuple)

    def get(self, slug: str) -> HiredSword | None:
        return next((h for h in self.entries if h.slug == slug), None)


_SAMPLE: tuple[tuple[Any, ...], ...] = (
    # slug, name, hire fee, upkeep, rating, experience, M WS BS S T W I A Ld, equipment, rules
    ("tollgate-sellsword", "Tollgate Sellsword", 35, 15, 20, 8, "4 4 3 3 3 1 4 1 7",
     ("sword", "dagger", "light-armour", "helmet"), ()),
    ("fen-tracker", "Fen Tracker", 25, 10, 16, 6, "4 3 4 3 3 1 4 1 7", ("long-bow", "dagger"), ()),
    ("bridge-ogre", "Bridge Ogre", 80, 30, 40, 10, "6 3 2 4 4 3 3 2 7", ("double-handed",),
     ("fear", "large-target")),
)  # fmt: skip

HIRED_SWORDS = HiredSwords(
    tuple(
        HiredSword(slug, name, fee, upkeep, rating, xp, _profile(profile), weapons, rules)
        for slug, name, fee, upkeep, rating, xp, profile, weapons, rules in _SAMPLE
    )
)
