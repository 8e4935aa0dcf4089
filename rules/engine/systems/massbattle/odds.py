"""Exact odds of one attack and the nerve test that follows (seed 003 §6-§8, §10).

``attack_odds(request)`` takes plain JSON and returns plain JSON; see README.md for fields.
"""

from __future__ import annotations

from math import comb
from typing import Any

from rules.engine.systems.base import EngineError
from rules.engine.systems.capabilities import OddsCapability, OddsField, OddsResult
from rules.engine.systems.massbattle import constants as C
from rules.engine.systems.massbattle.combat import damage_target, dice_and_target
from rules.engine.systems.massbattle.nerve import ROUTED, STEADY, WAVERING, nerve_result
from rules.engine.systems.massbattle.settings import DEFAULT_SETTINGS

FACINGS = {"front": 1, "flank": 2, "left": 2, "right": 2, "rear": 3}
UNIT_TYPES = ("infantry", "cavalry", "hero", "monster", "war_engine")

Dist = dict[tuple[int, bool], float]  # (successes, elite re-roll used) → probability


def _p(target: int | None) -> float:
    return 0.0 if target is None or target > 6 else (7 - target) / 6


def _stage(dist: Dist, target: int | None, elite: bool, one_total: bool) -> Dist:
    """Roll one D6 per success of the previous stage; Elite re-rolls one failure (seed 003
    §9), at most once per roll type or once in total (``MassBattleSettings.elite_reroll_mode``)."""
    p = _p(target)
    out: Dist = {}
    for (n, used), prob in dist.items():
        can_reroll = elite and not (one_total and used)
        for k in range(n + 1):
            base = prob * comb(n, k) * p**k * (1 - p) ** (n - k)
            if base == 0.0:
                continue
            if can_reroll and k < n:
                key_used = used or one_total
                out[(k, key_used)] = out.get((k, key_used), 0.0) + base * (1 - p)
                out[(k + 1, key_used)] = out.get((k + 1, key_used), 0.0) + base * p
            else:
                out[(k, used)] = out.get((k, used), 0.0) + base
    return out


def _collapse(dist: Dist, size: int) -> list[float]:
    out = [0.0] * (size + 1)
    for (k, _used), prob in dist.items():
        out[k] += prob
    return out


def _two_d6() -> list[tuple[int, bool]]:
    return [(a + b, a == 1 and b == 1) for a in range(1, 7) for b in range(1, 7)]


def nerve_odds(
    damage: int,
    nerve: int,
    banner: bool = False,
    musician: bool = False,
    inspired: bool = False,
    shambling: bool = False,
    headstrong: bool = False,
) -> dict[str, float]:
    """Exact steady / wavering / routed probabilities of one nerve test (seed 003 §8, §10)."""

    def single() -> dict[str, float]:
        out = {STEADY: 0.0, WAVERING: 0.0, ROUTED: 0.0}
        for roll, snake_eyes in _two_d6():
            total = roll + damage - nerve - int(banner) + int(musician)
            out[STEADY if snake_eyes else nerve_result(total)] += 1 / 36
        return out

    first = single()
    if inspired:
        rout = first[ROUTED]
        second = single()
        first = {k: first[k] * (k != ROUTED) + rout * second[k] for k in first}
    if shambling:
        first[STEADY] += first[WAVERING]
        first[WAVERING] = 0.0
    elif headstrong:
        first[STEADY] += first[WAVERING] / 2
        first[WAVERING] /= 2
    return first


def _field(
    request: dict[str, Any],
    name: str,
    kind: type,
    default: Any = None,
    low: int | None = None,
    high: int | None = None,
) -> Any:
    value = request.get(name, default)
    if value is None:
        raise EngineError(f"odds.{name}_missing", f"'{name}' is required.")
    if kind is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise EngineError(f"odds.{name}_invalid", f"'{name}' must be an integer.")
        if (low is not None and value < low) or (high is not None and value > high):
            raise EngineError(f"odds.{name}_invalid", f"'{name}' must be in {low}..{high}.")
    elif kind is bool:
        if not isinstance(value, bool):
            raise EngineError(f"odds.{name}_invalid", f"'{name}' must be true or false.")
    elif kind is str and not isinstance(value, str):
        raise EngineError(f"odds.{name}_invalid", f"'{name}' must be a string.")
    return value


def attack_odds(request: dict[str, Any]) -> dict[str, Any]:
    """Exact distributions of hits and damage for one unit's attack and the target's nerve
    test outcome (seed 003 §6 shooting, §7 melee, §8 nerve, §9-§10 special rules)."""
    if not isinstance(request, dict):
        raise EngineError("odds.request_invalid", "The request must be a JSON object.")
    kind = _field(request, "kind", str, "melee")
    if kind not in ("melee", "ranged"):
        raise EngineError("odds.kind_invalid", "'kind' must be 'melee' or 'ranged'.")
    attacks = _field(request, "attacks", int, low=0, high=200)
    defence = _field(request, "defence", int, low=1, high=10)
    fixed = _field(request, "fixed", bool, False)
    to_hit = C.SPELL_HIT_ON if fixed else _field(request, "to_hit", int, low=1, high=7)
    modifiers = _field(request, "modifiers", int, 0, low=0, high=10)
    facing = _field(request, "facing", str, "front")
    if facing not in FACINGS:
        raise EngineError("odds.facing_invalid", "'facing' must be front, flank or rear.")
    target_type = _field(request, "target_type", str, "infantry")
    if target_type not in UNIT_TYPES:
        raise EngineError("odds.target_type_invalid", f"'target_type' must be one of {UNIT_TYPES}.")
    individual = _field(request, "target_individual", bool, False)
    elite = _field(request, "elite", bool, False)
    piercing = _field(request, "piercing", int, 0, low=0, high=6)
    crushing = _field(request, "crushing_strength", int, 0, low=0, high=6)
    phalanx = _field(request, "phalanx", bool, False)
    horde = _field(request, "horde", bool, False)
    mode = _field(request, "nerve_mode", str, DEFAULT_SETTINGS.nerve_damage_mode)
    if mode not in ("total", "phase"):
        raise EngineError("odds.nerve_mode_invalid", "'nerve_mode' must be total or phase.")
    target = request.get("target") or {}
    if not isinstance(target, dict):
        raise EngineError("odds.target_invalid", "'target' must be an object.")
    already = _field(target, "damage", int, 0, low=0, high=200)
    nerve = _field(target, "nerve", int, 0, low=-20, high=30)
    flags = {
        f: _field(target, f, bool, False)
        for f in ("banner", "enemy_musician", "inspiring", "shambling", "headstrong")
    }

    dice = attacks
    if kind == "melee":
        mult = 1 if individual else (3 if target_type == "war_engine" else FACINGS[facing])
        dice = attacks * mult + ((10 if horde else 5) if phalanx else 0)
    needed = to_hit if fixed else to_hit + modifiers + (int(individual) if kind == "ranged" else 0)
    count, hit_on = dice_and_target(dice, needed)
    bonus = crushing if kind == "melee" else piercing
    dmg_on = damage_target(defence, bonus)
    one_total = DEFAULT_SETTINGS.elite_reroll_mode == "one_total"
    hit_dist = _stage({(count, False): 1.0}, hit_on, elite and not fixed, one_total)
    hits = _collapse(hit_dist, count)
    damage_dist = _stage(hit_dist, dmg_on, elite and not fixed, one_total)
    damage = _collapse(damage_dist, count)
    outcome = {"no_test": damage[0], STEADY: 0.0, WAVERING: 0.0, ROUTED: 0.0}
    for dealt, prob in enumerate(damage):
        if dealt == 0 or prob == 0.0:
            continue
        counted = already + dealt if mode == "total" else dealt
        test = nerve_odds(
            counted,
            nerve,
            flags["banner"],
            flags["enemy_musician"],
            flags["inspiring"],
            flags["shambling"],
            flags["headstrong"],
        )
        for key, p in test.items():
            outcome[key] += prob * p
    ends = {
        STEADY: outcome[STEADY] + outcome["no_test"],
        WAVERING: outcome[WAVERING],
        ROUTED: outcome[ROUTED],
    }
    return {
        "dice": count,
        "hit_on": hit_on,
        "damage_on": dmg_on,
        "hits": hits,
        "damage": damage,
        "expected_hits": sum(k * p for k, p in enumerate(hits)),
        "expected_damage": sum(k * p for k, p in enumerate(damage)),
        "nerve": outcome,
        "ends": ends,
    }


def _flag(name: str, label: str, help_text: str = "") -> OddsField:
    return OddsField(name, "bool", label, help_text, default=False)


FIELDS: tuple[OddsField, ...] = (
    OddsField("kind", "choice", "Attack", default="melee", choices=("melee", "ranged")),
    OddsField("attacks", "int", "Attacks", required=True, minimum=0, maximum=200),
    OddsField("to_hit", "int", "To hit (Me or Ra)", "Not needed when fixed.", minimum=1, maximum=7),
    OddsField("defence", "int", "Target defence", required=True, minimum=1, maximum=10),
    _flag("fixed", "Fixed 4+ to hit", "Spells and thrown animals, ignoring modifiers."),
    OddsField("modifiers", "int", "To-hit modifiers", default=0, minimum=0, maximum=10),
    OddsField("facing", "choice", "Facing hit", default="front", choices=tuple(FACINGS)),
    OddsField("target_type", "choice", "Target type", default="infantry", choices=UNIT_TYPES),
    _flag("target_individual", "Target is an individual"),
    _flag("elite", "Elite"),
    OddsField("piercing", "int", "Piercing (ranged)", default=0, minimum=0, maximum=6),
    OddsField("crushing_strength", "int", "Crushing strength", default=0, minimum=0, maximum=6),
    _flag("phalanx", "Target has phalanx"),
    _flag("horde", "Target is a horde"),
    OddsField(
        "nerve_mode",
        "choice",
        "Nerve damage",
        "total: the damage already on the target counts; phase: only this attack's.",
        default=DEFAULT_SETTINGS.nerve_damage_mode,
        choices=("total", "phase"),
    ),
    OddsField("target.damage", "int", "Damage already taken", default=0, minimum=0, maximum=200),
    OddsField("target.nerve", "int", "Target nerve", default=0, minimum=-20, maximum=30),
    _flag("target.banner", "Target has a banner"),
    _flag("target.enemy_musician", "Attacker has a musician"),
    _flag("target.inspiring", "Target inspired"),
    _flag("target.shambling", "Target shambling"),
    _flag("target.headstrong", "Target headstrong"),
)
"""The calculator's request fields (seed 003 §6 shooting, §7 melee, §8 nerve, §9-§10)."""


def odds_result(request: dict[str, Any]) -> OddsResult:
    """:func:`attack_odds` in the shared shape: expected hits and damage and their
    distributions; ``outcomes``: the target ends steady, wavering or routed; ``needs``: dice
    rolled, hit and damage targets; ``detail.nerve``: the nerve test's own outcome."""
    result = attack_odds(request)
    return OddsResult(
        expected={"hits": result["expected_hits"], "damage": result["expected_damage"]},
        distributions={"hits": result["hits"], "damage": result["damage"]},
        outcomes=result["ends"],
        needs={
            "dice": result["dice"],
            "hit_on": result["hit_on"],
            "damage_on": result["damage_on"],
        },
        detail={"nerve": result["nerve"]},
    )


ODDS = OddsCapability(
    title="Attack and nerve test",
    fields=FIELDS,
    calculate=odds_result,
    example={
        "kind": "melee",
        "attacks": 40,
        "to_hit": 4,
        "defence": 4,
        "facing": "flank",
        "elite": True,
        "crushing_strength": 1,
        "target": {"damage": 3, "nerve": 14, "banner": True, "inspiring": True},
    },
)
