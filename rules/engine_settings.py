"""Engine settings of a battle or simulation: checked when asked, stored as plain data, turned
into the system's frozen ``settings_type`` when played (issue 14: house rules per battle).

The stored form is what ``RuleSettings.from_dict`` takes: only the settings the caller chose,
``{}`` for the system's defaults. A job shows its *effective* settings (every setting,
``to_dict``) so anyone can ask for the same battle again. Nothing here knows a system: each
system's ``settings_type`` holds its own choices and checks.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.engine.kernel.settings import RuleSettings
from rules.engine.systems import get_system
from rules.engine.systems.base import EngineError
from rules.errors import BattleRequestError

FIELD = "settings"


def settings_path(prefix: str, key: str) -> str:
    """Where a setting sits in a request: ``settings`` + ``arcs.x`` → ``settings.arcs.x``."""
    return f"{prefix}.{key}" if key else prefix


def engine_settings(*, system: str, stored: Mapping[str, Any] | None) -> RuleSettings:
    """The system's settings object for stored data (``None`` or ``{}``: its defaults)."""
    return get_system(system).settings_type.from_dict(stored or {})


def engine_settings_effective(*, system: str, stored: Mapping[str, Any] | None) -> dict[str, Any]:
    """Every setting the job is played with, defaults filled in (``to_dict``)."""
    return engine_settings(system=system, stored=stored).to_dict()


def engine_settings_check(*, system: str, settings: Any) -> dict[str, Any]:
    """The settings to store for a request, or BattleRequestError ``settings.unknown`` /
    ``settings.invalid`` naming ``settings.<key>``."""
    if settings is None:
        return {}
    try:
        get_system(system).settings_type.from_dict(settings)
    except EngineError as exc:
        raise BattleRequestError(exc.code, exc.message, settings_path(FIELD, exc.field)) from exc
    return dict(settings)


def system_settings_described(*, system: str) -> list[dict[str, Any]]:
    """The system's settings for organisers: name, type, default, choices, reason; [] for a
    system the engine does not play."""
    try:
        return get_system(system).settings_type.describe()
    except EngineError:
        return []
