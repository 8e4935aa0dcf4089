"""Small helpers shared by tests."""

from __future__ import annotations

import time


def wait_for(predicate, timeout: float, interval: float = 0.2):
    """Poll ``predicate`` until it returns something truthy or ``timeout`` seconds pass."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(interval)
    return predicate()
