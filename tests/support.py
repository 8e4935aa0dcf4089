"""Small helpers shared by tests."""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import subprocess
import sys
import time
import zlib
from pathlib import Path
from typing import Any

from armybuilder.rosterdata import sample_roster_data
from rules.engine.systems import get_system

ROOT = Path(__file__).resolve().parents[1]
ENGINE_CHILD = ROOT / "tests" / "engine_child.py"

# Two sample rosters per system, the pairs of the golden report hashes.
SAMPLE_PAIRS: dict[str, tuple[str, str]] = {
    "grimdark": ("iron-wardens-strike-force", "chitin-host-swarm"),
    "skirmish": ("night-watch", "marsh-raiders"),
    "massbattle": ("dawnguard-vanguard", "gravemire-tide"),
    "hextactical": ("thornwall-patrol", "saltmarsh-raid"),
}


def wait_for(predicate, timeout: float, interval: float = 0.2):
    """Poll ``predicate`` until it returns something truthy or ``timeout`` seconds pass."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(interval)
    return predicate()


def stop_process_group(
    process: subprocess.Popen, timeout: float, sig: int = signal.SIGTERM
) -> None:
    """Signal the process group ``process`` leads (started with ``start_new_session``)
    and wait for it; kill the group if it outlives ``timeout`` seconds."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, sig)
    try:
        process.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=timeout)


def sample_battles(seed: int) -> list[dict[str, Any]]:
    """One battle per system between its sample pair, on the system's default mission."""
    return [
        {
            "system": slug,
            "mission": get_system(slug).default_mission,
            "seed": seed,
            "a": sample_roster_data(slug, a),
            "b": sample_roster_data(slug, b),
        }
        for slug, (a, b) in SAMPLE_PAIRS.items()
    ]


def run_engine_child(battles: list[dict[str, Any]], hash_seed: str) -> dict[str, Any]:
    """Play ``battles`` in a fresh interpreter that loads nothing but the engine
    (tests/engine_child.py) under ``PYTHONHASHSEED=hash_seed``; its JSON answer."""
    env = {
        **{k: v for k, v in os.environ.items() if k != "PYTHONPATH"},
        "PYTHONPATH": str(ROOT),
        "PYTHONHASHSEED": hash_seed,
    }
    result = subprocess.run(
        [sys.executable, str(ENGINE_CHILD)],
        input=json.dumps(battles),
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    return json.loads(result.stdout)


def pdf_text(body: bytes) -> str:
    """The text a PDF shows, after checking it parses: header, every xref offset pointing
    at its object, trailer; then each page stream inflated and its (strings) read."""
    assert body.startswith(b"%PDF-")
    assert body.rstrip().endswith(b"%%EOF")
    start = int(re.search(rb"startxref\s+(\d+)", body)[1])
    assert body[start:].startswith(b"xref")
    rows = re.findall(rb"(\d{10}) 00000 n", body[start:])
    assert rows
    for number, offset in enumerate(rows, start=1):
        assert re.match(rb"%d 0 obj" % number, body[int(offset) :]), number
    texts = []
    for stream in re.findall(rb"stream\r?\n(.*?)\r?\nendstream", body, re.S):
        try:
            data = zlib.decompress(stream)
        except zlib.error:
            data = stream
        texts += [s.decode("latin-1") for s in re.findall(rb"\((.*?)(?<!\\)\)\s*Tj", data)]
    return " ".join(texts)
