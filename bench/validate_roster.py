"""Validation speed: a 30-unit roster against each repository catalogue (prints figures).

Run: ``.venv/bin/python bench/validate_roster.py``. The validator is pure (one call = pricing,
per-unit checks, every constraint); its database cost is fixed at one query for the allied
factions (asserted in tests/integration/armybuilder/test_rosters.py).
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from armybuilder.catalogue_files import discover
from armybuilder.rosterdata import default_size
from armybuilder.validation import validate_roster

UNITS = 30
RUNS = 300


def bench_faction(system: dict, faction: dict) -> tuple[float, float, int]:
    units = faction["units"]
    entries = []
    for index in range(UNITS):
        unit = units[index % len(units)]
        options = [o["slug"] for o in unit.get("options", [])[:2]]
        entries.append(
            {
                "id": f"u{index + 1}",
                "unit": unit["slug"],
                "size": default_size(unit),
                "options": options,
                "name": "",
            }
        )
    payload = {
        "name": "Bench",
        "system": system["system"],
        "faction": faction["faction"],
        "points_limit": system["default_points_limit"],
        "allies": [],
        "units": entries,
    }
    factions = {faction["faction"]: faction}
    timings = []
    for _ in range(RUNS):
        start = time.perf_counter()
        result = validate_roster(payload, system=system, factions=factions)
        timings.append((time.perf_counter() - start) * 1000)
    timings.sort()
    return statistics.median(timings), timings[int(len(timings) * 0.95)], len(result.violations)


def main() -> None:
    files, errors = discover()
    systems = {f.system: f.data for f in files if f.is_system}
    print(f"{UNITS}-unit roster, {RUNS} runs each (ms)")
    worst = 0.0
    for file in files:
        if file.is_system:
            continue
        median, p95, violations = bench_faction(systems[file.system], file.data)
        worst = max(worst, median)
        print(
            f"{file.system:12} {file.slug:24} median {median:6.3f}  p95 {p95:6.3f}  "
            f"violations {violations}"
        )
    for error in errors:
        print(f"skipped: {error.message}")
    print(f"worst median {worst:.3f} ms (target < 10 ms)")
    assert worst < 10.0


if __name__ == "__main__":
    main()
