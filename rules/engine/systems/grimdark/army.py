"""Battle units and models (seed 000 [8]-[10]; 4e pp.50-51 characters, pp.53-57 unit types,
pp.58-73 vehicles); :mod:`.rosters` builds them from RosterData.

A unit is played as one footprint (a circle around its models in coherency); each model
keeps its own profile, wounds and weapons so mixed units (a sergeant, a joined independent
character, a heavy weapon carrier) resolve correctly.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from rules.engine.geometry import Point
from rules.engine.systems.grimdark.weapons import Weapon

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
    spill: dict[str, int] = field(default_factory=dict)
    """After a multiple charge, how many of the charger's models fight each secondary target
    in the first round (``multiple_charges``); the rest fight the primary."""
    roster_id: str = ""
    count: int = 0
    """Models still alive: plain attributes set by :meth:`refresh` (call it after changing
    wounds), like ``radius`` (the footprint radius of its models in coherency) and
    ``is_vehicle``, since every phase reads them many times."""
    radius: float = 0.5
    is_vehicle: bool = False
    height: int = 2
    """Size category for LOS and cover: 3 large, 2 standard, 1 for small targets (seed 000
    [6][7]); set by :meth:`refresh`."""
    majorities: dict[str, int] = field(default_factory=dict)
    capacity: int = 0
    fire_points: int = 0  # passengers that may fire out of a closed hull (4e pp.66-67)
    smoke_launchers: bool = False  # still unused (once per game, 4e pp.58-73)
    smoke_turn: int = -1  # the player turn in which its smoke makes it obscured
    embarked_in: str = ""
    passengers: str = ""
    disembarked_turn: int = -1
    transfer_turn: int = -1  # the player turn it last embarked or disembarked (4e pp.66-67)
    hymn_turn: int = -1
    turbo_turn: int = -1  # the player turn the unit turbo-boosted (4e pp.53-57)
    last_man_tested: bool = False  # Last Man Standing is taken once (4e pp.74-76)
    loadout_cache: list[tuple[Model, int]] | None = None
    ev_cache: dict[tuple[Any, ...], float] = field(default_factory=dict)  # kept all battle
    ev_profile: tuple[Any, ...] | None = None  # what the AI's estimates read of it now
    wound_pool: int = 0  # the models' starting wounds, summed when first asked (0: not yet)

    @property
    def alive(self) -> list[Model]:
        return [m for m in self.models if m.wounds > 0]

    def refresh(self) -> None:
        """Recount living models and the footprint after wounds change."""
        self.is_vehicle = self.unit_type == VEHICLE
        small = "small_target" in self.rules
        self.height = SMALL_HEIGHT if small else SIZE_HEIGHT.get(self.unit_type, 2)
        count = 0
        for m in self.models:  # a plain loop: quicker than sum() over a generator
            if m.wounds > 0:
                count += 1
        self.count = count
        self.radius = self._radius()
        self.majorities = {}
        self.ev_profile = None
        self.loadout_cache = None
        self.wound_pool = 0

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

    def _radius(self) -> float:
        if self.is_vehicle:
            return 2.5
        if self.unit_type == MONSTROUS:
            return 1.5
        per_model = AREA_PER_MODEL * (2.0 if self.unit_type in (BIKE, JETBIKE, CAVALRY) else 1.0)
        radius = math.sqrt((self.count if self.count > 1 else 1) * per_model / math.pi)
        return radius if radius > 0.5 else 0.5  # max(), without the calls

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
