"""Benchmark (issue 25): one simulation through the API on two real Celery worker processes.

Prints the time from ``POST /api/v1/simulations/`` to the resolved result, the progress the
API reported on the way (the progress bar's figures), the stored result's size and the
stored chunks' size (JSON and PostgreSQL's own ``pg_column_size``), and the peak resident
memory (VmHWM) of each worker process. Targets: 1,000 runs within 3 s of being queued, a
10,000-run simulation's stored result under 1 MB, a worker's peak RSS under 300 MB.

Needs PostgreSQL running (``pg_ctlcluster 15 main start``) and a Redis on 6379
(``redis-server --daemonize yes``), as ``bench/battle_workers.py``, whose database and
worker set-up it shares. Prints figures only.

    .venv/bin/python bench/simulation_api.py [--runs 1000] [--system SLUG]
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from battle_workers import prepare_database, setup_django, start_worker, stop_worker

POLL_SECONDS = (
    0.5  # the odds page polls every 1 s (frontend/templates/frontend/odds/_progress.html)
)


def worker_processes(parent: int) -> list[int]:
    """The worker's main process and its pool children (read from /proc)."""
    found = [parent]
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == parent:
            found.append(int(entry.name))
    return found


def peak_rss_mb(pid: int) -> float:
    """The process's peak resident set size (VmHWM) in MB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return 0.0


def api_client(system: str):
    """An API client signed in as the bench user, and the ids of its two sample rosters."""
    from django.contrib.auth import get_user_model
    from rest_framework.test import APIClient

    from armybuilder.models import GameSystem
    from armybuilder.rosterdata import load_sample_roster
    from armybuilder.services.catalogues import catalogues_load
    from armybuilder.services.exchange import roster_import
    from rules.engine.systems import get_system

    if not GameSystem.objects.filter(slug=system).exists():
        catalogues_load()
    user, _ = get_user_model().objects.get_or_create(username="bench-simulations")
    rosters = [
        roster_import(owner=user, data=load_sample_roster(system, name)).pk
        for name in get_system(system).catalogue.sample_matchup or ()
    ]
    client = APIClient()
    client.force_authenticate(user)
    return client, rosters


def stored_sizes(simulation_id: int) -> tuple[int, int]:
    """PostgreSQL's stored bytes of the result and of all its chunks' outcomes."""
    from django.db.models import F, Func, IntegerField, Sum

    from rules.models import Simulation, SimulationChunk

    def size(column: str) -> Func:
        return Func(F(column), function="pg_column_size", output_field=IntegerField())

    result = (
        Simulation.objects.filter(pk=simulation_id)
        .annotate(size=size("result"))
        .values_list("size", flat=True)
        .get()
    )
    chunks = SimulationChunk.objects.filter(simulation_id=simulation_id).aggregate(
        total=Sum(size("outcomes"))
    )["total"]
    return int(result or 0), int(chunks or 0)


def main() -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    import config  # noqa: F401 - first, as in every process: MUSTER_COMPILED_ENGINE picks the engine
    import rules.engine
    from rules.engine.systems import SYSTEMS

    slugs = [s.slug for s in SYSTEMS if s.catalogue.sample_matchup]
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=1000)
    parser.add_argument("--system", default=slugs[0], choices=slugs)
    args = parser.parse_args()
    prepare_database()
    setup_django()
    from rules.models import SimulationChunk

    client, rosters = api_client(args.system)
    client.get("/api/v1/simulations/")  # load the views first, as a booted web worker has
    worker = start_worker(2)
    try:
        load = os.getloadavg()[0]
        started = time.perf_counter()
        response = client.post(
            "/api/v1/simulations/",
            {"rosters": rosters, "runs": args.runs, "seed": 1},
            format="json",
        )
        answered = time.perf_counter() - started
        if response.status_code != 202:
            raise SystemExit(f"POST answered {response.status_code}: {response.content[:300]}")
        url, progress = response.json()["url"], []
        while True:
            detail = client.get(url).json()
            elapsed = time.perf_counter() - started
            if not progress or progress[-1][1] != detail["progress"]:
                progress.append((elapsed, detail["progress"]))
            if detail["status"] in ("resolved", "failed", "cancelled"):
                break
            time.sleep(POLL_SECONDS)
        rss = [peak_rss_mb(pid) for pid in worker_processes(worker.pid)]
    finally:
        stop_worker(worker)
    simulation_id = detail["id"]
    result_db, chunks_db = stored_sizes(simulation_id)
    chunks_json = sum(
        len(json.dumps(c.outcomes))
        for c in SimulationChunk.objects.filter(simulation_id=simulation_id)
    )
    print(f"system {args.system}, {args.runs} runs, 2 worker processes, load {load:.2f}")
    print(f"engine (the workers' too, same environment): {Path(rules.engine.__file__).parent}")
    print(f"POST answered 202 in {answered:.2f} s; queued → {detail['status']}: {elapsed:.2f} s")
    print("progress seen: " + ", ".join(f"{p}% at {t:.1f} s" for t, p in progress))
    print(
        f"stored result: {len(json.dumps(detail['result'])) / 1024:.1f} KB JSON, "
        f"{result_db / 1024:.1f} KB in PostgreSQL; chunks: {chunks_json / 1024:.1f} KB JSON, "
        f"{chunks_db / 1024:.1f} KB in PostgreSQL"
    )
    print("worker peak RSS: " + ", ".join(f"{mb:.0f} MB" for mb in rss) + " (main, children)")


if __name__ == "__main__":
    main()
