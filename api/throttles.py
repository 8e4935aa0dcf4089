"""Scoped throttles for the expensive writes: queuing battles and simulations, replaying a
battle and the attack calculator.

Rates come from ``REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]`` (``battles``, ``simulations``,
``calc``; set by ``MUSTER_API_THROTTLE_*``), read at request time so a settings change is
seen at once. Counts are keyed by user (or client address when anonymous) and kept in
Django's default cache: with the default local-memory cache each worker process counts on
its own (a client may reach the rate once per process); configure a shared cache (Redis,
Memcached, database) in ``CACHES`` and every process shares the counts.

Every throttle fails open: when the cache cannot be reached (a Redis outage) the request is
let through and the error logged, so an outage of the counter store never turns the API
into 500s (``/healthz`` reports the cache). Client addresses come from ``NUM_PROXIES``
(settings): forwarded headers count only when that many proxies stand in front.

Every throttle keeps DRF's sliding log (a request is counted for exactly one period after
it was made, the rate is never exceeded within any window) but stores the log as an
``array('d')`` of timestamps, oldest first (``CompactLogThrottle``). DRF's list of floats is
pickled and unpickled float by float on every request: at the ``user`` rate of 6000 a
minute a busy client's log is 6000 entries, 54 KB and over a millisecond of CPU per request,
a fifth of a roster validation (``bench/api_validate.py``, issue 25). The array travels as
one block of bytes (48 KB at most at that rate), and expired entries are cut with one
bisection.
"""

from __future__ import annotations

import logging
from array import array
from bisect import bisect_right
from typing import Any

from rest_framework import throttling
from rest_framework.permissions import SAFE_METHODS
from rest_framework.request import Request
from rest_framework.settings import api_settings
from rest_framework.throttling import BaseThrottle

logger = logging.getLogger(__name__)


class FailOpenMixin:
    """Lets the request through, logged, when the throttle's cache raises."""

    def allow_request(self, request: Request, view: Any) -> bool:
        try:
            return super().allow_request(request, view)  # type: ignore[misc]
        except Exception:  # each cache backend raises its own errors (Redis, Memcached, SQL)
            logger.warning(
                "throttle %s skipped: cache unavailable", type(self).__name__, exc_info=True
            )
            return True


def stored_log(value: Any) -> array:
    """The cached log as an array, oldest first; DRF's own list (newest first, written
    before this class) is read too, so a deployment keeps its counts across the change."""
    if isinstance(value, array):
        return value
    return array("d", reversed(value or ()))


class CompactLogThrottle(throttling.SimpleRateThrottle):
    """DRF's ``SimpleRateThrottle`` sliding log held in an ``array('d')``: same decisions
    and the same ``Retry-After`` (``wait``) as DRF's list, read and written in one block.
    Listed after DRF's concrete throttle among a class's bases, so that class's own
    ``allow_request`` (the scoped one picks its rate there) runs first and reaches this one."""

    def allow_request(self, request: Request, view: Any) -> bool:
        if self.rate is None:
            return True
        self.key = self.get_cache_key(request, view)
        if self.key is None:
            return True
        self.history = stored_log(self.cache.get(self.key))
        self.now = self.timer()
        # DRF drops every entry at or before now - duration.
        del self.history[: bisect_right(self.history, self.now - self.duration)]
        if len(self.history) >= self.num_requests:
            return False
        self.history.append(self.now)
        self.cache.set(self.key, self.history, self.duration)
        return True

    def wait(self) -> float | None:
        """DRF's recommended wait: what is left of the oldest entry's period, spread over
        the requests that will then be free."""
        remaining = self.duration - (self.now - self.history[0]) if self.history else self.duration
        available = self.num_requests - len(self.history) + 1
        if available <= 0:
            return None
        return remaining / float(available)


class AnonRateThrottle(FailOpenMixin, throttling.AnonRateThrottle, CompactLogThrottle):
    """DRF's anonymous throttle (``anon`` rate), failing open."""


class UserRateThrottle(FailOpenMixin, throttling.UserRateThrottle, CompactLogThrottle):
    """DRF's per-user throttle (``user`` rate), failing open."""


class ExpensiveWriteThrottle(FailOpenMixin, throttling.ScopedRateThrottle, CompactLogThrottle):
    """``ScopedRateThrottle`` on the view's ``throttle_scope`` for unsafe methods only
    (reading a battle list costs nothing worth limiting)."""

    def get_rate(self) -> str | None:
        return api_settings.DEFAULT_THROTTLE_RATES.get(self.scope)

    def allow_request(self, request: Request, view: Any) -> bool:
        if request.method in SAFE_METHODS:
            return True
        return super().allow_request(request, view)


class ExpensiveWriteThrottleMixin:
    """Adds ``ExpensiveWriteThrottle`` (scope ``throttle_scope``) to the default throttles."""

    throttle_scope: str

    def get_throttles(self) -> list[BaseThrottle]:
        return [*super().get_throttles(), ExpensiveWriteThrottle()]  # type: ignore[misc]
