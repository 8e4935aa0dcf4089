"""``POST /calc/attacks/``: one input serializer per game system, built from the fields its
``odds`` capability declares, and the one result shape of every system.

The declared bounds (at most 200 attacks, sensible characteristic ranges) keep absurd input
away from the engine's exact calculators; the engine still checks the combinations and raises
``EngineError``, which the API answers as a 400. A key the calculator does not declare (a
misspelt ``AP``) and a number sent as a string (``"4"``) are refused with a 400 naming the
field, never silently ignored or read.
"""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from rules.engine.systems import SYSTEMS
from rules.engine.systems.capabilities import OddsCapability, OddsField

ODDS: dict[str, OddsCapability] = {s.slug: s.odds for s in SYSTEMS if s.odds is not None}
"""Every system with an exact calculator, by slug."""


class CalcSystemSerializer(serializers.Serializer):
    """The dispatch key: which game system's calculator to use."""

    system = serializers.ChoiceField(choices=list(ODDS))


class NumberNotStringMixin:
    """A JSON number: a string (``"4"``) is refused, not read as the number it spells."""

    def to_internal_value(self, data: Any) -> Any:
        if isinstance(data, str):
            self.fail("invalid")  # type: ignore[attr-defined]
        return super().to_internal_value(data)  # type: ignore[misc]


class StrictIntegerField(NumberNotStringMixin, serializers.IntegerField):
    """An integer sent as a JSON number."""


class StrictFloatField(NumberNotStringMixin, serializers.FloatField):
    """A real number sent as a JSON number."""


class ClosedSerializer(serializers.Serializer):
    """Refuses keys it does not declare (400 ``{key: ["Unknown field."]}``) instead of
    dropping them: a misspelt optional key (``AP`` for ``ap``) would otherwise be answered as
    if it had not been sent."""

    def to_internal_value(self, data: Any) -> Any:
        if isinstance(data, dict):
            unknown = sorted(str(key) for key in set(data) - set(self.fields))
            if unknown:
                known = ", ".join(self.fields)
                message = f"Unknown field; expected one of {known}."
                raise serializers.ValidationError({key: [message] for key in unknown})
        return super().to_internal_value(data)


def _bounds(spec: OddsField) -> dict[str, Any]:
    return {
        key: value
        for key, value in (("min_value", spec.minimum), ("max_value", spec.maximum))
        if value is not None
    }


def _presence(spec: OddsField) -> dict[str, Any]:
    if spec.required:
        return {}
    if spec.kind == "list":
        return {"default": list}
    if spec.default is not None:
        return {"default": spec.default}
    return {"required": False}


def serializer_field(spec: OddsField) -> serializers.Field:
    """The DRF field of one declared calculator field."""
    common: dict[str, Any] = {"help_text": spec.help or None, "label": spec.label}
    common.update(_presence(spec))
    if spec.nullable:
        common["allow_null"] = True
    if spec.kind == "int":
        return StrictIntegerField(**_bounds(spec), **common)
    if spec.kind == "float":
        return StrictFloatField(**_bounds(spec), **common)
    if spec.kind == "bool":
        return serializers.BooleanField(**common)
    if spec.kind == "choice":
        return serializers.ChoiceField(choices=list(spec.choices), **common)
    if spec.kind == "list":
        child: serializers.Field = (
            serializers.ChoiceField(choices=list(spec.choices))
            if spec.choices
            else serializers.RegexField(spec.pattern, max_length=spec.max_length)
        )
        return serializers.ListField(child=child, max_length=spec.max_items, **common)
    return serializers.CharField(max_length=spec.max_length, **common)


def _component(slug: str, group: str = "") -> str:
    words = [slug, *group.split("_"), "odds", "request"] if group else [slug, "odds", "request"]
    return "".join(word.capitalize() for word in words)


def odds_request_serializer(slug: str, odds: OddsCapability) -> type[serializers.Serializer]:
    """The input serializer of ``slug``'s calculator: one field per declared field, a nested
    serializer per group of dotted names (``target.toughness`` → ``target``)."""
    groups: dict[str, dict[str, serializers.Field]] = {}
    attrs: dict[str, Any] = {
        "system": serializers.ChoiceField(choices=[slug]),
        "__doc__": f"{odds.title}: the request of the {slug} calculator.",
    }
    for spec in odds.fields:
        if spec.group:
            groups.setdefault(spec.group, {})[spec.key] = serializer_field(spec)
        else:
            attrs[spec.name] = serializer_field(spec)
    for group, fields in groups.items():
        nested = type(_component(slug, group), (ClosedSerializer,), dict(fields))
        required = any(s.required for s in odds.fields if s.group == group)
        attrs[group] = nested(required=required) if required else nested(required=False)
    return type(_component(slug), (ClosedSerializer,), attrs)


CALC_SERIALIZERS: dict[str, type[serializers.Serializer]] = {
    slug: odds_request_serializer(slug, odds) for slug, odds in ODDS.items()
}


def calc_serializer_for(system: str) -> type[serializers.Serializer]:
    """The input serializer of ``system``'s calculator."""
    return CALC_SERIALIZERS[system]


class AttackOddsSerializer(serializers.Serializer):
    """Exact odds, the same shape for every system (docs/api.md "Exact odds"): ``expected``
    mean of each quantity (grimdark: the exact mean rounded half-to-even to 6 decimals);
    ``distributions`` P(exactly k) of each count; ``outcomes`` the chance of each end state
    of the target; ``needs`` the dice targets; ``detail`` the system's own extras."""

    system = serializers.CharField()
    expected = serializers.DictField(child=serializers.FloatField())
    distributions = serializers.DictField(
        child=serializers.ListField(child=serializers.FloatField())
    )
    outcomes = serializers.DictField(child=serializers.FloatField())
    needs = serializers.DictField()
    detail = serializers.DictField()
