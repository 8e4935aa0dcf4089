"""Faults on demand for the worker tests and ``bench/fault_recovery.py``: a Redis of one's
own (free port, never 6379, stopped by its own pid) and a cut-off between the workers and
PostgreSQL (a TCP relay that can refuse and drop connections, so the shared server is never
restarted)."""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import threading
from pathlib import Path

from tests.support import wait_for


def free_port() -> int:
    """A TCP port nothing listens on now (never Redis's default 6379)."""
    while True:
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            port = sock.getsockname()[1]
        if port != 6379:
            return port


class PrivateRedis:
    """A Redis of this test alone on a free port, with an append-only file as in
    docker-compose.yml; ``kill`` sends a signal to its own pid, ``start`` brings it back on
    the same port and data."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.pid = 0

    def start(self) -> None:
        pidfile = self.directory / "redis.pid"
        pidfile.unlink(missing_ok=True)
        subprocess.run(
            [
                shutil.which("redis-server") or "redis-server",
                "--daemonize", "yes",
                "--port", str(self.port),
                "--bind", "127.0.0.1",
                "--appendonly", "yes",
                "--appendfsync", "everysec",
                "--dir", str(self.directory),
                "--pidfile", str(pidfile),
                "--save", "",
                "--logfile", str(self.directory / "redis.log"),
            ],
            check=True,
        )  # fmt: skip
        assert wait_for(self.ping, timeout=10), "the private Redis did not start"
        self.pid = int(pidfile.read_text())

    def ping(self) -> bool:
        import redis

        client = redis.Redis(host="127.0.0.1", port=self.port, socket_timeout=1)
        try:
            return bool(client.ping())
        except redis.RedisError:
            return False
        finally:
            client.close()

    def kill(self, sig: int = signal.SIGKILL) -> None:
        if self.pid:
            with contextlib.suppress(ProcessLookupError):
                os.kill(self.pid, sig)
            assert wait_for(lambda: not self.ping(), timeout=10)
            self.pid = 0


class DatabaseCutoff:
    """A TCP relay between the workers and PostgreSQL: ``cut`` drops the open connections and
    closes each new one at once (what a restart looks like to a client), ``restore`` lets
    them through again. Only the processes pointed at it see the outage, never the shared
    server. The relay keeps listening while cut: a port let go could be taken meanwhile (a
    client retrying a connection to a free local port can even connect to itself)."""

    def __init__(self, host: str, port: int) -> None:
        self.target = (host, port)
        self._open: set[socket.socket] = set()
        self._lock = threading.Lock()
        self._cut = False
        server = socket.socket()
        server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        server.bind(("127.0.0.1", 0))
        server.listen(64)
        self.port = server.getsockname()[1]
        self._server = server
        threading.Thread(target=self._accept, daemon=True).start()

    def restore(self) -> None:
        with self._lock:
            self._cut = False

    def cut(self) -> None:
        with self._lock:
            self._cut = True
            for sock in self._open:
                with contextlib.suppress(OSError):
                    sock.shutdown(socket.SHUT_RDWR)
                sock.close()
            self._open.clear()

    def close(self) -> None:
        """Drop everything and stop listening."""
        self.cut()
        self._server.close()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self._server.accept()
            except OSError:
                return
            with self._lock:
                if self._cut:
                    client.close()
                    continue
            upstream = socket.create_connection(self.target)
            with self._lock:
                self._open |= {client, upstream}
            for a, b in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pipe, args=(a, b), daemon=True).start()

    @staticmethod
    def _pipe(source: socket.socket, target: socket.socket) -> None:
        try:
            with contextlib.suppress(OSError):
                while data := source.recv(65536):
                    target.sendall(data)
        finally:
            for sock in (source, target):
                with contextlib.suppress(OSError):
                    sock.shutdown(socket.SHUT_RDWR)
