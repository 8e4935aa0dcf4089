"""The kept-connection health check of ``core.postgresql`` (``DATABASES`` ENGINE on
PostgreSQL): an idle connection whose socket holds nothing is used without ``SELECT 1``; one
the server ended is found unusable and replaced, as Django's own check does."""

from __future__ import annotations

import select
import time
from collections.abc import Iterator

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
    """A second connection to the test database, open and idle, as a worker keeps one."""
    wrapper = connections.create_connection("default")
    wrapper.ensure_connection()
    yield wrapper
    wrapper.close()


def wait_until_readable(wrapper: muster_postgresql.DatabaseWrapper) -> None:
    deadline = time.monotonic() + 10
    while not select.select([wrapper.connection.pgconn.socket], [], [], 0.05)[0]:
        assert time.monotonic() < deadline, "the server never closed the connection"


def test_postgresql_urls_use_the_polling_backend():
    assert settings.DATABASES["default"]["ENGINE"] == "core.postgresql"
    assert isinstance(connections["default"], muster_postgresql.DatabaseWrapper)
    assert connection.vendor == "postgresql"


def test_an_idle_kept_connection_is_usable_without_a_query(kept, monkeypatch):
    queried = []
    monkeypatch.setattr(
        django_postgresql.DatabaseWrapper, "is_usable", lambda self: queried.append(self)
    )
    assert kept.is_usable() is True
    assert queried == []


def test_a_connection_the_server_ended_is_unusable(kept):
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_terminate_backend(%s)", [kept.connection.info.backend_pid])
    wait_until_readable(kept)
    assert kept.is_usable() is False


def test_a_request_after_the_server_ended_the_connection_gets_a_new_one(kept):
    old_pid = kept.connection.info.backend_pid
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_terminate_backend(%s)", [old_pid])
    wait_until_readable(kept)
    # What Django does before a request's first query when CONN_HEALTH_CHECKS is on.
    kept.health_check_enabled = True
    kept.health_check_done = False
    kept.close_if_health_check_failed()
    with kept.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        (new_pid,) = cursor.fetchone()
    assert new_pid != old_pid


def test_a_socket_with_input_is_asked_with_a_query(kept, monkeypatch):
    asked = []
    monkeypatch.setattr(muster_postgresql, "socket_has_input", lambda fileno: True)
    monkeypatch.setattr(
        django_postgresql.DatabaseWrapper, "is_usable", lambda self: asked.append(self) or True
    )
    assert kept.is_usable() is True
    assert asked == [kept]
