"""The rules engine stays framework-free (architecture rule)."""

import ast
from pathlib import Path

ENGINE_DIR = Path(__file__).resolve().parents[2] / "rules" / "engine"
FORBIDDEN = ("django", "rest_framework", "celery")


def imported_roots(path: Path) -> set[str]:
    """Top-level package names a module imports."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    roots: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            roots.add(node.module.split(".")[0])
    return roots


def test_engine_modules_exist():
    assert list(ENGINE_DIR.rglob("*.py")), "rules/engine has no modules"


def test_no_engine_module_imports_a_framework():
    offenders = {
        str(path.relative_to(ENGINE_DIR)): sorted(imported_roots(path) & set(FORBIDDEN))
        for path in sorted(ENGINE_DIR.rglob("*.py"))
        if imported_roots(path) & set(FORBIDDEN)
    }
    assert offenders == {}


def test_purity_check_catches_a_django_import(tmp_path):
    module = tmp_path / "bad.py"
    module.write_text("from django.db import models\nimport celery.app\n")
    assert imported_roots(module) >= {"django", "celery"}
