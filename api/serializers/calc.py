"""``POST /calc/attacks/``: one input serializer per game system, and the result shape.

The serializers bound every number (at most 200 attacks, sensible characteristic ranges)
so the engine's exact calculator never receives absurd input; the engine still checks the
combinations and raises ``EngineError``, which the API answers as a 400.
"""

from __future__ import annotations

import math
from typing import Any

from rest_framework import serializers

ODDS_SYSTEMS = ("grimdark", "skirmish", "massbattle", "hextactical")
MAX_ATTACKS = 200
MAX_MODELS = 200
# Bounds for systems validated generically (no dedicated serializer).
GENERIC_NUMBER_BOUND = MAX_ATTACKS
GENERIC_MAX_DEPTH = 4
GENERIC_MAX_ITEMS = 50
GENERIC_MAX_STRING = 80


class CalcSystemSerializer(serializers.Serializer):
    """The dispatch key: which game system's calculator to use."""

    system = serializers.ChoiceField(choices=ODDS_SYSTEMS)


class GrimdarkTargetSerializer(serializers.Serializer):
    """The target unit: toughness, saves (null: none), wounds per model, models, WS."""

    toughness = serializers.IntegerField(min_value=1, max_value=10)
    save = serializers.IntegerField(min_value=2, max_value=7, allow_null=True, required=False)
    invulnerable = serializers.IntegerField(
        min_value=2, max_value=6, allow_null=True, required=False
    )
    cover = serializers.IntegerField(min_value=2, max_value=6, allow_null=True, required=False)
    wounds = serializers.IntegerField(min_value=1, max_value=20, default=1)
    models = serializers.IntegerField(min_value=1, max_value=MAX_MODELS, default=1)
    weapon_skill = serializers.IntegerField(min_value=1, max_value=10, default=4)


class GrimdarkAttackSerializer(serializers.Serializer):
    """A grimdark attack sequence: shooting (``skill`` is BS) or close combat (WS vs WS).
    ``strength`` may be omitted only for sniper, poisoned or witchblade attacks."""

    system = serializers.ChoiceField(choices=["grimdark"])
    mode = serializers.ChoiceField(choices=["shooting", "close_combat"], default="shooting")
    attacks = serializers.IntegerField(min_value=0, max_value=MAX_ATTACKS)
    skill = serializers.IntegerField(min_value=0, max_value=10)
    strength = serializers.IntegerField(min_value=1, max_value=10, allow_null=True, required=False)
    ap = serializers.IntegerField(min_value=1, max_value=6, allow_null=True, required=False)
    rules = serializers.ListField(
        child=serializers.RegexField(r"^[a-z_]+(\(\d\))?$", max_length=40),
        max_length=20,
        default=list,
        help_text="Special rules, e.g. twin_linked, rending, poisoned(2).",
    )
    target = GrimdarkTargetSerializer()


class GenericAttackSerializer(serializers.Serializer):
    """Any other system: a JSON object of bounded numbers, short strings and small lists;
    the system's calculator checks the meaning."""

    system = serializers.ChoiceField(choices=ODDS_SYSTEMS)

    def to_internal_value(self, data: Any) -> dict[str, Any]:
        validated = super().to_internal_value(data)
        errors: dict[str, list[str]] = {}
        for key, value in data.items():
            if key != "system":
                check_generic_value(value, key, 1, errors)
        if errors:
            raise serializers.ValidationError(errors)
        return {**data, **validated}


def check_generic_value(value: Any, path: str, depth: int, errors: dict[str, list[str]]) -> None:
    """Record why ``value`` is out of bounds for the generic calculator input."""
    if depth > GENERIC_MAX_DEPTH:
        errors[path] = ["Nested too deeply."]
    elif isinstance(value, bool) or value is None:
        return
    elif isinstance(value, int | float):
        if not math.isfinite(value) or abs(value) > GENERIC_NUMBER_BOUND:
            errors[path] = [f"Must be between -{GENERIC_NUMBER_BOUND} and {GENERIC_NUMBER_BOUND}."]
    elif isinstance(value, str):
        if len(value) > GENERIC_MAX_STRING:
            errors[path] = [f"At most {GENERIC_MAX_STRING} characters."]
    elif isinstance(value, list):
        if len(value) > GENERIC_MAX_ITEMS:
            errors[path] = [f"At most {GENERIC_MAX_ITEMS} items."]
            return
        for index, item in enumerate(value):
            check_generic_value(item, f"{path}[{index}]", depth + 1, errors)
    elif isinstance(value, dict):
        if len(value) > GENERIC_MAX_ITEMS:
            errors[path] = [f"At most {GENERIC_MAX_ITEMS} keys."]
            return
        for key, item in value.items():
            check_generic_value(item, f"{path}.{key}", depth + 1, errors)


CALC_SERIALIZERS: dict[str, type[serializers.Serializer]] = {
    "grimdark": GrimdarkAttackSerializer,
}


def calc_serializer_for(system: str) -> type[serializers.Serializer]:
    """The input serializer of ``system``'s calculator."""
    return CALC_SERIALIZERS.get(system, GenericAttackSerializer)


class AttackOddsSerializer(serializers.Serializer):
    """Exact odds. Grimdark answers ``expected`` {hits, wounds, unsaved_wounds,
    models_slain} and ``distribution`` {stage: [P(0), P(1), …]}; other systems add their
    own keys (skirmish ``outcomes``, hextactical ``injury``…)."""

    system = serializers.CharField()
    expected = serializers.DictField(child=serializers.FloatField(), required=False)
    distribution = serializers.DictField(
        child=serializers.ListField(child=serializers.FloatField()), required=False
    )
