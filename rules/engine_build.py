"""The engine compiled with mypyc (issue 25's "compiled path"), built beside the sources and
used only when it was built from exactly these sources.

``python -m rules.engine_build [--opt 0-3]`` copies ``rules/engine`` into
``var/compiled-engine/<hash of its sources>-O<opt>/compiled/``, compiles the copy there with
mypyc (``mypy`` from requirements-dev.txt, gcc and the Python headers; about five minutes on
two cores at ``--opt 1``) and prints the directory. A process started with
``MUSTER_COMPILED_ENGINE`` set to that directory imports the compiled engine instead of the
sources (``config/__init__.py`` calls :func:`use_compiled_engine_from_environment` before
anything imports the engine): web, workers and management commands alike. A build of other
sources (the engine was edited since) is refused with a warning and the pure-Python engine
is used, so a stale build never plays a battle. The compiled classes cannot be subclassed by
interpreted code (mypyc's native classes): a custom AI policy subclassing an engine policy, as
some tests do, needs the pure engine, which ``./test`` always uses. The sources stay the
reference, and ``bench/compiled_engine.py`` checks that both write the same reports.

Modules left interpreted (``INTERPRETED``): the GameSystem and capability protocols
(``typing.runtime_checkable`` needs a real Protocol class) and the settings dataclasses
(read once a battle; their ``describe`` reads class docstrings).
"""

from __future__ import annotations

import argparse
import fnmatch
import hashlib
import os
import shutil
import subprocess
import sys
import time
import warnings
from collections.abc import Collection
from pathlib import Path

ENGINE = Path(__file__).resolve().parent / "engine"
CACHE = ENGINE.parent.parent / "var" / "compiled-engine"
INTERPRETED = (
    "kernel/settings.py",
    "systems/*/settings.py",
    "systems/base.py",
    "systems/capabilities.py",
)
MYPY_OPTIONS = ("--ignore-missing-imports", "--follow-imports=silent")
STAMP = "built-from"
ENVIRONMENT = "MUSTER_COMPILED_ENGINE"


def source_hash(engine: Path | None = None) -> str:
    """Hash of every source file's path and text under ``engine`` (default: the engine's
    sources) and of what is left interpreted: another state, another build."""
    root = ENGINE if engine is None else engine
    digest = hashlib.sha256(repr(INTERPRETED).encode())
    for path in sorted(root.rglob("*.py")):
        digest.update(str(path.relative_to(root)).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


def copy_engine(target: Path) -> None:
    """``target/rules/engine``: the engine's sources under an empty ``rules`` package."""
    shutil.copytree(ENGINE, target / "rules" / "engine", ignore=shutil.ignore_patterns("*.so"))
    (target / "rules" / "__init__.py").write_text("")


def compiled_modules(tree: Path) -> list[str]:
    """The engine's modules to compile, relative to ``tree``, less ``INTERPRETED``."""
    engine = tree / "rules" / "engine"
    return [
        str(path.relative_to(tree))
        for path in sorted(engine.rglob("*.py"))
        if not any(fnmatch.fnmatch(str(path.relative_to(engine)), p) for p in INTERPRETED)
    ]


def build_home(opt: str) -> Path:
    """Where the builds of the current sources at C optimisation level ``opt`` live."""
    return CACHE / f"{source_hash()}-O{opt}"


def build(opt: str = "1") -> tuple[Path, float]:
    """The compiled copy of the current sources (built when missing) and the seconds the
    build took (0 for one built before). The stamp is the hash of the copy compiled, so a
    source edited during the build leaves a build that is refused, not a wrong one."""
    compiled = build_home(opt) / "compiled"
    if (compiled / STAMP).exists():
        return compiled, 0.0
    shutil.rmtree(compiled, ignore_errors=True)
    copy_engine(compiled)
    built_from = source_hash(compiled / "rules" / "engine")
    setup = (
        "from setuptools import setup\n"
        "from mypyc.build import mypycify\n"
        "setup(name='muster-engine', packages=[], py_modules=[], ext_modules=mypycify("
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
    for scratch in ("build", ".mypy_cache"):  # C sources and objects, mypy's cache: ~100 MB
        shutil.rmtree(compiled / scratch, ignore_errors=True)
    (compiled / "setup.py").unlink()
    (compiled / STAMP).write_text(built_from)
    return compiled, time.monotonic() - started


def use_compiled_engine(
    directory: Path,
    package_path: list[str],
    loaded: Collection[str] | None = None,
    search_path: list[str] | None = None,
) -> bool:
    """Put the build in ``directory`` first on the ``rules`` package's ``package_path`` when
    its stamp names the current sources, and ``directory`` last on ``search_path`` (mypyc's
    shared library of the build is a top-level module there, which the compiled modules
    import); otherwise warn and leave the pure engine. Too late once the engine is imported
    (``loaded``: the imported modules, default ``sys.modules``; the two would mix): then it
    warns and does nothing. ``search_path`` defaults to ``sys.path``."""
    if "rules.engine" in (sys.modules if loaded is None else loaded):
        warnings.warn(
            f"{ENVIRONMENT} is set but the engine is already imported: the pure-Python "
            "engine is used.",
            RuntimeWarning,
            stacklevel=2,
        )
        return False
    stamp = directory / STAMP
    built_from = stamp.read_text().strip() if stamp.is_file() else None
    if built_from != source_hash():
        warnings.warn(
            f"{ENVIRONMENT}={directory} is not a build of the current engine sources "
            f"({'built from ' + built_from if built_from else 'no build there'}); "
            "the pure-Python engine is used. Build it: python -m rules.engine_build",
            RuntimeWarning,
            stacklevel=2,
        )
        return False
    package_path.insert(0, str(directory / "rules"))
    (sys.path if search_path is None else search_path).append(str(directory))
    return True


def use_compiled_engine_from_environment(package_path: list[str]) -> bool:
    """:func:`use_compiled_engine` for the directory ``MUSTER_COMPILED_ENGINE`` names, if any."""
    directory = os.environ.get(ENVIRONMENT)
    return bool(directory) and use_compiled_engine(Path(directory).resolve(), package_path)


def main() -> None:
    """Build (or find) the compiled engine of the current sources and print its directory."""
    parser = argparse.ArgumentParser(description="Build the engine with mypyc.")
    parser.add_argument("--opt", default="1", choices="0123", help="C optimisation level")
    args = parser.parse_args()
    compiled, seconds = build(args.opt)
    if seconds:
        print(f"built in {seconds:.0f} s", file=sys.stderr)
    print(compiled)


if __name__ == "__main__":
    main()
