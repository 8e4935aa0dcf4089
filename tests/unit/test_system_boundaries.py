"""No module outside ``rules/engine/systems/<slug>/`` branches on a system slug or imports a
system's internals: everything per system goes through the GameSystem protocol (issue 14)."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SLUGS = "grimdark|skirmish|massbattle|hextactical"
SLUG_LITERAL = re.compile(rf"[\"']({SLUGS})[\"']")
INTERNALS = re.compile(rf"rules\.engine\.systems\.({SLUGS})")
# A benchmark named for one system (bench/<slug>_*.py, e.g. issue 21's 6-v-6 hextactical
# battle) measures that system's own rosters and may name it.
SLUG_ALLOWED = re.compile(rf"^(tests/|rules/engine/systems/|[^:]*/migrations/|bench/({SLUGS})_)")
IMPORT_ALLOWED = re.compile(r"^(tests/|rules/engine/systems/)")


def tracked_python_files() -> list[str]:
    """The repository's tracked Python files (every ``*.py`` outside dot folders when this is
    no git checkout, e.g. in a built image)."""
    listing = subprocess.run(
        ["git", "ls-files", "-z", "--", "*.py"], cwd=ROOT, capture_output=True, check=False
    )
    if listing.returncode == 0:
        return [name for name in listing.stdout.decode().split("\0") if name]
    return [
        str(path.relative_to(ROOT))
        for path in ROOT.rglob("*.py")
        if not any(part.startswith(".") for part in path.relative_to(ROOT).parts)
    ]


def offending(pattern: re.Pattern[str], allowed: re.Pattern[str]) -> list[str]:
    """``path:line: text`` of each match in a tracked Python file outside ``allowed``."""
    hits = []
    for name in tracked_python_files():
        if allowed.match(name) or not (ROOT / name).is_file():
            continue
        for number, line in enumerate((ROOT / name).read_text(encoding="utf-8").splitlines(), 1):
            if pattern.search(line):
                hits.append(f"{name}:{number}: {line.strip()}")
    return hits


def test_no_module_outside_a_system_names_a_system_slug():
    assert offending(SLUG_LITERAL, SLUG_ALLOWED) == []


def test_no_module_outside_a_system_imports_its_internals():
    assert offending(INTERNALS, IMPORT_ALLOWED) == []


def test_the_checks_find_what_they_look_for():
    assert SLUG_LITERAL.search('if system == "skirmish":')
    assert INTERNALS.search("from rules.engine.systems.hextactical.character import x")
    assert SLUG_ALLOWED.match("rules/engine/systems/skirmish/odds.py")
    assert not SLUG_ALLOWED.match("campaigns/rules_packs.py")
