"""The compiled engine is used only when it was built from the current sources (issue 25:
"a pure-Python fallback gives the same reports"; a stale build must never play a battle).

A plain copy of the sources stands in for a mypyc build here: what is tested is which copy
a process imports, and compiling takes minutes (``bench/compiled_engine.py`` compiles one and
checks its reports against the sources')."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from rules import engine_build

ROOT = Path(__file__).resolve().parents[2]


def stamped_copy(tmp_path: Path, stamp: str | None) -> Path:
    """A copy of the engine sources in ``tmp_path`` with ``stamp`` as its built-from mark."""
    engine_build.copy_engine(tmp_path)
    if stamp is not None:
        (tmp_path / engine_build.STAMP).write_text(stamp)
    return tmp_path


def test_a_build_of_the_current_sources_comes_first_on_the_package_path(tmp_path: Path) -> None:
    build = stamped_copy(tmp_path, engine_build.source_hash())
    package_path, search_path = ["/repo/rules"], ["/repo"]
    assert engine_build.use_compiled_engine(build, package_path, (), search_path)
    assert package_path == [str(build / "rules"), "/repo/rules"]
    assert search_path == ["/repo", str(build)]


@pytest.mark.parametrize("stamp", ["0123456789abcdef", None])
def test_a_stale_or_missing_build_is_refused_with_a_warning(
    tmp_path: Path, stamp: str | None
) -> None:
    build = stamped_copy(tmp_path, stamp)
    package_path = ["/repo/rules"]
    with pytest.warns(RuntimeWarning, match="pure-Python engine is used"):
        assert not engine_build.use_compiled_engine(build, package_path, loaded=())
    assert package_path == ["/repo/rules"]


def test_a_build_is_refused_once_the_engine_is_imported(tmp_path: Path) -> None:
    build = stamped_copy(tmp_path, engine_build.source_hash())
    package_path = ["/repo/rules"]
    with pytest.warns(RuntimeWarning, match="already imported"):
        assert not engine_build.use_compiled_engine(build, package_path, loaded={"rules.engine"})
    assert package_path == ["/repo/rules"]


def test_editing_an_engine_source_changes_the_hash(tmp_path: Path, monkeypatch) -> None:
    copy = stamped_copy(tmp_path, None) / "rules" / "engine"
    monkeypatch.setattr(engine_build, "ENGINE", copy)
    before = engine_build.source_hash()
    (copy / "dice.py").write_text((copy / "dice.py").read_text() + "\n# edited\n")
    assert engine_build.source_hash() != before


def test_a_build_is_stamped_with_the_sources_it_compiled(tmp_path: Path, monkeypatch) -> None:
    sources = stamped_copy(tmp_path / "repo", None) / "rules" / "engine"
    monkeypatch.setattr(engine_build, "ENGINE", sources)
    monkeypatch.setattr(engine_build, "CACHE", tmp_path / "cache")
    compiles: list[Path] = []
    setups: list[str] = []

    def compile_and_edit_the_sources(command, cwd, **kwargs):
        """mypyc's place; meanwhile someone edits the engine."""
        compiles.append(Path(cwd))
        setups.append((Path(cwd) / "setup.py").read_text())
        (Path(cwd) / "build" / "temp").mkdir(parents=True)  # setuptools' C sources, objects
        (sources / "dice.py").write_text((sources / "dice.py").read_text() + "\n# edited\n")

    monkeypatch.setattr(engine_build.subprocess, "run", compile_and_edit_the_sources)
    before = engine_build.source_hash()
    compiled, _seconds = engine_build.build("1")
    assert compiles == [compiled]
    assert "rules/engine/systems/grimdark/resolve.py" in setups[0]
    assert (compiled / engine_build.STAMP).read_text() == before  # what was compiled
    assert not (compiled / "build").exists()  # not imported: removed, as setup.py
    assert not (compiled / "setup.py").exists()
    with pytest.warns(RuntimeWarning, match="not a build of the current engine sources"):
        assert not engine_build.use_compiled_engine(compiled, [], loaded=(), search_path=[])


def test_a_build_of_the_same_sources_is_not_compiled_again(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(engine_build, "CACHE", tmp_path / "cache")
    monkeypatch.setattr(engine_build.subprocess, "run", lambda *args, **kwargs: None)
    first, _ = engine_build.build("1")
    monkeypatch.setattr(engine_build.subprocess, "run", pytest.fail)
    assert engine_build.build("1") == (first, 0.0)


def test_the_protocols_and_settings_stay_interpreted(tmp_path: Path) -> None:
    modules = engine_build.compiled_modules(stamped_copy(tmp_path, None))
    assert "rules/engine/systems/grimdark/resolve.py" in modules
    assert "rules/engine/systems/base.py" not in modules
    assert "rules/engine/systems/capabilities.py" not in modules
    assert "rules/engine/kernel/settings.py" not in modules
    assert not [m for m in modules if m.endswith("/settings.py")]
    assert "rules/engine/kernel/loop.py" in modules


def engine_file_imported(build: Path) -> subprocess.CompletedProcess[str]:
    """A fresh process with ``MUSTER_COMPILED_ENGINE=build``: where its engine came from."""
    env = {**os.environ, engine_build.ENVIRONMENT: str(build)}
    return subprocess.run(
        [sys.executable, "-c", "import config, rules.engine.report as r; print(r.__file__)"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )


def test_a_process_imports_the_engine_from_the_build_the_environment_names(
    tmp_path: Path,
) -> None:
    build = stamped_copy(tmp_path, engine_build.source_hash())
    assert engine_file_imported(build).stdout.strip() == str(
        build / "rules" / "engine" / "report.py"
    )


def test_a_process_given_a_stale_build_imports_the_sources(tmp_path: Path) -> None:
    done = engine_file_imported(stamped_copy(tmp_path, "stale"))
    assert done.stdout.strip() == str(ROOT / "rules" / "engine" / "report.py")
    assert "not a build of the current engine sources" in done.stderr
