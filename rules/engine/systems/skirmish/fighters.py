"""Fighters and warbands built from RosterData (one fighter per model; ids "<unit>.<n>").

A henchmen group of size N becomes N fighters "<unit id>.1" … "<unit id>.N"; a hero
"<unit id>.1". The README of this package lists the roster keys read here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from rules.engine.systems.base import EngineError, RosterData
from rules.engine.systems.skirmish.equipment import EQUIPMENT, MAIN_WEAPON_PREFERENCE, Item
from rules.engine.systems.skirmish.rating import is_large, warrior_rating
from rules.engine.systems.skirmish.skills import known_skills
from rules.engine.systems.skirmish.spells import Spell, read_spells
from rules.engine.systems.skirmish.tables import STANDING

# The unit rules that make a fighter cause fear (digest §15 psychology).
FEAR_RULES: frozenset[str] = frozenset({"fear", "causes-fear"})

PROFILE_KEYS: tuple[str, ...] = ("M", "WS", "BS", "S", "T", "W", "I", "A", "Ld")
HERO_CATEGORIES: tuple[str, ...] = ("leader", "hero", "heroes")
MAX_PROFILE_VALUE = 10


@dataclass(slots=True)
class Fighter:
    """One model on the table with its profile, chosen fighting loadout and battle state."""

    id: str
    unit_id: str
    name: str
    side: str
    hero: bool
    leader: bool
    M: int
    WS: int
    BS: int
    S: int
    T: int
    W: int
    I: int  # noqa: E741 - the characteristic's name
    A: int
    Ld: int
    items: tuple[str, ...]
    main: Item
    off: Item | None
    parry: int
    melee_save: int | None
    missile_save: int | None
    helmet: bool
    missile: Item | None
    causes_fear: bool = False
    large_target: bool = False
    # lasting rules (serious injuries, NOT IN SEED: published Mordheim, not in seed 001: published
    # Mordheim rules, Serious injuries)
    immune_to_fear: bool = False  # hardened
    may_not_run: bool = False  # smashed leg
    stupidity: bool = False  # madness 1-3
    frenzy: bool = False  # madness 4-6; lost for the battle once knocked down or stunned
    hates: tuple[str, ...] = ()  # bitter enmity: hated warbands or "<warband>:<fighter id>"
    skills: frozenset[str] = frozenset()  # ``skills.SKILLS`` slugs (``extra.skills``)
    spells: tuple[Spell, ...] = ()  # a caster's spells (``extra.spells``, ``magic``)
    experience: int = 0
    # battle state; ``key`` ("<side>:<id>") tells mirror-match fighters apart
    key: str = ""
    x: float = 0.0
    y: float = 0.0
    z: float = 0.0  # inches up: 0 on the ground, else on its ruin's upper floor (``climbing``)
    facing: float = 0.0  # degrees, 0 = east, clockwise on the map: the last move's direction
    wounds: int = 0
    state: str = STANDING
    fleeing: bool = False
    hidden: bool = False
    engaged: list[str] = field(default_factory=list)
    charged: bool = False
    reflexes: bool = False  # Lightning Reflexes: charged this turn, strikes first (``combat``)
    stood_up: bool = False
    ran: bool = False
    moved: bool = False
    no_shoot: bool = False
    reloading: bool = False
    combat_rounds: int = 0
    crit_used: bool = False
    fear_struck: bool = False
    taken_out_by: str | None = None
    enemies_taken_out: list[str] = field(default_factory=list)
    wounds_suffered: int = 0
    carrying: int = 0
    broke_through: bool = False
    stupefied: bool = False  # failed this turn's stupidity test

    def hates_enemy(self, enemy: Fighter, warband: str) -> bool:
        """Bitter enmity toward ``enemy`` of the warband named ``warband``: its warband, or
        that very fighter (not in seed 001: published Mordheim rules, Serious injuries; "*" hates
        every enemy)."""
        return bool(self.hates) and (
            "*" in self.hates or warband in self.hates or f"{warband}:{enemy.id}" in self.hates
        )

    @property
    def out(self) -> bool:
        return self.state == "out_of_action" or self.broke_through

    @property
    def can_act(self) -> bool:
        """Standing, on the table and not fleeing."""
        return self.state == STANDING and not self.fleeing and not self.broke_through


@dataclass(slots=True)
class Warband:
    """A side's fighters plus the roster units they came from (for the report)."""

    name: str
    faction: str
    fighters: list[Fighter]
    units: list[dict[str, Any]]
    rating: int = 0


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def _equipment_key(entry: dict[str, Any], path: str) -> str:
    key = entry.get("type") or _slug(str(entry.get("name", "")))
    if key not in EQUIPMENT:
        raise EngineError("unit.equipment_unknown", f"Unknown equipment '{key}' at {path}.")
    return key


def one_arm_items(items: tuple[str, ...]) -> tuple[str, ...]:
    """What a one-armed fighter can use: "only a single one-handed weapon from now on"
    (amputated arm, NOT IN SEED: published serious injuries, not in seed 001: published Mordheim
    rules, Serious injuries): its best
    one-handed weapon and its worn armour and helmet; no shield, buckler, second weapon or
    two-handed weapon (bows included)."""
    mains = [k for k in MAIN_WEAPON_PREFERENCE if k in items]
    worn = [k for k in items if EQUIPMENT[k].save is not None or EQUIPMENT[k].helmet]
    return tuple(sorted(mains[:1] + worn))


def choose_loadout(items: tuple[str, ...]) -> tuple[Item, Item | None]:
    """Main-hand weapon and off-hand item: a two-handed weapon if carried, else the best
    one-handed weapon with a buckler, a shield or a second one-handed weapon (seed 001 §5, §9;
    NOT IN SEED: published Mordheim hands rules)."""
    two_handed = [k for k in ("double-handed", "flail", "halberd", "natural-weapons") if k in items]
    if two_handed:
        return EQUIPMENT[two_handed[0]], None
    mains = [k for k in MAIN_WEAPON_PREFERENCE if k in items]
    if not mains:
        return EQUIPMENT["fists"], None
    main = EQUIPMENT[mains[0]]
    for shield in ("buckler", "shield"):
        if shield in items:
            return main, EQUIPMENT[shield]
    if main.no_second_weapon:
        return main, None
    seconds = [k for k in mains[1:] if k != main.key]
    if not seconds and items.count(main.key) >= 2:
        seconds = [main.key]
    return main, (EQUIPMENT[seconds[0]] if seconds else None)


def parry_level(main: Item, off: Item | None) -> int:
    """0 no parry, 1 one parry die, 2 buckler and sword: one re-roll; two swords still one
    die (seed 001 §9.1, §9.7, §9.8)."""
    sources = [i.key for i in (main, off) if i is not None and i.parry]
    if "buckler" in sources and "sword" in sources:
        return 2
    return 1 if sources else 0


def armour_save(items: tuple[str, ...], with_shield: bool) -> int | None:
    """Base save: light armour 6+, heavy 5+, a shield +1 (6+ alone); a buckler gives none
    (seed 001 §9.10; NOT IN SEED: published Mordheim armour)."""
    saves = [save for k in items if (save := EQUIPMENT[k].save) is not None]
    base = min(saves) if saves else None
    if with_shield and "shield" in items:
        base = 6 if base is None else base - 1
    return base


def _profile(unit: dict[str, Any], path: str) -> dict[str, int]:
    raw = unit.get("profile") or {}
    out: dict[str, int] = {}
    for key in PROFILE_KEYS:
        value = raw.get(key)
        if not isinstance(value, int) or isinstance(value, bool):
            raise EngineError("unit.profile_invalid", f"{path}: profile {key} must be an integer.")
        if not 0 <= value <= MAX_PROFILE_VALUE:
            raise EngineError("unit.profile_invalid", f"{path}: profile {key} out of range.")
        out[key] = value
    return out


def hated(rules: list[Any]) -> tuple[str, ...]:
    """Targets of ``hatred(<target>)`` rules: a warband name or "<warband>:<fighter id>";
    a bare ``hatred`` hates every enemy ("*")."""
    targets = []
    for rule in map(str, rules):
        name, _, rest = rule.partition("(")
        if name == "hatred":
            targets.append(rest[:-1] if rest.endswith(")") and rest[:-1] else "*")
    return tuple(sorted(targets))


def build_fighters(unit: dict[str, Any], side: str, path: str) -> list[Fighter]:
    """The fighters of one roster entry (a hero, or a henchmen group of ``size``)."""
    profile = _profile(unit, path)
    size = unit.get("size")
    if not isinstance(size, int) or size < 1:
        raise EngineError("unit.size_invalid", f"{path}: size must be a positive integer.")
    category = str(unit.get("category", "")).lower()
    extra = unit.get("extra") or {}
    kind = str(extra.get("kind") or ("hero" if category in HERO_CATEGORIES else "henchman"))
    leader = bool(extra.get("leader")) or category == "leader"
    hero = leader or kind == "hero"
    rules = {str(r).split("(")[0] for r in unit.get("rules", [])}
    hates = hated(unit.get("rules", []))
    skills = known_skills(extra.get("skills") or [])
    spells = read_spells(extra.get("spells"), f"{path}.extra.spells")
    carried: list[tuple[str, int]] = []
    for index, weapon in enumerate(unit.get("weapons", [])):
        key = _equipment_key(weapon, f"{path}.weapons[{index}]")
        carried.append((key, int(weapon.get("count", size))))
    fighters: list[Fighter] = []
    unit_id = str(unit.get("id", path))
    for n in range(1, size + 1):
        items = [key for key, count in carried if count >= n]
        items_t = tuple(sorted(items))
        if "one-arm" in rules:
            items_t = one_arm_items(items_t)
        main, off = choose_loadout(items_t)
        missiles = [EQUIPMENT[k] for k in items_t if EQUIPMENT[k].kind == "missile"]
        missile = max(missiles, key=lambda m: (m.range, m.strength, m.key)) if missiles else None
        move = profile["M"]
        if "heavy-armour" in items_t and "shield" in items_t:
            move -= EQUIPMENT["heavy-armour"].movement_penalty_with_shield
        fighters.append(
            Fighter(
                id=f"{unit_id}.{n}",
                unit_id=unit_id,
                name=str(unit.get("name", unit_id)) + (f" {n}" if size > 1 else ""),
                side=side,
                hero=hero,
                leader=leader,
                M=move,
                WS=profile["WS"],
                BS=profile["BS"],
                S=profile["S"],
                T=profile["T"],
                W=profile["W"],
                I=profile["I"],
                A=profile["A"],
                Ld=profile["Ld"],
                items=items_t,
                main=main,
                off=off,
                parry=parry_level(main, off),
                melee_save=armour_save(items_t, off is not None and off.key == "shield"),
                missile_save=armour_save(items_t, True),
                helmet="helmet" in items_t,
                missile=missile,
                causes_fear=bool(rules & FEAR_RULES) or "fearsome" in skills,
                large_target=is_large(rules),
                immune_to_fear="immune-to-fear" in rules,
                may_not_run="may-not-run" in rules,
                stupidity="stupidity" in rules,
                frenzy="frenzy" in rules,
                hates=hates,
                skills=skills,
                spells=spells,
                experience=int(extra.get("experience", extra.get("starting_experience", 0))),
                wounds=profile["W"],
            )
        )
    return fighters


def build_warband(roster: RosterData, side: str = "a") -> Warband:
    """A warband from RosterData; EngineError when it cannot be played."""
    if not isinstance(roster, dict):
        raise EngineError("roster.invalid", "RosterData must be an object.")
    units = roster.get("units")
    if not isinstance(units, list) or not units:
        raise EngineError("roster.no_units", "A warband needs at least one fighter.")
    fighters: list[Fighter] = []
    unit_meta: list[dict[str, Any]] = []
    for index, unit in enumerate(units):
        path = f"units[{index}]"
        built = build_fighters(unit, side, path)
        fighters.extend(built)
        unit_meta.append(
            {
                "id": str(unit.get("id", path)),
                "name": str(unit.get("name", "")),
                "unit": str(unit.get("unit", "")),
                "points": int(unit.get("points", 0)),
                "kind": "hero" if built[0].hero else "henchman",
                "leader": built[0].leader,
                "size": len(built),
                "large": built[0].large_target,
                "experience": built[0].experience,
            }
        )
    leaders = [f for f in fighters if f.leader]
    if len(leaders) != 1:
        raise EngineError("roster.leader", "A warband needs exactly one leader.")
    rating = sum(warrior_rating(f.experience, f.large_target) for f in fighters)
    return Warband(
        name=str(roster.get("name", "")),
        faction=str(roster.get("faction", "")),
        fighters=fighters,
        units=unit_meta,
        rating=rating,
    )
