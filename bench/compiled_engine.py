"""The pure-Python engine against the same engine compiled with mypyc (issue 25's "compiled
path"): same seeds, same reports, and how much faster.

Copies ``rules/engine`` into ``var/compiled-engine/<hash of its sources>/`` (once per source
state), compiles the copy there with mypyc (``mypy`` from requirements-dev.txt; gcc and the
Python headers; about five minutes on two cores at ``--opt 1``), then plays the same seeded
battles of every system's sample armies, every mission, in two child processes that import
only the engine: one from a plain copy of the sources, one from the compiled copy. Every
report hash must agree (the pure-Python engine stays the reference; the exit status is 1 when
one differs), and the table gives both medians per system and the speed-up.

    .venv/bin/python bench/compiled_engine.py [battles per mission, default 10] [--opt 0-3]

Modules left interpreted (``INTERPRETED``): the GameSystem and capability protocols
(``typing.runtime_checkable`` needs a real Protocol class) and the settings dataclasses
(read once a battle; their ``describe`` reads class docstrings).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "rules" / "engine"
CACHE = ROOT / "var" / "compiled-engine"
INTERPRETED = ("settings", "systems/base.py", "systems/capabilities.py")
MYPY_OPTIONS = ("--ignore-missing-imports", "--follow-imports=silent")


def source_hash() -> str:
    """Hash of every engine source file's path and text: a new state gets a new build."""
    digest = hashlib.sha256()
    for path in sorted(ENGINE.rglob("*.py")):
        digest.update(str(path.relative_to(ENGINE)).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


def copy_engine(target: Path) -> None:
    """``target/rules/engine``: the engine's sources under an empty ``rules`` package."""
    shutil.copytree(ENGINE, target / "rules" / "engine", ignore=shutil.ignore_patterns("*.so"))
    (target / "rules" / "__init__.py").write_text("")


def compiled_modules(tree: Path) -> list[str]:
    """The engine's modules to compile, relative to ``tree``, less ``INTERPRETED``."""
    return [
        str(path.relative_to(tree))
        for path in sorted((tree / "rules" / "engine").rglob("*.py"))
        if not any(part in str(path) for part in INTERPRETED)
    ]


def build(opt: str) -> tuple[Path, Path, float]:
    """The plain and the compiled copy (built when missing) and the seconds the build took."""
    home = CACHE / f"{source_hash()}-O{opt}"
    plain, compiled = home / "plain", home / "compiled"
    if not plain.exists():
        copy_engine(plain)
    if (compiled / "built").exists():
        return plain, compiled, 0.0
    shutil.rmtree(compiled, ignore_errors=True)
    copy_engine(compiled)
    setup = (
        "from setuptools import setup\n"
        "from mypyc.build import mypycify\n"
        f"setup(name='muster-engine', packages=[], py_modules=[], ext_modules=mypycify("
        f"{[*MYPY_OPTIONS, *compiled_modules(compiled)]!r}, opt_level={opt!r}, multi_file=True))\n"
    )
    (compiled / "setup.py").write_text(setup)
    started = time.monotonic()
    subprocess.run(
        [sys.executable, "setup.py", "build_ext", "--inplace"],
        cwd=compiled,
        check=True,
        stdout=subprocess.DEVNULL,
    )
    (compiled / "built").write_text("")
    return plain, compiled, time.monotonic() - started


def battle_jobs(battles: int) -> list[dict]:
    """Every system's sample armies (as RosterData) with every mission, ``battles`` seeds each,
    and one logged battle per mission."""
    sys.path.insert(0, str(ROOT))
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
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("battles", nargs="?", type=int, default=10)
    parser.add_argument("--opt", default="1", choices="0123")
    args = parser.parse_args()
    plain, compiled, seconds = build(args.opt)
    built = f"built in {seconds:.0f} s" if seconds else "cached build"
    print(f"compiled engine: {compiled} (mypyc, C opt level {args.opt}, {built})")
    jobs_file = compiled.parent / "jobs.json"
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
