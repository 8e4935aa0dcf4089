"""Engine units and armies built from RosterData (seed 003 §2 units, stat line, §11 armies).

See README.md in this package for the RosterData keys read here.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from typing import Any

from rules.engine.systems.base import EngineError, RosterData
from rules.engine.systems.massbattle.constants import (
    BASE_SIZES,
    DEFAULT_RANGES,
    HALT_ONLY_KINDS,
    HORDE_MIN_SIZE,
    RANK_WIDTH,
)
from rules.engine.systems.massbattle.footprint import Footprint
from rules.engine.systems.massbattle.items import apply_items

UNIT_TYPES = ("infantry", "cavalry", "hero", "monster", "war_engine")
KNOWN_RULES = frozenset(
    {
        "elite",
        "piercing",
        "crushing-strength",
        "breath-attack",
        "lightning-bolt",
        "heal",
        "indirect-fire",
        "individual",
        "nimble",
        "fly",
        "inspiring",
        "headstrong",
        "phalanx",
        "shambling",
        "life-leech",
        "vicious",
        "throwing-mastiffs",
        "sabre-cat",
        "dark-surge",
        "banner",
        "musician",
        "army-standard",
    }
)
_RULE_RE = re.compile(r"^([a-z\-]+)(?:\((\d+)\))?$")


@dataclass(slots=True)
class RangedWeapon:
    """One ranged attack: ``attacks`` None means the unit's At (seed 003 §6)."""

    name: str
    kind: str
    range: float
    attacks: int | None = None
    piercing: int = 0
    halt_only: bool = False


@dataclass(slots=True, eq=False)
class Unit:
    """One unit on the table, with its stat line and state."""

    id: str
    name: str
    side: str
    unit_type: str
    category: str
    size: int
    points: int
    sp: float
    me: int
    ra: int | None
    de: int
    at: int
    ne: int
    rules: dict[str, int]
    weapons: list[RangedWeapon]
    fp: Footprint
    base: tuple[float, float]
    damage: int = 0
    alive: bool = True
    status: str = "steady"
    wavering: bool = False
    order: str = "halt"
    animal_used: bool = False
    routed_enemies: int = 0
    damage_dealt: int = 0
    routed_turn: int = 0
    phase_damage: int = 0
    placed: bool = False
    extra: dict[str, Any] = field(default_factory=dict)
    # shooting.shot_options by animal_used (rules and weapons never change in a battle)
    shot_memo: dict[bool, list[Any]] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )

    def has(self, rule: str) -> bool:
        return rule in self.rules

    def value(self, rule: str) -> int:
        return self.rules.get(rule, 0)

    @property
    def is_horde(self) -> bool:
        return self.unit_type == "infantry" and self.width_models() >= 10

    @property
    def individual(self) -> bool:
        return "individual" in self.rules

    @property
    def nimble(self) -> bool:
        """Fly and Individual units also have Nimble (seed 003 §9-10)."""
        return bool({"nimble", "fly", "individual"} & self.rules.keys())

    def width_models(self) -> int:
        explicit = self.extra.get("rank_width")
        if explicit:
            return int(explicit)
        if self.unit_type == "infantry":
            horde = self.extra.get("horde", self.size >= HORDE_MIN_SIZE)
            return min(self.size, 10 if horde else 5)
        if self.unit_type == "cavalry":
            return min(self.size, RANK_WIDTH["cavalry"])
        return 1


@dataclass(slots=True)
class Army:
    """One side's army: units plus roster facts the scenario needs."""

    name: str
    faction: str
    points: int
    points_limit: int | None
    units: list[Unit]


def parse_rules(rules: list[str]) -> dict[str, int]:
    """Rule slugs with an optional ``(n)`` parameter, e.g. ``piercing(1)`` (seed 003 §9)."""
    out: dict[str, int] = {}
    for raw in rules:
        match = _RULE_RE.match(str(raw).strip().lower().replace("_", "-"))
        if not match:
            raise EngineError("unit.rule_malformed", f"Cannot read special rule '{raw}'.")
        out[match.group(1)] = int(match.group(2) or 0)
    return out


def footprint_size(
    unit_type: str, size: int, base: tuple[float, float], per_rank: int
) -> tuple[float, float]:
    """Formation width and depth: models in ranks of ``per_rank`` (seed 003 §2, figure A)."""
    if unit_type in ("infantry", "cavalry"):
        ranks = math.ceil(size / per_rank)
        return per_rank * base[0], ranks * base[1]
    return base


def _int(profile: dict[str, Any], key: str, unit_id: str) -> int:
    value = profile.get(key)
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise EngineError("unit.profile_invalid", f"{unit_id}: profile {key} missing.")
    return int(value)


def build_unit(data: dict[str, Any], side: str) -> Unit:
    """One RosterData unit as an engine unit (README: unit_type, profile, weapons, extra)."""
    unit_id = str(data.get("id", ""))
    unit_type = str(data.get("unit_type", "")).lower().replace(" ", "_")
    if unit_type not in UNIT_TYPES:
        raise EngineError("unit.type_unknown", f"{unit_id}: unit_type '{unit_type}' unknown.")
    size = int(data.get("size") or 1)
    extra = dict(data.get("extra") or {})
    profile = dict(data.get("profile") or {})
    overrides = (extra.get("size_profiles") or {}).get(str(size)) or {}
    profile.update(overrides)
    apply_items(profile, list(data.get("items") or []), unit_id)
    rules = parse_rules(list(data.get("rules") or []))
    base_mm = extra.get("base")
    if base_mm:
        base = (float(base_mm[0]) / 25.4, float(base_mm[1]) / 25.4)
    else:
        base = BASE_SIZES["horde" if unit_type == "infantry" else unit_type]
    ra_raw = profile.get("Ra")
    ra = None if ra_raw in (None, "-", "–", 0) else int(ra_raw)
    weapons = []
    for w in data.get("weapons") or []:
        kind = str(w.get("kind", "bow"))
        rng = float(w.get("range") or DEFAULT_RANGES.get(kind, 24.0))
        weapons.append(
            RangedWeapon(
                name=str(w.get("name", kind)),
                kind=kind,
                range=rng,
                attacks=int(w["attacks"]) if w.get("attacks") else None,
                piercing=int(w.get("piercing", 0)),
                halt_only=kind in HALT_ONLY_KINDS or unit_type == "war_engine",
            )
        )
    unit = Unit(
        id=unit_id,
        name=str(data.get("name", unit_id)),
        side=side,
        unit_type=unit_type,
        category=str(data.get("category", "")),
        size=size,
        points=int(data.get("points", 0)),
        sp=float(_int(profile, "Sp", unit_id)),
        me=_int(profile, "Me", unit_id),
        ra=ra,
        de=_int(profile, "De", unit_id),
        at=_int(profile, "At", unit_id),
        ne=_int(profile, "Ne", unit_id),
        rules=rules,
        weapons=weapons,
        fp=Footprint(0.0, 0.0, 90.0, 1.0, 1.0),
        base=base,
        extra=extra,
    )
    width, depth = footprint_size(unit_type, size, base, unit.width_models())
    unit.fp = Footprint(0.0, 0.0, 90.0, width, depth)
    return unit


def build_army(roster: RosterData, side: str = "a") -> Army:
    """RosterData → Army; EngineError when the roster is not massbattle or has no units."""
    if roster.get("system") not in (None, "massbattle"):
        raise EngineError("roster.system_mismatch", "Roster is not a massbattle roster.")
    units_data = roster.get("units") or []
    if not units_data:
        raise EngineError("roster.no_units", "Roster has no units.")
    units = [build_unit(u, side) for u in units_data]
    return Army(
        name=str(roster.get("name", "")),
        faction=str(roster.get("faction", "")),
        points=int(roster.get("points") or sum(u.points for u in units)),
        points_limit=roster.get("points_limit"),
        units=units,
    )
