"""Speed of ``POST /api/v1/rosters/validate/`` for a 30-unit roster under gunicorn and
PostgreSQL, with concurrent keep-alive clients on loopback. Prints latency percentiles and
requests per second. Target (issue 5): p95 under 50 ms with 20 concurrent clients.

    .venv/bin/python bench/api_validate.py [--clients 20] [--requests 2000] [--workers N]

Uses ``DATABASE_URL`` (default: a ``muster_bench`` database on the local PostgreSQL, created
when missing), migrates it, loads the sample catalogues and creates a bench user.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import socket
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DATABASE = "postgres://muster:muster@127.0.0.1:5432/muster_bench"
sys.path.insert(0, str(ROOT))


def roster_payload(units: int = 30) -> dict:
    """A 30-unit grimdark list (legality does not matter: every rule is checked anyway)."""
    kinds = [
        {"unit": "warden-captain", "options": ["power-sword"]},
        {"unit": "line-squad", "size": 10, "options": ["flamer"]},
        {"unit": "line-squad", "size": 5},
        {"unit": "pathfinder-squad", "size": 5},
        {"unit": "breacher-guard", "size": 5},
        {"unit": "bastion-squad", "size": 5},
    ]
    return {
        "name": "Bench horde",
        "system": "grimdark",
        "faction": "iron-wardens",
        "points_limit": 5000,
        "units": [kinds[i % len(kinds)] for i in range(units)],
    }


def ensure_database(url: str) -> None:
    """Create the bench database when it does not exist (the muster role may CREATEDB)."""
    import psycopg

    name = url.rsplit("/", 1)[1]
    admin = url.rsplit("/", 1)[0] + "/postgres"
    with psycopg.connect(admin, autocommit=True) as conn:
        exists = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (name,)).fetchone()
        if not exists:
            conn.execute(f'CREATE DATABASE "{name}"')


def prepare(url: str) -> str:
    """Migrate, load catalogues, return the bench user's token."""
    os.environ["DATABASE_URL"] = url
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from rest_framework.authtoken.models import Token

    call_command("migrate", verbosity=0)
    call_command("load_catalogues", verbosity=0)
    user, _ = get_user_model().objects.get_or_create(username="bench")
    token, _ = Token.objects.get_or_create(user=user)
    return token.key


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_until_up(port: int, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            conn.request("GET", "/api/v1/systems/")
            if conn.getresponse().status == 200:
                return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError("gunicorn did not answer")


def client_loop(port: int, token: str, body: bytes, count: int, out: list[float]) -> None:
    """One keep-alive client sending ``count`` validate requests."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    headers = {"Content-Type": "application/json", "Authorization": f"Token {token}"}
    for _ in range(count):
        start = time.perf_counter()
        conn.request("POST", "/api/v1/rosters/validate/", body=body, headers=headers)
        response = conn.getresponse()
        data = response.read()
        out.append(time.perf_counter() - start)
        if response.status != 200:
            raise RuntimeError(f"{response.status}: {data[:300]!r}")
    conn.close()


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--requests", type=int, default=2000, help="total, all clients")
    parser.add_argument("--workers", type=int, default=(os.cpu_count() or 1) * 2 + 1)
    parser.add_argument("--units", type=int, default=30)
    args = parser.parse_args()

    url = os.environ.get("DATABASE_URL") or DEFAULT_DATABASE
    if url.startswith(("postgres://", "postgresql://")):
        ensure_database(url)
    token = prepare(url)
    body = json.dumps(roster_payload(args.units)).encode()
    port = free_port()
    env = {
        **os.environ,
        "DATABASE_URL": url,
        "DEBUG": "0",
        "SECRET_KEY": "bench-only-secret-key-not-for-production",
        "DATABASE_CONN_MAX_AGE": "600",
        "MUSTER_API_THROTTLE_USER": "1000000/minute",
        "LOG_LEVEL": "WARNING",
    }
    server = subprocess.Popen(
        [
            str(ROOT / ".venv" / "bin" / "gunicorn"),
            "config.wsgi",
            "--bind",
            f"127.0.0.1:{port}",
            "--workers",
            str(args.workers),
            "--worker-class",
            "sync",
            "--keep-alive",
            "30",
            "--log-level",
            "warning",
        ],
        cwd=ROOT,
        env=env,
    )
    try:
        wait_until_up(port)
        warm: list[float] = []
        client_loop(port, token, body, 20, warm)
        per_client = max(1, args.requests // args.clients)
        latencies: list[list[float]] = [[] for _ in range(args.clients)]
        threads = [
            threading.Thread(target=client_loop, args=(port, token, body, per_client, lat))
            for lat in latencies
        ]
        start = time.perf_counter()
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        elapsed = time.perf_counter() - start
    finally:
        server.terminate()
        server.wait(timeout=30)
    flat = [x for lat in latencies for x in lat]
    ms = [x * 1000 for x in flat]
    print(
        f"POST /api/v1/rosters/validate/ ({args.units} units), gunicorn {args.workers} "
        f"sync workers, {args.clients} concurrent clients, {len(flat)} requests"
    )
    print(
        f"  p50 {percentile(ms, 0.50):.1f} ms   p95 {percentile(ms, 0.95):.1f} ms   "
        f"p99 {percentile(ms, 0.99):.1f} ms   max {max(ms):.1f} ms   "
        f"mean {statistics.fmean(ms):.1f} ms"
    )
    print(f"  {len(flat) / elapsed:.0f} requests/s over {elapsed:.2f} s")
    print(f"  p95 target 50 ms: {'met' if percentile(ms, 0.95) < 50 else 'NOT met'}")


if __name__ == "__main__":
    main()
