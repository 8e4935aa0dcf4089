"""``BalancedThreadWorker``'s switch and wait, on a worker object without gunicorn's event
loop (tests/integration/test_gunicorn_worker.py runs the real server)."""

from __future__ import annotations

import time
from types import SimpleNamespace

import pytest
from gunicorn.workers.gthread import ThreadWorker

from config import gunicorn_worker
from config.gunicorn_worker import ACCEPT_HOLD_SECONDS, BalancedThreadWorker


@pytest.fixture
def worker(monkeypatch) -> BalancedThreadWorker:
    """One thread, one request in flight; gunicorn's switch and wait recorded."""
    worker = object.__new__(BalancedThreadWorker)
    worker.cfg = SimpleNamespace(threads=1)
    worker.in_flight = 1
    worker.held_since = None
    worker.nr_conns = 5
    worker.worker_connections = 1000
    worker.switched = []
    worker.waits = []
    monkeypatch.setattr(
        ThreadWorker, "set_accept_enabled", lambda self, on: self.switched.append(on)
    )
    monkeypatch.setattr(
        ThreadWorker, "wait_for_and_dispatch_events", lambda self, t: self.waits.append(t)
    )
    return worker


def test_a_busy_worker_stops_listening_then_listens_after_the_hold(worker, monkeypatch):
    now = [100.0]
    monkeypatch.setattr(gunicorn_worker.time, "monotonic", lambda: now[0])
    worker.set_accept_enabled(True)
    now[0] += ACCEPT_HOLD_SECONDS / 2
    worker.set_accept_enabled(True)
    now[0] += ACCEPT_HOLD_SECONDS
    worker.set_accept_enabled(True)
    assert worker.switched == [False, False, True]
    assert worker.held_since is None  # the next request starts a new hold


def test_a_worker_with_a_free_thread_listens(worker):
    worker.in_flight = 0
    worker.set_accept_enabled(True)
    assert worker.switched == [True]


def test_a_held_worker_waits_no_longer_than_the_hold(worker):
    worker.held_since = time.monotonic()
    worker.wait_for_and_dispatch_events(1.0)
    assert worker.waits[0] <= ACCEPT_HOLD_SECONDS


def test_without_a_hold_or_at_full_connections_the_wait_is_gunicorns(worker):
    worker.wait_for_and_dispatch_events(1.0)
    worker.held_since = time.monotonic()
    worker.nr_conns = worker.worker_connections  # gunicorn stopped listening itself
    worker.wait_for_and_dispatch_events(1.0)
    assert worker.waits == [1.0, 1.0]
