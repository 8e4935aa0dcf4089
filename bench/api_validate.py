"""Speed of ``POST /api/v1/rosters/validate/`` for a 30-unit roster (the first
listed system's first sample roster, repeated) under gunicorn and
PostgreSQL, with concurrent keep-alive clients on loopback. Prints latency percentiles,
requests per second, the gunicorn workers' CPU per request (the figure that does not depend
on what else the machine runs), the load average before and after, and the exact commands.
Target (issues 5 and 25): p95 under 50 ms with 20 concurrent clients.

    .venv/bin/python bench/api_validate.py [--clients 20] [--duration 20] [--workers N]
        [--worker-class balanced|gthread|sync] [--threads N] [--load wrk|python]
        [--target validate|units|rosters]

The load comes from ``wrk`` (a C load generator, ``apt-get install wrk``) when it is on the
PATH, so the client does not take the server's CPU; otherwise from Python threads (one
keep-alive connection each), which on a small machine eat much of the CPU themselves.
``--target units`` and ``--target rosters`` time ``GET /units/?faction=`` and the bench
user's roster list instead, to check they do not regress.

Uses ``DATABASE_URL`` (default: a ``muster_bench`` database on the local PostgreSQL, created
when missing), migrates it, loads the sample catalogues and creates a bench user.
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import json
import os
import secrets
import shlex
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WORKER_CLASSES = {
    "balanced": "config.gunicorn_worker.BalancedThreadWorker",
    "gthread": "gthread",
    "sync": "sync",
}
DEFAULT_DATABASE = "postgres://muster:muster@127.0.0.1:5432/muster_bench"
sys.path.insert(0, str(ROOT))


def roster_payload(units: int = 30) -> dict:
    """A ``units``-entry list of the first listed system: its first sample roster's entries
    repeated (legality does not matter: every rule is checked anyway)."""
    from armybuilder.rosterdata import load_sample_roster
    from rules.engine.systems import SYSTEMS

    system = next(s for s in SYSTEMS if s.catalogue.sample_matchup)
    sample = load_sample_roster(system.slug, (system.catalogue.sample_matchup or ("",))[0])
    kinds = [
        {k: v for k, v in entry.items() if k in ("unit", "size", "options", "faction")}
        for entry in sample["units"]
    ]
    return {
        "name": "Bench horde",
        "system": system.slug,
        "faction": sample["faction"],
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


def wait_until_up(port: int, server: subprocess.Popen, timeout: float = 120.0) -> None:
    """Wait for gunicorn to answer; fail at once when it exits (a worker failed to boot)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise RuntimeError(f"gunicorn exited with code {server.returncode}")
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            conn.request("GET", "/api/v1/systems/")
            if conn.getresponse().status == 200:
                return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError("gunicorn did not answer")


def client_loop(
    port: int,
    token: str,
    body: bytes,
    count: int,
    out: list[float],
    *,
    method: str = "POST",
    path: str = "/api/v1/rosters/validate/",
) -> None:
    """One keep-alive client sending ``count`` requests."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    headers = {"Content-Type": "application/json", "Authorization": f"Token {token}"}
    for _ in range(count):
        start = time.perf_counter()
        conn.request(method, path, body=body or None, headers=headers)
        response = conn.getresponse()
        data = response.read()
        out.append(time.perf_counter() - start)
        if response.status != 200:
            raise RuntimeError(f"{response.status}: {data[:300]!r}")
    conn.close()


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


TARGETS = {
    "validate": ("POST", "/api/v1/rosters/validate/"),
    "units": ("GET", "/api/v1/units/?system=grimdark&faction=iron-wardens"),
    "rosters": ("GET", "/api/v1/rosters/"),
}
BENCH_ROSTERS = 10

WRK_SCRIPT = """
wrk.method = "{method}"
wrk.body = {body}
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Authorization"] = "Token {token}"

function done(summary, latency, requests)
  io.write(string.format("MUSTER requests %d\\n", summary.requests))
  io.write(string.format("MUSTER duration_us %d\\n", summary.duration))
  io.write(string.format("MUSTER non2xx %d\\n", summary.errors.status))
  io.write(string.format("MUSTER socket_errors %d\\n", summary.errors.connect
    + summary.errors.read + summary.errors.write + summary.errors.timeout))
  for _, p in ipairs({{50, 95, 99}}) do
    io.write(string.format("MUSTER p%d_us %d\\n", p, latency:percentile(p)))
  end
  io.write(string.format("MUSTER max_us %d\\n", latency.max))
  io.write(string.format("MUSTER mean_us %d\\n", latency.mean))
end
"""


def lua_string(text: str) -> str:
    """A Lua long string holding ``text`` verbatim (JSON never contains ``]==]``)."""
    return "[==[" + text + "]==]"


def bench_rosters(token: str) -> None:
    """Give the bench user ``BENCH_ROSTERS`` saved rosters (for ``--target rosters``)."""
    from rest_framework.authtoken.models import Token

    from armybuilder.models import Roster
    from armybuilder.services.rosters import roster_create

    user = Token.objects.get(key=token).user
    payload = roster_payload(30)
    for index in range(Roster.objects.filter(owner=user).count(), BENCH_ROSTERS):
        roster_create(
            owner=user,
            system=payload["system"],
            faction=payload["faction"],
            name=f"Bench roster {index + 1}",
            points_limit=payload["points_limit"],
            units=payload["units"],
        )


def run_wrk(
    port: int,
    token: str,
    method: str,
    path: str,
    body: bytes,
    args: argparse.Namespace,
    duration: int | None = None,
) -> tuple[dict[str, float], list[str]]:
    """Run wrk for ``duration`` (default ``args.duration``) seconds; its figures
    (microseconds) and the command."""
    script = WRK_SCRIPT.format(
        method=method, body=lua_string(body.decode()) if body else "nil", token=token
    )
    with tempfile.NamedTemporaryFile("w", suffix=".lua", prefix="muster-bench-") as lua:
        lua.write(script)
        lua.flush()
        command = [
            "wrk",
            f"-t{args.wrk_threads}",
            f"-c{args.clients}",
            f"-d{duration or args.duration}s",
            "--latency",
            "--timeout",
            "10s",
            "-s",
            lua.name,
            f"http://127.0.0.1:{port}{path}",
        ]
        done = subprocess.run(command, check=True, capture_output=True, text=True)
    figures = {}
    for line in done.stdout.splitlines():
        if line.startswith("MUSTER "):
            _, key, value = line.split()
            figures[key] = float(value)
    return figures, command


def run_python(
    port: int, token: str, method: str, path: str, body: bytes, args: argparse.Namespace
) -> tuple[dict[str, float], list[str]]:
    """Python threads, one keep-alive connection each, ``args.requests`` in all."""
    per_client = max(1, args.requests // args.clients)
    latencies: list[list[float]] = [[] for _ in range(args.clients)]
    threads = [
        threading.Thread(
            target=client_loop,
            args=(port, token, body, per_client, lat),
            kwargs={"method": method, "path": path},
        )
        for lat in latencies
    ]
    start = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - start
    us = [x * 1e6 for lat in latencies for x in lat]
    figures = {
        "requests": len(us),
        "duration_us": elapsed * 1e6,
        "non2xx": 0,
        "socket_errors": 0,
        "p50_us": percentile(us, 0.50),
        "p95_us": percentile(us, 0.95),
        "p99_us": percentile(us, 0.99),
        "max_us": max(us),
        "mean_us": statistics.fmean(us),
    }
    command = ["python-threads", f"--clients {args.clients}", f"--requests {args.requests}"]
    return figures, command


def worker_cpu_seconds(master: int) -> dict[int, float]:
    """User + system CPU time of each of the gunicorn master's child processes (its workers)."""
    tick = os.sysconf("SC_CLK_TCK")
    found: dict[int, float] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        fields = stat.rsplit(")", 1)[1].split()
        if int(fields[1]) == master:
            found[int(entry.name)] = (int(fields[11]) + int(fields[12])) / tick
    return found


def client_connections(pids: list[int], port: int) -> list[int]:
    """How many established client connections on ``port`` each process of ``pids`` holds
    (its socket descriptors matched against ``/proc/net/tcp``)."""
    established = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        with contextlib.suppress(OSError):
            for line in Path(table).read_text().splitlines()[1:]:
                fields = line.split()
                local_port = int(fields[1].rsplit(":", 1)[1], 16)
                if local_port == port and fields[3] == "01":  # 01: ESTABLISHED
                    established.add(fields[9])  # the socket's inode
    counts = []
    for pid in pids:
        inodes = set()
        with contextlib.suppress(OSError):
            for fd in Path(f"/proc/{pid}/fd").iterdir():
                with contextlib.suppress(OSError):
                    target = os.readlink(fd)
                    if target.startswith("socket:["):
                        inodes.add(target[8:-1])
        counts.append(len(inodes & established))
    return counts


def machine_busy_seconds() -> float:
    """CPU time every process of the machine spent so far, all cores (``/proc/stat``: user,
    nice, system, irq, softirq, steal)."""
    fields = [int(f) for f in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    user, nice, system, _idle, _iowait, irq, softirq, steal = fields[:8]
    return (user + nice + system + irq + softirq + steal) / os.sysconf("SC_CLK_TCK")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=20, help="concurrent connections")
    parser.add_argument("--duration", type=int, default=20, help="seconds (wrk)")
    parser.add_argument("--requests", type=int, default=2000, help="total (python load)")
    # One worker per core: the request is CPU-bound, so more processes only queue behind
    # each other. gthread with one thread handles one request at a time like sync but keeps
    # the client's connection open (sync closes it after every answer, so each request paid
    # an accept and a close in the worker): about 1 ms less worker CPU (docs/api.md, "Speed").
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    # balanced: gthread taking new connections only with a free thread (config/gunicorn_worker.py)
    parser.add_argument("--worker-class", choices=sorted(WORKER_CLASSES), default="balanced")
    parser.add_argument("--threads", type=int, default=1, help="threads per gthread worker")
    parser.add_argument("--wrk-threads", type=int, default=2)
    parser.add_argument("--load", choices=["auto", "wrk", "python"], default="auto")
    parser.add_argument("--target", choices=sorted(TARGETS), default="validate")
    parser.add_argument("--units", type=int, default=30)
    args = parser.parse_args()
    load = args.load
    if load == "auto":
        load = "wrk" if shutil.which("wrk") else "python"

    url = os.environ.get("DATABASE_URL") or DEFAULT_DATABASE
    if url.startswith(("postgres://", "postgresql://")):
        ensure_database(url)
    token = prepare(url)
    if args.target == "rosters":
        bench_rosters(token)
    method, path = TARGETS[args.target]
    body = json.dumps(roster_payload(args.units)).encode() if method == "POST" else b""
    port = free_port()
    env = {
        **os.environ,
        "DATABASE_URL": url,
        "DEBUG": "0",
        # Fresh per run: DEBUG=0 refuses a short or published key (config/secret_key.py).
        "SECRET_KEY": secrets.token_urlsafe(50),
        "DATABASE_CONN_MAX_AGE": "600",
        "MUSTER_API_THROTTLE_USER": "1000000/minute",
        "LOG_LEVEL": "WARNING",
    }
    gunicorn = [
        str(ROOT / ".venv" / "bin" / "gunicorn"),
        "config.wsgi",
        "--bind",
        f"127.0.0.1:{port}",
        "--workers",
        str(args.workers),
        "--worker-class",
        WORKER_CLASSES[args.worker_class],
        "--keep-alive",
        "30",
        "--log-level",
        "warning",
    ]
    if args.worker_class != "sync":
        gunicorn += ["--threads", str(args.threads)]
    server = subprocess.Popen(gunicorn, cwd=ROOT, env=env)
    try:
        wait_until_up(port, server)
        runner = run_wrk if load == "wrk" else run_python
        # Warm every worker (catalogue cache, connections) before measuring.
        if load == "wrk":
            run_wrk(port, token, method, path, body, args, duration=3)
        else:
            client_loop(port, token, body, 50, [], method=method, path=path)
        load_before = os.getloadavg()[0]
        cpu_before = worker_cpu_seconds(server.pid)
        machine_before = machine_busy_seconds()
        split: list[int] = []
        # Half-way through the run, who holds the clients' connections.
        sampler = threading.Timer(
            args.duration / 2,
            lambda: split.extend(client_connections(sorted(cpu_before), port)),
        )
        sampler.start()
        figures, command = runner(port, token, method, path, body, args)
        sampler.join()
        machine_used = machine_busy_seconds() - machine_before
        cpu_after = worker_cpu_seconds(server.pid)
        per_worker = [cpu_after[pid] - cpu_before.get(pid, 0.0) for pid in sorted(cpu_after)]
        cpu_used = sum(per_worker)
        load_after = os.getloadavg()
    finally:
        server.terminate()
        server.wait(timeout=30)
    ms = {key: figures[key] / 1000 for key in ("p50_us", "p95_us", "p99_us", "max_us", "mean_us")}
    seconds = figures["duration_us"] / 1e6
    threads = f" x {args.threads} threads" if args.worker_class != "sync" else ""
    what = f"{args.units} units" if method == "POST" else "GET"
    print(
        f"{method} {path} ({what}), gunicorn {args.workers} {args.worker_class} "
        f"workers{threads}, {args.clients} concurrent clients ({load}), "
        f"{figures['requests']:.0f} requests, {os.cpu_count()} CPUs shared with the client"
    )
    print(
        f"  p50 {ms['p50_us']:.1f} ms   p95 {ms['p95_us']:.1f} ms   p99 {ms['p99_us']:.1f} ms"
        f"   max {ms['max_us']:.1f} ms   mean {ms['mean_us']:.1f} ms"
    )
    print(f"  {figures['requests'] / seconds:.0f} requests/s over {seconds:.2f} s")
    print(
        f"  gunicorn workers' CPU {cpu_used * 1000 / max(1, figures['requests']):.2f} ms/request"
        f" (PostgreSQL and the client not counted);"
        f" load average {load_before:.2f} before the run,"
        f" {load_after[0]:.2f} / {load_after[1]:.2f} / {load_after[2]:.2f} (1/5/15 min) after"
    )
    requests = max(1, figures["requests"])
    busy = " / ".join(f"{used / seconds:.0%}" for used in per_worker)
    held = " / ".join(map(str, split)) or "not sampled"
    print(
        f"  machine CPU {machine_used * 1000 / requests:.2f} ms/request (every process: the"
        f" workers, PostgreSQL, the client); each worker busy {busy} of the run, holding"
        f" {held} client connections half-way (a kept-alive connection stays with the worker"
        " that accepted it)"
    )
    if figures["non2xx"] or figures["socket_errors"]:
        print(f"  non-2xx {figures['non2xx']:.0f}, socket errors {figures['socket_errors']:.0f}")
    if args.target == "validate":
        met = ms["p95_us"] < 50 and not figures["non2xx"]
        print(f"  p95 target 50 ms: {'met' if met else 'NOT met'}")
    print(f"  server: DEBUG=0 DATABASE_CONN_MAX_AGE=600 {shlex.join(gunicorn)}")
    print(f"  load:   {shlex.join(command)}")


if __name__ == "__main__":
    main()
