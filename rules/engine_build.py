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
is used, so a stale build never plays a battle; the sources stay the reference, and
``bench/compiled_engine.py`` checks that both write the same reports.

Modules left interpreted (``INTERPRETED``): the GameSystem and capability protocols
(``typing.runtime_checkable`` needs a real Protocol class) and the settings dataclasses
(read once a battle; their ``describe`` reads class docstrings).
"""

from __future__ import annotations

import argparse
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
INTERPRETED = ("settings", "systems/base.py", "systems/capabilities.py")
MYPY_OPTIONS = ("--ignore-missing-imports", "--follow-imports=silent")
STAMP = "built-from"
ENVIRONMENT = "MUSTER_COMPILED_ENGINE"


def source_hash() -> str:
    """Hash of every engine source file's path and text: another state, another build."""
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
    engine = tree / "rules" / "engine"
    return [
        str(path.relative_to(tree))
        for path in sorted(engine.rglob("*.py"))
        if not any(part in str(path.relative_to(engine)) for part in INTERPRETED)
    ]


def build_home(opt: str) -> Path:
    """Where the builds of the current sources at C optimisation level ``opt`` live."""
    return CACHE / f"{source_hash()}-O{opt}"


def build(opt: str = "1") -> tuple[Path, float]:
    """The compiled copy of the current sources (built when missing) and the seconds the
    build took (0 for one built before)."""
    compiled = build_home(opt) / "compiled"
    if (compiled / STAMP).exists():
        return compiled, 0.0
    shutil.rmtree(compiled, ignore_errors=True)
    copy_engine(compiled)
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
    (compiled / STAMP).write_text(source_hash())
    return compiled, time.monotonic() - started


def use_compiled_engine(
    directory: Path,
    package_path: list[str],
    loaded: Collection[str] = sys.modules.keys(),
    search_path: list[str] = sys.path,
) -> bool:
    """Put the build in ``directory`` first on the ``rules`` package's ``package_path`` when
    its stamp names the current sources, and ``directory`` last on ``search_path`` (mypyc's
    shared library of the build is a top-level module there, which the compiled modules
    import); otherwise warn and leave the pure engine. Too late
    once the engine is imported (``loaded``: the imported modules; the two would mix): then
    it warns and does nothing."""
    if "rules.engine" in loaded:
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
    search_path.append(str(directory))
    return True


def use_compiled_engine_from_environment(package_path: list[str]) -> bool:
    """:func:`use_compiled_engine` for the directory ``MUSTER_COMPILED_ENGINE`` names, if any."""
    directory = os.environ.get(ENVIRONMENT)
    return bool(directory) and use_compiled_engine(Path(directory), package_path)


def main() -> None:
    parser = argparse.ArgumentParser(description="Build the engine with mypyc.")
    parser.add_argument("--opt", default="1", choices="0123", help="C optimisation level")
    args = parser.parse_args()
    compiled, seconds = build(args.opt)
    if seconds:
        print(f"built in {seconds:.0f} s", file=sys.stderr)
    print(compiled)


if __name__ == "__main__":
    main()
