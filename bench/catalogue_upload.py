"""Speed of user catalogues (issue 15): checking a ~2,000-line uploaded catalogue (parse with
every safety limit, schema, consistency, each unit and option built by the engine, rule
warnings), and validating rosters against a user catalogue of 80 units (prints figures).

Run: ``.venv/bin/python bench/catalogue_upload.py``. Pure (no database): a user catalogue
reaches the validator through the same per-process catalogue cache as the samples (one
stamp query per request), so the validator's time is what differs. Target: roster
validation < 10 ms, as for the samples (bench/validate_roster.py).
"""

from __future__ import annotations

import copy
import statistics
import sys
import time
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from armybuilder.catalogue_checks import catalogue_issues
from armybuilder.catalogue_files import discover
from armybuilder.catalogue_upload import parse_document
from armybuilder.rosterdata import default_size
from armybuilder.validation import validate_roster

MAX_BYTES = 5 * 1024 * 1024


def sample_faction() -> dict:
    """The first sample faction of the first listed system."""
    files, _ = discover()
    return next(f.data for f in files if not f.is_system)


def user_catalogue(units: int) -> dict:
    """The sample faction grown to ``units`` units (its own units copied under new slugs)."""
    faction = sample_faction()
    grown = copy.deepcopy(faction)
    grown["faction"], grown["name"] = "bench-horde", "Bench Horde"
    source = faction["units"]
    grown["units"] = []
    for index in range(units):
        unit = copy.deepcopy(source[index % len(source)])
        unit["slug"], unit["name"] = f"{unit['slug']}-{index}", f"{unit['name']} {index}"
        grown["units"].append(unit)
    return grown


def timed(function, runs: int) -> tuple[float, float, object]:
    timings, result = [], None
    for _ in range(runs):
        start = time.perf_counter()
        result = function()
        timings.append((time.perf_counter() - start) * 1000)
    timings.sort()
    return statistics.median(timings), timings[int(len(timings) * 0.95)], result


def bench_upload() -> None:
    """Grow the catalogue until its YAML has about 2,000 lines, then time the check."""
    units = 10
    while True:
        text = yaml.safe_dump(user_catalogue(units), sort_keys=False, width=100)
        if len(text.splitlines()) >= 2000:
            break
        units += 2

    def check() -> list:
        return catalogue_issues(parse_document(text, fmt="yaml", max_bytes=MAX_BYTES))

    median, p95, issues = timed(check, 10)
    parse_median, _, _ = timed(lambda: parse_document(text, fmt="yaml", max_bytes=MAX_BYTES), 10)
    errors = [i for i in issues if i.severity == "error"]
    print(
        f"upload check: {len(text.splitlines())} lines, {units} units, {len(text)} bytes: "
        f"median {median:.1f} ms, p95 {p95:.1f} ms (parse alone {parse_median:.1f} ms), "
        f"{len(errors)} errors, {len(issues) - len(errors)} warnings"
    )
    assert not errors, errors[:3]


def bench_validation(entries: int) -> float:
    files, _ = discover()
    faction = user_catalogue(80)
    system = next(f.data for f in files if f.is_system and f.system == faction["system"])
    units = faction["units"]
    payload = {
        "name": "Bench",
        "system": faction["system"],
        "faction": faction["faction"],
        "points_limit": 5000,
        "allies": [],
        "units": [
            {
                "id": f"u{i + 1}",
                "unit": units[i % len(units)]["slug"],
                "size": default_size(units[i % len(units)]),
                "options": [o["slug"] for o in units[i % len(units)].get("options", [])[:2]],
                "name": "",
            }
            for i in range(entries)
        ],
    }
    factions = {faction["faction"]: faction}
    median, p95, result = timed(
        lambda: validate_roster(payload, system=system, factions=factions), 300
    )
    print(
        f"roster validation, 80-unit user catalogue, {entries}-entry roster: "
        f"median {median:.3f} ms, p95 {p95:.3f} ms, {len(result.violations)} violations"
    )
    return median


def main() -> None:
    bench_upload()
    median = bench_validation(30)
    bench_validation(80)
    print(f"30-entry validation median {median:.3f} ms (target < 10 ms, as for the samples)")
    assert median < 10.0


if __name__ == "__main__":
    main()
