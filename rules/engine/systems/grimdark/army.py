"""Armies, units and models built from RosterData (seed 000 [8]-[10];
4e pp.50-51 characters, pp.53-57 unit types, pp.58-73 vehicles).

A unit is played as one footprint (a circle around its models in coherency); each model
keeps its own profile, wounds and weapons so mixed units (a sergeant, a joined independent
character, a heavy weapon carrier) resolve correctly.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field, fields
from operator import attrgetter
from typing import Any

from rules.engine.geometry import Point
from rules.engine.systems.base import EngineError, RosterData
from rules.engine.systems.grimdark.psychic import SHOOTING_POWERS, powers_of
from rules.engine.systems.grimdark.weapons import Weapon, hand_out, melee_rank, parse_weapon

INFANTRY = "infantry"
JUMP_INFANTRY = "jump_infantry"
BIKE = "bike"
JETBIKE = "jetbike"
CAVALRY = "cavalry"
MONSTROUS = "monstrous_creature"
ARTILLERY = "artillery"
VEHICLE = "vehicle"
UNIT_TYPES: tuple[str, ...] = (
    INFANTRY,
    JUMP_INFANTRY,
    BIKE,
    JETBIKE,
    CAVALRY,
    MONSTROUS,
    ARTILLERY,
    VEHICLE,
)
VEHICLE_KINDS: tuple[str, ...] = ("tank", "fast", "open_topped", "skimmer", "walker")
MODEL_KEYS: tuple[str, ...] = ("WS", "BS", "S", "T", "W", "I", "A", "Ld", "Sv")
VEHICLE_KEYS: tuple[str, ...] = ("BS", "front", "side", "rear")
WALKER_KEYS: tuple[str, ...] = ("WS", "S", "I", "A")
"""A walker also has WS, S, I and A: it fights in close combat like a model (4e pp.58-73)."""
KNOWN_RULES: tuple[str, ...] = (
    "and_they_shall_know_no_fear",
    "deep_strike",
    "fearless",
    "feel_no_pain",
    "fleet",
    "frag_grenades",
    "furious_charge",
    "independent_character",
    "infiltrate",
    "krak_grenades",
    "move_through_cover",
    "preferred_enemy",
    "scouts",
    "sergeant",
    "skilled_rider",
    "slow_and_purposeful",
    "tank_hunters",
    "no_sweep",
    "psyker",
    "counter_attack",
    "hit_and_run",
    "rage",
    "assault_move",
    "melta_bombs",
    "small_target",
)
SIZE_HEIGHT: dict[str, int] = {MONSTROUS: 3, VEHICLE: 3}
SMALL_HEIGHT = 1  # small targets are size 1 (seed 000 [6][7], the rule on 4e p.75)
AREA_PER_MODEL = 2.5  # square inches per infantry model in coherency (~1" gaps, 25 mm bases)


@dataclass(slots=True)
class Model:
    """One model: its profile, remaining wounds and weapons."""

    name: str
    ws: int
    bs: int
    s: int
    t: int
    wounds: int
    max_wounds: int
    i: int
    a: int
    ld: int
    sv: int | None
    invulnerable: int | None
    ranged: list[Weapon]
    melee: Weapon | None
    extra_attack: bool
    origin: str
    value: int
    base_t: int
    character: bool = False
    rules: frozenset[str] = frozenset()
    """The special rules of the roster unit the model came from: a joined independent
    character keeps its own and does not gain the host's (4e pp.50-51: not shared unless
    stated)."""
    powers: tuple[str, ...] = ()
    power_turn: int = -1  # the player turn the psyker last used a power (one a turn)

    def has(self, rule: str) -> bool:
        return rule in self.rules


@dataclass(slots=True)
class Unit:
    """One unit on the table and its state during the battle."""

    id: str
    name: str
    side: str
    category: str
    unit_type: str
    points: int
    rules: frozenset[str]
    models: list[Model]
    start_models: int
    position: Point = field(default_factory=lambda: Point(0.0, 0.0))
    facing: float = 0.0
    armour: tuple[int, int, int] = (0, 0, 0)
    vehicle_kinds: frozenset[str] = frozenset()
    weapons_destroyed: int = 0
    immobilised: bool = False
    shaken_turn: int = -1
    stunned_turn: int = -1
    moved: float = 0.0
    shot_at: str = ""
    may_charge: bool = True
    charged: bool = False
    locked: bool = False
    falling_back: bool = False
    pinned_turn: int = -1
    arrived_turn: int = -1
    entered_turn: int = -1  # the player turn it moved on from reserve at its table edge
    consolidated_into: str = ""
    fled: bool = False
    kills: int = 0
    destroyed_units: list[str] = field(default_factory=list)
    joined_to: str = ""
    members: list[str] = field(default_factory=list)
    casualties_this_phase: int = 0
    models_at_phase_start: int = 0
    in_cover_assaulted: bool = False
    stunned_cc_turn: int = -1
    foes: list[str] = field(default_factory=list)
    reserve: bool = False
    charge_target: str = ""
    engaged_cap: int = 0
    roster_id: str = ""
    alive_count: int = 0
    footprint: float = 0.5
    majorities: dict[str, int] = field(default_factory=dict)
    capacity: int = 0
    fire_points: int = 0  # passengers that may fire out of a closed hull (4e pp.66-67)
    smoke_launchers: bool = False  # still unused (once per game, 4e pp.58-73)
    smoke_turn: int = -1  # the player turn in which its smoke makes it obscured
    embarked_in: str = ""
    passengers: str = ""
    disembarked_turn: int = -1
    hymn_turn: int = -1
    turbo_turn: int = -1  # the player turn the unit turbo-boosted (4e pp.53-57)
    last_man_tested: bool = False  # Last Man Standing is taken once (4e pp.74-76)
    loadout_cache: list[tuple[Model, int]] | None = None
    ev_cache: dict[tuple[Any, ...], float] = field(default_factory=dict)  # kept all battle
    ev_profile: tuple[Any, ...] | None = None  # what the AI's estimates read of it now

    @property
    def alive(self) -> list[Model]:
        return [m for m in self.models if m.wounds > 0]

    @property
    def count(self) -> int:
        """Models still alive (cached: call :meth:`refresh` after changing wounds)."""
        return self.alive_count

    def refresh(self) -> None:
        """Recount living models and the footprint after wounds change."""
        self.alive_count = sum(1 for m in self.models if m.wounds > 0)
        self.footprint = self._radius()
        self.majorities = {}
        self.ev_profile = None
        self.loadout_cache = None

    @property
    def loadouts(self) -> list[tuple[Model, int]]:
        """Living models grouped by BS and ranged weapons: (example model, how many)."""
        if self.loadout_cache is None:
            groups: dict[tuple, list[Model]] = {}
            for m in self.models:
                if m.wounds > 0:
                    groups.setdefault((m.bs, tuple(id(w) for w in m.ranged)), []).append(m)
            self.loadout_cache = [(ms[0], len(ms)) for ms in groups.values()]
        return self.loadout_cache

    def wipe(self) -> None:
        """Remove every model (swept away, caught falling back, lost off the table)."""
        for model in self.models:
            model.wounds = 0
        self.refresh()

    @property
    def on_table(self) -> bool:
        return not self.fled and not self.joined_to and not self.embarked_in and self.count > 0

    @property
    def is_vehicle(self) -> bool:
        return self.unit_type == VEHICLE

    @property
    def height(self) -> int:
        """Size category for LOS and cover: 3 large, 2 standard, 1 for small targets
        (seed 000 [6][7])."""
        if "small_target" in self.rules:
            return SMALL_HEIGHT
        return SIZE_HEIGHT.get(self.unit_type, 2)

    @property
    def radius(self) -> float:
        """Footprint radius of the unit's models in coherency."""
        return self.footprint

    def _radius(self) -> float:
        if self.is_vehicle:
            return 2.5
        if self.unit_type == MONSTROUS:
            return 1.5
        per_model = AREA_PER_MODEL * (2.0 if self.unit_type in (BIKE, JETBIKE, CAVALRY) else 1.0)
        return max(0.5, math.sqrt(max(1, self.alive_count) * per_model / math.pi))

    def has(self, rule: str) -> bool:
        return rule in self.rules

    def majority(self, attr: str) -> int:
        """Majority value of a characteristic, lowest on a tie (seed 000 [23][40][41])."""
        cached = self.majorities.get(attr)
        if cached is not None:
            return cached
        values = [getattr(m, attr) for m in self.models if m.wounds > 0]
        if not values:
            return 0
        one = values.count(values[0]) == len(values)
        counts = {values[0]: 1} if one else Counter(values)  # one value: the usual case
        top = max(counts.values())
        value = min(v for v, n in counts.items() if n == top)
        self.majorities[attr] = value
        return value

    @property
    def leadership(self) -> int:
        """The unit uses the best Ld among its models (joined IC: 4e pp.50-51)."""
        return max((m.ld for m in self.models if m.wounds > 0), default=0)

    @property
    def below_half(self) -> bool:
        return self.count * 2 < self.start_models


@dataclass(slots=True)
class Army:
    """A playable army: side-less until the battle assigns one."""

    name: str
    faction: str
    points: int
    units: list[dict[str, Any]]
    parsed: dict[str, list[tuple[Weapon, int]]] = field(default_factory=dict)
    prototypes: dict[tuple[str, str], Unit] = field(default_factory=dict)

    def unit_for(self, data: dict[str, Any], side: str) -> Unit:
        """A fresh battle Unit for ``data`` on ``side`` (built once, then copied)."""
        key = (str(data["id"]), side)
        proto = self.prototypes.get(key)
        if proto is None:
            proto = self.prototypes[key] = make_unit(data, side, self.parsed.get(key[0]))
        return fresh_copy(proto)


def _profile_int(profile: dict[str, Any], key: str, unit: str, default: int | None = None) -> int:
    value = profile.get(key, default)
    if value is None:
        raise EngineError("unit.profile_missing", f"Unit '{unit}': profile needs {key}.")
    if isinstance(value, str):
        value = value.rstrip("+")
    try:
        return int(value)
    except (TypeError, ValueError) as exc:
        raise EngineError("unit.profile_invalid", f"Unit '{unit}': {key} is not a number.") from exc


def _save(value: Any) -> int | None:
    if value in (None, "-", "–", 0):
        return None
    return int(str(value).rstrip("+"))


def validate_unit(data: dict[str, Any]) -> None:
    """Raise EngineError when a RosterData unit lacks what the engine reads."""
    name = str(data.get("name") or data.get("unit") or "?")
    unit_type = data.get("unit_type")
    if unit_type not in UNIT_TYPES:
        raise EngineError("unit.type_unknown", f"Unit '{name}': unknown unit_type '{unit_type}'.")
    size = data.get("size")
    if not isinstance(size, int) or size < 1:
        raise EngineError("unit.size_invalid", f"Unit '{name}': size must be a positive integer.")
    profile = data.get("profile")
    if not isinstance(profile, dict):
        raise EngineError("unit.profile_missing", f"Unit '{name}': no profile.")
    keys = VEHICLE_KEYS if unit_type == VEHICLE else MODEL_KEYS
    if unit_type == VEHICLE and "walker" in ((data.get("extra") or {}).get("vehicle_types") or []):
        keys += WALKER_KEYS
    for key in keys:
        _profile_int(profile, key, name)
    _profile_int(data.get("extra") or {}, "transport_capacity", name, 0)
    _profile_int(data.get("extra") or {}, "fire_points", name, 0)
    powers_of(data)
    for rule in data.get("rules", []) or []:
        if str(rule).split("(")[0] not in KNOWN_RULES:
            raise EngineError("unit.rule_unknown", f"Unit '{name}': unknown rule '{rule}'.")
    for weapon in data.get("weapons", []) or []:
        parse_weapon(weapon)


def build_army(roster: RosterData) -> Army:
    """Validate RosterData for grimdark and keep it as an :class:`Army`."""
    if not isinstance(roster, dict):
        raise EngineError("roster.invalid", "RosterData must be a mapping.")
    if roster.get("system", "grimdark") != "grimdark":
        raise EngineError("roster.system_mismatch", "This roster is not a grimdark roster.")
    units = roster.get("units")
    if not isinstance(units, list) or not units:
        raise EngineError("roster.no_units", "A grimdark army needs at least one unit.")
    seen: set[str] = set()
    for index, data in enumerate(units):
        if not isinstance(data, dict):
            raise EngineError("roster.invalid", f"units[{index}] is not a mapping.")
        validate_unit(data)
        uid = str(data.get("id") or f"u{index + 1}")
        if uid in seen:
            raise EngineError("roster.duplicate_id", f"Two units share the id '{uid}'.")
        seen.add(uid)
    kept = [dict(u, id=str(u.get("id") or f"u{i + 1}")) for i, u in enumerate(units)]
    return Army(
        name=str(roster.get("name") or "Army"),
        faction=str(roster.get("faction") or ""),
        points=int(roster.get("points") or sum(int(u.get("points", 0)) for u in units)),
        units=kept,
        parsed={u["id"]: unit_weapons(u) for u in kept},
    )


def unit_weapons(data: dict[str, Any]) -> list[tuple[Weapon, int]]:
    """Parsed weapons of a RosterData unit with their resolved counts."""
    size = int(data["size"])
    return [(parse_weapon(w), int(w.get("count", size))) for w in data.get("weapons", []) or []]


def make_unit(
    data: dict[str, Any], side: str, weapons: list[tuple[Weapon, int]] | None = None
) -> Unit:
    """A battle :class:`Unit` from one validated RosterData unit."""
    name = str(data.get("name") or data["unit"])
    size = int(data["size"])
    unit_type = str(data["unit_type"])
    profile = data["profile"]
    rules = frozenset(str(r).split("(")[0] for r in data.get("rules", []) or [])
    if weapons is None:
        weapons = unit_weapons(data)
    ranged = [(w, c) for w, c in weapons if w.is_ranged]
    melee = [(w, c) for w, c in weapons if not w.is_ranged]
    ranged_by_model = hand_out(ranged, size, melee=False)
    melee_by_model = hand_out(melee, size, melee=True)
    is_vehicle = unit_type == VEHICLE
    walks = is_vehicle and "walker" in ((data.get("extra") or {}).get("vehicle_types") or [])
    models: list[Model] = []
    character = "independent_character" in rules
    powers = powers_of(data) if "psyker" in rules else ()
    for k in range(size):
        gear = melee_by_model[k]
        best = max(gear, key=melee_rank) if gear else None
        guns = ranged_by_model[k]
        known = powers if k == 0 else ()  # the unit's leader is its psyker
        guns += [SHOOTING_POWERS[p] for p in known if p in SHOOTING_POWERS]
        has_pistol = any(w.is_pistol for w in guns)
        extra = bool(gear) and (has_pistol or len(gear) >= 2 or any(w.pair for w in gear))
        sergeant = k == 0 and "sergeant" in rules and size > 1
        special = any(
            w.kind in ("heavy", "ordnance") or (w.strength and w.strength >= 6) for w in guns
        )
        value = 1 + (2 if special else 0) + (2 if sergeant else 0) + (3 if character else 0)
        value += 1 if best is not None and best.cc_special != "ccw" else 0
        if is_vehicle:
            walker = {k: _profile_int(profile, k, name, 0) if walks else 0 for k in WALKER_KEYS}
            models.append(
                Model(
                    name=name,
                    ws=walker["WS"],
                    bs=_profile_int(profile, "BS", name),
                    s=walker["S"],
                    t=10,
                    wounds=1,
                    max_wounds=1,
                    i=walker["I"],
                    a=walker["A"],
                    ld=10,
                    sv=None,
                    invulnerable=None,
                    ranged=guns,
                    melee=best if walker["A"] else None,
                    extra_attack=bool(gear) and len(gear) >= 2,
                    origin=str(data["id"]),
                    value=value,
                    base_t=10,
                )
            )
            continue
        t = _profile_int(profile, "T", name)
        w = _profile_int(profile, "W", name)
        models.append(
            Model(
                name=("Sergeant" if sergeant else name),
                ws=_profile_int(profile, "WS", name),
                bs=_profile_int(profile, "BS", name),
                s=_profile_int(profile, "S", name),
                t=t,
                wounds=w,
                max_wounds=w,
                i=_profile_int(profile, "I", name),
                a=_profile_int(profile, "A", name) + (1 if sergeant else 0),
                ld=_profile_int(profile, "Ld", name) + (1 if sergeant else 0),
                sv=_save(profile.get("Sv")),
                invulnerable=_save(profile.get("Inv")),
                ranged=guns,
                melee=best,
                extra_attack=extra,
                origin=str(data["id"]),
                value=value,
                # a bike's T bonus is ignored for instant death (4e pp.53-57, seed 000 [27])
                base_t=_profile_int(profile, "T_base", name, default=t),
                character=character,
                rules=rules,
                powers=known,
            )
        )
    unit = Unit(
        id=str(data["id"]),
        name=name,
        side=side,
        category=str(data.get("category") or ""),
        unit_type=unit_type,
        points=int(data.get("points") or 0),
        rules=rules,
        models=models,
        start_models=size,
    )
    if is_vehicle:
        unit.armour = (
            _profile_int(profile, "front", name),
            _profile_int(profile, "side", name),
            _profile_int(profile, "rear", name),
        )
        kinds = (data.get("extra") or {}).get("vehicle_types", ["tank"])
        unit.vehicle_kinds = frozenset(str(k) for k in kinds if k in VEHICLE_KINDS)
        unit.capacity = _profile_int(data.get("extra") or {}, "transport_capacity", name, 0)
        unit.fire_points = _profile_int(data.get("extra") or {}, "fire_points", name, 0)
        unit.smoke_launchers = bool((data.get("extra") or {}).get("smoke_launchers"))
    unit.refresh()
    return unit


_MODEL_FIELDS = attrgetter(*(f.name for f in fields(Model)))  # quicker than copy.copy


def fresh_copy(proto: Unit) -> Unit:
    """A new Unit with the prototype's profile and weapons and no battle state."""
    unit = Unit(
        id=proto.id,
        name=proto.name,
        side=proto.side,
        category=proto.category,
        unit_type=proto.unit_type,
        points=proto.points,
        rules=proto.rules,
        models=[Model(*_MODEL_FIELDS(m)) for m in proto.models],
        start_models=proto.start_models,
        armour=proto.armour,
        vehicle_kinds=proto.vehicle_kinds,
        capacity=proto.capacity,
        fire_points=proto.fire_points,
        smoke_launchers=proto.smoke_launchers,
    )
    for model in unit.models:
        model.ranged = list(model.ranged)  # its own list, never the prototype's
    unit.refresh()
    return unit
