"""Django's PostgreSQL backend with a busy kept connection checked without a query.

With ``CONN_HEALTH_CHECKS`` Django checks a kept connection before the first query of each
request by sending ``SELECT 1`` (``DatabaseWrapper.is_usable``): a round trip on every
request, about a fifth of the database time of ``POST /rosters/validate/``. A connection
the server has ended (a restart, ``pg_terminate_backend``, an idle timeout, a pooler
closing it) has something to read on its socket: the server's ``FATAL`` notice, then the
end of the stream. So a connection that served a request less than
:data:`RECENTLY_USED_SECONDS` ago, that psycopg knows as open and idle (no transaction, no
result pending), with no error since, and whose socket has nothing to read, is usable as
far as ``SELECT 1`` could tell without waiting. Anything else is asked with ``SELECT 1``,
as Django does: a connection left idle longer (a peer that vanished or was failed over
answers only a packet sent to it, with a reset), one with something on its socket, one in
any other state, and any failure of the poll itself.
"""

from __future__ import annotations

import selectors
import time

from django.db.backends.postgresql import base
from psycopg import pq

#: How recently a connection must have served a request to be trusted without ``SELECT 1``
#: (a busy worker's connection serves one every few milliseconds).
RECENTLY_USED_SECONDS = 1.0


def socket_has_input(fileno: int) -> bool:
    """Whether the socket ``fileno`` has bytes (or the end of the stream) waiting."""
    with selectors.DefaultSelector() as selector:  # epoll: any descriptor number
        selector.register(fileno, selectors.EVENT_READ)
        return bool(selector.select(timeout=0))


class DatabaseWrapper(base.DatabaseWrapper):
    """``django.db.backends.postgresql`` with :meth:`is_usable` polling the socket of a
    connection in use."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)
        self.served_at: float | None = None  # when a request that used it last ended

    def close_if_unusable_or_obsolete(self) -> None:
        # Django calls this as a request starts and as it ends; ``health_check_done`` is
        # still set only at the end of a request that used the connection.
        if self.connection is not None and self.health_check_done:
            self.served_at = time.monotonic()
        super().close_if_unusable_or_obsolete()

    def close(self) -> None:
        self.served_at = None
        super().close()

    def is_usable(self) -> bool:
        if self.connection is None:
            return False
        if self.recently_served() and self.plainly_idle():
            try:
                if not socket_has_input(self.connection.pgconn.socket):
                    return True
            except (OSError, ValueError):
                pass  # the poll failed: ask the server
        return super().is_usable()

    def recently_served(self) -> bool:
        return (
            self.served_at is not None
            and not self.errors_occurred
            and time.monotonic() - self.served_at < RECENTLY_USED_SECONDS
        )

    def plainly_idle(self) -> bool:
        """Open, outside any transaction and with no result pending, as psycopg knows it."""
        connection = self.connection
        if connection.closed or connection.broken:
            return False
        pgconn = connection.pgconn
        return (
            pgconn.status == pq.ConnStatus.OK
            and pgconn.transaction_status == pq.TransactionStatus.IDLE
        )
