"""Small typed readers for settings that come from the environment."""

from __future__ import annotations

import os

TRUE_WORDS = frozenset({"1", "true", "yes", "on"})


def env_str(name: str, default: str = "") -> str:
    """The variable's value, or ``default`` when unset or empty."""
    return os.environ.get(name) or default


def env_bool(name: str, default: bool) -> bool:
    """``1/true/yes/on`` (any case) are true; anything else set is false."""
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    return value.strip().lower() in TRUE_WORDS


def env_list(name: str, default: list[str]) -> list[str]:
    """A comma-separated list, blanks dropped."""
    value = os.environ.get(name)
    if not value:
        return default
    return [item.strip() for item in value.split(",") if item.strip()]


def env_int(name: str, default: int) -> int:
    """An integer variable; a malformed value is an error at start-up."""
    value = os.environ.get(name)
    return default if not value else int(value)


def env_pair(name: str) -> tuple[str, str] | None:
    """``HEADER,value`` as a pair (``SECURE_PROXY_SSL_HEADER``); unset is ``None``."""
    value = os.environ.get(name)
    if not value:
        return None
    parts = [item.strip() for item in value.split(",")]
    if len(parts) != 2 or not all(parts):
        raise ValueError(f"{name} must be two comma-separated values, got {value!r}")
    return parts[0], parts[1]
