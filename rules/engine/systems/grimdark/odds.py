"""Exact odds of one grimdark attack sequence for the REST endpoint (hits → wounds →
unsaved wounds → models slain), built on :mod:`rules.engine.probability`.

Request (plain dict)::

    {"mode": "shooting" | "close_combat", "attacks": 10, "skill": 4, "strength": 4,
     "ap": 5, "rules": ["twin_linked"],
     "target": {"toughness": 4, "save": 3, "invulnerable": null, "cover": null,
                "wounds": 1, "models": 10, "weapon_skill": 4}}

``skill`` is BS when shooting and WS in close combat. Bad input raises EngineError whose
``code`` names the field, e.g. ``odds.target.toughness``: a rule the mode cannot use
(twin-linked, sniper or template in close combat; a close-combat weapon when shooting), a
rule number other than ``poisoned(2)``–``poisoned(6)``, or an ``ap`` in close combat (seed
000 [41]: close combat uses no weapon AP) is refused, never silently played another way.

``expected_exact`` gives the exact means as fractions ("20/3"); ``expected`` gives the same
exact means rounded half-to-even to 6 decimals, as floats; ``distribution`` probabilities are
computed in floats (about 1e-15, :mod:`rules.engine.probability`) and rounded to 12 decimals.
Each rule is named once; a request names at most one close-combat weapon.
"""

from __future__ import annotations

import re
from fractions import Fraction
from math import comb
from typing import Any

from rules.engine.probability import (
    DieOutcome,
    attack_sequence,
    models_removed,
    p_at_least,
    p_with_reroll,
)
from rules.engine.systems.base import EngineError
from rules.engine.systems.capabilities import OddsCapability, OddsField, OddsResult
from rules.engine.systems.grimdark import tables

MAX_ATTACKS = 200
RULES: tuple[str, ...] = (
    "twin_linked",
    "rending",
    "sniper",
    "poisoned",
    "template",
    "power_weapon",
    "power_fist",
    "thunder_hammer",
    "lightning_claws",
    "force_weapon",
    "heavy_ccw",
    "witchblade",
    "monstrous",
    "preferred_enemy",
)
SHOOTING_ONLY: frozenset[str] = frozenset({"twin_linked", "sniper", "template"})
"""Ranged rules (seed 000 [30]-[32]): twin-linked re-rolls misses of a shooting weapon, a
sniper rifle and a template are guns; in close combat they have no meaning."""
CLOSE_COMBAT_ONLY: frozenset[str] = frozenset(
    {
        "power_weapon",
        "power_fist",
        "thunder_hammer",
        "lightning_claws",
        "force_weapon",
        "heavy_ccw",
        "witchblade",
        "monstrous",
        "preferred_enemy",
    }
)
"""Close-combat weapons and rules (seed 000 [46]; monstrous creatures ignore armour and
preferred enemy re-rolls misses only in close combat, 4e pp.53-57, pp.74-76)."""
CLOSE_COMBAT_WEAPONS: frozenset[str] = CLOSE_COMBAT_ONLY - {"monstrous", "preferred_enemy"}
"""The close-combat weapons: a model strikes with one of them (seed 000 [46]; the battle
engine's weapon carries one close-combat special), so a request may name at most one."""
POISON_RANGE = range(2, 7)  # poisoned(N) wounds on N+; a 1 always fails, 7+ never wounds
POISON_NUMBERS = frozenset(str(n) for n in POISON_RANGE)
_RULE = re.compile(r"([a-z_]+)(?:\((\d+)\))?")
SIXTH = Fraction(1, 6)
EXPECTED_DIGITS = 6
"""``expected`` gives each exact mean rounded half-to-even to this many decimals."""


def _opt_int(
    data: dict[str, Any], key: str, code: str, low: int, high: int, default: int | None = None
) -> int | None:
    """An optional integer field in [low, high]; EngineError ``code`` otherwise."""
    value = data.get(key, default)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise EngineError(code, f"{key} must be an integer from {low} to {high}.")
    return value


def _int(
    data: dict[str, Any], key: str, code: str, low: int, high: int, default: int | None = None
) -> int:
    """A required integer field in [low, high]."""
    value = _opt_int(data, key, code, low, high, default)
    if value is None:
        raise EngineError(code, f"{key} is required.")
    return value


def _parse_rules(raw: Any, melee: bool) -> dict[str, int | None]:
    """Rule names (``poisoned(N)`` takes N from 2 to 6, no other rule takes a number) that
    apply in this mode, each named once, at most one close-combat weapon; EngineError
    ``odds.rules`` otherwise."""
    if raw is None:
        return {}
    if not isinstance(raw, list):
        raise EngineError("odds.rules", "rules must be a list of rule names.")
    out: dict[str, int | None] = {}
    for item in raw:
        match = _RULE.fullmatch(item) if isinstance(item, str) else None
        if not match or match.group(1) not in RULES:
            raise EngineError("odds.rules", f"Unknown rule {item!r}.")
        name, number = match.group(1), match.group(2)
        if name in out:
            raise EngineError("odds.rules", f"'{name}' is listed more than once.")
        if number is not None and (name != "poisoned" or number not in POISON_NUMBERS):
            raise EngineError(
                "odds.rules", f"'{item}': only poisoned takes a number, from 2 to 6 (poisoned(4))."
            )
        if name in (CLOSE_COMBAT_ONLY if not melee else SHOOTING_ONLY):
            where = "close combat" if melee else "shooting"
            raise EngineError("odds.rules", f"'{name}' does not apply when {where}.")
        out[name] = int(number) if number is not None else None
    weapons = sorted(CLOSE_COMBAT_WEAPONS.intersection(out))
    if len(weapons) > 1:
        raise EngineError(
            "odds.rules", f"One close-combat weapon per attack, not {' and '.join(weapons)}."
        )
    return out


def exact_mean_slain(
    dice: int, p_unsaved: Fraction, wounds: int, models: int, instant: bool
) -> Fraction:
    """Exact expected models slain: the binomial law of unsaved wounds in fractions, each
    count mapped through the spill rule (seed 000 [26][27])."""
    fail = 1 - p_unsaved
    return sum(
        (
            comb(dice, k)
            * p_unsaved**k
            * fail ** (dice - k)
            * models_removed(k, wounds, models, instant)
            for k in range(dice + 1)
        ),
        Fraction(0),
    )


def _save_chance(save: int | None) -> Fraction:
    return p_at_least(max(2, save)) if save is not None else Fraction(0)


def attack_odds(request: dict[str, Any]) -> dict[str, Any]:
    """Exact expected values and distributions of one attack sequence (seed 000 [22]-[27],
    [30]-[32], [40]-[41], [46])."""
    if not isinstance(request, dict):
        raise EngineError("odds.request", "The request must be a JSON object.")
    mode = request.get("mode", "shooting")
    if mode not in ("shooting", "close_combat"):
        raise EngineError("odds.mode", "mode must be 'shooting' or 'close_combat'.")
    melee = mode == "close_combat"
    rules = _parse_rules(request.get("rules"), melee)
    attacks = _int(request, "attacks", "odds.attacks", 0, MAX_ATTACKS)
    skill = _int(request, "skill", "odds.skill", 0 if not melee else 1, 10)
    fixed_wound = "sniper" in rules or "poisoned" in rules or "witchblade" in rules
    strength = (_opt_int if fixed_wound else _int)(request, "strength", "odds.strength", 1, 10)
    ap = _opt_int(request, "ap", "odds.ap", 1, 6)
    if melee and ap is not None:
        raise EngineError(
            "odds.ap", "Close combat uses no weapon AP (seed 000 [41]); send ap: null."
        )
    target = request.get("target")
    if not isinstance(target, dict):
        raise EngineError("odds.target", "target must be an object.")
    toughness = _int(target, "toughness", "odds.target.toughness", 1, 10)
    save = _opt_int(target, "save", "odds.target.save", 2, 7)
    invulnerable = _opt_int(target, "invulnerable", "odds.target.invulnerable", 2, 6)
    cover = _opt_int(target, "cover", "odds.target.cover", 2, 6)
    wounds = _int(target, "wounds", "odds.target.wounds", 1, 20, default=1)
    models = _int(target, "models", "odds.target.models", 1, 200, default=1)
    target_ws = _int(target, "weapon_skill", "odds.target.weapon_skill", 1, 10, default=4)

    # to hit: BS table (seed [22]), sniper 2+ (seed [32]), WS vs WS (seed [40]), template auto
    if "template" in rules:
        p_hit: Fraction = Fraction(1)
        hit_need = None
    else:
        hit_need = (
            2
            if "sniper" in rules and not melee
            else tables.to_hit_close_combat(skill, target_ws)
            if melee
            else tables.to_hit_shooting(skill)
        )
        p_hit = p_at_least(hit_need)
    reroll_hits = ("twin_linked" in rules and "template" not in rules) or "preferred_enemy" in rules
    p_first_miss = 1 - p_hit
    p_hit_total = p_with_reroll(p_hit) if reroll_hits else p_hit
    # chance the kept to-hit die shows a 6 (rending, seed [32])
    p_six_hit = (
        Fraction(0) if hit_need is None else (SIXTH * (1 + p_first_miss) if reroll_hits else SIXTH)
    )

    base_s = strength or 0
    eff_s = (
        min(10, 2 * base_s)
        if melee and ("power_fist" in rules or "thunder_hammer" in rules)
        else base_s
    )
    # the battle engine's order: sniper 4+ over poisoned (shooting.base_attack), witchblade
    # 2+ over poisoned (assault.melee_attack)
    if "sniper" in rules:
        wound_need: int | None = 4
    elif "witchblade" in rules:
        wound_need = 2
    elif "poisoned" in rules:
        wound_need = rules["poisoned"] or 4
    else:
        wound_need = tables.to_wound(eff_s, toughness)
    p_wound = p_at_least(wound_need)
    reroll_wounds = (melee and "lightning_claws" in rules) or (
        "twin_linked" in rules and "template" in rules
    )
    p_wound_total = p_with_reroll(p_wound) if reroll_wounds else p_wound

    ignore_armour = any(
        r in rules
        for r in (
            "power_weapon",
            "power_fist",
            "thunder_hammer",
            "lightning_claws",
            "force_weapon",
            "monstrous",
        )
    )
    use_cover = None if melee or "template" in rules else cover
    armour_cap = 4 if "heavy_ccw" in rules else None
    save_normal = tables.best_save(save, ap, use_cover, invulnerable, ignore_armour, armour_cap)
    save_rend = tables.best_save(save, ap, use_cover, invulnerable, True)
    fail_normal = 1 - _save_chance(save_normal)
    fail_rend = 1 - _save_chance(save_rend)

    rending = "rending" in rules
    if rending and tables.RENDING_ON_TO_HIT and hit_need is not None:
        normal_hit = p_hit_total - p_six_hit
        p_w_die = normal_hit * p_wound_total + p_six_hit
        p_u_die = normal_hit * p_wound_total * fail_normal + p_six_hit * fail_rend
    elif rending and not tables.RENDING_ON_TO_HIT:
        six_w = (SIXTH * (2 - p_wound) if reroll_wounds else SIXTH) if wound_need else Fraction(0)
        p_w_die = p_hit_total * p_wound_total
        p_u_die = p_hit_total * ((p_wound_total - six_w) * fail_normal + six_w * fail_rend)
    else:
        p_w_die = p_hit_total * p_wound_total
        p_u_die = p_w_die * fail_normal

    instant = wounds > 1 and eff_s > 0 and tables.instant_death(eff_s, toughness)
    result = attack_sequence(
        attacks, DieOutcome(p_hit_total, p_w_die, p_u_die), wounds, models, instant
    )
    exact = {
        "hits": attacks * Fraction(p_hit_total),
        "wounds": attacks * Fraction(p_w_die),
        "unsaved_wounds": attacks * Fraction(p_u_die),
        "models_slain": exact_mean_slain(attacks, Fraction(p_u_die), wounds, models, instant),
    }
    return {
        # the exact means rounded half-to-even to 6 decimals (Fraction rounding), as floats
        "expected": {key: float(round(mean, EXPECTED_DIGITS)) for key, mean in exact.items()},
        "expected_exact": {key: str(mean) for key, mean in exact.items()},
        "distribution": {
            "hits": result.hits.as_list(),
            "wounds": result.wounds.as_list(),
            "unsaved_wounds": result.unsaved_wounds.as_list(),
            "models_slain": result.models_slain.as_list(),
        },
        "needs": {
            "to_hit": hit_need,
            "to_wound": wound_need,
            "save": save_normal,
            "instant_death": instant,
        },
    }


FIELDS: tuple[OddsField, ...] = (
    OddsField(
        "mode",
        "choice",
        "Attack",
        "shooting uses BS, close_combat WS against the target's WS.",
        default="shooting",
        choices=("shooting", "close_combat"),
    ),
    OddsField("attacks", "int", "Attacks / shots", required=True, minimum=0, maximum=MAX_ATTACKS),
    OddsField("skill", "int", "BS or WS", required=True, minimum=0, maximum=10),
    OddsField(
        "strength",
        "int",
        "Strength",
        "May be left out only for sniper, poisoned or witchblade attacks.",
        minimum=1,
        maximum=10,
        nullable=True,
    ),
    OddsField("ap", "int", "AP", "Blank: no AP.", minimum=1, maximum=6, nullable=True),
    OddsField(
        "rules",
        "list",
        "Special rules",
        "Special rules, e.g. twin_linked, rending, poisoned(2); each once, at most one"
        " close-combat weapon.",
        pattern=r"^[a-z_]+(\(\d\))?$",
    ),
    OddsField("target.toughness", "int", "Target toughness", required=True, minimum=1, maximum=10),
    OddsField(
        "target.save", "int", "Armour save", "Blank: none.", minimum=2, maximum=7, nullable=True
    ),
    OddsField(
        "target.invulnerable",
        "int",
        "Invulnerable save",
        "Blank: none.",
        minimum=2,
        maximum=6,
        nullable=True,
    ),
    OddsField(
        "target.cover", "int", "Cover save", "Blank: none.", minimum=2, maximum=6, nullable=True
    ),
    OddsField("target.wounds", "int", "Wounds per model", default=1, minimum=1, maximum=20),
    OddsField("target.models", "int", "Models in target", default=1, minimum=1, maximum=200),
    OddsField("target.weapon_skill", "int", "Target WS", default=4, minimum=1, maximum=10),
)
"""The calculator's request fields (seed 000 [22]-[27], [30]-[32], [40]-[41], [46])."""


def odds_result(request: dict[str, Any]) -> OddsResult:
    """:func:`attack_odds` in the shared shape: expected values and distributions of hits,
    wounds, unsaved wounds and models slain; ``needs``: to hit, to wound, save, instant death;
    ``detail.expected_exact``: the same means as exact fractions (``"20/3"``)."""
    result = attack_odds(request)
    return OddsResult(
        expected=result["expected"],
        distributions=result["distribution"],
        needs=result["needs"],
        detail={"expected_exact": result["expected_exact"]},
    )


ODDS = OddsCapability(
    title="Attack sequence",
    fields=FIELDS,
    calculate=odds_result,
    example={
        "mode": "shooting",
        "attacks": 60,
        "skill": 4,
        "strength": 8,
        "ap": 3,
        "rules": ["twin_linked", "rending"],
        "target": {
            "toughness": 4,
            "save": 3,
            "invulnerable": 5,
            "cover": 4,
            "wounds": 3,
            "models": 20,
            "weapon_skill": 4,
        },
    },
)
