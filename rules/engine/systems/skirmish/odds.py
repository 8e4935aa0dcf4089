"""Exact odds of one fighter's attacks on another (close combat with parry, or one shot):
the probability that the target ends unharmed, wounded (still standing), knocked down,
stunned or out of action. Plain JSON in and out; the REST layer calls :func:`attack_odds`.

Request::

    {"mode": "close_combat" | "shooting",
     "attacker": {"WS": 4, "BS": 4, "S": 3, "A": 1, "weapons": ["sword", "dagger"]},
     "target": {"WS": 3, "S": 3, "T": 3, "W": 1, "equipment": ["light-armour", "buckler"],
                "state": "standing", "large": false},
     "first_round": true, "parry": true, "fear": false,          # close combat
     "range": 10, "moved": false, "cover": false}                # shooting

Errors raise EngineError whose ``code`` is the offending field ("attacker.WS",
"target.equipment[1]", "range" …). The same procedure (:mod:`.attacks`) rolls in battles.
"""

from __future__ import annotations

from typing import Any

from rules.engine.systems.base import EngineError
from rules.engine.systems.capabilities import OddsCapability, OddsField, OddsResult
from rules.engine.systems.skirmish.attacks import (
    Exchange,
    exchange_distribution,
)
from rules.engine.systems.skirmish.combat import melee_exchange
from rules.engine.systems.skirmish.equipment import EQUIPMENT
from rules.engine.systems.skirmish.fighters import PROFILE_KEYS, Fighter, build_fighters
from rules.engine.systems.skirmish.shooting import shooting_modifier, shot
from rules.engine.systems.skirmish.tables import KNOCKED_DOWN, STANDING, STUNNED

MODES: tuple[str, ...] = ("close_combat", "shooting")
STATES: tuple[str, ...] = (STANDING, KNOCKED_DOWN, STUNNED)
REQUIRED: dict[tuple[str, str], tuple[str, ...]] = {
    ("close_combat", "attacker"): ("WS", "S", "A"),
    ("close_combat", "target"): ("WS", "S", "T", "W"),
    ("shooting", "attacker"): ("BS",),
    ("shooting", "target"): ("T", "W"),
}
DEFAULT_STAT = 3
MAX_RANGE = 72


def _flag(request: dict[str, Any], key: str, default: bool) -> bool:
    value = request.get(key, default)
    if not isinstance(value, bool):
        raise EngineError(key, f"'{key}' must be true or false.")
    return value


def _fighter(request: dict[str, Any], role: str, mode: str) -> Fighter:
    data = request.get(role)
    if not isinstance(data, dict):
        raise EngineError(role, f"'{role}' must be an object.")
    profile: dict[str, int] = {}
    for key in PROFILE_KEYS:
        if key not in data:
            if key in REQUIRED[(mode, role)]:
                raise EngineError(f"{role}.{key}", f"'{role}.{key}' is required.")
            profile[key] = 1 if key in ("W", "A") else DEFAULT_STAT
            continue
        value = data[key]
        low = 0 if key in ("W", "BS", "WS") else 1
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= 10:
            raise EngineError(f"{role}.{key}", f"'{role}.{key}' must be an integer {low}-10.")
        profile[key] = value
    field = "weapons" if role == "attacker" else "equipment"
    items = data.get(field, [])
    if not isinstance(items, list):
        raise EngineError(f"{role}.{field}", f"'{role}.{field}' must be a list.")
    for index, key in enumerate(items):
        if not isinstance(key, str) or key not in EQUIPMENT:
            raise EngineError(
                f"{role}.{field}[{index}]",
                f"Unknown equipment {key!r}; one of {sorted(EQUIPMENT)}.",
            )
    wounds = profile["W"]
    unit = {
        "id": role,
        "name": role,
        "size": 1,
        "category": "Hero",
        "profile": {**profile, "W": max(1, wounds)},
        "weapons": [{"type": key} for key in items],
        "rules": ["large-target"] if data.get("large") else [],
        "extra": {"animal": "natural-weapons" in items},
    }
    fighter = build_fighters(unit, "a" if role == "attacker" else "b", role)[0]
    fighter.wounds = wounds
    fighter.key = role
    state = data.get("state", STANDING)
    if state not in STATES:
        raise EngineError(f"{role}.state", f"'{role}.state' must be one of {list(STATES)}.")
    fighter.state = state
    return fighter


def close_combat_exchange(request: dict[str, Any]) -> Exchange:
    """The exchange a battle would roll for these two fighters (seed 001 §2–§10)."""
    attacker = _fighter(request, "attacker", "close_combat")
    target = _fighter(request, "target", "close_combat")
    first_round = _flag(request, "first_round", True)
    attacker.combat_rounds = 0 if first_round else 1
    attacker.fear_struck = _flag(request, "fear", False)
    return melee_exchange(attacker, target, first_parry=_flag(request, "parry", True))


def shooting_exchange(request: dict[str, Any]) -> Exchange:
    """One shot with the attacker's longest-ranged missile weapon (not in seed 001: published
    Mordheim rules, Shooting)."""
    attacker = _fighter(request, "attacker", "shooting")
    target = _fighter(request, "target", "shooting")
    if target.state != STANDING:
        raise EngineError("target.state", "Shooting odds need a standing target.")
    weapon = attacker.missile
    if weapon is None:
        raise EngineError("attacker.weapons", "Shooting needs a missile weapon.")
    distance = request.get("range")
    if isinstance(distance, bool) or not isinstance(distance, (int, float)):
        raise EngineError("range", "'range' (inches) is required for shooting.")
    if not 0 < distance <= weapon.range:
        raise EngineError("range", f"'range' must be above 0 and at most {weapon.range}\".")
    attacker.moved = _flag(request, "moved", False)
    cover = _flag(request, "cover", False)
    modifier = shooting_modifier(attacker, target, weapon, float(distance), cover)
    return Exchange(
        (shot(attacker.BS, weapon, target.T, target.missile_save, modifier),),
        target_wounds=target.wounds,
        helmet=target.helmet,
    )


def exchange_for(request: dict[str, Any]) -> Exchange:
    """Validate ``request`` and build the exchange it describes."""
    if not isinstance(request, dict):
        raise EngineError("request", "The request must be an object.")
    mode = request.get("mode")
    if mode not in MODES:
        raise EngineError("mode", f"'mode' must be one of {list(MODES)}.")
    return close_combat_exchange(request) if mode == "close_combat" else shooting_exchange(request)


def attack_odds(request: dict[str, Any]) -> dict[str, Any]:
    """Exact outcome probabilities of one attacker's attacks on one target."""
    exchange = exchange_for(request)
    outcomes = exchange_distribution(exchange)
    return {
        "mode": request["mode"],
        "outcomes": {k: round(v, 12) for k, v in outcomes.items()},
        "strikes": [
            {
                "weapon": s.weapon,
                "hit_need": s.hit_need,
                "hit_followup": s.hit_followup,
                "wound_need": s.wound_need,
                "save_need": s.save_need,
                "parryable": s.parryable,
            }
            for s in exchange.strikes
        ],
        "parry": exchange.parry,
    }


def _profile_help(role: str, key: str) -> str:
    needed = [mode for mode in MODES if key in REQUIRED[(mode, role)]]
    if needed:
        return f"Needed for {' and '.join(needed)}."
    return f"Default {1 if key in ('W', 'A') else DEFAULT_STAT}."


def _profile_fields(role: str, label: str) -> tuple[OddsField, ...]:
    """One integer field per profile characteristic (0–10; W, BS and WS may be 0)."""
    return tuple(
        OddsField(
            f"{role}.{key}",
            "int",
            f"{label} {key}",
            _profile_help(role, key),
            minimum=0 if key in ("W", "BS", "WS") else 1,
            maximum=10,
        )
        for key in PROFILE_KEYS
    )


FIELDS: tuple[OddsField, ...] = (
    OddsField("mode", "choice", "Attack", required=True, choices=MODES),
    *_profile_fields("attacker", "Attacker"),
    OddsField(
        "attacker.weapons",
        "list",
        "Attacker's weapons",
        "Equipment keys; shooting uses the longest-ranged missile weapon.",
        choices=tuple(sorted(EQUIPMENT)),
    ),
    *_profile_fields("target", "Target"),
    OddsField(
        "target.equipment",
        "list",
        "Target's equipment",
        "Armour, shields and helmets.",
        choices=tuple(sorted(EQUIPMENT)),
    ),
    OddsField("target.state", "choice", "Target state", default=STANDING, choices=STATES),
    OddsField("target.large", "bool", "Large target", default=False),
    OddsField("first_round", "bool", "First round of combat", "Close combat.", default=True),
    OddsField("parry", "bool", "Target may parry", "Close combat.", default=True),
    OddsField("fear", "bool", "Attacker fear-struck", "Close combat.", default=False),
    OddsField(
        "range", "float", "Range (inches)", "Shooting: needed.", minimum=0, maximum=MAX_RANGE
    ),
    OddsField("moved", "bool", "Shooter moved", "Shooting.", default=False),
    OddsField("cover", "bool", "Target in cover", "Shooting.", default=False),
)
"""The calculator's request fields (seed 001 §2–§10, not in seed 001: published Mordheim rules,
Shooting)."""


def odds_result(request: dict[str, Any]) -> OddsResult:
    """:func:`attack_odds` in the shared shape: ``outcomes`` of the target (unharmed,
    wounded, knocked down, stunned, out of action); ``detail``: mode, strikes (each with its
    dice targets) and whether the target parries."""
    result = attack_odds(request)
    outcomes = result.pop("outcomes")
    return OddsResult(outcomes=outcomes, detail=result)


ODDS = OddsCapability(
    title="One fighter's attacks",
    fields=FIELDS,
    calculate=odds_result,
    example={
        "mode": "close_combat",
        "attacker": {"WS": 4, "S": 4, "A": 3, "weapons": ["sword", "dagger"]},
        "target": {"WS": 3, "S": 3, "T": 3, "W": 2, "equipment": ["light-armour", "buckler"]},
    },
)
