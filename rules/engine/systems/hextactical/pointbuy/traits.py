"""The trait list: advantages, disadvantages and quirks with their Basic Set costs.

Each :class:`Trait` states its cost (a flat cost, a cost per level or one of named variants),
the Basic Set page, whether it matters in a fight (``combat``) and how the engine plays it
(``played``: ``"rule"`` — the engine reads its slug, ``"mapped"`` — folded into the combatant's
profile, weapons or armour); a trait with no battle effect says why (``no_effect``). Names and
costs are game mechanics; the one-line descriptions are Muster's own.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from typing import Any

from rules.engine.systems.base import EngineError

ADVANTAGE = "advantage"
DISADVANTAGE = "disadvantage"
QUIRK = "quirk"

#: Self-control number → cost multiplier for a disadvantage with a self-control roll (p.B120):
#: resists on 6 or less ×2, 9 ×1.5, 12 ×1, 15 ×0.5.
SELF_CONTROL: dict[int, float] = {6: 2.0, 9: 1.5, 12: 1.0, 15: 0.5}


@dataclass(frozen=True, slots=True)
class Trait:
    """One advantage, disadvantage or quirk of the list."""

    name: str
    kind: str
    page: str
    text: str
    points: int = 0
    per_level: int = 0
    max_level: int | None = None
    variants: dict[str, int] = field(default_factory=dict)
    self_control: bool = False
    combat: bool = False
    played: str = ""
    #: Why a trait has no battle effect in the engine (a trait not ``combat``).
    no_effect: str = ""

    @property
    def slug(self) -> str:
        """The trait's keyword, as the engine's rule slugs spell it."""
        return "-".join("".join(c if c.isalnum() else " " for c in self.name.lower()).split())

    @property
    def leveled(self) -> bool:
        return self.per_level != 0

    def cost(self, level: int = 1, variant: str = "", self_control: int | None = None) -> int:
        """Points for this trait at ``level`` (levelled traits), ``variant`` (named versions)
        and ``self_control`` (6, 9, 12 or 15; fractions round up, p.B120); EngineError naming
        the bad field."""
        if self.variants:
            if variant not in self.variants:
                choices = ", ".join(self.variants)
                raise EngineError("variant", f"{self.name}: choose one of {choices}.")
            base = self.variants[variant]
        elif self.leveled:
            if int(level) < 1 or (self.max_level is not None and int(level) > self.max_level):
                most = f" (at most {self.max_level})" if self.max_level is not None else ""
                raise EngineError("level", f"{self.name}: level {level} is out of range{most}.")
            base = self.points + self.per_level * int(level)
        else:
            base = self.points
        if self_control is None:
            return base
        if not self.self_control or self_control not in SELF_CONTROL:
            raise EngineError("self_control", f"{self.name}: no self-control roll {self_control}.")
        return math.ceil(base * SELF_CONTROL[self_control])


def _a(name: str, page: str, text: str, **kw: Any) -> Trait:
    return Trait(name, ADVANTAGE, page, text, **kw)


def _d(name: str, page: str, text: str, **kw: Any) -> Trait:
    return Trait(name, DISADVANTAGE, page, text, **kw)


_NO_FATIGUE = "Fatigue is not tracked in battle (a fight of seconds spends no FP in the engine)."

TRAITS: tuple[Trait, ...] = (
    _a(
        "Combat Reflexes",
        "B43",
        "Quick in a fight: +1 to every active defence.",
        points=15,
        combat=True,
        played="rule",
    ),
    _a("Enhanced Dodge", "B51", "+1 Dodge per level.", per_level=15, combat=True, played="rule"),
    _a(
        "Enhanced Parry",
        "B51",
        "+1 Parry per level with the chosen weapon skill.",
        per_level=5,
        combat=True,
        played="rule",
    ),
    _a(
        "Enhanced Parry (all)",
        "B51",
        "+1 Parry per level with every weapon.",
        per_level=10,
        combat=True,
        played="rule",
    ),
    _a("Enhanced Block", "B51", "+1 Block per level.", per_level=5, combat=True, played="rule"),
    _a(
        "Extra Attack",
        "B53",
        "One more attack per turn per level.",
        per_level=25,
        combat=True,
        played="rule",
    ),
    _a(
        "Weapon Master",
        "B99",
        "Extra damage and faster parries with the weapons chosen.",
        variants={
            "one weapon": 20,
            "two weapons": 25,
            "small class": 30,
            "medium class": 35,
            "large class": 40,
            "all weapons": 45,
        },
        combat=True,
        played="rule",
    ),
    _a(
        "Trained by a Master",
        "B93",
        "Schooled in cinematic fighting: halved rapid-strike penalties and extra parries.",
        points=30,
        combat=True,
        played="rule",
    ),
    _a(
        "High Pain Threshold",
        "B59",
        "Wounds cause no shock; +3 to resist knockdown.",
        points=10,
        combat=True,
        played="rule",
    ),
    _a(
        "Hard to Kill",
        "B58",
        "+1 per level to HT rolls against death.",
        per_level=2,
        combat=True,
        played="rule",
    ),
    _a(
        "Hard to Subdue",
        "B59",
        "+1 per level to HT rolls to stay conscious.",
        per_level=2,
        played="rule",
        combat=True,
    ),
    _a(
        "Damage Resistance",
        "B46",
        "Natural armour: 1 DR per level over the whole body.",
        per_level=5,
        combat=True,
        played="mapped",
    ),
    _a(
        "Fit",
        "B55",
        "+1 to HT rolls for stamina; fatigue recovers twice as fast.",
        points=5,
        no_effect=_NO_FATIGUE,
    ),
    _a(
        "Very Fit",
        "B55",
        "+2 to HT rolls for stamina; fatigue costs half.",
        points=15,
        no_effect=_NO_FATIGUE,
    ),
    _a(
        "Unfazeable",
        "B95",
        "Nothing shakes him: never rolls fright checks.",
        points=15,
        no_effect="The engine has no fright checks (no monsters or terror in its battles).",
    ),
    _a(
        "Ambidexterity",
        "B39",
        "Either hand works as well as the other.",
        points=5,
        combat=True,
        played="rule",
    ),
    _a(
        "Peripheral Vision",
        "B74",
        "Sees into the side hexes: attacks and defends there.",
        points=15,
        combat=True,
        played="rule",
    ),
    _a(
        "Striking ST",
        "B88",
        "+1 ST per level for striking damage only.",
        per_level=5,
        combat=True,
        played="mapped",
    ),
    _a(
        "Lifting ST",
        "B65",
        "+1 ST per level for lifting and carrying only.",
        per_level=3,
        combat=True,
        played="rule",
    ),
    _a(
        "Increased Basic Move",
        "B17",
        "+1 yard of Basic Move per level.",
        per_level=5,
        combat=True,
        played="mapped",
    ),
    _d(
        "Decreased Basic Move",
        "B17",
        "−1 yard of Basic Move per level.",
        per_level=-5,
        combat=True,
        played="mapped",
    ),
    _d(
        "Berserk",
        "B124",
        "May go into a fighting rage when hurt.",
        points=-10,
        self_control=True,
        combat=True,
        played="rule",
    ),
    _d(
        "Bad Temper",
        "B124",
        "Loses his temper under stress.",
        points=-10,
        self_control=True,
        no_effect="Its trigger is social stress (insults, frustration), which a battle of the "
        "engine does not play; in a fight it is the GM's call.",
    ),
    _d(
        "Cowardice",
        "B129",
        "Shrinks from danger: −2 to the will to stay when badly hurt.",
        points=-10,
        self_control=True,
        combat=True,
        played="rule",
    ),
    _d(
        "Overconfidence",
        "B148",
        "Believes he can win any fight.",
        points=-5,
        self_control=True,
        combat=True,
        played="rule",
    ),
    _d(
        "Code of Honour",
        "B127",
        "Lives by a code: the stricter, the costlier.",
        variants={"pirate's": -5, "soldier's": -10, "gentleman's": -10, "chivalry": -15},
        no_effect="A code governs conduct (quarter, parley, duels) that the engine's battles "
        "do not offer a choice in.",
    ),
    _d(
        "Bloodlust",
        "B125",
        "Wants foes dead, not beaten.",
        points=-10,
        self_control=True,
        combat=True,
        played="rule",
    ),
    _d(
        "One Eye",
        "B147",
        "−1 in melee combat, −3 to ranged attacks without an Aim.",
        points=-15,
        combat=True,
        played="rule",
    ),
    _d(
        "Bad Sight",
        "B123",
        "Nearsighted or farsighted, uncorrected.",
        points=-25,
        combat=True,
        played="rule",
    ),
    _d(
        "Lame",
        "B141",
        "Weak, missing or no legs: slower, and worse at fighting hand to hand.",
        variants={"crippled leg": -10, "missing leg": -20, "no legs": -30},
        combat=True,
        played="rule",
    ),
    _d(
        "Low Pain Threshold",
        "B142",
        "Doubled shock from wounds.",
        points=-10,
        combat=True,
        played="rule",
    ),
    _d(
        "Sense of Duty",
        "B153",
        "Will not leave those he serves in the lurch.",
        variants={"small group": -5, "large group": -10, "nation": -10},
        no_effect="The engine's fighters already stand by their side; who he would not "
        "abandon is a campaign matter.",
    ),
    Trait(
        "Quirk",
        QUIRK,
        "B162",
        "A minor habit or foible.",
        points=-1,
        no_effect="A quirk is colour by definition (p.B162).",
    ),
)

BY_NAME: dict[str, Trait] = {t.name.lower(): t for t in TRAITS}
#: Traits bought for one weapon skill, written "Enhanced Parry (Broadsword)" (p.B51, p.B99).
PER_SKILL = frozenset({"Enhanced Parry", "Weapon Master"})
_SPECIALTY = re.compile(r"^(?P<name>[^()]+?)\s*\((?P<what>[^()]+)\)$")


def specialty(name: str) -> tuple[str, str]:
    """("Enhanced Parry", "Broadsword") from "Enhanced Parry (Broadsword)"; (name, "")
    without a parenthesis."""
    match = _SPECIALTY.match(str(name).strip())
    if match is None:
        return str(name).strip(), ""
    return match["name"], match["what"].strip()


def find_trait(name: str) -> Trait | None:
    """The trait of the list named ``name`` (case and "Honor"/"Honour" spelling ignored)."""
    key = str(name).strip().lower().replace("honor", "honour")
    return BY_NAME.get(key)
