"""Weapon profiles and weapon-type rules (seed 000 [28]-[32], [40], [46])."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from rules.engine.systems.base import EngineError

RANGED_TYPES: tuple[str, ...] = ("rapid_fire", "pistol", "assault", "heavy", "ordnance")
CLOSE_COMBAT = "close_combat"
RANGED_SPECIALS: tuple[str, ...] = (
    "blast",
    "large_blast",
    "template",
    "barrage",
    "gets_hot",
    "twin_linked",
    "melta",
    "sniper",
    "rending",
    "lance",
    "pinning",
    "poisoned",
)
CC_SPECIALS: tuple[str, ...] = (
    "ccw",
    "heavy_ccw",
    "power_weapon",
    "lightning_claws",
    "force_weapon",
    "power_fist",
    "thunder_hammer",
    "witchblade",
    "rending",
    "poisoned",
    "dreadnought_ccw",
)
_PARAM = re.compile(r"^([a-z_]+)(?:\((\d+)\))?$")

# large blast 5", blast 3" diameter, flamer teardrop ~8" long (seed 000 [30]-[32]; sizes 4e)
BLAST_RADIUS = 1.5
LARGE_BLAST_RADIUS = 2.5
TEMPLATE_LENGTH = 8.0


@dataclass(frozen=True, slots=True)
class Weapon:
    """One weapon profile: ``Name | Range | S | AP | Type`` (seed 000 [28])."""

    name: str
    kind: str
    range: float = 0.0
    strength: int | None = None
    ap: int | None = None
    shots: int = 1
    min_range: float = 0.0
    blast: bool = False
    large_blast: bool = False
    template: bool = False
    barrage: bool = False
    gets_hot: bool = False
    twin_linked: bool = False
    melta: bool = False
    sniper: bool = False
    rending: bool = False
    lance: bool = False
    pinning: bool = False
    poisoned: int | None = None
    cc_special: str = "ccw"
    strength_bonus: int = 0
    pair: bool = False
    psychic: bool = False  # a shooting power: fired only after a passed psychic test

    @property
    def is_ranged(self) -> bool:
        return self.kind != CLOSE_COMBAT

    @property
    def is_pistol(self) -> bool:
        return self.kind == "pistol"

    @property
    def uses_template(self) -> bool:
        return self.blast or self.large_blast or self.template

    @property
    def main(self) -> bool:
        """Vehicle main weapon: S ≥ 7 or ordnance (NOT IN SEED ≈: published 4e p.59)."""
        return self.kind == "ordnance" or (self.strength or 0) >= 7

    def shots_at(self, distance: float, moved: bool) -> int:
        """Shots this turn by weapon type (seed 000 [29]): rapid fire 2 ≤ 12", 1 beyond if
        stationary; pistol 2 ≤ 12" stationary, 1 after moving; assault N; heavy N only if
        stationary (callers check movement for heavy)."""
        if distance > self.range + 1e-9 or distance < self.min_range - 1e-9:
            return 0
        if self.kind == "rapid_fire":
            if distance <= 12.0:
                return 2 * self.shots
            return 0 if moved else self.shots
        if self.kind == "pistol":
            return self.shots if moved else 2 * self.shots
        return self.shots

    def allows_charge(self, shots_fired: int) -> bool:
        """May the unit still charge after firing this weapon? Rapid fire, heavy, ordnance
        no; a pistol only after a single shot (seed 000 [29][36])."""
        if shots_fired <= 0:
            return True
        if self.kind in ("rapid_fire", "heavy", "ordnance"):
            return False
        if self.kind == "pistol":
            return shots_fired <= self.shots
        return True


def _int_or_none(value: Any, field: str, name: str) -> int | None:
    if value in (None, "-", "–", "N/A", "user"):
        return None
    try:
        return int(value)
    except (TypeError, ValueError) as exc:
        raise EngineError("weapon.invalid", f"Weapon '{name}': {field} must be a number.") from exc


def parse_weapon(data: dict[str, Any]) -> Weapon:
    """A :class:`Weapon` from a RosterData weapon dict (keys in the system README)."""
    name = str(data.get("name") or "")
    if not name:
        raise EngineError("weapon.name_missing", "A weapon has no name.")
    kind = str(data.get("type") or CLOSE_COMBAT)
    if kind not in RANGED_TYPES and kind != CLOSE_COMBAT:
        raise EngineError("weapon.type_unknown", f"Weapon '{name}': unknown type '{kind}'.")
    flags: dict[str, Any] = {}
    cc_special = "ccw"
    allowed = RANGED_SPECIALS if kind != CLOSE_COMBAT else CC_SPECIALS
    for raw in data.get("special", []) or []:
        match = _PARAM.match(str(raw))
        if not match or match.group(1) not in allowed:
            raise EngineError("weapon.special_unknown", f"Weapon '{name}': unknown '{raw}'.")
        key, param = match.group(1), match.group(2)
        if key == "poisoned":
            flags["poisoned"] = int(param) if param else 4
        elif kind == CLOSE_COMBAT and key != "rending":
            cc_special = key
        else:
            flags[key] = True
    if flags.get("barrage"):
        flags["pinning"] = True  # barrage weapons are always pinning (seed 000 [31])
    if kind == "ordnance" and not flags.get("blast"):
        flags["large_blast"] = True  # ordnance uses the large template (seed 000 [29][30])
    return Weapon(
        name=name,
        kind=kind,
        range=float(data.get("range") or (TEMPLATE_LENGTH if flags.get("template") else 0)),
        strength=_int_or_none(data.get("S"), "S", name),
        ap=_int_or_none(data.get("AP"), "AP", name),
        shots=int(data.get("shots") or 1),
        min_range=float(data.get("min_range") or 0),
        cc_special=cc_special,
        strength_bonus=int(data.get("S_bonus") or 0),
        pair=bool(data.get("pair", False)),
        **flags,
    )


def close_combat_strength(user_strength: int, weapon: Weapon | None) -> int:
    """CC strength is the user's own S (seed 000 [41]); a power fist or thunder hammer
    doubles base S (max 10) before other bonuses (seed 000 [46]), and so does a walker's
    Dreadnought close combat weapon (NOT IN SEED ✓: 4e pp.58-73, "doubles the walker's
    Strength in close combat (up to a maximum of 10)")."""
    if weapon is None:
        return user_strength
    base = user_strength
    if weapon.cc_special in ("power_fist", "thunder_hammer", "dreadnought_ccw"):
        base = 2 * user_strength if user_strength < 5 else 10  # min(10, 2 S)
    total = base + weapon.strength_bonus
    return total if total < 10 else 10


def close_combat_ignores_armour(weapon: Weapon | None) -> bool:
    """Power weapons, lightning claws, force weapons and power fists ignore armour saves
    (seed 000 [46]); a Dreadnought close combat weapon is a power weapon (4e pp.58-73 ✓)."""
    return weapon is not None and weapon.cc_special in (
        "power_weapon",
        "lightning_claws",
        "force_weapon",
        "power_fist",
        "thunder_hammer",
        "dreadnought_ccw",
    )


def strikes_at_initiative_one(weapon: Weapon | None) -> bool:
    """Power fists and thunder hammers strike at I1 (seed 000 [46])."""
    return weapon is not None and weapon.cc_special in ("power_fist", "thunder_hammer")


def hand_out(weapon_counts: list[tuple[Weapon, int]], size: int, melee: bool) -> list[list[Weapon]]:
    """Weapons per model: counts ≥ size go to every model; smaller counts go to the models
    carrying fewest weapons (ranged: back of the unit first; close combat: leader first,
    best weapon first, so a sergeant's power fist stays with the sergeant whatever order the
    roster lists the squad's weapons in)."""
    carried: list[list[Weapon]] = [[] for _ in range(size)]
    order = list(range(size)) if melee else list(range(size - 1, -1, -1))
    if melee:
        weapon_counts = sorted(weapon_counts, key=lambda wc: -melee_rank(wc[0]))
    for weapon, count in weapon_counts:
        if count >= size:
            for slot in carried:
                slot.extend([weapon] * (count // size))
            count %= size
            if not count:
                continue
        chosen = sorted(order, key=lambda k: len(carried[k]))[:count]
        for k in chosen:
            carried[k].append(weapon)
    return carried


def melee_rank(weapon: Weapon) -> int:
    ranks = {
        "ccw": 0,
        "heavy_ccw": 1,
        "witchblade": 2,
        "lightning_claws": 3,
        "power_weapon": 4,
        "force_weapon": 5,
        "power_fist": 6,
        "thunder_hammer": 7,
        "dreadnought_ccw": 8,
    }
    return ranks.get(weapon.cc_special, 0) + (1 if weapon.rending or weapon.poisoned else 0)
