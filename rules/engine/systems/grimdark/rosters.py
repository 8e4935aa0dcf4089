"""Armies built from RosterData (seed 000 [8]-[10]): validation, the :class:`Army` with its
unit prototypes, and the battle :class:`~.army.Unit` made from one roster unit and copied
fresh for every battle (4e pp.50-51 characters, pp.53-57 unit types, pp.58-73 vehicles)."""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from operator import attrgetter
from typing import Any

from rules.engine.systems.base import EngineError, RosterData
from rules.engine.systems.grimdark.army import (
    KNOWN_RULES,
    MODEL_KEYS,
    UNIT_TYPES,
    VEHICLE,
    VEHICLE_KEYS,
    VEHICLE_KINDS,
    WALKER_KEYS,
    Model,
    Unit,
)
from rules.engine.systems.grimdark.psychic import SHOOTING_POWERS, powers_of
from rules.engine.systems.grimdark.weapons import Weapon, hand_out, melee_rank, parse_weapon


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
