"""The base of every system's settings: one frozen dataclass of ambiguous-rule choices.

A system declares ``@dataclass(frozen=True, slots=True) class XSettings(RuleSettings)`` with
one field per doubtful rule (its default is what the engine plays) and passes an instance
per battle; nothing reads a module global. ``to_dict`` / ``from_dict`` give a stable,
validated JSON form so a campaign can store its house rules:

- ``to_dict()`` has every field, in declaration order, as JSON values (tuples as lists,
  nested frozen dataclasses as objects);
- ``from_dict(data)`` starts from the defaults, takes only the keys given, and raises
  :class:`EngineError` ``settings.unknown`` naming an unknown key, or ``settings.invalid``
  naming a key whose value has the wrong type or is not one of the field's ``choices``
  (``field(metadata={"choices": (...)})``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any, Self

from rules.engine.errors import EngineError


class RuleSettings:
    """Mixin for a frozen settings dataclass: stable ``to_dict`` and validated ``from_dict``."""

    __slots__ = ()

    def to_dict(self) -> dict[str, Any]:
        """Every setting as JSON-ready data, in declaration order."""
        return {f.name: _encode(getattr(self, f.name)) for f in dataclasses.fields(self)}  # type: ignore[arg-type]

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        """The defaults with ``data`` applied; EngineError names an unknown or bad key."""
        if not isinstance(data, Mapping):
            raise EngineError("settings.invalid", "Settings must be a JSON object.")
        defaults = cls()
        return _decode_dataclass(defaults, data, "")


def _encode(value: Any) -> Any:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _encode(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, tuple):
        return [_encode(v) for v in value]
    return value


def _decode_dataclass(default: Any, data: Mapping[str, Any], prefix: str) -> Any:
    fields = {f.name: f for f in dataclasses.fields(default)}
    for key in data:
        if key not in fields:
            raise EngineError("settings.unknown", f"Unknown setting '{prefix}{key}'.")
    changes = {
        key: _decode(getattr(default, key), data[key], fields[key], f"{prefix}{key}")
        for key in data
    }
    return dataclasses.replace(default, **changes)


def _decode(default: Any, value: Any, spec: dataclasses.Field, name: str) -> Any:
    """``value`` checked against the type of the field's ``default`` (and its choices)."""
    choices = spec.metadata.get("choices")
    if choices is not None and value not in choices:
        raise EngineError("settings.invalid", f"Setting '{name}' must be one of {list(choices)}.")
    if dataclasses.is_dataclass(default):
        if not isinstance(value, Mapping):
            raise EngineError("settings.invalid", f"Setting '{name}' must be an object.")
        return _decode_dataclass(default, value, f"{name}.")
    if isinstance(default, tuple):
        if not isinstance(value, list | tuple) or len(value) != len(default):
            raise EngineError(
                "settings.invalid", f"Setting '{name}' must be a list of {len(default)} values."
            )
        return tuple(_scalar(d, v, name) for d, v in zip(default, value, strict=True))
    return _scalar(default, value, name)


def _scalar(default: Any, value: Any, name: str) -> Any:
    if isinstance(default, bool):
        ok = isinstance(value, bool)
    elif isinstance(default, int):
        ok = isinstance(value, int) and not isinstance(value, bool)
    elif isinstance(default, float):
        ok = isinstance(value, int | float) and not isinstance(value, bool)
        value = float(value) if ok else value
    else:
        ok = isinstance(value, type(default))
    if not ok:
        raise EngineError(
            "settings.invalid", f"Setting '{name}' must be a {type(default).__name__}."
        )
    return value
