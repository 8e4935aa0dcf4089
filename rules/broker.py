"""What the broker holds for a job: the sweep (``jobs_requeue_stale``) sends a job again only
when no message for it is waiting or was taken lately, so an overloaded queue never grows
with duplicates.

Read straight from Redis, in kombu's layout: each queue is a list (plus one list per
priority step, ``<queue>\\x06\\x16<priority>``) of JSON messages, and the messages a worker
took but has not acknowledged are in the hash ``unacked`` with their delivery time in the
sorted set ``unacked_index``. Other transports (the embedded SQLAlchemy one) answer None:
the sweep then judges by age and lease alone.
"""

from __future__ import annotations

import base64
import json
import logging
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from celery import current_app
from django.conf import settings

logger = logging.getLogger(__name__)

PRIORITY_SEPARATOR = "\x06\x16"
PRIORITY_STEPS = (0, 3, 6, 9)
UNACKED_HASH = "unacked"
UNACKED_INDEX = "unacked_index"
DEFAULT_QUEUE = "celery"

# (task name, args) of one message, e.g. ("rules.battle_resolve", (7,)).
MessageKey = tuple[str, tuple[Any, ...]]


@dataclass(slots=True)
class BrokerMessages:
    """The task messages the broker holds: waiting in a queue, or taken by a worker (with
    the time it was delivered, seconds since the epoch)."""

    waiting: set[MessageKey] = field(default_factory=set)
    taken: dict[MessageKey, float] = field(default_factory=dict)

    def live(self, key: MessageKey, *, taken_after: float) -> bool:
        """A message that will still run: waiting, or taken after ``taken_after`` (a worker
        that took it earlier and has not claimed the job since is gone)."""
        return key in self.waiting or self.taken.get(key, 0.0) > taken_after


def message_key(message: dict[str, Any]) -> MessageKey | None:
    """Task name and positional arguments of a kombu message (task protocol 2)."""
    try:
        task = message["headers"]["task"]
        body = message["body"]
        if message.get("properties", {}).get("body_encoding") == "base64":
            body = base64.b64decode(body)
        args = json.loads(body)[0]
        return task, tuple(args)
    except (KeyError, TypeError, ValueError, IndexError):
        return None


def sweep_queues() -> set[str]:
    """Every queue a routed task can be on, and the default one."""
    return {route["queue"] for route in settings.CELERY_TASK_ROUTES.values()} | {DEFAULT_QUEUE}


def _queue_keys(queues: Iterable[str]) -> list[str]:
    return [
        queue if step == 0 else f"{queue}{PRIORITY_SEPARATOR}{step}"
        for queue in sorted(queues)
        for step in PRIORITY_STEPS
    ]


def broker_messages() -> BrokerMessages | None:
    """The messages in the broker now; None when the transport is not Redis or it cannot
    be read (the caller falls back to ages and leases)."""
    try:
        with current_app.connection_for_read() as conn:
            if conn.transport.driver_type != "redis":
                return None
            client = conn.default_channel.client
            found = BrokerMessages()
            for key in _queue_keys(sweep_queues()):
                for raw in client.lrange(key, 0, -1):
                    parsed = message_key(json.loads(raw))
                    if parsed:
                        found.waiting.add(parsed)
            delivered = dict(client.zrange(UNACKED_INDEX, 0, -1, withscores=True))
            for tag, raw in client.hgetall(UNACKED_HASH).items():
                parsed = message_key(json.loads(raw)[0])
                if parsed:
                    at = delivered.get(tag, 0.0)
                    found.taken[parsed] = max(at, found.taken.get(parsed, 0.0))
            return found
    except Exception:
        logger.warning("Broker not readable; the sweep judges by age and lease", exc_info=True)
        return None
