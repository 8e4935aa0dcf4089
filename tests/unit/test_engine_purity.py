"""The rules engine stays framework-free and never touches the global random state
(architecture: a functional core with the randomness passed in; ``lint-imports`` checks the
same layers statically in ./test).

Two checks: every import statement under ``rules/engine/`` (relative ones resolved), and a
fresh interpreter that imports every engine module and plays one battle per system with the
global ``random`` functions made to raise (tests/engine_child.py), then lists what it loaded,
which also catches ``importlib.import_module`` and imports inside functions.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.support import SAMPLE_PAIRS, run_engine_child, sample_battles

ROOT = Path(__file__).resolve().parents[2]
ENGINE_DIR = ROOT / "rules" / "engine"
FRAMEWORKS = ("django", "rest_framework", "celery", "kombu")
PROJECT_PACKAGES = frozenset(path.parent.name for path in ROOT.glob("*/__init__.py"))


def is_foreign(module: str) -> bool:
    """A framework module, or a project module outside the engine (``rules`` itself is the
    engine's parent package, so it is loaded too)."""
    root = module.split(".")[0]
    if root in FRAMEWORKS:
        return True
    if root not in PROJECT_PACKAGES:
        return False
    return module not in ("rules", "rules.engine") and not module.startswith("rules.engine.")


def package_of(path: Path) -> str:
    """The dotted name of the package a module file of the repository belongs to."""
    parts = path.relative_to(ROOT).parts
    return ".".join(parts[:-1])


def imported_modules(source: str, package: str) -> set[str]:
    """Absolute names a module of ``package`` imports: ``from .. import models`` in
    ``rules.engine`` gives ``rules`` and ``rules.models`` (an imported name may be a module)."""
    parts = package.split(".")
    names: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = parts[: len(parts) - node.level + 1] if node.level else []
            origin = ".".join([*base, *([node.module] if node.module else [])])
            names.add(origin)
            names.update(f"{origin}.{alias.name}" for alias in node.names)
    return names


def test_engine_modules_exist():
    assert list(ENGINE_DIR.rglob("*.py")), "rules/engine has no modules"


def test_no_engine_module_imports_a_framework_or_an_app():
    offenders = {}
    for path in sorted(ENGINE_DIR.rglob("*.py")):
        names = imported_modules(path.read_text(encoding="utf-8"), package_of(path))
        if foreign := sorted(filter(is_foreign, names)):
            offenders[str(path.relative_to(ENGINE_DIR))] = foreign
    assert offenders == {}


def test_the_import_check_resolves_relative_imports():
    source = (
        "from django.db import models\n"
        "import celery.app\n"
        "from ...models import Battle\n"
        "from ... import services\n"
        "from ..dice import Dice\n"
    )
    names = imported_modules(source, "rules.engine.systems")
    assert set(filter(is_foreign, names)) == {
        "django.db",
        "django.db.models",
        "celery.app",
        "rules.models",
        "rules.models.Battle",
        "rules.services",
    }
    assert "rules.engine.dice" in names


@pytest.fixture(scope="module")
def engine_alone():
    """The child's answer after importing the engine and playing every system once."""
    return run_engine_child(sample_battles(seed=1), hash_seed="0")


def test_engine_alone_loads_no_framework_and_no_other_app(engine_alone):
    assert len(engine_alone["hashes"]) == len(SAMPLE_PAIRS)
    assert {f"rules.engine.systems.{slug}" for slug in SAMPLE_PAIRS} <= set(
        engine_alone["imported"]
    )
    assert [name for name in engine_alone["modules"] if is_foreign(name)] == []


def test_engine_plays_every_system_with_the_global_random_functions_refused(engine_alone):
    # The battles above ran with these raising: a call would have failed the child process.
    assert {"random", "randint", "randrange", "choice", "choices", "shuffle", "sample"} <= set(
        engine_alone["replaced"]
    )
    assert {"seed", "uniform", "gauss", "getrandbits"} <= set(engine_alone["replaced"])
