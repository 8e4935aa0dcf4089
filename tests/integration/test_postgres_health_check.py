"""The kept-connection health check of ``core.postgresql`` (``DATABASES`` ENGINE on
PostgreSQL): a connection used just now, idle and with nothing on its socket, is used
without ``SELECT 1``; anything else is asked with ``SELECT 1`` as Django
does, and one the server ended is found unusable and replaced."""

from __future__ import annotations

import select
import time
from collections.abc import Callable, Iterator

import psycopg
import pytest
from django.conf import settings
from django.db import connection, connections
from django.db.backends.postgresql import base as django_postgresql

from core.postgresql import base as muster_postgresql

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL only"),
]


@pytest.fixture
def kept() -> Iterator[muster_postgresql.DatabaseWrapper]:
    """A second connection to the test database that has just served a request, as a web
    worker keeps one between requests (settings turn ``CONN_HEALTH_CHECKS`` on)."""
    wrapper = connections.create_connection("default")
    assert wrapper.settings_dict["CONN_HEALTH_CHECKS"] is True
    with wrapper.cursor() as cursor:  # the request's queries
        cursor.execute("SELECT 1")
    wrapper.close_at = None  # kept (CONN_MAX_AGE), not closed at the request's end
    wrapper.close_if_unusable_or_obsolete()  # what Django does as the request ends
    yield wrapper
    wrapper.close()


@pytest.fixture
def queries(monkeypatch) -> list[object]:
    """Django's own check (``SELECT 1``) replaced by a recorder answering True."""
    asked: list[object] = []
    monkeypatch.setattr(
        django_postgresql.DatabaseWrapper, "is_usable", lambda self: asked.append(self) or True
    )
    return asked


def wait_until_readable(wrapper: muster_postgresql.DatabaseWrapper) -> None:
    deadline = time.monotonic() + 10
    while not select.select([wrapper.connection.pgconn.socket], [], [], 0.05)[0]:
        assert time.monotonic() < deadline, "the server never closed the connection"


def terminate(wrapper: muster_postgresql.DatabaseWrapper) -> int:
    pid = wrapper.connection.info.backend_pid
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_terminate_backend(%s)", [pid])
    wait_until_readable(wrapper)
    return pid


def test_postgresql_urls_use_the_polling_backend():
    assert settings.DATABASES["default"]["ENGINE"] == "core.postgresql"
    assert isinstance(connections["default"], muster_postgresql.DatabaseWrapper)
    assert connection.vendor == "postgresql"


def test_a_connection_that_served_a_request_just_now_is_usable_without_a_query(kept, queries):
    assert kept.is_usable() is True
    assert queries == []


def unused_for_seconds(wrapper, monkeypatch) -> None:
    wrapper.used_at -= muster_postgresql.RECENTLY_USED_SECONDS + 1


def reopened_without_a_cursor(wrapper, monkeypatch) -> None:
    wrapper.close()
    wrapper.ensure_connection()


def after_an_error(wrapper, monkeypatch) -> None:
    wrapper.errors_occurred = True


def inside_a_transaction(wrapper, monkeypatch) -> None:
    wrapper.connection.execute("BEGIN")


def with_input_waiting(wrapper, monkeypatch) -> None:
    monkeypatch.setattr(muster_postgresql, "socket_has_input", lambda fileno: True)


def when_the_poll_fails(wrapper, monkeypatch) -> None:
    def no_socket(fileno: int) -> bool:
        raise psycopg.OperationalError("the connection is lost")

    monkeypatch.setattr(muster_postgresql, "socket_has_input", no_socket)


@pytest.mark.parametrize(
    "situation",
    [
        unused_for_seconds,
        reopened_without_a_cursor,
        after_an_error,
        inside_a_transaction,
        with_input_waiting,
        when_the_poll_fails,
    ],
)
def test_any_other_connection_is_asked_with_a_query(
    kept, queries, monkeypatch, situation: Callable
):
    situation(kept, monkeypatch)
    assert kept.is_usable() is True
    assert queries == [kept]


def test_request_boundaries_do_not_make_an_unused_connection_recent(kept, queries):
    """Django's check after an error, at a request's end, leaves ``health_check_done`` set;
    only a cursor counts as use."""
    kept.used_at -= muster_postgresql.RECENTLY_USED_SECONDS + 1
    kept.errors_occurred = True
    kept.close_if_unusable_or_obsolete()  # a request that failed ends: SELECT 1
    kept.close_if_unusable_or_obsolete()  # the next request starts
    kept.close_if_health_check_failed()  # before its first query
    assert queries == [kept, kept]


def test_a_connection_the_server_ended_is_unusable(kept):
    terminate(kept)
    assert kept.is_usable() is False


def test_the_next_request_after_the_server_ended_the_connection_gets_a_new_one(kept):
    old_pid = terminate(kept)
    kept.close_if_health_check_failed()  # before a request's first query
    with kept.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        (new_pid,) = cursor.fetchone()
    assert new_pid != old_pid


def test_a_descriptor_above_1024_can_be_polled():
    """``select.select`` refuses descriptors from 1024 up; a worker holding many client
    sockets opens its database connection above that."""
    import os
    import resource
    import socket

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and hard < 2048:
        pytest.skip("the descriptor limit is below 2048")
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, 2048), hard))
    left, right = socket.socketpair()
    try:
        high = os.dup2(left.fileno(), 1500)
        assert muster_postgresql.socket_has_input(high) is False
        right.send(b"x")
        assert muster_postgresql.socket_has_input(high) is True
        os.close(high)
    finally:
        left.close()
        right.close()
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
