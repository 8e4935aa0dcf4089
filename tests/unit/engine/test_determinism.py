"""Same rosters, mission and seed give the same report in any process (architecture: "byte
for byte, in any process"): the golden hashes are checked in one interpreter, this check runs
one battle per system in two fresh interpreters whose string hashing differs
(``PYTHONHASHSEED``), so a report that depends on set or hash order shows up.
"""

from __future__ import annotations

from tests.support import run_engine_child, sample_battles


def test_reports_are_identical_in_processes_with_different_hash_seeds():
    battles = sample_battles(seed=7)
    first = run_engine_child(battles, hash_seed="0")
    second = run_engine_child(battles, hash_seed="4242")
    assert len(first["hashes"]) == len(battles)
    assert first["hashes"] == second["hashes"]
