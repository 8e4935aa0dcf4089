"""The pure-Python engine against the same engine compiled with mypyc (issue 25's "compiled
path"): same seeds, same reports, and how much faster.

Builds (once per source state and ``--opt``) the compiled engine as ``python -m
rules.engine_build`` does, then plays the same seeded battles of every system's sample
armies, every mission, in two child processes that import only the engine: one from a plain
copy of the sources, one from the compiled copy. Every report hash must agree (the
pure-Python engine stays the reference; the exit status is 1 when one differs), and the
table gives both medians of CPU time per battle for each system and the speed-up.

    .venv/bin/python bench/compiled_engine.py [battles per mission, default 10] [--opt 0-3]
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def battle_jobs(battles: int) -> list[dict]:
    """Every system's sample armies (as RosterData) with every mission, ``battles`` seeds each,
    and one logged battle per mission."""
    from armybuilder.rosterdata import sample_roster_data
    from rules.engine.systems import SYSTEMS

    jobs = []
    for system in SYSTEMS:
        if system.catalogue.sample_matchup is None:
            continue
        a, b = (sample_roster_data(system.slug, name) for name in system.catalogue.sample_matchup)
        for mission in system.missions:
            runs = [[seed, False] for seed in range(1, battles + 1)] + [[1, True]]
            jobs.append({"system": system.slug, "mission": mission, "a": a, "b": b, "runs": runs})
    return jobs


def play(jobs: list[dict]) -> list[dict]:
    """In a child: each job's battles, their report hashes and CPU milliseconds."""
    from rules.engine.systems import get_system

    out = []
    for job in jobs:
        system = get_system(job["system"])
        army_a, army_b = system.build_army(job["a"]), system.build_army(job["b"])
        for seed, log in job["runs"]:
            started = time.process_time()
            report = system.resolve_battle(army_a, army_b, job["mission"], seed, log=log)
            ms = (time.process_time() - started) * 1000
            out.append(
                {
                    "system": job["system"],
                    "mission": job["mission"],
                    "seed": seed,
                    "log": log,
                    "ms": ms,
                    "hash": report.report_hash(),
                }
            )
    return out


def run_child(tree: Path, jobs_file: Path) -> tuple[list[dict], str]:
    """Play the jobs in a child process that imports the engine from ``tree`` only."""
    done = subprocess.run(
        [sys.executable, __file__, "--child", str(tree), str(jobs_file)],
        capture_output=True,
        text=True,
    )
    if done.returncode:
        raise SystemExit(f"the engine from {tree} failed:\n{done.stderr[-3000:]}")
    result = json.loads(done.stdout)
    return result["battles"], result["engine_file"]


def main() -> None:
    """Build or find both copies, play the battles in each and print the comparison."""
    sys.path.insert(0, str(ROOT))
    from rules.engine_build import build, build_home, copy_engine

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("battles", nargs="?", type=int, default=10)
    parser.add_argument("--opt", default="1", choices="0123")
    args = parser.parse_args()
    compiled, seconds = build(args.opt)
    plain = build_home(args.opt) / "plain"
    shutil.rmtree(plain, ignore_errors=True)
    copy_engine(plain)
    built = f"built in {seconds:.0f} s" if seconds else "built before"
    print(f"compiled engine: {compiled} (mypyc, C opt level {args.opt}, {built})")
    jobs_file = plain / "jobs.json"
    jobs_file.write_text(json.dumps(battle_jobs(args.battles)))
    pure, pure_file = run_child(plain, jobs_file)
    fast, fast_file = run_child(compiled, jobs_file)
    print(f"pure: {pure_file}\ncompiled: {fast_file}")
    differ = [
        (p["system"], p["mission"], p["seed"], p["log"])
        for p, c in zip(pure, fast, strict=True)
        if p["hash"] != c["hash"]
    ]
    print(f"{'system':12} {'pure ms':>9} {'compiled ms':>12} {'speed-up':>9}  (median, log=False)")
    for slug in dict.fromkeys(p["system"] for p in pure):
        p_ms = statistics.median(b["ms"] for b in pure if b["system"] == slug and not b["log"])
        c_ms = statistics.median(b["ms"] for b in fast if b["system"] == slug and not b["log"])
        print(f"{slug:12} {p_ms:9.2f} {c_ms:12.2f} {p_ms / c_ms:8.2f}x")
    print(f"{len(pure)} battles, reports identical: {not differ}")
    if differ:
        print("differing reports:", differ[:10])
        raise SystemExit(1)


def child(tree: str, jobs_file: str) -> None:
    """The child process: the engine from ``tree`` only (not the repository's copy)."""
    sys.path.insert(0, tree)
    import rules.engine.report as report_module

    battles = play(json.loads(Path(jobs_file).read_text()))
    json.dump({"battles": battles, "engine_file": report_module.__file__}, sys.stdout)


if __name__ == "__main__":
    if sys.argv[1:2] == ["--child"]:
        child(sys.argv[2], sys.argv[3])
    else:
        main()
