"""Failed sign-ins, counted per client address in the cache: the HTML login page and the
API's ``POST /auth/token/`` share one count.

``LOGIN_FAILURE_LIMIT`` failures within ``LOGIN_FAILURE_WINDOW`` seconds from one address
block further attempts from it until the window ends (the page and the API answer 429). The address
is DRF's, so ``NUM_PROXIES`` decides whether ``X-Forwarded-For`` counts. Counting per
username as well would let anyone lock a player out by guessing wrong on purpose, so it is
not done. With a shared cache (``CACHE_URL``) every web process sees the same counts; an
unreachable cache lets the attempt through (logged) rather than breaking sign-in.
"""

from __future__ import annotations

import logging

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest
from rest_framework.throttling import BaseThrottle

logger = logging.getLogger(__name__)


def failure_key(request: HttpRequest) -> str:
    """The cache key counting this client's failed sign-ins."""
    return f"muster:login-failures:{BaseThrottle().get_ident(request)}"


def login_blocked(request: HttpRequest) -> bool:
    """True when this client reached the failure limit within the window."""
    try:
        failures = cache.get(failure_key(request), 0)
    except Exception:  # each cache backend raises its own errors (Redis, Memcached, SQL)
        logger.warning("login throttle skipped: cache unavailable", exc_info=True)
        return False
    return failures >= settings.LOGIN_FAILURE_LIMIT


def login_failed(request: HttpRequest) -> None:
    """Count one failed sign-in; the window starts at the first failure."""
    key = failure_key(request)
    try:
        cache.add(key, 0, timeout=settings.LOGIN_FAILURE_WINDOW)
        cache.incr(key)
    except ValueError:  # the window ended between add and incr: start a new one
        cache.set(key, 1, timeout=settings.LOGIN_FAILURE_WINDOW)
    except Exception:  # each cache backend raises its own errors (Redis, Memcached, SQL)
        logger.warning("login throttle not counted: cache unavailable", exc_info=True)
