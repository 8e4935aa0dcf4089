"""The battle log: one :class:`Event` per line and the one :class:`EventLog` of every system.

Semantics (the same for every system): an event is formatted only when the log is
``recording`` (enabled, or an ``on_event`` hook is given); it is kept in ``events`` (and so in
the report) only when the log is enabled; the hook, when given, sees every event, also on the
fast path (``log=False``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


@dataclass(slots=True)
class Event:
    """One line of the battle log: when, who, to whom, which dice, what happened."""

    turn: int
    phase: str
    side: str
    actor: str
    text: str
    target: str = ""
    dice: list[int] = field(default_factory=list)
    data: dict[str, Any] = field(default_factory=dict)


EventHook = Callable[[Event], None]


class EventLog:
    """Collects a battle's events; when disabled (the fast path) it keeps none."""

    __slots__ = ("enabled", "events", "on_event", "recording")

    def __init__(self, enabled: bool = True, on_event: EventHook | None = None) -> None:
        self.enabled = enabled
        self.on_event = on_event
        self.recording = enabled or on_event is not None
        self.events: list[Event] = []

    def add(self, event: Event) -> None:
        """Keep ``event`` when enabled and pass it to the hook when there is one."""
        if self.enabled:
            self.events.append(event)
        if self.on_event is not None:
            self.on_event(event)

    def record(
        self,
        turn: int,
        phase: str,
        side: str,
        actor: str,
        text: str,
        target: str = "",
        dice: list[int] | tuple[int, ...] | None = None,
        data: dict[str, Any] | None = None,
    ) -> None:
        """Build and :meth:`add` one event; does nothing (no formatting) unless recording."""
        if self.recording:
            self.add(Event(turn, phase, side, actor, text, target, list(dice or []), data or {}))
