"""Worker tests log one file per test (issue 22 item 11): another test's lines never show
up in a failure's log."""

from tests.worker.conftest import worker_log_path


def test_each_test_and_worker_gets_its_own_log_file():
    first = worker_log_path("test_battle_resolves[grimdark]", 1)
    assert first.name == "test_battle_resolves_grimdark-1.log"
    assert first != worker_log_path("test_battle_resolves[skirmish]", 1)
    assert first != worker_log_path("test_battle_resolves[grimdark]", 2)
    assert first.parent.name == "test-worker"
