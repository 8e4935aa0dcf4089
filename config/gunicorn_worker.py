"""Gunicorn's threaded worker, taking new connections only while it has a request thread free.

Gunicorn's ``gthread`` worker keeps each client's connection open between requests
(keep-alive) and serves every later request of it itself. It accepts new connections
whenever the listening socket is readable, busy or not, so a burst of clients connecting at
once can land on one worker while the others idle: with ``bench/api_validate.py`` (2
workers, 20 clients connecting together) one worker held all 20 connections in some runs, and
the throughput halved. The ``sync`` worker cannot do that (it accepts only when idle) but
closes the connection after every answer, an accept and a close more per request.

``BalancedThreadWorker`` stops listening while all its request threads are taken, so a
connection waiting to be accepted goes to a worker with a free thread, as with ``sync``, and
it keeps the connections it has, as ``gthread`` does. When every worker stays busy a new
connection is not kept waiting for an idle moment: a worker that has not listened for
:data:`ACCEPT_HOLD_SECONDS` listens again (its request then queues behind the worker's
current one, as every request does under plain ``gthread``).

Run it with ``gunicorn --worker-class config.gunicorn_worker.BalancedThreadWorker``
(docker-compose.yml, the Dockerfile, the README's stack).
"""

from __future__ import annotations

import time
from typing import Any

from gunicorn.workers.gthread import ThreadWorker

#: How long a busy worker leaves new connections to the other workers before it takes one
#: itself. 10 ms spread 20 clients connecting at once 11 / 9 or 10 / 10 over
#: 2 workers with the first answers within about 0.2 s (50 ms: 10 / 10, but 0.5 s).
ACCEPT_HOLD_SECONDS = 0.01


class BalancedThreadWorker(ThreadWorker):
    """``gthread`` that listens only while a request thread is free (or after a hold of
    :data:`ACCEPT_HOLD_SECONDS`)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.in_flight = 0  # requests submitted to the thread pool and not finished
        self.held_since: float | None = None  # when listening stopped for a full pool

    def threads_free(self) -> bool:
        return self.in_flight < self.cfg.threads

    def set_accept_enabled(self, enabled: bool) -> None:
        """Gunicorn's switch (on while under ``worker_connections``, off to stop), held off
        while every request thread is taken, for :data:`ACCEPT_HOLD_SECONDS` at most."""
        if enabled and not self.threads_free():
            now = time.monotonic()
            if self.held_since is None:
                self.held_since = now
            if now - self.held_since < ACCEPT_HOLD_SECONDS:
                enabled = False
            else:
                self.held_since = None  # listen this round, then hold again
        else:
            self.held_since = None
        super().set_accept_enabled(enabled)

    def wait_for_and_dispatch_events(self, timeout: float) -> None:
        """Gunicorn's wait (1 s), cut short to the end of a hold, so listening resumes on
        time even when no request finishes meanwhile (not at ``worker_connections``, where
        gunicorn itself stops listening)."""
        if self.held_since is not None and self.nr_conns < self.worker_connections:
            left = self.held_since + ACCEPT_HOLD_SECONDS - time.monotonic()
            timeout = min(timeout, max(0.0, left))
        super().wait_for_and_dispatch_events(timeout)

    def enqueue_req(self, conn: Any) -> None:
        self.in_flight += 1
        super().enqueue_req(conn)
        if self._accepting:
            self.set_accept_enabled(True)

    def finish_request(self, conn: Any, fs: Any) -> None:
        self.in_flight -= 1
        super().finish_request(conn, fs)
        if self.alive:
            self.set_accept_enabled(self.nr_conns < self.worker_connections)
