"""Django's PostgreSQL backend with a busy kept connection checked without a query.

With ``CONN_HEALTH_CHECKS`` Django checks a kept connection before the first query of each
request by sending ``SELECT 1`` (``DatabaseWrapper.is_usable``): a round trip on every
request, about a fifth of the database time of ``POST /rosters/validate/``. A connection
the server has ended (a restart, ``pg_terminate_backend``, an idle timeout, a pooler
closing it) has something to read on its socket: the server's ``FATAL`` notice, then the
end of the stream. So a connection last used (a cursor opened on it) less than
:data:`RECENTLY_USED_SECONDS` ago, that psycopg knows as open and idle (no transaction, no
result pending), with no error since, and whose socket has nothing to read, is usable as
far as ``SELECT 1`` could tell without waiting. Anything else is asked with ``SELECT 1``,
as Django does: a connection left unused longer (a peer that vanished or was failed over
answers only a packet sent to it, with a reset), one with something on its socket, one in
any other state, and any failure of the poll itself.
"""

from __future__ import annotations

import select
import time
from typing import Any

from django.db.backends.postgresql import base
from psycopg import pq

#: How recently a connection must have been used to be trusted without ``SELECT 1`` (a busy
#: worker's connection is used every few milliseconds).
RECENTLY_USED_SECONDS = 1.0


def socket_has_input(fileno: int) -> bool:
    """Whether the socket ``fileno`` has bytes (or the end of the stream) waiting; a closed
    descriptor counts as input (``POLLNVAL``), so the caller asks the server."""
    poller = select.poll()  # any descriptor number, unlike select.select
    poller.register(fileno, select.POLLIN)
    return bool(poller.poll(0))


class DatabaseWrapper(base.DatabaseWrapper):
    """``django.db.backends.postgresql`` with :meth:`is_usable` polling the socket of a
    connection in use."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.used_at: float | None = None  # when a cursor was last opened on it

    def _cursor(self, name: str | None = None) -> Any:
        cursor = super()._cursor(name)  # the health check first, against the previous use
        self.used_at = time.monotonic()
        return cursor

    def close(self) -> None:
        self.used_at = None
        super().close()

    def is_usable(self) -> bool:
        if self.connection is None:
            return False
        if self.recently_used() and self.plainly_idle() and self.quiet_socket():
            return True
        return super().is_usable()

    def quiet_socket(self) -> bool:
        """Whether the socket has nothing to read; False when the poll itself fails."""
        try:
            return not socket_has_input(self.connection.pgconn.socket)
        except Exception:  # noqa: BLE001 - whatever the cause, the server is asked instead
            return False

    def recently_used(self) -> bool:
        return (
            self.used_at is not None
            and not self.errors_occurred
            and time.monotonic() - self.used_at < RECENTLY_USED_SECONDS
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
