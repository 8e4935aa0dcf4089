"""Exact odds of one attack: ``attack_odds(request) -> dict`` (plain JSON in and out).

Request keys: ``skill`` (int), ``modifiers`` (int or list of ints, default 0), ``defence``
(the defender's best active defence value, or null for none), ``damage`` ("2d+1" dice or
"sw+1"/"thr" with ``st``), ``damage_type`` (cr, cut, imp, pi-, pi, pi+, pi++…), ``dr`` (int),
optional ``wounding`` (multiplier override), ``armour_divisor`` and ``critical_hits``
(default true: a critical success allows no defence and rolls on the critical hit table).
Answer: exact probabilities of an attack roll success, a critical, a successful defence, a hit
landing, and the distribution of injury. Errors are EngineError with code ``odds.<field>``.
NOT IN SEED: GURPS 4e Basic Set rule (not in seed 004: GURPS Basic Set, Success rolls, Critical
hits, Active defences, Damage, Damage resistance, Wounding modifiers and injury).
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

from rules.engine.systems.base import EngineError
from rules.engine.systems.capabilities import OddsCapability, OddsField, OddsResult
from rules.engine.systems.hextactical.criticals import CRITICAL_HIT, damage_multiplier
from rules.engine.systems.hextactical.damage import (
    WOUNDING,
    DamageDice,
    dice_sum_distribution,
    parse_damage,
)
from rules.engine.systems.hextactical.rolls import THREE_D6_COUNTS, judge

MAX_ST = 200
"""The highest ST the calculator reads (GURPS 4e Basic Set p.B15 table and its rule above
100)."""


def _int(request: dict[str, Any], key: str, default: int | None = None) -> int:
    value = request.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int):
        raise EngineError(f"odds.{key}", f"{key} must be a whole number.")
    return value


def _modifiers(request: dict[str, Any]) -> int:
    value = request.get("modifiers", 0)
    if isinstance(value, list):
        if not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
            raise EngineError("odds.modifiers", "modifiers must be whole numbers.")
        return sum(value)
    if isinstance(value, bool) or not isinstance(value, int):
        raise EngineError("odds.modifiers", "modifiers must be a whole number or a list of them.")
    return value


def _roll_probabilities(skill: int) -> tuple[Fraction, Fraction]:
    """(P(success, not critical), P(critical success)) at effective ``skill``."""
    normal = crit = 0
    for total in range(3, 19):
        result = judge(total, skill)
        if result.success and result.critical:
            crit += THREE_D6_COUNTS[total]
        elif result.success:
            normal += THREE_D6_COUNTS[total]
    return Fraction(normal, 216), Fraction(crit, 216)


def _injury_distribution(
    damage: DamageDice, dr: int, multiplier: float, effect: str
) -> dict[int, Fraction]:
    counts = dice_sum_distribution(damage.dice)
    denominator = sum(counts)
    effective_dr = dr // 2 if effect == "half_dr" else dr
    if damage.divisor > 1:
        effective_dr = int(effective_dr / damage.divisor)
    out: dict[int, Fraction] = {}
    for total, count in enumerate(counts):
        if not count:
            continue
        if effect == "max":
            basic = max(damage.min_basic, damage.dice * 6 + damage.adds)
        else:
            basic = max(damage.min_basic, total + damage.adds)
        basic *= damage_multiplier(effect)
        penetrating = basic - effective_dr
        injury = max(1, math.floor(penetrating * multiplier)) if penetrating > 0 else 0
        out[injury] = out.get(injury, Fraction(0)) + Fraction(count, denominator)
    return out


def attack_odds(request: dict[str, Any]) -> dict[str, Any]:
    """Exact probabilities of a hit, a successful defence and the injury distribution."""
    if not isinstance(request, dict):
        raise EngineError("odds.request", "The request must be a JSON object.")
    skill = _int(request, "skill")
    effective = skill + _modifiers(request)
    defence = request.get("defence")
    if defence is not None and (isinstance(defence, bool) or not isinstance(defence, int)):
        raise EngineError("odds.defence", "defence must be a whole number or null.")
    dr = _int(request, "dr", 0)
    if dr < 0:
        raise EngineError("odds.dr", "dr must be ≥ 0.")
    kind = request.get("damage_type", "cr")
    if kind not in WOUNDING:
        raise EngineError("odds.damage_type", f"damage_type must be one of {sorted(WOUNDING)}.")
    st = _int(request, "st", 10)
    if not 1 <= st <= MAX_ST:
        raise EngineError("odds.st", f"st must be 1 to {MAX_ST}.")
    damage_text = request.get("damage")
    if not isinstance(damage_text, str):
        raise EngineError("odds.damage", "damage must be dice such as '2d+1' or 'sw+1'.")
    damage = parse_damage(f"{damage_text} {kind}", st, "odds.damage")
    divisor = request.get("armour_divisor", 1)
    if isinstance(divisor, bool) or not isinstance(divisor, int | float) or divisor < 1:
        raise EngineError("odds.armour_divisor", "armour_divisor must be a number ≥ 1.")
    damage = DamageDice(damage.dice, damage.adds, damage.kind, float(divisor))
    wounding = request.get("wounding", WOUNDING[kind])
    if isinstance(wounding, bool) or not isinstance(wounding, int | float) or wounding <= 0:
        raise EngineError("odds.wounding", "wounding must be a positive number.")
    criticals = request.get("critical_hits", True)
    if not isinstance(criticals, bool):
        raise EngineError("odds.critical_hits", "critical_hits must be true or false.")

    p_normal, p_crit = _roll_probabilities(effective)
    if not criticals:
        p_normal, p_crit = p_normal + p_crit, Fraction(0)
    p_defend_roll = Fraction(0)
    if defence is not None:
        p_defend_roll = Fraction(
            sum(THREE_D6_COUNTS[t] for t in range(3, 19) if judge(t, defence).success), 216
        )
    p_defended = p_normal * p_defend_roll
    p_lands = p_normal * (1 - p_defend_roll) + p_crit

    injury: dict[int, Fraction] = {}
    for value, p in _injury_distribution(damage, dr, wounding, "normal").items():
        injury[value] = injury.get(value, Fraction(0)) + p * p_normal * (1 - p_defend_roll)
    if p_crit:
        for total in range(3, 19):
            effect = CRITICAL_HIT[total]
            weight = p_crit * Fraction(THREE_D6_COUNTS[total], 216)
            for value, p in _injury_distribution(damage, dr, wounding, effect).items():
                injury[value] = injury.get(value, Fraction(0)) + p * weight
    injury[0] = injury.get(0, Fraction(0)) + (1 - p_lands)
    expected = sum(Fraction(k) * v for k, v in injury.items())
    return {
        "effective_skill": effective,
        "p_attack_success": float(p_normal + p_crit),
        "p_critical_hit": float(p_crit),
        "p_defended": float(p_defended),
        "p_hit": float(p_lands),
        "injury": {str(k): float(injury[k]) for k in sorted(injury)},
        "expected_injury": float(expected),
        "exact": {
            "p_attack_success": str(p_normal + p_crit),
            "p_critical_hit": str(p_crit),
            "p_defended": str(p_defended),
            "p_hit": str(p_lands),
            "injury": {str(k): str(injury[k]) for k in sorted(injury)},
        },
    }


FIELDS: tuple[OddsField, ...] = (
    OddsField(
        "skill", "int", "Skill", "The attacker's skill level.", required=True, minimum=0, maximum=40
    ),
    OddsField(
        "modifiers",
        "int",
        "Modifiers",
        "Total of the attack's modifiers.",
        default=0,
        minimum=-30,
        maximum=30,
    ),
    OddsField(
        "defence",
        "int",
        "Defence",
        "The defender's best active defence; blank: none.",
        minimum=0,
        maximum=30,
        nullable=True,
    ),
    OddsField(
        "damage",
        "str",
        "Damage",
        "Dice such as 2d+1, or sw+1 / thr with ST.",
        required=True,
        max_length=20,
    ),
    OddsField(
        "damage_type", "choice", "Damage type", default="cr", choices=tuple(sorted(WOUNDING))
    ),
    OddsField("st", "int", "ST", "For sw / thr damage.", default=10, minimum=1, maximum=MAX_ST),
    OddsField(
        "dr", "int", "DR", "The target's damage resistance.", default=0, minimum=0, maximum=100
    ),
    OddsField("armour_divisor", "float", "Armour divisor", default=1, minimum=1, maximum=100),
    OddsField(
        "wounding",
        "float",
        "Wounding multiplier",
        "Blank: the damage type's.",
        minimum=0,
        maximum=10,
    ),
    OddsField(
        "critical_hits",
        "bool",
        "Critical hits",
        "A critical success allows no defence and rolls on the critical hit table.",
        default=True,
    ),
)
"""The calculator's request fields (not in seed 004: GURPS Basic Set, Success rolls, Critical hits,
Active defences, Damage, Damage resistance, Wounding modifiers and injury)."""


def odds_result(request: dict[str, Any]) -> OddsResult:
    """:func:`attack_odds` in the shared shape: expected injury and its distribution;
    ``outcomes``: the attack hits, is defended or misses; ``needs``: the effective skill;
    ``detail``: attack roll and critical chances, and every figure as an exact fraction."""
    result = attack_odds(request)
    injury = {int(k): v for k, v in result["injury"].items()}
    missed = 1 - Fraction(result["exact"]["p_attack_success"])
    return OddsResult(
        expected={"injury": result["expected_injury"]},
        distributions={"injury": [injury.get(k, 0.0) for k in range(max(injury) + 1)]},
        outcomes={
            "hit": result["p_hit"],
            "defended": result["p_defended"],
            "missed": float(missed),
        },
        needs={"effective_skill": result["effective_skill"]},
        detail={
            "p_attack_success": result["p_attack_success"],
            "p_critical_hit": result["p_critical_hit"],
            "exact": result["exact"],
        },
    )


ODDS = OddsCapability(
    title="One attack",
    fields=FIELDS,
    calculate=odds_result,
    example={
        "skill": 14,
        "defence": 10,
        "damage": "sw+2",
        "st": 13,
        "damage_type": "cut",
        "dr": 2,
    },
)
