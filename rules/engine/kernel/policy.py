"""The one way an AI policy is injected: ``policies`` maps a side to its policy object.

Every system's ``resolve_battle`` takes ``policies: Mapping[str, Policy] | None``; ``None``
(or a missing side) plays the system's default AI, one fresh instance per side so a stateful
policy never shares memory between the two sides.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TypeVar

from rules.engine.kernel.sides import SIDES

P = TypeVar("P")


def side_policies(policies: Mapping[str, P] | None, default: Callable[[], P]) -> dict[str, P]:
    """The policy of each side: the given one, else a new ``default()``."""
    given = policies or {}
    return {side: given[side] if side in given else default() for side in SIDES}
