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
"""

from __future__ import annotations

import logging
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


class AnonRateThrottle(FailOpenMixin, throttling.AnonRateThrottle):
    """DRF's anonymous throttle (``anon`` rate), failing open."""


class UserRateThrottle(FailOpenMixin, throttling.UserRateThrottle):
    """DRF's per-user throttle (``user`` rate), failing open."""


class ExpensiveWriteThrottle(FailOpenMixin, throttling.ScopedRateThrottle):
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
