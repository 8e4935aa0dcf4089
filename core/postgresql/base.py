"""Django's PostgreSQL backend with a kept connection checked without a query.

With ``CONN_HEALTH_CHECKS`` Django checks a kept connection before the first query of each
request by sending ``SELECT 1`` (``DatabaseWrapper.is_usable``): a round trip on every
request, about a fifth of the database time of ``POST /rosters/validate/``. A connection
the server has ended (a restart, ``pg_terminate_backend``, an idle timeout, a pooler
closing it) has something to read on its socket: the server's ``FATAL`` notice, then the
end of the stream. So when psycopg knows the connection as open and idle and its socket has
nothing to read, it is usable as far as ``SELECT 1`` could tell without waiting; only a
socket with something on it (or a connection not plainly idle) is asked with ``SELECT 1``,
as Django does. A peer that vanished without closing (no FIN) passes both checks alike:
the next query then fails after the network's timeout either way.
"""

from __future__ import annotations

import select

from django.db.backends.postgresql import base
from psycopg import pq


def socket_has_input(fileno: int) -> bool:
    """Whether the socket ``fileno`` has bytes (or the end of the stream) waiting."""
    readable, _, _ = select.select([fileno], [], [], 0)
    return bool(readable)


class DatabaseWrapper(base.DatabaseWrapper):
    """``django.db.backends.postgresql`` with :meth:`is_usable` polling the socket first."""

    def is_usable(self) -> bool:
        connection = self.connection
        if connection is None or connection.closed or connection.broken:
            return False
        pgconn = connection.pgconn
        if (
            pgconn.status == pq.ConnStatus.OK
            and pgconn.transaction_status == pq.TransactionStatus.IDLE
            and not socket_has_input(pgconn.socket)
        ):
            return True
        return super().is_usable()
