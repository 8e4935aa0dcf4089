"""Small helpers shared by tests."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
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
