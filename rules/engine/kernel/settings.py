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
  (``field(metadata={"choices": (...)})``); the error's ``field`` is the setting's dotted
  name (``arcs.include_boundary``);
- ``describe()`` lists every setting with its JSON type, default, choices and reason, so an
  organiser can see what a campaign may change. The reason is the setting's bullet in the
  class docstring: a line "- ``name``: why the default, and the alternative", continued
  up to the next bullet or a blank line (one convention for every system; a test checks
  that each field has one).
"""

from __future__ import annotations

import dataclasses
import inspect
import re
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

    @classmethod
    def describe(cls) -> list[dict[str, Any]]:
        """Every setting as ``{name, type, default, choices, reason}``, in declaration order."""
        reasons = _bullet_reasons(cls.__doc__ or "")
        defaults = cls()
        return [
            {
                "name": f.name,
                "type": _json_type(getattr(defaults, f.name)),
                "default": _encode(getattr(defaults, f.name)),
                "choices": list(f.metadata["choices"]) if "choices" in f.metadata else None,
                "reason": reasons.get(f.name, ""),
            }
            for f in dataclasses.fields(defaults)  # type: ignore[arg-type]
        ]


_BULLET = re.compile(r"^- ``(\w+)``:?\s*(.*)$")


def _bullet_reasons(doc: str) -> dict[str, str]:
    """``- ``name``: text`` bullets of a docstring (text runs to the next bullet or a blank
    line), as one line of text per name."""
    reasons: dict[str, list[str]] = {}
    current: list[str] | None = None
    for line in inspect.cleandoc(doc).splitlines():
        match = _BULLET.match(line)
        if match:
            current = reasons.setdefault(match[1], [])
            current.append(match[2])
        elif current is not None and line.strip():
            current.append(line.strip())
        else:
            current = None
    return {name: " ".join(part for part in parts if part) for name, parts in reasons.items()}


def _json_type(value: Any) -> str:
    """The JSON Schema type of a setting's value."""
    if dataclasses.is_dataclass(value):
        return "object"
    if isinstance(value, tuple):
        return "array"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    return "string"


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
            raise EngineError(
                "settings.unknown", f"Unknown setting '{prefix}{key}'.", f"{prefix}{key}"
            )
    changes = {
        key: _decode(getattr(default, key), data[key], fields[key], f"{prefix}{key}")
        for key in data
    }
    return dataclasses.replace(default, **changes)


def _decode(default: Any, value: Any, spec: dataclasses.Field, name: str) -> Any:
    """``value`` checked against the type of the field's ``default`` (and its choices)."""
    choices = spec.metadata.get("choices")
    if choices is not None and value not in choices:
        raise EngineError(
            "settings.invalid", f"Setting '{name}' must be one of {list(choices)}.", name
        )
    if dataclasses.is_dataclass(default):
        if not isinstance(value, Mapping):
            raise EngineError("settings.invalid", f"Setting '{name}' must be an object.", name)
        return _decode_dataclass(default, value, f"{name}.")
    if isinstance(default, tuple):
        if not isinstance(value, list | tuple) or len(value) != len(default):
            raise EngineError(
                "settings.invalid",
                f"Setting '{name}' must be a list of {len(default)} values.",
                name,
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
            "settings.invalid", f"Setting '{name}' must be a {type(default).__name__}.", name
        )
    return value
